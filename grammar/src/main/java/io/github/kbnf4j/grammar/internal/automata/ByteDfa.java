package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * Immutable minimal DFA over bytes. State 0 is the start.
 *
 * <p>Invariants: minimal and trimmed (every state is reachable from 0 and can reach an accepting
 * state), except the empty-language DFA, which is exactly one non-accepting state without
 * transitions. States are numbered canonically (breadth-first from 0, bytes in order 0..255), and
 * bytes are grouped into classes numbered by first occurrence, so two {@code ByteDfa} of the same
 * language are {@code equals} with equal {@code hashCode}.
 *
 * <p>Layout: {@code next[state * classCount + classOf[b]]}, -1 for dead; {@link #next} is O(1).
 * Memory is {@code stateCount * classCount} ints plus 256 for the byte classes.
 *
 * <p>Thread-safe: the automaton's fields are final, the tables (and the automaton without "")
 * derived from it on first use are published through volatile fields (the hash code through a
 * plain int, as {@link String}'s), and no array is handed out.
 */
public final class ByteDfa {
    private static final ByteDfa EMPTY =
        new ByteDfa(1, 1, new int[256], new int[] {-1}, new boolean[] {false});

    private final int stateCount;
    private final int classCount;
    private final int[] classOf;
    /** Packed: {@code next[state * classCount + class]}, -1 = dead. */
    private final int[] next;
    private final boolean[] accept;
    /**
     * The hash code, computed on first use (0: not yet; racy but idempotent, as String's): most
     * automata are never a map key.
     */
    private int hash;
    // Computed on first use (racy but idempotent: every thread computes the same array, and a
    // volatile field publishes it whole).
    private volatile int[] classRunsMemo;
    private volatile long[] liveBytesMemo;
    /**
     * {@link #withoutEmpty()} once computed: nullable elimination asks for it in every grammar
     * that uses this automaton (a JSON Schema's whitespace, shared by all of them, is one).
     */
    private volatile ByteDfa withoutEmptyMemo;

    /** Takes ownership of the arrays, which must already be minimal, trimmed and canonical. */
    ByteDfa(int stateCount, int classCount, int[] classOf, int[] next, boolean[] accept) {
        this.stateCount = stateCount;
        this.classCount = classCount;
        this.classOf = classOf;
        this.next = next;
        this.accept = accept;
    }

    /** The DFA of the empty language: one non-accepting state. */
    public static ByteDfa emptyLanguage() {
        return EMPTY;
    }

    /**
     * The chain automaton for exactly {@code bytes} (the empty array gives {""}), built directly in
     * canonical form: a chain is minimal (its states are at different distances from the end) and
     * numbered breadth-first already; the bytes of the literal get a class each and every other byte
     * the dead class, classes numbered by their first byte. Equal to what {@link Minimizer} makes of
     * the chain, without its work (grammars have many literals: every JSON key is one).
     */
    public static ByteDfa literal(byte[] bytes) {
        int n = bytes.length + 1;
        int[] classOf = new int[256];
        boolean[] used = new boolean[256];
        for (byte b : bytes) {
            used[b & 0xFF] = true;
        }
        int dead = -1;
        int classCount = 0;
        for (int b = 0; b < 256; b++) {
            if (used[b]) {
                classOf[b] = classCount++;
            } else {
                if (dead < 0) {
                    dead = classCount++;
                }
                classOf[b] = dead;
            }
        }
        int[] next = new int[n * classCount];
        Arrays.fill(next, -1);
        for (int i = 0; i < bytes.length; i++) {
            next[i * classCount + classOf[bytes[i] & 0xFF]] = i + 1;
        }
        boolean[] acc = new boolean[n];
        acc[n - 1] = true;
        return new ByteDfa(n, classCount, classOf, next, acc);
    }

    public int stateCount() {
        return stateCount;
    }

    /**
     * The number of byte classes: bytes with equal transitions from every state share one, so this
     * is the number of distinct columns of the transition table (the dead bytes, if any, are one).
     * The table holds {@code stateCount() * classCount()} ints.
     */
    public int classCount() {
        return classCount;
    }

    /** The target of {@code state} on byte {@code b} (0..255), or -1 if dead. */
    public int next(int state, int b) {
        return next[state * classCount + classOf[b]];
    }

    /** The target of {@code state} on the bytes of class {@code c}, or -1 if dead. */
    int nextOfClass(int state, int c) {
        return next[state * classCount + c];
    }

    public boolean isAccepting(int state) {
        return accept[state];
    }

    public boolean isEmptyLanguage() {
        // Trimmed: a non-empty language has an accepting state, so a lone non-accepting state is empty.
        return stateCount == 1 && !accept[0];
    }

    /** Whether the empty string is in the language ({@code isAccepting(0)}). */
    public boolean acceptsEmpty() {
        return accept[0];
    }

    /** Whether the whole {@code input} is in the language. Linear, allocation-free. */
    public boolean matches(byte[] input) {
        int s = 0;
        for (byte b : input) {
            s = next[s * classCount + classOf[b & 0xFF]];
            if (s < 0) {
                return false;
            }
        }
        return accept[s];
    }

    /**
     * Whether the language is closed under concatenation ({@code uv} is in it for all {@code u},
     * {@code v} in it), decided for automata of at most {@code maxStates} states (false for larger
     * ones: it is only an opportunity). Then {@code L{1,n} = L} for every {@code n >= 1}. For each
     * accepting state {@code q} it checks that every word of the language, read from {@code q},
     * ends in an accepting state: a walk over pairs (state from the start, state from {@code q}).
     */
    public boolean isClosedUnderConcatenation(int maxStates) {
        if (stateCount > maxStates || isEmptyLanguage()) {
            return false;
        }
        int n = stateCount;
        boolean[] seen = new boolean[n * (n + 1)]; // second state n stands for "dead"
        int[] queue = new int[n * (n + 1)];
        for (int q = 0; q < n; q++) {
            if (!accept[q]) {
                continue;
            }
            Arrays.fill(seen, false);
            int head = 0;
            int tail = 0;
            queue[tail++] = q; // the pair (0, q)
            seen[q] = true;
            while (head < tail) {
                int pair = queue[head++];
                int s = pair / (n + 1);
                int t = pair % (n + 1);
                if (accept[s] && (t == n || !accept[t])) {
                    return false;
                }
                for (int c = 0; c < classCount; c++) {
                    int s2 = next[s * classCount + c];
                    if (s2 < 0) {
                        continue;
                    }
                    int t2 = t == n ? -1 : next[t * classCount + c];
                    int p2 = s2 * (n + 1) + (t2 < 0 ? n : t2);
                    if (!seen[p2]) {
                        seen[p2] = true;
                        queue[tail++] = p2;
                    }
                }
            }
        }
        return true;
    }

    /**
     * The language minus the empty string; {@code this} if it does not contain "".
     *
     * <p>Built directly, without minimizing: the result is this automaton with a new start S, a
     * non-accepting copy of state 0's row, since state 0 may be entered again. The old states keep
     * their languages, which are all different (this automaton is minimal), and S differs from
     * each of them unless an old non-accepting state has exactly state 0's row (its targets are
     * old states, equal only when identical): then that state is the start instead of S. S
     * without transitions means the language was only "". What S or that state reaches is the
     * result, numbered canonically breadth-first over this automaton's class runs. (It was a
     * 256-column table and a full minimization for every nullable terminal of every grammar.)
     */
    public ByteDfa withoutEmpty() {
        if (!accept[0]) {
            return this;
        }
        ByteDfa known = withoutEmptyMemo;
        if (known == null) {
            known = computeWithoutEmpty();
            withoutEmptyMemo = known;
        }
        return known;
    }

    private ByteDfa computeWithoutEmpty() {
        int n = stateCount;
        int start = n; // the new state S, whose row is state 0's
        for (int q = 1; q < n; q++) {
            if (!accept[q] && Arrays.equals(next, q * classCount, (q + 1) * classCount, next, 0, classCount)) {
                start = q;
                break;
            }
        }
        int[] runs = classRuns(); // (first byte, class) pairs, then 256
        int m = runs.length / 2;
        int[] number = new int[n + 1];
        Arrays.fill(number, -1);
        int[] order = new int[n + 1];
        int count = 0;
        number[start] = count;
        order[count++] = start;
        int[] out = new int[(n + 1) * m];
        for (int i = 0; i < count; i++) {
            int row = order[i] == n ? 0 : order[i] * classCount;
            for (int j = 0; j < m; j++) {
                int t = next[row + runs[2 * j + 1]];
                if (t >= 0 && number[t] < 0) {
                    number[t] = count;
                    order[count++] = t;
                }
                out[i * m + j] = t < 0 ? -1 : number[t];
            }
        }
        if (count == 1 && start == n) {
            boolean any = false;
            for (int j = 0; j < m; j++) {
                any |= out[j] >= 0;
            }
            if (!any) {
                return EMPTY; // "" was the whole language
            }
        }
        boolean[] acc = new boolean[count];
        for (int i = 0; i < count; i++) {
            acc[i] = order[i] != n && accept[order[i]];
        }
        int[] intervalStart = new int[m + 1];
        for (int j = 0; j < m; j++) {
            intervalStart[j] = runs[2 * j];
        }
        intervalStart[m] = 256;
        return Minimizer.withByteClasses(count, m, intervalStart, Arrays.copyOf(out, count * m), acc);
    }

    /** A fresh {@code rows * 256} table holding this DFA's transitions in its first rows (rest -1). */
    int[] denseTable(int rows) {
        int[] t = new int[rows * 256];
        Arrays.fill(t, stateCount * 256, t.length, -1);
        for (int s = 0; s < stateCount; s++) {
            writeRow(s, t, s * 256, 0, -1);
        }
        return t;
    }

    /**
     * Writes row {@code state} into a table shared with other automata: {@code cells[base + b]}
     * gets {@code next(state, b) + add} for each byte {@code b} with a transition and {@code dead}
     * for the others. Written as runs of bytes of one class: a sequential fill per run, not a class
     * lookup per byte.
     */
    public void writeRow(int state, int[] cells, int base, int add, int dead) {
        int[] runs = classRuns();
        int row = state * classCount;
        for (int k = 0; k < runs.length - 1; k += 2) {
            int t = next[row + runs[k + 1]];
            int value = t < 0 ? dead : t + add;
            // A plain loop, not Arrays.fill: most runs are a byte or two long.
            for (int b = base + runs[k], end = base + runs[k + 2]; b < end; b++) {
                cells[b] = value;
            }
        }
    }

    /**
     * Writes this automaton's rows into a table shared with other automata ({@link TransitionTable}),
     * in its own byte classes: {@code cells[at + state * classCount() + class]} gets the target plus
     * {@code add}, or 0 when dead. Branch-free: the loop is a copy with an add.
     */
    void writeCells(int[] cells, int at, int add) {
        for (int j = 0; j < next.length; j++) {
            int t = next[j];
            cells[at + j] = (t + add) & ~(t >> 31); // t == -1 (dead): all bits of t >> 31 are set
        }
    }

    /** Writes the class of each byte, {@code classOf(b)} at {@code map[at + b]}, as an unsigned byte. */
    void writeClassMap(byte[] map, int at) {
        for (int b = 0; b < 256; b++) {
            map[at + b] = (byte) classOf[b];
        }
    }

    /**
     * For each state {@code s}, the bytes with a transition, in {@code [4s .. 4s + 4)} (bit
     * {@code b & 63} of word {@code b >>> 6}): the OR of the bytes of its live classes. Computed
     * once, as the grammars that share this automaton (a JSON Schema's strings, numbers and
     * whitespace) each lay its states out in their tables. Read-only for callers.
     */
    long[] liveBytes() {
        long[] live = liveBytesMemo;
        if (live == null) {
            long[] classBytes = new long[4 * classCount];
            int[] runs = classRuns();
            for (int k = 0; k < runs.length - 1; k += 2) {
                setBits(classBytes, 4 * runs[k + 1], runs[k], runs[k + 2]);
            }
            live = new long[4 * stateCount];
            for (int s = 0; s < stateCount; s++) {
                int row = s * classCount;
                long w0 = 0;
                long w1 = 0;
                long w2 = 0;
                long w3 = 0;
                for (int k = 0; k < classCount; k++) {
                    long m = next[row + k] >> 31; // 0 when live, all ones when dead
                    w0 |= classBytes[4 * k] & ~m;
                    w1 |= classBytes[4 * k + 1] & ~m;
                    w2 |= classBytes[4 * k + 2] & ~m;
                    w3 |= classBytes[4 * k + 3] & ~m;
                }
                live[4 * s] = w0;
                live[4 * s + 1] = w1;
                live[4 * s + 2] = w2;
                live[4 * s + 3] = w3;
            }
            liveBytesMemo = live;
        }
        return live;
    }

    /** Sets bits {@code from .. to - 1} (0 <= from < to <= 256) of the 4 words at {@code words[at ..]}. */
    private static void setBits(long[] words, int at, int from, int to) {
        for (int w = from >>> 6, last = (to - 1) >>> 6; w <= last; w++) {
            long low = w == from >>> 6 ? -1L << from : -1L; // a shift counts modulo 64
            long high = w == last ? -1L >>> (63 - ((to - 1) & 63)) : -1L;
            words[at + w] |= low & high;
        }
    }

    /** The class of byte {@code b} (0..255). */
    int classOf(int b) {
        return classOf[b];
    }

    /**
     * The bytes as maximal runs of one class, computed once: pairs (first byte, class) in byte
     * order, then 256, so run {@code k} is the bytes {@code runs[2k] .. runs[2k + 2] - 1}, all of
     * class {@code runs[2k + 1]}. A string's automaton has a few dozen (the quote, the backslash,
     * the control bytes, the UTF-8 ranges), so a row is read or written a run at a time, not a byte
     * at a time. Read-only for callers.
     */
    int[] classRuns() {
        int[] runs = classRunsMemo;
        if (runs == null) {
            int count = 0;
            for (int b = 0; b < 256; b++) {
                if (b == 0 || classOf[b] != classOf[b - 1]) {
                    count++;
                }
            }
            runs = new int[2 * count + 1];
            for (int b = 0, k = 0; b < 256; b++) {
                if (b == 0 || classOf[b] != classOf[b - 1]) {
                    runs[k++] = b;
                    runs[k++] = classOf[b];
                }
            }
            runs[2 * count] = 256;
            classRunsMemo = runs;
        }
        return runs;
    }

    boolean[] acceptArray() {
        return accept.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof ByteDfa d && d.hashCode() == hashCode() && d.stateCount == stateCount
            && d.classCount == classCount && Arrays.equals(d.classOf, classOf) && Arrays.equals(d.next, next)
            && Arrays.equals(d.accept, accept);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = stateCount;
            h = 31 * h + Arrays.hashCode(classOf);
            h = 31 * h + hashInFourLanes(next);
            h = 31 * h + Arrays.hashCode(accept);
            hash = h; // a true hash of 0 is recomputed each time, which is only slower
        }
        return h;
    }

    /**
     * A hash of all of {@code a} as four interleaved polynomial hashes: one hash's chain of
     * multiplications is a cycle-bound dependency per element, and every terminal of a schema's
     * grammar is hashed once (a grammar keeps one terminal per language), a few percent of a
     * schema's compile time with {@link Arrays#hashCode(int[])}.
     */
    private static int hashInFourLanes(int[] a) {
        int h0 = 1;
        int h1 = 0;
        int h2 = 0;
        int h3 = 0;
        int i = 0;
        for (int end = a.length & ~3; i < end; i += 4) {
            h0 = 31 * h0 + a[i];
            h1 = 31 * h1 + a[i + 1];
            h2 = 31 * h2 + a[i + 2];
            h3 = 31 * h3 + a[i + 3];
        }
        for (; i < a.length; i++) {
            h0 = 31 * h0 + a[i];
        }
        return ((h0 * 31 + h1) * 31 + h2) * 31 + h3;
    }

    /** Short debug form, e.g. {@code ByteDfa[2 states, accepting {1}; 0 -[30-39]-> 1, 1 -[30-39]-> 1]}. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("ByteDfa[").append(stateCount).append(" states, accepting {");
        boolean first = true;
        for (int s = 0; s < stateCount; s++) {
            if (accept[s]) {
                sb.append(first ? "" : ",").append(s);
                first = false;
            }
        }
        sb.append("}");
        String sep = "; ";
        for (int s = 0; s < stateCount; s++) {
            int b = 0;
            while (b < 256) {
                int t = next(s, b);
                int e = b;
                while (e + 1 < 256 && next(s, e + 1) == t) {
                    e++;
                }
                if (t >= 0) {
                    sb.append(sep).append(s).append(" -[").append(String.format("%02X", b));
                    if (e > b) {
                        sb.append('-').append(String.format("%02X", e));
                    }
                    sb.append("]-> ").append(t);
                    sep = ", ";
                }
                b = e + 1;
            }
        }
        return sb.append(']').toString();
    }
}
