package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;
import java.util.List;

/**
 * Constructions on byte automata for the special terminals: determinization, {@code #e}
 * (first match), {@code #ex} / {@code except!} (excluding), {@code except!(X, n)} (at most n
 * characters), {@code #substrs}, and the valid-UTF-8 language; and, for grammars built by a
 * program, concatenation and code point counts between two bounds. The Boolean operations are
 * in {@link BooleanOperations}.
 *
 * <p>Every result is a canonical {@link ByteDfa} (minimal, trimmed, canonically numbered).
 * Constructions that can blow up take {@code maxStates} and throw {@link TooManyStatesException}
 * before exceeding it (counting the states of the unminimized product). Stateless, thread-safe.
 */
public final class Constructions {
    private static final ByteDfa VALID_UTF8 = buildValidUtf8();

    private Constructions() {
    }

    /**
     * Subset construction with a work limit, then minimization, trimming and canonical numbering.
     * See {@link Determinizer} for the exact limits (NFA ≤ 4·maxStates states, DFA ≤ maxStates
     * states, bounded total work).
     *
     * @throws TooManyStatesException if a limit is exceeded
     */
    public static ByteDfa determinize(ByteNfa nfa, int maxStates) {
        return Determinizer.determinize(nfa, maxStates);
    }

    /**
     * The minimal DFA of a table built by a program: {@code next[state * 256 + b]} is the target
     * of byte {@code b} from {@code state} (-1: dead), state 0 is the start. The arrays are not
     * kept. Linearithmic in the table's size.
     *
     * @throws IllegalArgumentException if the arrays' lengths do not match {@code stateCount}
     */
    public static ByteDfa fromTable(int stateCount, int[] next, boolean[] accept) {
        if (stateCount < 1 || next.length != stateCount * 256 || accept.length != stateCount) {
            throw new IllegalArgumentException("a table of " + stateCount + " states needs " + stateCount * 256
                    + " transitions and " + stateCount + " accepting flags, got " + next.length + " and "
                    + accept.length);
        }
        for (int t : next) {
            if (t < -1 || t >= stateCount) {
                throw new IllegalArgumentException("transition to state " + t + " outside 0.." + (stateCount - 1));
            }
        }
        return Minimizer.minimize(stateCount, next.clone(), accept.clone(), 0);
    }

    /** {@code #e}: the strings of L(d) none of whose proper prefixes is in L(d). Linear. */
    public static ByteDfa firstMatch(ByteDfa d) {
        int n = d.stateCount();
        int[] table = d.denseTable(n);
        for (int s = 0; s < n; s++) {
            if (d.isAccepting(s)) {
                Arrays.fill(table, s * 256, s * 256 + 256, -1);
            }
        }
        return Minimizer.minimize(n, table, d.acceptArray(), 0);
    }

    /**
     * {@code #ex} / {@code except!(X)}: the non-empty valid UTF-8 strings that contain no substring
     * in L(x). If L(x) contains "" every string contains a match, so the result is empty.
     * Built as a subset construction (the set of live runs of x started at every position) times
     * the UTF-8 validator.
     *
     * @throws TooManyStatesException if the construction exceeds {@code maxStates} states
     */
    public static ByteDfa excluding(ByteDfa x, int maxStates) {
        if (x.acceptsEmpty()) {
            return ByteDfa.emptyLanguage();
        }
        ByteDfa u = VALID_UTF8;
        // Key: [utf8 state, started, sorted live x-states...]; "started" separates the start state
        // (which must not accept "") from the state after a full character.
        StateNumbering<IntArrayKey> states = new StateNumbering<>(maxStates);
        TableBuilder table = new TableBuilder();
        states.idOf(new IntArrayKey(new int[] {0, 0, 0}));
        int[] buf = new int[x.stateCount() + 3];
        boolean[] seen = new boolean[x.stateCount()];
        for (int i = 0; i < states.count(); i++) {
            int[] key = states.take(i).a;
            table.addState(i);
            for (int b = 0; b < 256; b++) {
                int u2 = u.next(key[0], b);
                if (u2 < 0) {
                    continue;
                }
                int m = 2;
                boolean matched = false;
                buf[0] = u2;
                buf[1] = 1;
                for (int j = 2; j < key.length && !matched; j++) {
                    int t = x.next(key[j], b);
                    if (t >= 0 && !seen[t]) {
                        matched |= x.isAccepting(t);
                        seen[t] = true;
                        buf[m++] = t;
                    }
                }
                if (!seen[0]) {
                    buf[m++] = 0;
                }
                for (int j = 2; j < m; j++) {
                    seen[buf[j]] = false;
                }
                if (matched) {
                    continue;
                }
                Arrays.sort(buf, 2, m);
                table.set(i, b, states.idOf(new IntArrayKey(Arrays.copyOf(buf, m))));
            }
            table.accept(i, key[1] == 1 && u.isAccepting(key[0]));
        }
        return table.minimize(states.count());
    }

    /**
     * L(d) ∩ strings of at most {@code n} code points: {@link #charCountBetween charCountBetween(d, 0, n,
     * maxStates)}.
     *
     * @throws IllegalArgumentException if {@code n} is negative
     * @throws TooManyStatesException if the product exceeds {@code maxStates} states
     */
    public static ByteDfa atMostChars(ByteDfa d, int n, int maxStates) {
        if (n < 0) {
            throw new IllegalArgumentException("negative character count " + n);
        }
        return charCountBetween(d, 0, n, maxStates);
    }

    /**
     * L(d) ∩ strings of {@code min} to {@code max} code points ({@code max == -1}: no upper
     * bound; {@code max < min}: the empty language). A code point is counted at its lead byte
     * (any byte outside 80..BF), which is exact for valid UTF-8. Product of d with a counter that
     * stops at {@code max}, or, unbounded, saturates at {@code min}: at most
     * {@code d.stateCount() * (max + 1)} (or {@code * (min + 1)}) states, O(w) each for the w runs
     * of bytes alike in d and on one side of the continuation bytes.
     *
     * @throws IllegalArgumentException if {@code min < 0} or {@code max < -1}
     * @throws TooManyStatesException if the product exceeds {@code maxStates} states
     */
    public static ByteDfa charCountBetween(ByteDfa d, int min, int max, int maxStates) {
        if (min < 0 || max < -1) {
            throw new IllegalArgumentException("bad character count range " + min + ".." + max);
        }
        boolean unbounded = max == -1;
        if (!unbounded && max < min) {
            return ByteDfa.emptyLanguage();
        }
        // A column per run of bytes alike in d and on the same side of the continuation bytes.
        int[] columnStart = ByteColumns.of(d, 0x80, 0xC0);
        int width = columnStart.length - 1;
        PairNumbering states = new PairNumbering(maxStates);
        TableBuilder table = new TableBuilder(columnStart);
        states.idOf(0L);
        for (int i = 0; i < states.count(); i++) {
            long key = states.key(i);
            int s = (int) (key >>> 32);
            int c = (int) key;
            table.addState(i);
            table.accept(i, d.isAccepting(s) && c >= min);
            for (int j = 0; j < width; j++) {
                int b = columnStart[j]; // stands for its column
                int t = d.next(s, b);
                if (t < 0) {
                    continue;
                }
                int c2 = (b & 0xC0) == 0x80 ? c : c + 1;
                if (unbounded) {
                    c2 = Math.min(c2, min); // beyond min, the count no longer matters
                } else if (c2 > max) {
                    continue;
                }
                table.setColumn(i, j, states.idOf(((long) t << 32) | c2));
            }
        }
        return table.minimize(states.count());
    }

    /**
     * {@code L(d){min,max}} ({@code max} -1: unbounded). When {@code L(d)} is prefix-free (no
     * string of it is a proper prefix of another, as for a literal or any set of strings of one
     * length) and no transition of {@code d} returns to its start state, the copies follow each
     * other deterministically, and the DFA is built directly as {@code d} with a counter: a state is (state of {@code d} inside the current copy, copies done),
     * about {@code max} times the size of {@code d}, in time linear in that. Otherwise the copies
     * are joined as an NFA and {@link #determinize}d.
     *
     * @throws TooManyStatesException if the result needs more than {@code maxStates} states (for a
     *     prefix-free language, checked before anything is built)
     */
    public static ByteDfa repeat(ByteDfa d, int min, int max, int maxStates) {
        if (min < 0 || (max != -1 && max < min)) {
            throw new IllegalArgumentException("bad repetition bounds {" + min + "," + max + "}");
        }
        if (d.isEmptyLanguage() || max == 0 || (d.stateCount() == 1 && d.isAccepting(0))) {
            return d.isEmptyLanguage() && min > 0 ? ByteDfa.emptyLanguage() : ByteDfa.literal(new byte[0]);
        }
        if (!isPrefixFree(d) || startIsReentered(d)) {
            long nfaLimit = Math.min(Integer.MAX_VALUE, (long) Determinizer.NFA_STATES_PER_STATE * maxStates);
            return determinize(ByteNfa.repeat(ByteNfa.of(d), min, max, (int) nfaLimit), maxStates);
        }
        // Counter states: k copies done, k in 0..last (last = max - 1, or min when unbounded, where
        // "min or more" loops); inside a copy only d's non-accepting states occur (an accepting one
        // ends the copy at once: prefix-free, it has no way on). One more state: all max copies done.
        int inner = 0;
        int[] innerIndex = new int[d.stateCount()];
        for (int q = 0; q < d.stateCount(); q++) {
            innerIndex[q] = d.isAccepting(q) ? -1 : inner++;
        }
        int last = max == -1 ? min : max - 1;
        long states = (long) inner * (last + 1) + (max == -1 ? 0 : 1);
        if (states > maxStates) {
            throw new TooManyStatesException(maxStates);
        }
        int n = (int) states;
        int done = max == -1 ? -1 : n - 1;
        int[] columnStart = ByteColumns.of(d); // the copies read bytes as d does: a column per run of d
        int width = columnStart.length - 1;
        int[] table = new int[n * width];
        java.util.Arrays.fill(table, -1);
        boolean[] accept = new boolean[n];
        for (int k = 0; k <= last; k++) {
            int base = k * inner;
            accept[base + innerIndex[0]] = k >= min; // between copies, with enough done
            int nextCopy = max == -1 ? Math.min(k + 1, min) * inner : k + 1 == max ? done : (k + 1) * inner;
            for (int q = 0; q < d.stateCount(); q++) {
                if (innerIndex[q] < 0) {
                    continue;
                }
                int row = (base + innerIndex[q]) * width;
                for (int j = 0; j < width; j++) {
                    int t = d.next(q, columnStart[j]);
                    if (t < 0) {
                        continue;
                    }
                    table[row + j] = innerIndex[t] >= 0 ? base + innerIndex[t]
                            : nextCopy == done ? done : nextCopy + innerIndex[0];
                }
            }
        }
        if (done >= 0) {
            accept[done] = true;
        }
        return Minimizer.minimize(n, table, columnStart, accept, innerIndex[0]);
    }

    /**
     * Whether some transition of {@code d} leads back to its start state ({@code a*b} loops there).
     * The counter construction below cannot take such an item: its state "k copies done, the next
     * not begun" is the item's start state in copy k+1, and would also be where a copy that has
     * read {@code a} stands, which is not between copies (and must not accept).
     */
    private static boolean startIsReentered(ByteDfa d) {
        for (int q = 0; q < d.stateCount(); q++) {
            for (int b = 0; b < 256; b++) {
                if (d.next(q, b) == 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether no string of L(d) is a proper prefix of another: in a trimmed DFA, no accepting state has a way on. */
    private static boolean isPrefixFree(ByteDfa d) {
        for (int q = 0; q < d.stateCount(); q++) {
            if (d.isAccepting(q)) {
                for (int b = 0; b < 256; b++) {
                    if (d.next(q, b) >= 0) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /**
     * The concatenation L(a)·L(b): both as NFAs, joined, then {@link #determinize}d.
     *
     * @throws TooManyStatesException if the NFA has more than {@code 4 * maxStates} states, or
     *     determinization exceeds {@code maxStates} states or its work limit
     */
    public static ByteDfa concat(ByteDfa a, ByteDfa b, int maxStates) {
        return determinize(ByteNfa.concat(List.of(ByteNfa.of(a), ByteNfa.of(b))), maxStates);
    }

    /**
     * {@code #substrs}: every substring of the valid UTF-8 text {@code utf8} that starts and ends
     * on a character boundary, "" included. A suffix automaton over bytes (all its states accept
     * every byte substring) intersected with the UTF-8 validator: a byte substring of valid UTF-8
     * is itself valid exactly when it starts and ends on character boundaries. Linear size.
     *
     * @throws IllegalArgumentException if {@code utf8} is not valid UTF-8
     */
    public static ByteDfa substrings(byte[] utf8) {
        int bad = Utf8.firstInvalidIndex(utf8);
        if (bad >= 0) {
            throw new IllegalArgumentException("text is not valid UTF-8 (byte index " + bad + ")");
        }
        SuffixAutomaton sam = new SuffixAutomaton(utf8);
        ByteDfa u = VALID_UTF8;
        // Product sam × utf8 by breadth-first search; ≤ 8 · (2·len + 1) states.
        PairNumbering states = new PairNumbering(Integer.MAX_VALUE); // linear in the text: no limit
        TableBuilder table = new TableBuilder();
        states.idOf(0L);
        for (int i = 0; i < states.count(); i++) {
            long key = states.key(i);
            int s = (int) (key >>> 32);
            int v = (int) key;
            table.addState(i);
            table.accept(i, u.isAccepting(v));
            for (int b = 0; b < 256; b++) {
                int s2 = sam.next(s, b);
                int v2 = s2 < 0 ? -1 : u.next(v, b);
                if (v2 >= 0) {
                    table.set(i, b, states.idOf(((long) s2 << 32) | v2));
                }
            }
        }
        return table.minimize(states.count());
    }

    /** All valid UTF-8 strings, "" included (9 states before minimization). */
    public static ByteDfa validUtf8() {
        return VALID_UTF8;
    }

    private static ByteDfa buildValidUtf8() {
        // 0 start/accept; 1, 2, 3: need that many continuation bytes; 4 after E0, 5 after ED,
        // 6 after F0, 7 after F4 (the restricted second bytes of RFC 3629).
        int n = 8;
        int[] t = new int[n * 256];
        Arrays.fill(t, -1);
        fill(t, 0, 0x00, 0x7F, 0);
        fill(t, 0, 0xC2, 0xDF, 1);
        fill(t, 0, 0xE0, 0xE0, 4);
        fill(t, 0, 0xE1, 0xEC, 2);
        fill(t, 0, 0xED, 0xED, 5);
        fill(t, 0, 0xEE, 0xEF, 2);
        fill(t, 0, 0xF0, 0xF0, 6);
        fill(t, 0, 0xF1, 0xF3, 3);
        fill(t, 0, 0xF4, 0xF4, 7);
        fill(t, 1, 0x80, 0xBF, 0);
        fill(t, 2, 0x80, 0xBF, 1);
        fill(t, 3, 0x80, 0xBF, 2);
        fill(t, 4, 0xA0, 0xBF, 1);
        fill(t, 5, 0x80, 0x9F, 1);
        fill(t, 6, 0x90, 0xBF, 2);
        fill(t, 7, 0x80, 0x8F, 2);
        boolean[] acc = new boolean[n];
        acc[0] = true;
        return Minimizer.minimize(n, t, acc, 0);
    }

    private static void fill(int[] t, int s, int lo, int hi, int to) {
        Arrays.fill(t, s * 256 + lo, s * 256 + hi + 1, to);
    }
}
