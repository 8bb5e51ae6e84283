package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Residual#of} (on {@link DfaRuns}, with reused scratch arrays) against a plain
 * breadth-first search over all 256 bytes of every state, and {@link DfaRuns} against the
 * grammar's transition table.
 */
class ResidualTest {
    /** A depth no search reaches: the residual uncut. */
    private static final int NO_CUT = Integer.MAX_VALUE;
    private static final String STRINGS = "value ::= #\"\\\"[^\\\"\\\\\\\\]*\\\"\" | #\"\\\"[a-z]{0,6}\\\"\" "
            + "| #\"-?[0-9]+(\\.[0-9]+)?\" ;\n";
    private static final String[] GRAMMARS = {
        "start ::= \"[\" value (\",\" value)* \"]\" ;\n" + STRINGS,
        "start ::= \"<<<<<<<<\" \"[\" value (\",\" value)* \"]\" ;\n" + STRINGS,
        "start ::= (\"qqq\" | \"rrrrrr\")? \"{\" #\"\\\"[a-c]{2,40}\\\"\" \":\" value \"}\" ;\n" + STRINGS,
    };

    @Test
    void residualsEqualAPlainSearchForEveryStateAndLimit() {
        for (String text : GRAMMARS) {
            CompiledGrammar g = Grammar.compile("g.kbnf", text);
            DfaRuns runs = new DfaRuns(g);
            Residual.Scratch scratch = new Residual.Scratch(g.dfaStateCount()); // one for all calls: it must come back clean
            for (int max : new int[] {1, 3, 20, 100_000}) {
                for (int depth : new int[] {1, 2, 5, NO_CUT}) {
                    for (int s = 0; s < g.dfaStateCount(); s++) {
                        Reference expected = Reference.of(g, s, depth);
                        Residual r = Residual.of(runs, s, max, depth, scratch);
                        String where = "state " + s + ", at most " + max + " states, cut at " + depth;
                        if (expected.order.size() > max) {
                            assertNull(r, where);
                            continue;
                        }
                        assertNotNull(r, where);
                        assertArrayEquals(expected.code.toIntArray(), r.code(), where);
                        assertArrayEquals(expected.order.toIntArray(), r.localToGlobal(), where);
                        assertEquals(expected.order.size(), r.size(), where);
                        for (int k = 0; k < r.size(); k++) {
                            assertEquals(k, r.localOf(r.localToGlobal()[k]), where);
                        }
                    }
                }
            }
        }
    }

    /**
     * Regression: the positions of a long counted string each had a residual of their own (every
     * one over the sharing bound), so each computed its tables by a walk of the whole vocabulary.
     * Cut at the longest token, the positions further from the end than that are one residual.
     */
    @Test
    void positionsOfACountedStringFarFromItsEndHaveOneCodeWhenCut() {
        CompiledGrammar g = Grammar.compile("g.kbnf", "start ::= #\"\\\"[a-z]{0,40}\\\"\" ;\n");
        DfaRuns runs = new DfaRuns(g);
        Residual.Scratch scratch = new Residual.Scratch(g.dfaStateCount());
        int q = g.dfaNext(g.terminalStartState(0), '"');
        List<int[]> cut = new ArrayList<>();
        List<int[]> whole = new ArrayList<>();
        for (int k = 0; k <= 40; k++) { // the state after k letters
            cut.add(Residual.of(runs, q, 100_000, 6, scratch).code());
            whole.add(Residual.of(runs, q, 100_000, NO_CUT, scratch).code());
            q = g.dfaNext(q, 'a');
        }
        for (int k = 0; k + 1 <= 40; k++) {
            // the transitions read from position k are those of positions k to k + 5: alike until 40 is among them
            assertEquals(k + 6 < 40, Arrays.equals(cut.get(k), cut.get(k + 1)), "cut, position " + k);
            assertEquals(false, Arrays.equals(whole.get(k), whole.get(k + 1)), "uncut, position " + k);
        }
    }

    @Test
    void theSameTerminalInTwoGrammarsHasOneCode() {
        CompiledGrammar a = Grammar.compile("a.kbnf", GRAMMARS[0]);
        CompiledGrammar b = Grammar.compile("b.kbnf", GRAMMARS[1]);
        Map<IntArrayList, Integer> codesOfA = new HashMap<>();
        DfaRuns runsA = new DfaRuns(a);
        for (int s = 0; s < a.dfaStateCount(); s++) {
            Residual r = Residual.of(runsA, s, 100_000, NO_CUT, new Residual.Scratch(a.dfaStateCount()));
            codesOfA.put(new IntArrayList(r.code()), s);
        }
        DfaRuns runsB = new DfaRuns(b);
        int common = 0;
        for (int s = 0; s < b.dfaStateCount(); s++) {
            Residual r = Residual.of(runsB, s, 100_000, NO_CUT, new Residual.Scratch(b.dfaStateCount()));
            Integer inA = codesOfA.get(new IntArrayList(r.code()));
            if (inA != null) {
                common++;
                Residual same = Residual.of(runsA, inA, 100_000, NO_CUT, new Residual.Scratch(a.dfaStateCount()));
                assertEquals(r.codeHash(), same.codeHash());
            }
        }
        assertEquals(true, common >= 5, "the value terminals' states are common to both: " + common);
    }

    @Test
    void localOfRefusesAStateOutsideTheResidual() {
        CompiledGrammar g = Grammar.compile("g.kbnf", GRAMMARS[0]);
        Residual r = Residual.of(new DfaRuns(g), g.terminalStartState(0), 100_000, NO_CUT,
                new Residual.Scratch(g.dfaStateCount()));
        int outside = -1;
        for (int s = 0; s < g.dfaStateCount() && outside < 0; s++) {
            boolean in = false;
            for (int q : r.localToGlobal()) {
                in |= q == s;
            }
            outside = in ? -1 : s;
        }
        int state = outside;
        assertThrows(IllegalArgumentException.class, () -> r.localOf(state));
    }

    @Test
    void runsSpellEveryTransition() {
        for (String text : GRAMMARS) {
            CompiledGrammar g = Grammar.compile("g.kbnf", text);
            DfaRuns runs = new DfaRuns(g);
            for (int s = 0; s < g.dfaStateCount(); s++) {
                int[] r = runs.of(s);
                assertEquals(0, r[0], "the first run starts at byte 0");
                for (int k = 0; k < r.length; k += 2) {
                    int to = k + 2 < r.length ? r[k + 2] : 256;
                    for (int b = r[k]; b < to; b++) {
                        assertEquals(g.dfaNext(s, b), r[k + 1], "state " + s + ", byte " + b);
                    }
                    if (k > 0) {
                        assertEquals(true, r[k - 1] != r[k + 1], "neighbouring runs have different targets");
                    }
                }
                assertEquals(true, runs.of(s) == r, "computed once");
            }
        }
    }

    /**
     * The residual by its definition: a breadth-first search over every byte, with a hash map,
     * that does not look past the states {@code depth} bytes away.
     */
    private record Reference(IntArrayList code, IntArrayList order) {
        static Reference of(CompiledGrammar g, int s, int depth) {
            Map<Integer, Integer> local = new HashMap<>();
            Map<Integer, Integer> distance = new HashMap<>();
            IntArrayList order = new IntArrayList();
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            local.put(s, 0);
            distance.put(s, 0);
            order.add(s);
            queue.add(s);
            while (!queue.isEmpty()) {
                int q = queue.poll();
                if (distance.get(q) >= depth) {
                    continue;
                }
                for (int b = 0; b < 256; b++) {
                    int t = g.dfaNext(q, b);
                    if (t >= 0 && !local.containsKey(t)) {
                        local.put(t, order.size());
                        distance.put(t, distance.get(q) + 1);
                        order.add(t);
                        queue.add(t);
                    }
                }
            }
            IntArrayList code = new IntArrayList();
            for (int i = 0; i < order.size(); i++) {
                int q = order.getInt(i);
                code.add(g.dfaAccepting(q) ? 1 : 0);
                if (distance.get(q) >= depth) {
                    code.add(-1); // at the cut: no transitions
                    continue;
                }
                int runsAt = code.size();
                code.add(0);
                int runs = 0;
                for (int b = 0; b < 256; b++) {
                    int t = g.dfaNext(q, b);
                    if (b == 0 || t != g.dfaNext(q, b - 1)) {
                        code.add(b);
                        code.add(t < 0 ? -1 : local.get(t));
                        runs++;
                    }
                }
                code.set(runsAt, runs);
            }
            return new Reference(code, order);
        }
    }
}
