package io.github.kbnf4j.grammar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The per-state tables the packer derives from each terminal's byte classes (the fewest bytes to
 * acceptance, the live bytes) equal the same tables computed the plain way, byte by byte from
 * {@link CompiledGrammar#dfaNext} alone; and the runs of {@link CompiledGrammar#dfaByteRuns} are
 * bytes every state treats alike, neighbours differing in some state. Each terminal's
 * {@link TerminalDfa} reads as {@link CompiledGrammar#dfaNext} on its states, and
 * {@link CompiledGrammar#dfaTerminalOf} finds the terminal of every state.
 */
class CompiledGrammarTablesTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "json",
        "start ::= #\"[a-z]+[0-9]{2,4}\" \"=\" #\"(ab|cd)*e\" | \"(\" start \")\";",
        "start ::= #\"[^\\\"\\\\\\\\]*\" | #\"\\\\\\\\u[0-9a-fA-F]{4}\" start | \"\u00e9\u65e5\" | #\"[\\\\x00-\\\\xff]\";",
        "start ::= except!(\"*/\") \"*/\" | #\"(a|b)*a(a|b){3}\";",
    })
    void packedTablesEqualThePlainComputation(String text) {
        CompiledGrammar g = text.equals("json") ? Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT)
                : Grammar.compile("t.kbnf", text);
        int states = g.dfaStateCount();
        long[] live = new long[4 * states];
        for (int s = 0; s < states; s++) {
            for (int b = 0; b < 256; b++) {
                if (g.dfaNext(s, b) >= 0) {
                    live[4 * s + (b >>> 6)] |= 1L << b;
                }
            }
        }
        assertArrayEquals(live, g.dfaLiveBytes());
        // Fewest bytes to acceptance: relax until nothing changes (slow, obviously right).
        int[] dist = new int[states];
        Arrays.fill(dist, Integer.MAX_VALUE);
        for (int s = 0; s < states; s++) {
            if (g.dfaAccepting(s)) {
                dist[s] = 0;
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int s = 0; s < states; s++) {
                for (int b = 0; b < 256; b++) {
                    int t = g.dfaNext(s, b);
                    if (t >= 0 && dist[t] != Integer.MAX_VALUE && dist[t] + 1 < dist[s]) {
                        dist[s] = dist[t] + 1;
                        changed = true;
                    }
                }
            }
        }
        int[] actual = new int[states];
        for (int s = 0; s < states; s++) {
            actual[s] = g.dfaBytesToAccept(s);
        }
        assertArrayEquals(dist, actual);

        int[] runs = g.dfaByteRuns();
        assertEquals(0, runs[0]);
        assertEquals(256, runs[runs.length - 1]);
        for (int k = 0; k + 1 < runs.length; k++) {
            assertTrue(runs[k] < runs[k + 1], "runs ascend");
            boolean differsFromNext = k + 2 == runs.length;
            for (int s = 0; s < states; s++) {
                for (int b = runs[k]; b < runs[k + 1]; b++) {
                    int at = s;
                    int bb = b;
                    assertEquals(g.dfaNext(s, runs[k]), g.dfaNext(s, b), () -> "state " + at + ", byte " + bb);
                }
                differsFromNext |= k + 2 < runs.length && g.dfaNext(s, runs[k]) != g.dfaNext(s, runs[k + 1]);
            }
            assertTrue(differsFromNext, "the run at byte " + runs[k] + " is alike its neighbour in every state");
        }
        assertEachTerminalsAutomatonReadsAsTheTable(g);
    }

    /**
     * Each terminal's {@link TerminalDfa} against {@link CompiledGrammar#dfaNext}, every state and
     * byte; its runs ascend from 0 to 256, every byte of a run alike in each of its states.
     */
    private static void assertEachTerminalsAutomatonReadsAsTheTable(CompiledGrammar g) {
        int covered = 0;
        for (int t = 0; t < g.terminalCount(); t++) {
            TerminalDfa d = g.terminalDfa(t);
            assertEquals(g.terminalStartState(t), d.firstState());
            assertEquals(t + 1 < g.terminalCount() ? g.terminalStartState(t + 1) : g.dfaStateCount(), d.endState());
            int before = d.firstState() - 1;
            assertThrows(IndexOutOfBoundsException.class, () -> d.next(before, 'a'));
            assertThrows(IndexOutOfBoundsException.class, () -> d.next(d.endState(), 'a'));
            assertEquals(0, d.runStart(0));
            assertEquals(256, d.runStart(d.runCount()));
            for (int k = 0; k < d.runCount(); k++) {
                assertTrue(d.runStart(k) < d.runStart(k + 1), "runs ascend");
            }
            for (int s = d.firstState(); s < d.endState(); s++) {
                assertEquals(t, g.dfaTerminalOf(s), "terminal of state " + s);
                for (int b = 0; b < 256; b++) {
                    int at = s;
                    int bb = b;
                    assertEquals(g.dfaNext(s, b), d.next(s, b), () -> "state " + at + ", byte " + bb);
                }
                for (int k = 0; k < d.runCount(); k++) {
                    for (int b = d.runStart(k); b < d.runStart(k + 1); b++) {
                        assertEquals(d.next(s, d.runStart(k)), d.next(s, b), "state " + s + ", byte " + b);
                    }
                }
                covered++;
            }
        }
        assertEquals(g.dfaStateCount(), covered, "the terminals' states are all the states");
    }
}
