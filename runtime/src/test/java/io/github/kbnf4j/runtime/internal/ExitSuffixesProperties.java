package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.runtime.Vocabulary;
import io.github.kbnf4j.testdata.RandomVocabularies;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link ExitSuffixes}: the union of exit subtrees is a well-formed {@link TokenTrie} in which
 * every path is spelled once and every token of the subtrees sits at the node spelling its suffix
 * from the exit node on, mapped back to its vocabulary id.
 */
class ExitSuffixesProperties {
    private static final CompiledGrammar GRAMMAR = Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT);

    @Provide
    Arbitrary<List<byte[]>> vocabularies() {
        return RandomVocabularies.tokenLists(1, 80);
    }

    @Property(tries = 300)
    void theUnionOfExitSubtreesSpellsEverySuffixOnce(@ForAll("vocabularies") List<byte[]> tokens, @ForAll long seed) {
        Vocabulary v = Vocabulary.of("random", tokens, new int[0], null);
        TokenTrie trie = TokenTries.of(v);
        int[] exits = randomExits(trie, new Random(seed));
        ExitSuffixes suffixes = new TerminalTokenTables(GRAMMAR, trie).suffixesOf(exits);
        TokenTrie union = suffixes.trie();

        // well formed: preorder, parents, subtree ends, children in strictly increasing byte order
        List<byte[]> spelled = new ArrayList<>();
        Set<String> distinct = new HashSet<>();
        for (int i = 0; i < union.nodeCount(); i++) {
            int p = union.parent(i);
            assertTrue(union.subtreeEnd(i) > i && union.subtreeEnd(i) <= union.nodeCount(), "subtree end of " + i);
            if (p < 0) {
                assertEquals(1, union.depth(i));
            } else {
                assertEquals(union.depth(p) + 1, union.depth(i));
                assertTrue(p < i && i < union.subtreeEnd(p), "inside its parent's subtree");
            }
            byte[] prefix = p < 0 ? new byte[0] : spelled.get(p);
            byte[] path = Arrays.copyOf(prefix, prefix.length + 1);
            path[prefix.length] = (byte) union.nodeByte(i);
            spelled.add(path);
            assertTrue(distinct.add(Arrays.toString(path)), "each path once");
            if (i + 1 < union.subtreeEnd(i)) {
                assertEquals(i, union.parent(i + 1), "the first child follows its parent");
            }
            int sibling = union.subtreeEnd(i);
            if (sibling < union.nodeCount() && union.parent(sibling) == p) {
                assertTrue(union.nodeByte(sibling) > union.nodeByte(i), "siblings by byte");
            }
        }

        // every token below the exits, with its suffix, and nothing else
        List<String> expected = new ArrayList<>();
        for (int root : exits) {
            int cut = trie.depth(root) - 1;
            for (int i = root; i < trie.subtreeEnd(root); i++) {
                for (int k = trie.tokenStart(i); k < trie.tokenStart(i + 1); k++) {
                    int id = trie.tokenId(k);
                    byte[] b = v.tokenBytes(id);
                    expected.add(id + ":" + Arrays.toString(Arrays.copyOfRange(b, cut, b.length)));
                }
            }
        }
        List<String> actual = new ArrayList<>();
        for (int i = 0; i < union.nodeCount(); i++) {
            for (int k = union.tokenStart(i); k < union.tokenStart(i + 1); k++) {
                assertEquals(k, union.tokenId(k), "synthetic ids in trie order");
                actual.add(suffixes.tokenId(union.tokenId(k)) + ":" + Arrays.toString(spelled.get(i)));
            }
        }
        assertEquals(union.vocabularySize(), actual.size());
        expected.sort(null);
        actual.sort(null);
        assertArrayEquals(expected.toArray(), actual.toArray());
    }

    /** Some nodes at depth 2 or more whose subtrees do not overlap, ascending. */
    private static int[] randomExits(TokenTrie trie, Random random) {
        List<Integer> out = new ArrayList<>();
        int i = 0;
        while (i < trie.nodeCount()) {
            if (trie.depth(i) >= 2 && random.nextInt(3) == 0) {
                out.add(i);
                i = trie.subtreeEnd(i);
            } else {
                i++;
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
