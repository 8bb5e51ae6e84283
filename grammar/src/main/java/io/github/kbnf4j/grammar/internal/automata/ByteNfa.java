package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;
import java.util.List;

/**
 * Mutable epsilon-NFA over bytes, used to compose automata before
 * {@link Constructions#determinize determinization}.
 *
 * <p>Invariant (Thompson form): exactly one start state and one final state. That makes the static
 * combinators simple: they copy their arguments (inputs are never modified or shared) and link
 * copies with epsilon edges. Edges are byte ranges [lo, hi] or epsilon (lo = -1), kept in flat
 * arrays with a per-state linked list ({@code head}, {@code edgeNext}).
 *
 * <p>Complexity: every combinator is linear in the size of its result. Not thread-safe.
 */
public final class ByteNfa {
    static final int EPSILON = -1;

    private int stateCount;
    private int start;
    private int fin;
    private int[] head = new int[16];
    private int edgeCount;
    private int[] edgeLo = new int[16];
    private int[] edgeHi = new int[16];
    private int[] edgeTo = new int[16];
    private int[] edgeNext = new int[16];

    ByteNfa() {
    }

    /** The chain automaton for exactly {@code bytes} (the empty array gives the language {""}). */
    public static ByteNfa literal(byte[] bytes) {
        ByteNfa n = new ByteNfa();
        int s = n.newState();
        n.start = s;
        for (byte b : bytes) {
            int t = n.newState();
            n.addEdge(s, b & 0xFF, b & 0xFF, t);
            s = t;
        }
        n.fin = s;
        return n;
    }

    /** An NFA for the language of {@code dfa}: its states plus a final state. */
    public static ByteNfa of(ByteDfa dfa) {
        ByteNfa n = new ByteNfa();
        int count = dfa.stateCount();
        for (int i = 0; i < count; i++) {
            n.newState();
        }
        n.start = 0;
        n.fin = n.newState();
        // Edges are the maximal byte ranges with one target, found over the DFA's runs of one byte
        // class rather than byte by byte (this runs for every automaton a regular rule composes).
        int[] runs = dfa.classRuns(); // (first byte, class) pairs, then 256
        int last = runs.length - 1;
        for (int s = 0; s < count; s++) {
            int k = 0;
            while (k < last) {
                int t = dfa.nextOfClass(s, runs[k + 1]);
                int e = k;
                while (e + 2 < last && dfa.nextOfClass(s, runs[e + 3]) == t) {
                    e += 2;
                }
                if (t >= 0) {
                    n.addEdge(s, runs[k], runs[e + 2] - 1, t);
                }
                k = e + 2;
            }
            if (dfa.isAccepting(s)) {
                n.addEdge(s, EPSILON, EPSILON, n.fin);
            }
        }
        return n;
    }

    /** The concatenation of {@code parts} in order; an empty list gives {""}. */
    public static ByteNfa concat(List<ByteNfa> parts) {
        ByteNfa n = new ByteNfa();
        int s = n.newState();
        n.start = s;
        for (ByteNfa p : parts) {
            int off = n.append(p);
            n.addEdge(s, EPSILON, EPSILON, off + p.start);
            s = off + p.fin;
        }
        n.fin = s;
        return n;
    }

    /** The union of {@code alternatives}; an empty list gives the empty language. */
    public static ByteNfa union(List<ByteNfa> alternatives) {
        ByteNfa n = new ByteNfa();
        n.start = n.newState();
        n.fin = n.newState();
        for (ByteNfa p : alternatives) {
            int off = n.append(p);
            n.addEdge(n.start, EPSILON, EPSILON, off + p.start);
            n.addEdge(off + p.fin, EPSILON, EPSILON, n.fin);
        }
        return n;
    }

    /**
     * {@code inner} repeated {@code min} to {@code max} times ({@code max == -1}: unbounded).
     *
     * @throws TooManyStatesException if the result would have more than {@code maxStates} states
     *     (checked before anything is built)
     * @throws IllegalArgumentException if {@code min < 0} or {@code max} is neither -1 nor ≥ min
     */
    public static ByteNfa repeat(ByteNfa inner, int min, int max, int maxStates) {
        if (min < 0 || (max != -1 && max < min)) {
            throw new IllegalArgumentException("bad repetition bounds {" + min + "," + max + "}");
        }
        long copies = max == -1 ? (long) min + 1 : max;
        if (copies * inner.stateCount + 2 > maxStates) {
            throw new TooManyStatesException(maxStates);
        }
        ByteNfa n = new ByteNfa();
        n.start = n.newState();
        n.fin = n.newState();
        int cur = n.start;
        for (int i = 0; i < min; i++) {
            int off = n.append(inner);
            n.addEdge(cur, EPSILON, EPSILON, off + inner.start);
            cur = off + inner.fin;
        }
        if (max == -1) {
            // Kleene star after the mandatory copies: loop from the copy's final back to its start.
            int off = n.append(inner);
            n.addEdge(cur, EPSILON, EPSILON, off + inner.start);
            n.addEdge(off + inner.fin, EPSILON, EPSILON, off + inner.start);
            n.addEdge(off + inner.fin, EPSILON, EPSILON, n.fin);
        } else {
            for (int i = min; i < max; i++) {
                int off = n.append(inner);
                n.addEdge(cur, EPSILON, EPSILON, n.fin);
                n.addEdge(cur, EPSILON, EPSILON, off + inner.start);
                cur = off + inner.fin;
            }
        }
        n.addEdge(cur, EPSILON, EPSILON, n.fin);
        return n;
    }

    /** Number of states, the start and final state included. */
    public int stateCount() {
        return stateCount;
    }

    int start() {
        return start;
    }

    int fin() {
        return fin;
    }

    void setStart(int s) {
        start = s;
    }

    void setFin(int s) {
        fin = s;
    }

    int edgeCount() {
        return edgeCount;
    }

    int firstEdge(int state) {
        return head[state];
    }

    int nextEdge(int edge) {
        return edgeNext[edge];
    }

    int edgeLo(int edge) {
        return edgeLo[edge];
    }

    int edgeHi(int edge) {
        return edgeHi[edge];
    }

    int edgeTo(int edge) {
        return edgeTo[edge];
    }

    int newState() {
        if (stateCount == head.length) {
            head = Arrays.copyOf(head, stateCount * 2);
        }
        head[stateCount] = -1;
        return stateCount++;
    }

    /** Adds an edge on bytes [lo, hi], or an epsilon edge when {@code lo == EPSILON}. */
    void addEdge(int from, int lo, int hi, int to) {
        if (edgeCount == edgeLo.length) {
            int cap = edgeCount * 2;
            edgeLo = Arrays.copyOf(edgeLo, cap);
            edgeHi = Arrays.copyOf(edgeHi, cap);
            edgeTo = Arrays.copyOf(edgeTo, cap);
            edgeNext = Arrays.copyOf(edgeNext, cap);
        }
        edgeLo[edgeCount] = lo;
        edgeHi[edgeCount] = hi;
        edgeTo[edgeCount] = to;
        edgeNext[edgeCount] = head[from];
        head[from] = edgeCount++;
    }

    /** Copies all states and edges of {@code p} into this NFA; returns the offset of its states. */
    private int append(ByteNfa p) {
        int off = stateCount;
        for (int i = 0; i < p.stateCount; i++) {
            newState();
        }
        for (int s = 0; s < p.stateCount; s++) {
            // Reverse each list so the copy keeps the original edge order.
            int count = 0;
            for (int e = p.head[s]; e >= 0; e = p.edgeNext[e]) {
                count++;
            }
            int[] es = new int[count];
            int k = count;
            for (int e = p.head[s]; e >= 0; e = p.edgeNext[e]) {
                es[--k] = e;
            }
            for (int e : es) {
                addEdge(off + s, p.edgeLo[e], p.edgeHi[e], off + p.edgeTo[e]);
            }
        }
        return off;
    }

    @Override
    public String toString() {
        return "ByteNfa[" + stateCount + " states, " + edgeCount + " edges, start " + start + ", final " + fin
            + "]";
    }
}
