package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * Subset construction for {@link ByteNfa} under a work limit (the idea of Lucene's
 * {@code Operations.determinize(a, workLimit)}).
 *
 * <p>Limits, all reported as {@link TooManyStatesException}{@code (maxStates)}:
 * <ul>
 *   <li>the NFA may have at most {@code 4 * maxStates} states (checked first);
 *   <li>at most {@code maxStates} DFA states (subsets) are created;
 *   <li>total work (subset members stored plus NFA edges and epsilon edges visited) is at most
 *       {@code WORK_PER_STATE * maxStates}, so huge subsets cannot exhaust memory or time even
 *       when the state count stays under the limit.
 * </ul>
 * A subset is keyed by its <em>important</em> NFA states only (those with byte edges, and the
 * final state): two closures with the same important states behave identically.
 *
 * <p>Each subset's byte edges are cut into elementary intervals at their bounds, so the cost per
 * DFA state is (intervals × edges), not 256 × edges. The raw DFA is then handed to
 * {@link Minimizer}. Not thread-safe per instance; the static entry point is.
 */
final class Determinizer {
    static final int NFA_STATES_PER_STATE = 4;
    static final long WORK_PER_STATE = 1024;

    private final int maxStates;
    private final long workLimit;
    private long work;
    // Frozen NFA: byte edges and epsilon edges in CSR form.
    private final int[] byteStart;
    private final int[] byteLo;
    private final int[] byteHi;
    private final int[] byteTo;
    private final int[] epsStart;
    private final int[] epsTo;
    private final int fin;
    private final boolean[] important;
    // Closure scratch: a stamp per NFA state avoids clearing a visited set per closure.
    private final int[] stamp;
    private int gen;
    private int[] stack;

    private Determinizer(ByteNfa nfa, int maxStates) {
        this.maxStates = maxStates;
        this.workLimit = WORK_PER_STATE * maxStates;
        int n = nfa.stateCount();
        byteStart = new int[n + 1];
        epsStart = new int[n + 1];
        for (int s = 0; s < n; s++) {
            for (int e = nfa.firstEdge(s); e >= 0; e = nfa.nextEdge(e)) {
                if (nfa.edgeLo(e) == ByteNfa.EPSILON) {
                    epsStart[s + 1]++;
                } else {
                    byteStart[s + 1]++;
                }
            }
        }
        for (int s = 0; s < n; s++) {
            byteStart[s + 1] += byteStart[s];
            epsStart[s + 1] += epsStart[s];
        }
        byteLo = new int[byteStart[n]];
        byteHi = new int[byteStart[n]];
        byteTo = new int[byteStart[n]];
        epsTo = new int[epsStart[n]];
        important = new boolean[n];
        for (int s = 0; s < n; s++) {
            int bi = byteStart[s];
            int ei = epsStart[s];
            for (int e = nfa.firstEdge(s); e >= 0; e = nfa.nextEdge(e)) {
                if (nfa.edgeLo(e) == ByteNfa.EPSILON) {
                    epsTo[ei++] = nfa.edgeTo(e);
                } else {
                    byteLo[bi] = nfa.edgeLo(e);
                    byteHi[bi] = nfa.edgeHi(e);
                    byteTo[bi++] = nfa.edgeTo(e);
                }
            }
            important[s] = byteStart[s + 1] > byteStart[s];
        }
        fin = nfa.fin();
        important[fin] = true;
        stamp = new int[n];
        stack = new int[Math.max(16, n)];
    }

    static ByteDfa determinize(ByteNfa nfa, int maxStates) {
        if (nfa.stateCount() > (long) NFA_STATES_PER_STATE * maxStates) {
            throw new TooManyStatesException(maxStates);
        }
        return new Determinizer(nfa, maxStates).run(nfa.start());
    }

    private ByteDfa run(int start) {
        StateNumbering<IntArrayKey> states = new StateNumbering<>(maxStates);
        TableBuilder table = new TableBuilder(edgeBoundaries());
        int[] seeds = new int[stack.length];
        seeds[0] = start;
        states.idOf(new IntArrayKey(closure(seeds, 1)));
        boolean[] cut = new boolean[257];
        int[] targets = new int[stack.length];
        for (int i = 0; i < states.count(); i++) {
            int[] set = states.take(i).a;
            table.addState(i);
            for (int s : set) {
                if (s == fin) {
                    table.accept(i, true);
                }
                for (int e = byteStart[s]; e < byteStart[s + 1]; e++) {
                    cut[byteLo[e]] = true;
                    cut[byteHi[e] + 1] = true;
                }
            }
            int lo = 0;
            while (lo < 256) {
                if (!cut[lo] && lo > 0) {
                    lo++;
                    continue;
                }
                int hi = lo;
                while (hi + 1 < 256 && !cut[hi + 1]) {
                    hi++;
                }
                // Interval [lo, hi] has no cut inside: every edge covers all of it or none.
                int nt = 0;
                for (int s : set) {
                    for (int e = byteStart[s]; e < byteStart[s + 1]; e++) {
                        if (byteLo[e] <= lo && lo <= byteHi[e]) {
                            if (nt == targets.length) {
                                targets = Arrays.copyOf(targets, nt * 2);
                            }
                            targets[nt++] = byteTo[e];
                        }
                    }
                    work += byteStart[s + 1] - byteStart[s];
                }
                if (nt > 0) {
                    int[] key = closure(targets, nt);
                    int known = states.count();
                    int t = states.idOf(new IntArrayKey(key));
                    if (states.count() > known) {
                        work += key.length; // a new subset: its size counts as work
                    }
                    table.set(i, lo, hi, t);
                }
                if (work > workLimit) {
                    throw new TooManyStatesException(maxStates);
                }
                lo = hi + 1;
            }
            Arrays.fill(cut, false);
        }
        return table.minimize(states.count());
    }

    /**
     * The columns of the table: every byte where some edge's range starts or ends, so that the
     * intervals a state's edges cut the bytes into (see {@link #run}) are whole columns.
     */
    private int[] edgeBoundaries() {
        boolean[] starts = new boolean[257]; // byteHi + 1 may be 256, which ends every list anyway
        starts[0] = true;
        for (int e = 0; e < byteLo.length; e++) {
            starts[byteLo[e]] = true;
            starts[byteHi[e] + 1] = true;
        }
        return ByteColumns.ofStarts(starts);
    }

    /** Epsilon closure of {@code seeds[0..n)}, as the sorted important states. */
    private int[] closure(int[] seeds, int n) {
        gen++;
        int sp = 0;
        int found = 0;
        int[] out = new int[16];
        for (int i = 0; i < n; i++) {
            int s = seeds[i];
            if (stamp[s] != gen) {
                stamp[s] = gen;
                stack[sp++] = s;
            }
        }
        while (sp > 0) {
            int s = stack[--sp];
            if (important[s]) {
                if (found == out.length) {
                    out = Arrays.copyOf(out, found * 2);
                }
                out[found++] = s;
            }
            work++;
            for (int e = epsStart[s]; e < epsStart[s + 1]; e++) {
                int t = epsTo[e];
                if (stamp[t] != gen) {
                    stamp[t] = gen;
                    stack[sp++] = t;
                }
            }
        }
        if (work > workLimit) {
            throw new TooManyStatesException(maxStates);
        }
        int[] key = Arrays.copyOf(out, found);
        Arrays.sort(key);
        return key;
    }
}
