package io.github.kbnf4j.grammar.internal.automata;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A language minus every JSON spelling of a few strings: L(d) \ quoted(V) for a finite set V. An
 * object's other keys are such a language: any string literal (or any of a pattern's), but none
 * that spells a declared key, in any of its spellings. Because a JSON string literal decodes to one
 * value, quoted(A \ V) = quoted(A) \ quoted(V), so this is also the encoding of the strings of A
 * other than V, built from quoted(A) (which the caller has, and which recurs: for A = every string
 * it is one small automaton) without building A \ V or encoding it again.
 *
 * <h2>Construction</h2>
 * First the spellings of V as a deterministic automaton, sparse: the trie of V's UTF-8 bytes, one
 * state per node, where a node at a character boundary reads the raw bytes of the characters that
 * continue it (those JSON allows raw), {@code "} if the node ends a value of V, and {@code \} into
 * one escape state. The escape state reads the short escape letters of those characters and
 * {@code u} into a trie of their four hex digits (letters in either case to the same state); a
 * supplementary character's path reads its high surrogate's digits, <code>&#92;u</code>, then its low
 * surrogate's. At most 15 states per character of V (as in {@link JsonLiteralSpellings}).
 *
 * <p>Then the product with d, walked from the pair of start states: a pair (q, s) has d's row at
 * q, except on the few bytes the spelling state s reads, which lead to pairs; a byte s does not
 * read leaves V's spellings for good, so it leads to d's own state (d is copied into the table
 * once). A pair accepts if q accepts and s is not the end of a spelling. Then minimization. Pairs
 * are about as many as the spelling states (d's state is mostly fixed by the path), so the work is
 * O((|d| + |V's spelling states|) · 256) plus the minimization, where encoding A \ V anew costs
 * some 40 memoized hex-digit states per state of A \ V's automaton before its minimization.
 *
 * <p>A string of V that holds a lone surrogate (no JSON text decodes to it) excludes nothing.
 * Stateless, thread-safe.
 */
public final class JsonStringExclusion {
    private static final char[] SHORT_ESCAPE_LETTER = {'"', '\\', '/', 'b', 'f', 'n', 'r', 't'};
    private static final int[] SHORT_ESCAPE_VALUE = {'"', '\\', '/', 0x08, 0x0C, 0x0A, 0x0D, 0x09};

    private JsonStringExclusion() {
    }

    /**
     * The strings of L(d) that are not a JSON spelling (quotes included) of one of {@code values}.
     *
     * @throws TooManyStatesException if the spellings of {@code values} or the product, before
     *     minimization, exceed {@code maxStates} states
     */
    public static ByteDfa without(ByteDfa d, Collection<String> values, int maxStates) {
        if (d.isEmptyLanguage()) {
            return d;
        }
        Spellings s = Spellings.of(values, maxStates);
        return product(d, s, maxStates);
    }

    /** Whether {@code s} holds a UTF-16 surrogate that is not half of a pair (no JSON text decodes to it). */
    public static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (Character.isHighSurrogate(ch) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(ch)) {
                return true;
            }
        }
        return false;
    }

    /**
     * State 0 is the pair of starts, states 1..|d| are d's own, then the other pairs as they are
     * found.
     */
    private static ByteDfa product(ByteDfa d, Spellings s, int maxStates) {
        int n = d.stateCount();
        if (n + 1 > maxStates) {
            throw new TooManyStatesException(maxStates);
        }
        TableBuilder table = new TableBuilder();
        for (int i = 0; i <= n; i++) {
            table.addState(i);
        }
        for (int q = 0; q < n; q++) {
            table.setRow(1 + q, d, q, 1);
            table.accept(1 + q, d.isAccepting(q));
        }
        Long2IntOpenHashMap pairs = new Long2IntOpenHashMap();
        pairs.defaultReturnValue(-1);
        IntArrayList work = new IntArrayList(); // (q, s, id) triples
        pairs.put(0L, 0);
        work.add(0);
        work.add(Spellings.START);
        work.add(0);
        int count = n + 1;
        for (int w = 0; w < work.size(); w += 3) {
            int q = work.getInt(w);
            int state = work.getInt(w + 1);
            int id = work.getInt(w + 2);
            table.copyRow(1 + q, id);
            table.accept(id, d.isAccepting(q) && state != Spellings.END);
            IntArrayList edges = s.edges.get(state);
            for (int e = 0; e < edges.size(); e += 2) {
                int b = edges.getInt(e);
                int tq = d.next(q, b);
                if (tq < 0) {
                    continue; // the row copied from d has no transition here either
                }
                int ts = edges.getInt(e + 1);
                long key = ((long) tq << 32) | ts;
                int target = pairs.get(key);
                if (target < 0) {
                    if (count >= maxStates) {
                        throw new TooManyStatesException(maxStates);
                    }
                    target = count++;
                    table.addState(target);
                    pairs.put(key, target);
                    work.add(tq);
                    work.add(ts);
                    work.add(target);
                }
                table.set(id, b, target);
            }
        }
        return table.minimize(count);
    }

    /**
     * The spellings of a set of strings as a sparse DFA: per state, the bytes it reads and where
     * they lead ({@code edges}: byte, target, byte, target, ...). {@link #START} reads the opening
     * quote; {@link #END}, after a closing quote, is the only accepting state.
     */
    private static final class Spellings {
        static final int START = 0;
        static final int END = 1;

        final List<IntArrayList> edges = new ArrayList<>();
        private final int maxStates;

        // The trie of the values' UTF-8: children as linked lists (first child, next sibling).
        private int[] firstChild = new int[16];
        private int[] nextSibling = new int[16];
        private int[] byteOf = new int[16];
        /** Continuation bytes still due in the node's character (0: at a character boundary). */
        private int[] pending = new int[16];
        private boolean[] isValue = new boolean[16];
        private int nodes;

        private Spellings(int maxStates) {
            this.maxStates = maxStates;
        }

        static Spellings of(Collection<String> values, int maxStates) {
            Spellings s = new Spellings(maxStates);
            s.newState(); // START
            s.newState(); // END
            s.newNode(-1, 0);
            for (String v : values) {
                if (!hasLoneSurrogate(v)) {
                    s.add(v.getBytes(StandardCharsets.UTF_8));
                }
            }
            // Trie node t is state 2 + t; the escape and hex states follow.
            for (int t = 0; t < s.nodes; t++) {
                s.newState();
            }
            s.edge(START, '"', 2);
            for (int t = 0; t < s.nodes; t++) {
                s.spell(t);
            }
            return s;
        }

        private void add(byte[] utf8) {
            int node = 0;
            for (byte x : utf8) {
                int b = x & 0xFF;
                int c = child(node, b);
                if (c < 0) {
                    c = newNode(node, b);
                }
                node = c;
            }
            isValue[node] = true;
        }

        private int child(int node, int b) {
            for (int c = firstChild[node]; c >= 0; c = nextSibling[c]) {
                if (byteOf[c] == b) {
                    return c;
                }
            }
            return -1;
        }

        private int newNode(int parent, int b) {
            if (nodes + 2 >= maxStates) {
                throw new TooManyStatesException(maxStates);
            }
            if (nodes == firstChild.length) {
                int size = nodes * 2;
                firstChild = Arrays.copyOf(firstChild, size);
                nextSibling = Arrays.copyOf(nextSibling, size);
                byteOf = Arrays.copyOf(byteOf, size);
                pending = Arrays.copyOf(pending, size);
                isValue = Arrays.copyOf(isValue, size);
            }
            int id = nodes++;
            firstChild[id] = -1;
            byteOf[id] = b;
            isValue[id] = false;
            if (parent < 0) {
                nextSibling[id] = -1;
                pending[id] = 0;
            } else {
                nextSibling[id] = firstChild[parent];
                firstChild[parent] = id;
                pending[id] = pending[parent] > 0 ? pending[parent] - 1 : sequenceLength(b) - 1;
            }
            return id;
        }

        private int newState() {
            if (edges.size() >= maxStates) {
                throw new TooManyStatesException(maxStates);
            }
            edges.add(new IntArrayList(4));
            return edges.size() - 1;
        }

        private void edge(int from, int b, int to) {
            IntArrayList e = edges.get(from);
            e.add(b);
            e.add(to);
        }

        /** The edges of trie node t's state, and the escape states of the characters after it. */
        private void spell(int t) {
            int state = 2 + t;
            for (int c = firstChild[t]; c >= 0; c = nextSibling[c]) {
                int b = byteOf[c];
                if (pending[t] > 0 || b >= 0x80 || (b >= 0x20 && b != '"' && b != '\\')) {
                    edge(state, b, 2 + c);
                }
            }
            if (pending[t] > 0) {
                return; // inside a character: only its raw bytes
            }
            if (isValue[t]) {
                edge(state, '"', END);
            }
            if (firstChild[t] < 0) {
                return;
            }
            IntArrayList chars = new IntArrayList(); // (code point, node after it) pairs
            for (int c = firstChild[t]; c >= 0; c = nextSibling[c]) {
                int length = sequenceLength(byteOf[c]);
                collect(c, byteOf[c] & (length == 1 ? 0x7F : 0x7F >> length), chars);
            }
            int escape = newState();
            edge(state, '\\', escape);
            for (int i = 0; i < chars.size(); i += 2) {
                int cp = chars.getInt(i);
                for (int k = 0; k < SHORT_ESCAPE_VALUE.length; k++) {
                    if (SHORT_ESCAPE_VALUE[k] == cp) {
                        edge(escape, SHORT_ESCAPE_LETTER[k], 2 + chars.getInt(i + 1));
                    }
                }
            }
            int hex = newState();
            edge(escape, 'u', hex);
            // Hex-digit states by (surrogate pair's high half or 0, digits read, their value).
            Long2IntOpenHashMap digits = new Long2IntOpenHashMap();
            digits.defaultReturnValue(-1);
            for (int i = 0; i < chars.size(); i += 2) {
                int cp = chars.getInt(i);
                int after = 2 + chars.getInt(i + 1);
                if (cp < 0x10000) {
                    spellDigits(hex, 0, cp, after, digits);
                } else {
                    int high = 0xD800 + ((cp - 0x10000) >> 10);
                    int low = 0xDC00 + ((cp - 0x10000) & 0x3FF);
                    long key = ((long) high << 20) | (4 << 16);
                    int afterHigh = digits.get(key);
                    if (afterHigh < 0) {
                        int highRead = newState(); // reads the low half's backslash
                        spellDigits(hex, 0, high, highRead, digits);
                        int lowEscape = newState();
                        edge(highRead, '\\', lowEscape);
                        afterHigh = newState(); // reads the low half's digits
                        edge(lowEscape, 'u', afterHigh);
                        digits.put(key, afterHigh);
                    }
                    spellDigits(afterHigh, high, low, after, digits);
                }
            }
        }

        /** The (code point, node) pairs of the characters that begin at node c (its first byte read). */
        private void collect(int c, int value, IntArrayList chars) {
            if (pending[c] == 0) {
                chars.add(value);
                chars.add(c);
                return;
            }
            for (int g = firstChild[c]; g >= 0; g = nextSibling[g]) {
                collect(g, (value << 6) | (byteOf[g] & 0x3F), chars);
            }
        }

        /**
         * The path of the four hex digits of {@code value} from {@code from} (the state after
         * <code>&#92;u</code>; {@code scope} tells apart the low surrogates after different high
         * ones) to {@code to}, sharing the states of common prefixes.
         */
        private void spellDigits(int from, int scope, int value, int to, Long2IntOpenHashMap digits) {
            int at = from;
            for (int k = 1; k <= 3; k++) {
                int prefix = value >> (4 * (4 - k));
                long key = ((long) scope << 20) | (k << 16) | prefix;
                int next = digits.get(key);
                if (next < 0) {
                    next = newState();
                    digitEdge(at, prefix & 0xF, next);
                    digits.put(key, next);
                }
                at = next;
            }
            digitEdge(at, value & 0xF, to);
        }

        /** How many bytes the UTF-8 sequence that {@code lead} starts has (valid UTF-8 assumed). */
        private static int sequenceLength(int lead) {
            return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        }

        private void digitEdge(int from, int digit, int to) {
            if (digit < 10) {
                edge(from, '0' + digit, to);
            } else {
                edge(from, 'a' + digit - 10, to);
                edge(from, 'A' + digit - 10, to);
            }
        }
    }
}
