package io.github.kbnf4j.runtime.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;

/**
 * The part of a grammar's DFA reachable from one state {@code s}, renumbered canonically: state
 * {@code s} is local state 0 and the others are numbered in the order a breadth-first search
 * meets them (bytes ascending). Two states of any two grammars whose residual automata are the
 * same up to renaming get the same {@link #code()}; and everything the mask computation derives
 * from a state and a token trie ({@link StateTokens}) depends only on that automaton. So the
 * code is the key under which {@link SharedTokenTables} shares that work between grammars:
 * the JSON string, number and whitespace terminals of thousands of schemas are one entry each.
 *
 * <p>The code lists, per local state, its accepting flag, its number of transition runs, and
 * each run as (first byte, target) over the bytes 0..255 (a dead byte has target -1), so a
 * typical state costs a handful of ints rather than 256.
 *
 * <p>Immutable; holds the code and the state map, not the transition table ({@link #dfa()}).
 */
public final class Residual {
    private final int[] code;
    private final int hash;
    private final int[] localToGlobal;
    private final boolean[] accepting;

    private Residual(int[] code, int[] localToGlobal, boolean[] accepting) {
        this.code = code;
        this.hash = Arrays.hashCode(code);
        this.localToGlobal = localToGlobal;
        this.accepting = accepting;
    }

    /**
     * The residual automaton of global state {@code s} of {@code g}, or null when more than
     * {@code maxStates} states are reachable from it (then computing its key would cost more than
     * it saves, and the caller works on the grammar's own states). {@code O(states reached × 256)}.
     */
    public static Residual of(CompiledGrammar g, int s, int maxStates) {
        Int2IntOpenHashMap local = new Int2IntOpenHashMap();
        local.defaultReturnValue(-1);
        IntArrayList order = new IntArrayList();
        local.put(s, 0);
        order.add(s);
        int[] next = new int[256 * 4];
        IntArrayList code = new IntArrayList();
        for (int i = 0; i < order.size(); i++) {
            int q = order.getInt(i);
            if (next.length < (i + 1) << 8) {
                next = Arrays.copyOf(next, next.length * 2);
            }
            int previousTarget = -1;
            int previousLocal = -1;
            for (int b = 0; b < 256; b++) {
                int t = g.dfaNext(q, b);
                int lt = -1;
                if (t == previousTarget) {
                    lt = previousLocal; // runs of bytes with one target are the rule: look it up once
                } else if (t >= 0) {
                    lt = local.get(t);
                    if (lt < 0) {
                        if (order.size() == maxStates) {
                            return null;
                        }
                        lt = order.size();
                        local.put(t, lt);
                        order.add(t);
                    }
                }
                previousTarget = t;
                previousLocal = lt;
                next[(i << 8) | b] = lt;
            }
        }
        int n = order.size();
        boolean[] accepting = new boolean[n];
        for (int i = 0; i < n; i++) {
            accepting[i] = g.dfaAccepting(order.getInt(i));
            code.add(accepting[i] ? 1 : 0);
            int runsAt = code.size();
            code.add(0);
            int runs = 0;
            for (int b = 0; b < 256; b++) {
                int t = next[(i << 8) | b];
                if (b == 0 || t != next[(i << 8) | (b - 1)]) {
                    code.add(b);
                    code.add(t);
                    runs++;
                }
            }
            code.set(runsAt, runs);
        }
        return new Residual(code.toIntArray(), order.toIntArray(), accepting);
    }

    /** The canonical code (see the class comment); equal codes mean equal automata. */
    int[] code() {
        return code;
    }

    int codeHash() {
        return hash;
    }

    /** The global state of each local state (local 0 is the state this residual was taken from). */
    int[] localToGlobal() {
        return localToGlobal;
    }

    /**
     * The automaton itself, for a walk: a dense transition table rebuilt from the code (1 KiB per
     * state, so it is built when a walk needs it and not kept).
     */
    ResidualTokens.Dfa dfa() {
        int n = accepting.length;
        int[] next = new int[n << 8];
        int at = 0;
        for (int q = 0; q < n; q++) {
            at++; // accepting flag
            int runs = code[at++];
            for (int k = 0; k < runs; k++) {
                int from = code[at + 2 * k];
                int to = k + 1 < runs ? code[at + 2 * k + 2] : 256;
                Arrays.fill(next, (q << 8) + from, (q << 8) + to, code[at + 2 * k + 1]);
            }
            at += 2 * runs;
        }
        boolean[] acc = accepting;
        return new ResidualTokens.Dfa() {
            @Override
            public int next(int state, int b) {
                return next[(state << 8) | b];
            }

            @Override
            public boolean accepting(int state) {
                return acc[state];
            }
        };
    }
}
