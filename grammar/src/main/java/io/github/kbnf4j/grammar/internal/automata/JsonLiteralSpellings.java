package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * Every JSON spelling of one string, quotes included, built directly as its canonical
 * {@link ByteDfa}: the automaton {@link JsonStringEncoding#quoted} makes of the string's literal
 * automaton, in time linear in the string's length instead of the general construction's
 * intersection with UTF-8, hash-consed escape states and minimization. Object keys and
 * {@code const}/{@code enum} strings are such literals, and each schema brings new ones.
 *
 * <h2>The automaton</h2>
 * For a string of characters c1..cn, position state P(i) lies before c(i+1): the start reads
 * {@code "} into P(0), P(n) reads {@code "} into the accepting end. From P(i) to P(i+1) there are
 * these paths, which share no state with another position's:
 * <ul>
 *   <li>c's UTF-8 bytes raw, through one state per byte after the first, unless c is {@code "},
 *       {@code \} or U+0000..U+001F;
 *   <li>{@code \} into an escape state E, then c's short escape letter where it has one
 *       ({@code " \ / b f n r t});
 *   <li>from E, {@code u} and four hex digits (letters in either case), through the states U1..U3
 *       after each digit, for a character of the Basic Multilingual Plane;
 *   <li>from E, for a supplementary character, {@code u} and the high surrogate's four digits, then
 *       <code>&#92;u</code> and the low surrogate's four digits (nine states between E and P(i+1)).
 * </ul>
 * It is deterministic (every state's bytes lead to one place each) and minimal: a state's right
 * language fixes the part of the string it still has to spell (P(i) the suffix from c(i+1), which
 * differ in length), and within one character's paths the states differ in what they read next
 * (a continuation byte, a letter after a backslash, how many hex digits before the next position).
 * So it is canonical once numbered breadth-first (bytes in order) and its bytes grouped into
 * classes of equal columns, which is what this class does; {@code JsonLiteralSpellingsProperties}
 * checks it equals the general construction, state numbering and byte classes included.
 *
 * <p>Complexity: O(n + 256) time and memory for n bytes of UTF-8; at most 15 states and 33
 * transitions per character. Stateless, thread-safe.
 */
public final class JsonLiteralSpellings {
    /** The short escapes: the letter after the backslash, and the character it stands for. */
    private static final char[] SHORT_ESCAPE_LETTER = {'"', '\\', '/', 'b', 'f', 'n', 'r', 't'};
    private static final int[] SHORT_ESCAPE_VALUE = {'"', '\\', '/', 0x08, 0x0C, 0x0A, 0x0D, 0x09};

    private static final int MAX_STATES_PER_CHARACTER = 15; // P, E, U0..U3, H4, H5, L0..L3, 3 raw bytes
    private static final int MAX_EDGES_PER_CHARACTER = 33; // 4 raw, \ letter u, 8 digits x 2 cases, \ u

    private JsonLiteralSpellings() {
    }

    /**
     * The JSON spellings of the string whose UTF-8 is {@code utf8}: equal to
     * {@code JsonStringEncoding.quoted(ByteDfa.literal(utf8), maxStates)}, which is the empty
     * language if {@code utf8} is not valid UTF-8 (an overlong form, an encoded surrogate, a code
     * point above U+10FFFF, a truncated or stray byte).
     *
     * @throws TooManyStatesException if the automaton has more than {@code maxStates} states
     */
    public static ByteDfa quoted(byte[] utf8, int maxStates) {
        int[] lengths = characterLengths(utf8);
        if (lengths == null) {
            return ByteDfa.emptyLanguage();
        }
        return new Builder(utf8, lengths.length).build(lengths, maxStates);
    }

    /**
     * The byte length of each UTF-8 character of {@code utf8} (a character of length k is
     * followed by k - 1 zeros in the array, which is as long as the input and whose trailing unused
     * slots are cut), or null if {@code utf8} is not valid UTF-8.
     */
    private static int[] characterLengths(byte[] utf8) {
        int[] lengths = new int[utf8.length];
        int count = 0;
        int i = 0;
        while (i < utf8.length) {
            int b = utf8[i] & 0xFF;
            int length;
            int cp;
            int min;
            if (b < 0x80) {
                length = 1;
                cp = b;
                min = 0;
            } else if (b >= 0xC2 && b <= 0xDF) {
                length = 2;
                cp = b & 0x1F;
                min = 0x80;
            } else if (b >= 0xE0 && b <= 0xEF) {
                length = 3;
                cp = b & 0x0F;
                min = 0x800;
            } else if (b >= 0xF0 && b <= 0xF4) {
                length = 4;
                cp = b & 0x07;
                min = 0x10000;
            } else {
                return null;
            }
            if (i + length > utf8.length) {
                return null;
            }
            for (int k = 1; k < length; k++) {
                int c = utf8[i + k] & 0xFF;
                if ((c & 0xC0) != 0x80) {
                    return null;
                }
                cp = (cp << 6) | (c & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                return null;
            }
            lengths[count++] = length;
            i += length;
        }
        return Arrays.copyOf(lengths, count);
    }

    /** One construction: the states and transitions as made, then renumbered canonically. */
    private static final class Builder {
        private final byte[] utf8;
        private int stateCount;
        private int edgeCount;
        private final int[] edgeFrom;
        private final int[] edgeByte;
        private final int[] edgeTo;

        Builder(byte[] utf8, int characters) {
            this.utf8 = utf8;
            int maxEdges = MAX_EDGES_PER_CHARACTER * characters + 2;
            edgeFrom = new int[maxEdges];
            edgeByte = new int[maxEdges];
            edgeTo = new int[maxEdges];
        }

        ByteDfa build(int[] lengths, int maxStates) {
            // States as made: 0 the start, 1 the end, 2 + i the position P(i); then the inner states.
            int n = lengths.length;
            stateCount = n + 3;
            edge(0, '"', 2);
            edge(2 + n, '"', 1);
            int at = 0;
            for (int i = 0; i < n; i++) {
                character(2 + i, 2 + i + 1, at, lengths[i]);
                at += lengths[i];
            }
            assert stateCount <= MAX_STATES_PER_CHARACTER * n + 3;
            if (stateCount > maxStates) {
                throw new TooManyStatesException(maxStates);
            }
            return canonical();
        }

        private int newState() {
            return stateCount++;
        }

        private void edge(int from, int b, int to) {
            edgeFrom[edgeCount] = from;
            edgeByte[edgeCount] = b;
            edgeTo[edgeCount] = to;
            edgeCount++;
        }

        /** The paths from {@code from} to {@code to} that spell the character at {@code utf8[at..]}. */
        private void character(int from, int to, int at, int length) {
            int cp = codePoint(at, length);
            if (cp >= 0x20 && cp != '"' && cp != '\\') {
                int s = from;
                for (int k = 0; k < length - 1; k++) {
                    int t = newState();
                    edge(s, utf8[at + k] & 0xFF, t);
                    s = t;
                }
                edge(s, utf8[at + length - 1] & 0xFF, to);
            }
            int escape = newState();
            edge(from, '\\', escape);
            for (int k = 0; k < SHORT_ESCAPE_VALUE.length; k++) {
                if (SHORT_ESCAPE_VALUE[k] == cp) {
                    edge(escape, SHORT_ESCAPE_LETTER[k], to);
                }
            }
            int digits = newState();
            edge(escape, 'u', digits);
            if (cp < 0x10000) {
                hexDigits(digits, cp, to);
            } else {
                int v = cp - 0x10000;
                int afterHigh = newState();
                hexDigits(digits, 0xD800 | (v >> 10), afterHigh);
                int backslash = newState();
                edge(afterHigh, '\\', backslash);
                int low = newState();
                edge(backslash, 'u', low);
                hexDigits(low, 0xDC00 | (v & 0x3FF), to);
            }
        }

        /** The four hex digits of {@code value} from {@code from} to {@code to}, letters in both cases. */
        private void hexDigits(int from, int value, int to) {
            int s = from;
            for (int shift = 12; shift >= 0; shift -= 4) {
                int t = shift == 0 ? to : newState();
                int d = (value >> shift) & 0xF;
                if (d < 10) {
                    edge(s, '0' + d, t);
                } else {
                    edge(s, 'A' + d - 10, t);
                    edge(s, 'a' + d - 10, t);
                }
                s = t;
            }
        }

        private int codePoint(int at, int length) {
            int b = utf8[at] & 0xFF;
            int cp = length == 1 ? b : b & (0x7F >> length);
            for (int k = 1; k < length; k++) {
                cp = (cp << 6) | (utf8[at + k] & 0x3F);
            }
            return cp;
        }

        /**
         * The canonical form: states numbered breadth-first from the start, each state's
         * transitions taken in byte order; bytes with equal columns in one class, classes numbered
         * by their first byte. Linear: the transitions are bucket-sorted by byte, then by state.
         */
        private ByteDfa canonical() {
            int s = stateCount;
            int e = edgeCount;
            // Bucket sort by byte, then (stably) by state: each state's transitions in byte order.
            int[] byByte = new int[e];
            int[] start = new int[257];
            for (int k = 0; k < e; k++) {
                start[edgeByte[k] + 1]++;
            }
            for (int b = 0; b < 256; b++) {
                start[b + 1] += start[b];
            }
            for (int k = 0; k < e; k++) {
                byByte[start[edgeByte[k]]++] = k;
            }
            int[] out = new int[s + 1];
            for (int k = 0; k < e; k++) {
                out[edgeFrom[k] + 1]++;
            }
            for (int q = 0; q < s; q++) {
                out[q + 1] += out[q];
            }
            int[] fill = Arrays.copyOf(out, s);
            int[] sorted = new int[e];
            for (int k : byByte) {
                sorted[fill[edgeFrom[k]]++] = k;
            }
            // Breadth-first numbering; order[i] is the state numbered i.
            int[] canon = new int[s];
            Arrays.fill(canon, -1);
            int[] order = new int[s];
            int found = 0;
            canon[0] = found;
            order[found++] = 0;
            for (int i = 0; i < found; i++) {
                int q = order[i];
                for (int x = out[q]; x < out[q + 1]; x++) {
                    int t = edgeTo[sorted[x]];
                    if (canon[t] < 0) {
                        canon[t] = found;
                        order[found++] = t;
                    }
                }
            }
            assert found == s : "every state is reachable";
            // Each byte's column: its (state, target) pairs in state order, flat by byte. The
            // bucket sort above left start[b] at the end of byte b's transitions, which is where
            // byte b + 1's column starts.
            int[] columnStart = new int[257];
            System.arraycopy(start, 0, columnStart, 1, 256);
            int[] columnFill = Arrays.copyOf(columnStart, 256);
            int[] column = new int[2 * e];
            for (int i = 0; i < s; i++) {
                int q = order[i];
                for (int x = out[q]; x < out[q + 1]; x++) {
                    int k = sorted[x];
                    int at = 2 * columnFill[edgeByte[k]]++;
                    column[at] = i;
                    column[at + 1] = canon[edgeTo[k]];
                }
            }
            // Classes of equal columns, numbered by first byte (the dead bytes' column is empty:
            // they join the first dead byte's class without a comparison).
            int[] classOf = new int[256];
            int[] classByte = new int[256];
            int[] classHash = new int[256];
            int classCount = 0;
            int deadClass = -1;
            for (int b = 0; b < 256; b++) {
                int from = 2 * columnStart[b];
                int to = 2 * columnStart[b + 1];
                if (from == to) {
                    if (deadClass < 0) {
                        deadClass = classCount;
                        classByte[classCount] = b;
                        classHash[classCount++] = 1;
                    }
                    classOf[b] = deadClass;
                    continue;
                }
                int hash = 1;
                for (int x = from; x < to; x++) {
                    hash = 31 * hash + column[x];
                }
                int c = 0;
                while (c < classCount && !(classHash[c] == hash && sameColumn(column, columnStart, classByte[c], b))) {
                    c++;
                }
                if (c == classCount) {
                    classByte[c] = b;
                    classHash[c] = hash;
                    classCount++;
                }
                classOf[b] = c;
            }
            int[] next = new int[s * classCount];
            Arrays.fill(next, -1);
            for (int k = 0; k < e; k++) {
                next[canon[edgeFrom[k]] * classCount + classOf[edgeByte[k]]] = canon[edgeTo[k]];
            }
            boolean[] accept = new boolean[s];
            accept[canon[1]] = true;
            return new ByteDfa(s, classCount, classOf, next, accept);
        }

        private static boolean sameColumn(int[] column, int[] columnStart, int a, int b) {
            return Arrays.equals(column, 2 * columnStart[a], 2 * columnStart[a + 1],
                    column, 2 * columnStart[b], 2 * columnStart[b + 1]);
        }
    }
}
