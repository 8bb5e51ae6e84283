package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link ExitSuffixes#build} on exit nodes of depth 1, the children of the root: the suffixes are
 * then the tokens themselves and the suffix trie is as deep as the trie it is cut from
 * ({@link ExitSuffixesProperties} picks exit nodes of depth 2 or more, whose suffix tries are
 * shallower).
 */
class ExitSuffixesTest {

    @Test
    void exitsAtTheRootsChildrenGiveATrieAsDeepAsTheVocabularys() {
        String[] tokens = {"abc", "b", "ab", "a", "abc"};
        TokenTrie trie = trieOf(tokens);
        assertEquals(3, trie.maxDepth());
        // preorder: a, ab, abc, b
        int[] exits = {0, 3};
        assertEquals(1, trie.depth(0));
        assertEquals(1, trie.depth(3));

        SuffixTrie s = ExitSuffixes.build(trie, null, exits, 0, exits.length);
        TokenTrie union = s.trie();
        assertEquals(4, union.nodeCount());
        assertEquals(3, union.maxDepth());
        assertArrayEquals(new int[] {'a', 'b', 'c', 'b'},
                new int[] {union.nodeByte(0), union.nodeByte(1), union.nodeByte(2), union.nodeByte(3)});
        assertArrayEquals(new int[] {1, 2, 3, 1},
                new int[] {union.depth(0), union.depth(1), union.depth(2), union.depth(3)});
        assertArrayEquals(new int[] {3, 3, 3, 4},
                new int[] {union.subtreeEnd(0), union.subtreeEnd(1), union.subtreeEnd(2), union.subtreeEnd(3)});
        // each node's vocabulary ids: "a" is 3, "ab" 2, "abc" 0 and 4, "b" 1
        int[][] expected = {{3}, {2}, {0, 4}, {1}};
        for (int i = 0; i < 4; i++) {
            int[] ids = new int[union.tokenStart(i + 1) - union.tokenStart(i)];
            for (int k = 0; k < ids.length; k++) {
                ids[k] = s.tokenIds()[union.tokenId(union.tokenStart(i) + k)];
            }
            assertArrayEquals(expected[i], ids, "node " + i);
        }
    }

    private static TokenTrie trieOf(String... tokens) {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        int[] offsets = new int[tokens.length + 1];
        int[] lengths = new int[tokens.length];
        for (int id = 0; id < tokens.length; id++) {
            offsets[id] = data.size();
            byte[] bytes = tokens[id].getBytes(StandardCharsets.ISO_8859_1);
            data.writeBytes(bytes);
            lengths[id] = bytes.length;
        }
        offsets[tokens.length] = data.size();
        return new TokenTrie(new PackedTokens(data.toByteArray(), offsets, lengths));
    }
}
