package io.github.kbnf4j.runtime.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import java.util.Arrays;

/**
 * The part of a grammar's DFA reachable from one state {@code s}, renumbered canonically: state
 * {@code s} is local state 0 and the others are numbered in the order a breadth-first search
 * meets them (bytes ascending). Two states of any two grammars whose residual automata are the
 * same up to renaming get the same {@link #code()}; and everything the mask computation derives
 * from a state and a token trie ({@link StateTokens}) depends only on that automaton. So the
 * code is what {@link SharedTokenTables} shares that work by (through its interned
 * {@link #storeId}): the JSON string, number and whitespace terminals of thousands of schemas
 * are one entry each.
 *
 * <p>The code lists, per local state, its accepting flag, its number of transition runs, and
 * each run as (first byte, target) over the bytes 0..255 (a dead byte has target -1), so a
 * typical state costs a handful of ints rather than 256. The search stops at the depth of the
 * longest token (see {@link #of}): what lies further from the state than any token reaches
 * cannot change its tables, so it is not part of the key.
 *
 * <p>Immutable, apart from two fields set once on first use by any thread (a race only computes
 * the same value twice): the sorted index behind {@link #localOf} and the store's id.
 */
public final class Residual {
    private final int[] code;
    private final int hash;
    private final int[] localToGlobal;
    /** {@link #localToGlobal}'s values sorted, and the local state of each, built on first use. */
    private volatile long[] globalToLocal;
    /** The id {@link SharedTokenTables} interned this code as, or null before the first lookup. */
    volatile Object storeId;

    private Residual(int[] code, int[] localToGlobal) {
        this.code = code;
        this.hash = sampledHash(code);
        this.localToGlobal = localToGlobal;
    }

    /** The most ints of a code that its hash reads. */
    private static final int HASHED_INTS = 512;

    /**
     * A hash of the code's length and of at most {@value #HASHED_INTS} of its ints, evenly spaced:
     * equal codes have equal hashes, and hashing a residual of a thousand states costs no more
     * than one of a hundred (the store's equality check compares the whole code anyway).
     */
    private static int sampledHash(int[] code) {
        int step = Math.max(1, code.length / HASHED_INTS);
        int h = code.length;
        for (int i = 0; i < code.length; i += step) {
            h = 31 * h + code[i];
        }
        return h;
    }

    /**
     * The reusable arrays of {@link #of}: a local number per global state (-1 when not yet met,
     * and -1 again after every call), the breadth-first order, the code being written. Sized for
     * one grammar; one thread at a time.
     */
    static final class Scratch {
        private final int[] localOf;
        private int[] order = new int[64];
        private int[] code = new int[256];

        Scratch(int stateCount) {
            this.localOf = new int[stateCount];
            Arrays.fill(localOf, -1);
        }
    }

    /**
     * The residual automaton of global state {@code s} of {@code dfa}'s grammar, cut at
     * {@code maxDepth} bytes, or null when it has more than {@code maxStates} states (then
     * computing its key would cost more than it saves, and the caller works on the grammar's own
     * states).
     *
     * <p>The cut: a state first met after {@code maxDepth} bytes (breadth-first level
     * {@code maxDepth}) is written with its accepting flag and {@link #FRONTIER} instead of its
     * runs, and nothing beyond it is searched. A walk of a token trie no deeper than
     * {@code maxDepth} reads transitions only from states fewer than {@code maxDepth} bytes from
     * {@code s} and accepting flags only up to {@code maxDepth} bytes away, so everything it
     * computes is a function of the cut residual. That makes the positions of a long counted
     * string ({@code maxLength} 255, a block of 256 characters) far from its end one residual,
     * not one each, and keeps a big automaton's residuals small.
     *
     * <p>One pass: each state met is numbered and its runs written with their targets' local
     * numbers, so the work is {@code O(transition runs of the states reached)}, with no hashing;
     * the scratch arrays are reused from call to call.
     */
    static Residual of(DfaRuns dfa, int s, int maxStates, int maxDepth, Scratch scratch) {
        CompiledGrammar g = dfa.grammar();
        int[] localOf = scratch.localOf;
        int[] order = scratch.order;
        int[] code = scratch.code;
        int size = 0;
        int length = 0;
        localOf[s] = 0;
        order[size++] = s;
        int level = 0;
        int levelEnd = 1; // order[levelEnd - 1] is the last state met at this level
        try {
            for (int i = 0; i < size; i++) {
                if (i == levelEnd) {
                    level++;
                    levelEnd = size;
                }
                int q = order[i];
                int[] runs = level < maxDepth ? dfa.of(q) : null; // none written at the cut
                int need = length + 2 + (runs == null ? 0 : runs.length);
                if (code.length < need) {
                    code = scratch.code = Arrays.copyOf(code, Math.max(2 * code.length, need));
                }
                code[length++] = g.dfaAccepting(q) ? 1 : 0;
                if (runs == null) {
                    code[length++] = FRONTIER;
                    continue;
                }
                code[length++] = runs.length >>> 1;
                for (int k = 0; k < runs.length; k += 2) {
                    int t = runs[k + 1];
                    int lt = -1;
                    if (t >= 0) {
                        lt = localOf[t];
                        if (lt < 0) {
                            if (size == maxStates) {
                                return null;
                            }
                            if (size == order.length) {
                                order = scratch.order = Arrays.copyOf(order, 2 * size);
                            }
                            lt = size;
                            localOf[t] = lt;
                            order[size++] = t;
                        }
                    }
                    code[length++] = runs[k];
                    code[length++] = lt;
                }
            }
            return new Residual(Arrays.copyOf(code, length), Arrays.copyOf(order, size));
        } finally {
            for (int i = 0; i < size; i++) {
                localOf[order[i]] = -1;
            }
        }
    }

    /** The run count written for a state at the cut (see {@link #of}): its transitions are left out. */
    static final int FRONTIER = -1;

    /** The canonical code (see the class comment); equal codes mean equal automata. */
    int[] code() {
        return code;
    }

    int codeHash() {
        return hash;
    }

    /** The number of states. */
    int size() {
        return localToGlobal.length;
    }

    /** The global state of each local state (local 0 is the state this residual was taken from). */
    int[] localToGlobal() {
        return localToGlobal;
    }

    /** The local number of global state {@code global}, which must be one of this residual's. {@code O(log size)}. */
    int localOf(int global) {
        long[] index = globalToLocal;
        if (index == null) {
            index = new long[localToGlobal.length];
            for (int k = 0; k < index.length; k++) {
                index[k] = (long) localToGlobal[k] << 32 | k; // global states are non-negative: sorts by global
            }
            Arrays.sort(index);
            globalToLocal = index;
        }
        int lo = 0;
        int hi = index.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int at = (int) (index[mid] >>> 32);
            if (at < global) {
                lo = mid + 1;
            } else if (at > global) {
                hi = mid - 1;
            } else {
                return (int) index[mid];
            }
        }
        throw new IllegalArgumentException("state " + global + " is not reachable from " + localToGlobal[0]);
    }
}
