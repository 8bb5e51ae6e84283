package io.github.kbnf4j.runtime.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.TerminalDfa;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The transitions of each state of a grammar's DFA as runs of bytes with one target, computed
 * the first time a state is asked for and kept for the constraint's life. A state's 256
 * transitions are usually a handful of runs (a string's interior: the quote, the backslash, the
 * control bytes, the UTF-8 ranges), so a search that meets the same states again and again (the
 * residual of every state of a big terminal, see {@link Residual#of}) reads a few runs per state
 * instead of 256 bytes.
 *
 * <p>THREAD SAFETY: safe for any number of threads. A state's runs are published through an
 * {@link AtomicReferenceArray}; two threads that ask for the same new state may both compute it,
 * and one result wins (they are equal).
 */
final class DfaRuns {
    private final CompiledGrammar grammar;
    /**
     * By state, its runs in byte order as pairs (first byte, target), the target -1 for dead
     * bytes; the first run starts at byte 0 and each run ends where the next one starts (the last
     * at 256). Null until computed.
     */
    private final AtomicReferenceArray<int[]> runs;

    DfaRuns(CompiledGrammar grammar) {
        this.grammar = grammar;
        this.runs = new AtomicReferenceArray<>(grammar.dfaStateCount());
    }

    /** The grammar whose states these are. */
    CompiledGrammar grammar() {
        return grammar;
    }

    /** The runs of state {@code q} (see {@link #runs}; read-only by contract). */
    int[] of(int q) {
        int[] r = runs.get(q);
        if (r == null) {
            r = compute(q);
            runs.set(q, r); // equal to any other thread's result: no need to keep the first
        }
        return r;
    }

    /** Reads {@code q}'s row a run of its automaton's own runs at a time, merging neighbours with one target. */
    private int[] compute(int q) {
        TerminalDfa d = dfaOf(q);
        int runCount = d.runCount();
        int count = 0;
        int previous = -2;
        for (int k = 0; k < runCount; k++) {
            int t = d.next(q, d.runStart(k));
            if (t != previous) {
                count++;
                previous = t;
            }
        }
        int[] r = new int[2 * count];
        int at = 0;
        previous = -2;
        for (int k = 0; k < runCount; k++) {
            int t = d.next(q, d.runStart(k));
            if (t != previous) {
                r[at++] = d.runStart(k);
                r[at++] = t;
                previous = t;
            }
        }
        return r;
    }

    /** The automaton of {@code q}'s terminal, which every transition from {@code q} stays in. */
    private TerminalDfa dfaOf(int q) {
        return grammar.terminalDfa(grammar.dfaTerminalOf(q));
    }
}
