package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.runtime.Vocabulary;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Every state's {@link StateTokens} equal what their definition says, computed by brute force
 * from the grammar's transition function and each trie node's path alone (no walk, no subtree,
 * no residual): the inside tokens, the exit nodes, their groups by parent state, the first bytes
 * and the bytes read after an accepting state. Checked with the shared store under several
 * thresholds (everything shared, residuals too big to share whole but subtrees shared, the
 * defaults) and without it, for two grammars over one store, so that the second one takes the
 * first one's entries in another numbering of states.
 */
class StateTokensBruteForceProperties {
    private static final String[] CLASSES = {"[^\\\"\\\\]", "[a-z]", "[a-c0-9 ]", "[^\\\"x]", "[^\\\"\\\\é]",
        "[ -~]"};

    @Provide
    Arbitrary<String> grammars() {
        Arbitrary<String> string = Combinators.combine(Arbitraries.of(CLASSES), Arbitraries.integers().between(0, 2),
                Arbitraries.integers().between(-1, 9)).as((cls, min, max) -> "#\"\\\"" + cls
                        + (max < 0 ? "*" : "{" + min + "," + Math.max(min, max) + "}") + "\\\"\"");
        Arbitrary<String> value = Arbitraries.oneOf(string, Arbitraries.of("#\"-?[0-9]+(\\.[0-9]+)?\"", "\"true\"",
                "#\"[a-c]{3,12}\""));
        Arbitrary<String> prefix = Arbitraries.strings().withChars("<qrs>").ofMinLength(1).ofMaxLength(6).list()
                .ofMinSize(0).ofMaxSize(3).map(ls -> ls.isEmpty() ? "" : "(\"" + String.join("\" | \"", ls) + "\")? ");
        return Combinators.combine(prefix, string, value.list().ofMinSize(1).ofMaxSize(3)).as((p, key, values) ->
                "start ::= " + p + "\"{\" member (\",\" ws member)* \"}\" ;\n"
                        + "member ::= " + key + " \":\" ws value ;\n"
                        + "value ::= " + String.join(" | ", values) + " | \"[\" value \"]\" ;\n"
                        + "ws ::= #\"[ ]?\" ;\n");
    }

    @Property(tries = 25)
    void tablesMatchTheirDefinition(@ForAll("grammars") String first, @ForAll("grammars") String second,
            @ForAll Random random) {
        CompiledGrammar a = Grammar.compile("first.kbnf", first);
        CompiledGrammar b = Grammar.compile("second.kbnf", second);
        Vocabulary v = Vocabulary.of("test", tokens(random), null, null); // a fresh instance: an empty store
        TokenTrie trie = TokenTries.of(v);
        SharedTokenTables store = SharedTokenTables.of(v);
        TerminalTokenTables.Sharing[] sharings = {
            new TerminalTokenTables.Sharing(1, 100_000, 1), // everything shared, however small
            new TerminalTokenTables.Sharing(1, 4, 1), // most residuals too big: shared subtrees of unshared states
            TerminalTokenTables.Sharing.DEFAULT,
        };
        for (CompiledGrammar g : List.of(a, b)) {
            Definition expected = new Definition(g, trie);
            for (TerminalTokenTables.Sharing sharing : sharings) {
                TerminalTokenTables tables = new TerminalTokenTables(g, trie, store, sharing);
                for (int s = 0; s < g.dfaStateCount(); s++) {
                    expected.check(tables.get(s), s, sharing.toString());
                }
            }
            TerminalTokenTables alone = new TerminalTokenTables(g, trie);
            for (int s = 0; s < g.dfaStateCount(); s++) {
                expected.check(alone.get(s), s, "unshared");
            }
        }
        Statistics.label("store reused").collect(store.hits() > 0);
    }

    /** A state's tables by their definition, node by node. */
    private static final class Definition {
        private final CompiledGrammar g;
        private final TokenTrie trie;

        Definition(CompiledGrammar g, TokenTrie trie) {
            this.g = g;
            this.trie = trie;
        }

        void check(StateTokens actual, int s, String how) {
            String where = how + ", state " + s;
            TreeSet<Integer> inside = new TreeSet<>();
            IntArrayList exits = new IntArrayList();
            Map<Integer, IntArrayList> groups = new LinkedHashMap<>(); // parent state -> exits, by first exit
            long[] firstBytes = new long[4];
            long[] bytesAfterAccepting = new long[4];
            for (int i = 0; i < trie.nodeCount(); i++) {
                int[] path = path(i);
                int q = s;
                boolean accepted = false; // an accepting state after at least one byte, before the last
                boolean live = true;
                for (int d = 0; d < path.length - 1 && live; d++) {
                    q = g.dfaNext(q, path[d]);
                    live = q >= 0;
                    accepted |= live && g.dfaAccepting(q);
                }
                if (!live) {
                    continue; // an ancestor died: not an exit, nothing inside
                }
                int last = path[path.length - 1];
                int next = g.dfaNext(q, last);
                if (next >= 0) {
                    for (int k = trie.tokenStart(i); k < trie.tokenStart(i + 1); k++) {
                        inside.add(trie.tokenId(k));
                    }
                    if (path.length >= 2 && g.dfaAccepting(q)) {
                        bytesAfterAccepting[last >>> 6] |= 1L << last;
                    }
                } else if (accepted) {
                    exits.add(i);
                    groups.computeIfAbsent(q, k -> new IntArrayList()).add(i);
                    firstBytes[path[0] >>> 6] |= 1L << path[0];
                }
            }
            int[] insideIds = inside.stream().mapToInt(Integer::intValue).toArray();
            int[] actualInside = actual.insideIds != null ? actual.insideIds.clone() : ids(actual.insideMask);
            Arrays.sort(actualInside);
            assertArrayEquals(insideIds, actualInside, where + ": inside");
            assertArrayEquals(exits.toIntArray(), actual.exitNodes, where + ": exit nodes");
            int[] groupState = groups.keySet().stream().mapToInt(Integer::intValue).toArray();
            assertArrayEquals(groupState, actual.groupState, where + ": group states");
            int g0 = 0;
            for (IntArrayList members : groups.values()) {
                assertEquals(members.getInt(0), actual.groupRepresentative[g0++], where + ": representative");
            }
            assertArrayEquals(firstBytes, actual.firstBytes, where + ": first bytes");
            assertArrayEquals(bytesAfterAccepting, actual.bytesAfterAccepting, where + ": bytes after accepting");
        }

        private int[] path(int node) {
            int[] path = new int[trie.depth(node)];
            for (int p = node, d = path.length - 1; p >= 0; p = trie.parent(p), d--) {
                path[d] = trie.nodeByte(p);
            }
            return path;
        }

        private static int[] ids(long[] mask) {
            IntArrayList ids = new IntArrayList();
            for (int w = 0; w < mask.length; w++) {
                for (long bits = mask[w]; bits != 0; bits &= bits - 1) {
                    ids.add((w << 6) + Long.numberOfTrailingZeros(bits));
                }
            }
            return ids.toIntArray();
        }
    }

    /** Every printable ASCII byte as a token, and random JSON-ish tokens of 2 to 6 bytes. */
    private static List<byte[]> tokens(Random random) {
        List<byte[]> tokens = new ArrayList<>();
        for (int c = 0x20; c < 0x7F; c++) {
            tokens.add(new byte[] {(byte) c});
        }
        String pieces = "\"{}[]:, 0123456789-.abcqrsxtue<>\\";
        for (int i = 0; i < 150; i++) {
            byte[] t = new byte[2 + random.nextInt(5)];
            for (int k = 0; k < t.length; k++) {
                t[k] = (byte) pieces.charAt(random.nextInt(pieces.length()));
            }
            tokens.add(t);
        }
        tokens.add("\":\"".getBytes(StandardCharsets.UTF_8));
        // text beyond ASCII, whole and cut mid-character, so that subtrees of text are taken whole or not
        String[] texts = {"é", "€", "😀", "aé", "é\"", "€€", "\"é", "ab€c", "\u0800", "\ud7ff", "\uffff", "\u0080"};
        for (int i = 0; i < 40; i++) {
            byte[] whole = (texts[random.nextInt(texts.length)] + texts[random.nextInt(texts.length)])
                    .getBytes(StandardCharsets.UTF_8);
            int from = random.nextInt(3) == 0 ? random.nextInt(whole.length) : 0;
            int to = from + 1 + random.nextInt(whole.length - from);
            tokens.add(Arrays.copyOfRange(whole, from, to));
        }
        byte[][] notText = {
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // a surrogate
            {(byte) 0xC0, (byte) 0xAF}, // an overlong form
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // past U+10FFFF
        };
        for (byte[] bad : notText) { // alone, and below a node of text
            tokens.add(bad);
            byte[] after = new byte[bad.length + 2];
            after[0] = 'a';
            after[1] = 'b';
            System.arraycopy(bad, 0, after, 2, bad.length);
            tokens.add(after);
        }
        return tokens;
    }
}
