package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.runtime.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A state's tables taken from {@link SharedTokenTables} (computed on another grammar's residual,
 * in local state numbers) equal the tables computed on this grammar alone, field by field: the
 * same terminals sit at different state numbers in the grammars below, so a state number that
 * is not translated shows.
 */
class SharedStateTokensTest {
    private static final String STRINGS = "value ::= #\"\\\"[^\\\"\\\\\\\\]*\\\"\" | #\"\\\"[a-z]{0,4}\\\"\" "
            + "| #\"\\\"[a-z]{0,60}\\\"\" ;\n";

    @Test
    void sharedTablesEqualTablesComputedAlone() {
        check(TerminalTokenTables.Sharing.DEFAULT);
    }

    /** Every state and every subtree shared, however small: the thresholds off. */
    @Test
    void everythingSharedEqualsTablesComputedAlone() {
        check(new TerminalTokenTables.Sharing(1, 100_000, 1));
    }

    /** States too big to share whole, made of shared subtrees. */
    @Test
    void sharedSubtreesOfUnsharedStatesEqualTablesComputedAlone() {
        check(new TerminalTokenTables.Sharing(1, 3, 1));
    }

    /**
     * Regression: each position of a long counted string had a residual of its own, so a new
     * schema with such a string walked the vocabulary anew from every position. Cut at the longest
     * token (six bytes here), the positions more than six letters from the end are one residual:
     * one entry of the store, and still the tables computed alone (the other tests' grammars have
     * this string too).
     */
    @Test
    void positionsOfALongCountedStringFarFromItsEndShareOneEntry() {
        Vocabulary v = vocabulary();
        SharedTokenTables store = SharedTokenTables.of(v);
        TokenTrie trie = TokenTries.of(v);
        CompiledGrammar g = Grammar.compile("g.kbnf", "start ::= #\"\\\"[a-z]{0,60}\\\"\" ;\n");
        TerminalTokenTables shared = new TerminalTokenTables(g, trie, store, TerminalTokenTables.Sharing.DEFAULT);
        int q = g.dfaNext(g.terminalStartState(0), '"');
        for (int k = 0; k <= 60; k++) {
            shared.get(q);
            q = g.dfaNext(q, 'a');
        }
        assertEquals(true, store.misses() <= 10, "61 positions, computed " + store.misses() + " times");
        assertEquals(true, store.hits() >= 50, "61 positions, found " + store.hits() + " times");
    }

    private static Vocabulary vocabulary() {
        List<byte[]> tokens = new ArrayList<>();
        for (int c = 0x20; c < 0x7F; c++) {
            tokens.add(new byte[] {(byte) c});
        }
        for (String t : new String[] {"ab\"", "a\",", "\",\"", "x\"}", "\"a", "  \"", "ab", "\":", "q\"]", "abc",
            "abcd\",", "a\"]", "\"ab\"", "[\"a", "<<", "qqq", "rr"}) {
            tokens.add(t.getBytes(StandardCharsets.UTF_8));
        }
        return Vocabulary.of("test", tokens, null, null); // a fresh instance: an empty store
    }

    private static void check(TerminalTokenTables.Sharing sharing) {
        Vocabulary v = vocabulary();
        SharedTokenTables store = SharedTokenTables.of(v);
        TokenTrie trie = TokenTries.of(v);
        String list = "list ::= item | item \",\" list ;\nitem ::= value | \"[\" list \"]\" ;\n" + STRINGS;
        String[] grammars = {
            "start ::= \"[\" list \"]\" ;\n" + list,
            "start ::= \"<<<<<<<<\" \"[\" list \"]\" ;\n" + list,
            "start ::= (\"qqq\" | \"rrrrrr\")? \"[\" list \"]\" \"!\" ;\n" + list,
        };
        long hitsBefore = store.hits();
        for (String text : grammars) {
            CompiledGrammar g = Grammar.compile("g.kbnf", text);
            TerminalTokenTables shared = new TerminalTokenTables(g, trie, store, sharing);
            TerminalTokenTables alone = new TerminalTokenTables(g, trie);
            for (int s = 0; s < g.dfaStateCount(); s++) {
                StateTokens a = shared.get(s);
                StateTokens b = alone.get(s);
                String where = text + " state " + s;
                assertArrayEquals(b.insideMask, a.insideMask, where);
                assertArrayEquals(b.insideIds, a.insideIds, where);
                assertArrayEquals(b.exitNodes, a.exitNodes, where);
                assertArrayEquals(b.groupState, a.groupState, where);
                assertArrayEquals(b.groupRepresentative, a.groupRepresentative, where);
                assertArrayEquals(b.firstBytes, a.firstBytes, where);
                assertArrayEquals(b.bytesAfterAccepting, a.bytesAfterAccepting, where);
                for (int grp = 0; grp < b.groupState.length; grp++) {
                    ExitSuffixes x = a.groupSuffixes(grp);
                    ExitSuffixes y = b.groupSuffixes(grp);
                    assertEquals(y == null, x == null, where);
                    if (x != null) {
                        assertArrayEquals(y.tokenIds(), x.tokenIds(), where);
                        assertEquals(y.trie().nodeCount(), x.trie().nodeCount(), where);
                        for (int q = 0; q < g.dfaStateCount(); q++) { // the suffix level, every state
                            StateTokens xs = x.tables().get(q);
                            StateTokens ys = y.tables().get(q);
                            assertArrayEquals(ys.insideIds, xs.insideIds, where + ", suffix state " + q);
                            assertArrayEquals(ys.insideMask, xs.insideMask, where + ", suffix state " + q);
                            assertArrayEquals(ys.exitNodes, xs.exitNodes, where + ", suffix state " + q);
                            assertArrayEquals(ys.groupState, xs.groupState, where + ", suffix state " + q);
                        }
                    }
                }
            }
        }
        assertTrue(store.hits() > hitsBefore, "the later grammars reuse the first one's string tables");
    }
}
