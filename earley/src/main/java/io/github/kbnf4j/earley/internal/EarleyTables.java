package io.github.kbnf4j.earley.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;

/**
 * A {@link CompiledGrammar} rearranged for the recognizer's inner loop: flat {@code int[]}s indexed
 * by dotted rule, nonterminal and DFA state, so that scanning and closing a chart set does no
 * more than array reads.
 *
 * <p>Immutable and thread-safe once built (one table, {@link #bytesToFinish()}, is filled on first
 * use; see there); every recognizer for one grammar (and its copies) shares one instance. Building it is linear in the size of the compiled grammar, plus 256 reads
 * per DFA state for the next-byte sets.
 */
public final class EarleyTables {
    /** Bit of {@link #stateFlags}: the DFA state ends a match of its terminal. */
    public static final byte ACCEPTING = 1;
    /** Bit of {@link #stateFlags}: the DFA state has at least one outgoing byte. */
    public static final byte LIVE = 2;

    /** The grammar the tables were built from. */
    public final CompiledGrammar grammar;
    /** dotted rule -> symbol after the dot (nonterminal, {@code -1-terminal}, or {@link CompiledGrammar#END}). */
    public final int[] symbol;
    /** dotted rule -> the left-hand nonterminal of its production. */
    public final int[] lhs;
    /**
     * Predictions, packed: the first dotted rules of the productions of nonterminal {@code n} are
     * {@code predictions[predictionStart[n] .. predictionStart[n + 1])}.
     */
    public final int[] predictionStart;
    /** See {@link #predictionStart}. */
    public final int[] predictions;
    /** terminal -> its DFA start state. */
    public final int[] terminalStart;
    /** DFA state -> {@link #ACCEPTING} | {@link #LIVE}. */
    public final byte[] stateFlags;
    /** DFA state {@code s} -> the bytes it has a transition on: bit {@code b & 63} of {@code nextBytes[4 * s + (b >>> 6)]}. */
    public final long[] nextBytes;
    /** The start nonterminal. */
    public final int start;
    /** "Never": the distance of something that cannot complete. Sums saturate at this value. */
    public static final int NEVER = Integer.MAX_VALUE / 4;
    /**
     * See {@link #bytesToFinish()}: computed on first use, since only the shortest-completion
     * query needs it and a fresh constraint's first mask should not wait for it. Racy but safe:
     * every thread that finds it null computes the same array, and the field is volatile, so a
     * thread that reads a non-null reference sees the array's contents.
     */
    private volatile int[] bytesToFinish;

    /**
     * @throws IllegalArgumentException if a terminal accepts the empty string, which the compiler
     *     never produces and the recognizer relies on (every item consumes at least one byte)
     */
    public EarleyTables(CompiledGrammar g) {
        this.grammar = g;
        int dotted = g.dottedRuleCount();
        symbol = new int[dotted];
        lhs = new int[dotted];
        for (int d = 0; d < dotted; d++) {
            symbol[d] = g.symbolAfterDot(d);
            lhs[d] = g.productionLhs(g.productionOf(d));
        }
        int nts = g.nonterminalCount();
        predictionStart = new int[nts + 1];
        predictions = new int[g.productionCount()];
        int k = 0;
        for (int n = 0; n < nts; n++) {
            predictionStart[n] = k;
            for (int p = g.firstProduction(n); p < g.firstProduction(n + 1); p++) {
                predictions[k++] = g.dottedRule(p, 0);
            }
        }
        predictionStart[nts] = k;
        terminalStart = new int[g.terminalCount()];
        for (int t = 0; t < terminalStart.length; t++) {
            terminalStart[t] = g.terminalStartState(t);
        }
        int states = g.dfaStateCount();
        stateFlags = new byte[states];
        nextBytes = g.dfaLiveBytes();
        for (int s = 0; s < states; s++) {
            byte flags = g.dfaAccepting(s) ? ACCEPTING : 0;
            if ((nextBytes[4 * s] | nextBytes[4 * s + 1] | nextBytes[4 * s + 2] | nextBytes[4 * s + 3]) != 0) {
                flags |= LIVE;
            }
            stateFlags[s] = flags;
        }
        for (int t = 0; t < terminalStart.length; t++) {
            if ((stateFlags[terminalStart[t]] & ACCEPTING) != 0) {
                throw new IllegalArgumentException("terminal " + g.terminalDescription(t)
                        + " accepts the empty string; the compiled grammar is malformed");
            }
        }
        start = g.startNonterminal();
    }

    /**
     * dotted rule -> the fewest bytes that finish the production from this dot (0 at the end), or
     * {@link #NEVER}. Shared: callers must not change it.
     */
    public int[] bytesToFinish() {
        int[] b = bytesToFinish;
        if (b == null) {
            b = distancesToFinish(grammar, symbol, terminalStart);
            bytesToFinish = b;
        }
        return b;
    }

    /**
     * The fewest bytes that finish each dotted rule: the sum, over the symbols from the dot to the
     * end, of their shortest derivations; nonterminals' shortest derivations by fixpoint.
     */
    private static int[] distancesToFinish(CompiledGrammar g, int[] symbol, int[] terminalStart) {
        int nts = g.nonterminalCount();
        int[] ntMin = new int[nts];
        java.util.Arrays.fill(ntMin, NEVER);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int p = 0; p < g.productionCount(); p++) {
                int sum = 0;
                for (int d = g.dottedRule(p, 0); symbol[d] != CompiledGrammar.END; d++) {
                    sum = Math.min(NEVER, sum + symbolMin(g, symbol[d], ntMin, terminalStart));
                }
                int n = g.productionLhs(p);
                if (sum < ntMin[n]) {
                    ntMin[n] = sum;
                    changed = true;
                }
            }
        }
        int[] finish = new int[symbol.length];
        for (int d = symbol.length - 1; d >= 0; d--) {
            finish[d] = symbol[d] == CompiledGrammar.END ? 0
                    : Math.min(NEVER, finish[d + 1] + symbolMin(g, symbol[d], ntMin, terminalStart));
        }
        return finish;
    }

    private static int symbolMin(CompiledGrammar g, int sym, int[] ntMin, int[] terminalStart) {
        return sym >= 0 ? ntMin[sym] : g.dfaBytesToAccept(terminalStart[-1 - sym]);
    }
}
