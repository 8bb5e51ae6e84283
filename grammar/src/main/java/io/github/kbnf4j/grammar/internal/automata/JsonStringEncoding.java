package io.github.kbnf4j.grammar.internal.automata;

import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JSON string literals (RFC 8259 §7) whose decoded value lies in a given language: the byte DFA
 * of {@code "..."} in every spelling of every value of L(content).
 *
 * <p>A character of the value may be written
 * <ul>
 *   <li>raw, as its UTF-8 bytes, unless it is {@code "}, {@code \} or U+0000..U+001F;
 *   <li>as a short escape where one exists: {@code \" \\ \/ \b \f \n \r \t};
 *   <li>as <code>&#92;uXXXX</code>, hex digits of either case, for a character of the Basic
 *       Multilingual Plane (not a surrogate);
 *   <li>as a surrogate pair <code>&#92;uD83D&#92;uDE00</code> (high D800..DBFF, then low DC00..DFFF,
 *       either case) for a supplementary character.
 * </ul>
 * A lone surrogate escape decodes to no Unicode scalar value and is rejected.
 *
 * <h2>Construction</h2>
 * The states of the result are: the start (before the opening quote), the end (after the closing
 * quote), one state per state of the content DFA (intersected with valid UTF-8 first), one
 * escape state per content state (after {@code \}), and the states inside <code>&#92;u</code>
 * escapes. Inside an escape, what matters of the hex digits read so far is only the function
 * "remaining digits → content state reached", so those states are hash-consed bottom-up by their
 * 16 children (digit values), and built from memoized keys that say what the function depends
 * on: the content state after the UTF-8 bytes that the digits read so far already determine,
 * plus the few bits read but not yet part of a whole byte (UTF-8 packs 6 bits per continuation
 * byte, hex digits 4). A high surrogate's states lead, after its four digits, to a state keyed by
 * the content state after the first two bytes of the supplementary character and two pending
 * bits; the low surrogate then completes the last two bytes.
 *
 * <p>Complexity: O(256) per content state for the raw bytes. Inside <code>&#92;u</code> escapes, a
 * memo key is (content state, UTF-8 length, digits read, pending bits), at most 41 keys per
 * content state, each built once with 16 children; the four blocks that mix lengths or hold
 * surrogates are split per content state, and the high surrogates cost O(1024) per distinct
 * combination of targets on the lead bytes F0..F4 among the content states where a 4-byte
 * character can start (the subtree depends on nothing else, so content states alike there share
 * it: in a typical content automaton, all of them). Measured sizes (content states → result
 * states): any string 8 → 22; strings of 2 to 40 characters 321 → 803; a 57-character literal
 * 60 → 343; an e-mail-like regex 25 → 199, each built in at most a few tens of milliseconds.
 *
 * <h2>Minimal as built</h2>
 * The result is not minimized (that was two fifths of the construction's time); it comes out
 * minimal. Content states: c is minimal (as every {@link ByteDfa}) and valid UTF-8, so two of its
 * states differ on some string w, and any spelling of w tells their result states apart, since a
 * spelling decodes to one value. Every other state is hash-consed by its transitions, bottom-up
 * from the content states: hex-digit states by their 16 children, escape states by their targets
 * on the short escapes and on {@code u}, the states after a high surrogate by the low surrogate's
 * digit state. And no state of one kind has the language of a state of another: only the end
 * accepts; a content state that reads anything reads a raw byte, a backslash or the closing quote;
 * an escape state always reads {@code u}, a hex-digit state only digits, and the two states after a
 * high surrogate only a backslash, then {@code u} followed by {@code D} and {@code C..F}, which no
 * escape state's digits start with (a low surrogate alone is refused). Every state built is
 * reachable and reaches the end. {@link Minimizer#ofMinimal} then only numbers the states
 * canonically, and with assertions on (the tests) checks the result against the minimizer; the
 * 2,468 quoted automata that the 11,305 MaskBench schemas need all came out minimal as built.
 *
 * <p>Stateless, thread-safe.
 */
public final class JsonStringEncoding {
    private static final int START = 0;
    private static final int END = 1;
    /** Content state q is result state {@code CONTENT_BASE + q}. */
    private static final int CONTENT_BASE = 2;

    /** The short escapes: the letter after the backslash, and the character it stands for. */
    private static final char[] SHORT_ESCAPE_LETTER = {'"', '\\', '/', 'b', 'f', 'n', 'r', 't'};
    private static final int[] SHORT_ESCAPE_VALUE = {'"', '\\', '/', 0x08, 0x0C, 0x0A, 0x0D, 0x09};

    // The UTF-8 encodings of 1, 2 and 3 bytes (index: length): per byte, the lowest code point
    // bit it carries, how many bits, and its fixed high bits.
    private static final int[][] LOW_BIT = {null, {0}, {6, 0}, {12, 6, 0}};
    private static final int[][] BIT_COUNT = {null, {7}, {5, 6}, {4, 6, 6}};
    private static final int[][] BYTE_PREFIX = {null, {0x00}, {0xC0, 0x80}, {0xE0, 0x80, 0x80}};
    /** How many low bits of the code point the encoding of each length holds. */
    private static final int[] PAYLOAD_BITS = {0, 7, 11, 16};

    /**
     * Where the memo slots of (UTF-8 length, digits read) start among a content state's
     * ({@code [4 * length + k]}): one slot per value of the pending bits.
     */
    private static final int[] MEMO_OFFSET = new int[16];
    /** The memo slots per content state. */
    private static final int MEMO_SLOTS;

    static {
        int slots = 0;
        for (int length = 1; length <= 3; length++) {
            for (int k = 0; k < 4; k++) {
                MEMO_OFFSET[4 * length + k] = slots;
                int unknownBits = 4 * (4 - k);
                int emitted = emittedBytes(length, k);
                int boundary = emitted == 0 ? PAYLOAD_BITS[length] : LOW_BIT[length][emitted - 1];
                slots += 1 << Math.max(0, boundary - unknownBits);
            }
        }
        MEMO_SLOTS = slots;
    }

    /**
     * Where the result's table cuts the bytes besides the content's own runs: at the first byte
     * after the controls, and around every byte the escapes read alone (the quote, the backslash,
     * the short escape letters, {@code u}, the hex digits), so each of those is a column of its own.
     */
    private static final int[] OWN_COLUMNS = ownColumns();

    private static int[] ownColumns() {
        java.util.TreeSet<Integer> cuts = new java.util.TreeSet<>();
        cuts.add(0x20);
        String alone = "\"\\/bfnrtu0123456789abcdefABCDEF";
        for (char ch : alone.toCharArray()) {
            cuts.add((int) ch);
            cuts.add(ch + 1);
        }
        return cuts.stream().mapToInt(Integer::intValue).toArray();
    }

    private JsonStringEncoding() {
    }

    /**
     * The JSON string literals, quotes included, whose decoded value (as UTF-8) is in L(content),
     * in every valid spelling (see the class comment). {@code content} is intersected with
     * valid UTF-8 first, so any bytes it accepts that are not valid UTF-8 are ignored.
     *
     * @throws TooManyStatesException if the result (which is built minimal) has more than
     *     {@code maxStates} states
     */
    public static ByteDfa quoted(ByteDfa content, int maxStates) {
        ByteDfa utf8 = Constructions.validUtf8();
        // Most contents are valid UTF-8 already (complements and patterns are built over it): then
        // the intersection is the content itself, and a walk that builds nothing says so.
        ByteDfa c = BooleanOperations.isSubset(content, utf8, maxStates) ? content
                : BooleanOperations.intersection(content, utf8, maxStates);
        if (c.isEmptyLanguage()) {
            return ByteDfa.emptyLanguage();
        }
        return new Builder(c, maxStates).build();
    }

    /**
     * Every JSON spelling of the one string {@code value}, quotes included: {@link #quoted} of its
     * literal automaton, built directly by {@link JsonLiteralSpellings} in time linear in the length
     * of {@code value}.
     *
     * @throws IllegalArgumentException if {@code value} holds a lone surrogate (no JSON text
     *     decodes to it)
     */
    public static ByteDfa quotedLiteral(String value) {
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            if (Character.isHighSurrogate(ch) && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(ch)) {
                throw new IllegalArgumentException(String.format(
                        "string holds a lone surrogate U+%04X at index %d", (int) ch, i));
            }
        }
        return JsonLiteralSpellings.quoted(value.getBytes(StandardCharsets.UTF_8), Integer.MAX_VALUE);
    }

    /** One construction: the table being filled and the memo tables of the escape states. */
    private static final class Builder {
        private static final int NONE = -2;

        private final ByteDfa c;
        private final int maxStates;
        private final TableBuilder table;
        private int count;
        // The memo maps return NONE for an absent key (-1 is a value: "dead"); primitive values,
        // since the keys are looked up hundreds of times per content state.
        /** Hex-digit states by their 16 children (state or -1 per digit value). */
        private final Object2IntOpenHashMap<IntArrayKey> hexStates = new Object2IntOpenHashMap<>();
        /** Escape states (after a backslash) by their targets on the short escapes, then on 'u'. */
        private final Object2IntOpenHashMap<IntArrayKey> escapeStates = new Object2IntOpenHashMap<>();
        /**
         * The memo of {@link #uniformNode}: the state plus 2 (0: not built yet) for content state q,
         * UTF-8 length, digits read k and pending bits at {@code q * MEMO_SLOTS + MEMO_OFFSET[4 *
         * length + k] + pending}. An array, not a map: it is read hundreds of times per content
         * state, and it has 47 slots per content state.
         */
        private final int[] uniform;
        /** (content state after two bytes, pending bits) -> state after a high surrogate, or -1. */
        private final Long2IntOpenHashMap afterHigh = primitiveMap();
        /** The state after a high surrogate, by the state that reads the low one's digits. */
        private final Int2IntOpenHashMap afterHighByLowDigits = new Int2IntOpenHashMap();
        /**
         * (first two digits of a high surrogate, content state's targets on F0..F4) -> the state
         * after those two digits, or -1; see {@link #highSurrogateNode}.
         */
        private final Object2IntOpenHashMap<IntArrayKey> highSurrogateBlocks = new Object2IntOpenHashMap<>();

        Builder(ByteDfa c, int maxStates) {
            this.c = c;
            this.maxStates = maxStates;
            this.table = new TableBuilder(ByteColumns.of(c, OWN_COLUMNS));
            this.uniform = new int[c.stateCount() * MEMO_SLOTS];
            highSurrogateBlocks.defaultReturnValue(NONE);
            hexStates.defaultReturnValue(NONE);
            escapeStates.defaultReturnValue(NONE);
        }

        ByteDfa build() {
            int n = c.stateCount();
            for (int i = 0; i < CONTENT_BASE + n; i++) {
                newState();
            }
            table.set(START, '"', CONTENT_BASE);
            table.accept(END, true);
            int[] runs = c.classRuns(); // (first byte, class) pairs, then 256
            for (int q = 0; q < n; q++) {
                int from = CONTENT_BASE + q;
                // The raw bytes: all but the controls, the quote and the backslash, a run at a time.
                for (int k = 0; k < runs.length - 1; k += 2) {
                    int t = c.nextOfClass(q, runs[k + 1]);
                    int lo = Math.max(runs[k], 0x20);
                    int hi = runs[k + 2] - 1;
                    if (t >= 0 && lo <= hi) {
                        table.set(from, lo, hi, CONTENT_BASE + t);
                    }
                }
                table.set(from, '"', -1);
                table.set(from, '\\', -1);
                if (c.isAccepting(q)) {
                    table.set(from, '"', END);
                }
                int escape = escapeState(q);
                if (escape >= 0) {
                    table.set(from, '\\', escape);
                }
            }
            // Minimal as built (checked against the minimizer when assertions are on): the content
            // states are c's, which is minimal, and every other state is hash-consed by its
            // transitions, so two states with the same language are the same state; see the class
            // comment.
            return table.ofMinimal(count);
        }

        private static Long2IntOpenHashMap primitiveMap() {
            Long2IntOpenHashMap m = new Long2IntOpenHashMap();
            m.defaultReturnValue(NONE);
            return m;
        }

        private int newState() {
            if (count >= maxStates) {
                throw new TooManyStatesException(maxStates);
            }
            table.addState(count);
            return count++;
        }

        /** The state after a backslash in content state q, or -1 if no escape can follow. */
        private int escapeState(int q) {
            if (!startsCharacters(q)) {
                return -1; // inside a multi-byte character: an escape is a whole character
            }
            int[] shortTargets = new int[SHORT_ESCAPE_LETTER.length];
            boolean any = false;
            for (int i = 0; i < shortTargets.length; i++) {
                shortTargets[i] = c.next(q, SHORT_ESCAPE_VALUE[i]);
                any |= shortTargets[i] >= 0;
            }
            int digits = hexNode(q, 0, 0);
            if (!any && digits < 0) {
                return -1;
            }
            // Content states alike on every whole character share their escape state (those of a
            // digit string read every digit alike, and its escapes can spell only digits): the
            // result must come out minimal, see build().
            int[] key = Arrays.copyOf(shortTargets, shortTargets.length + 1);
            key[shortTargets.length] = digits;
            IntArrayKey escapeKey = new IntArrayKey(key);
            int known = escapeStates.getInt(escapeKey);
            if (known != NONE) {
                return known;
            }
            int escape = newState();
            escapeStates.put(escapeKey, escape);
            for (int i = 0; i < shortTargets.length; i++) {
                if (shortTargets[i] >= 0) {
                    table.set(escape, SHORT_ESCAPE_LETTER[i], CONTENT_BASE + shortTargets[i]);
                }
            }
            if (digits >= 0) {
                table.set(escape, 'u', digits);
            }
            return escape;
        }

        /** Whether some byte that starts a UTF-8 character leaves q. */
        private boolean startsCharacters(int q) {
            int[] runs = c.classRuns();
            for (int k = 0; k < runs.length - 1; k += 2) {
                // A run holds a byte that is no continuation byte (10xxxxxx) unless it lies in 80..BF.
                boolean starts = runs[k] < 0x80 || runs[k + 2] > 0xC0;
                if (starts && c.nextOfClass(q, runs[k + 1]) >= 0) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The state after <code>&#92;u</code> and the {@code k} hex digits of value {@code p}, in
         * content state q: the digits still due select a code point of the block
         * {@code p << 4(4-k) ..}. A block of one UTF-8 length without surrogates goes to the
         * memoized {@link #uniformNode}; only the blocks that mix lengths or surrogates (four of
         * them) are split here, digit by digit.
         */
        private int hexNode(int q, int k, int p) {
            int unknownBits = 4 * (4 - k);
            int lo = p << unknownBits;
            int hi = lo | ((1 << unknownBits) - 1);
            if (lo >= 0xDC00 && hi <= 0xDFFF) {
                return -1; // a low surrogate first is a lone surrogate
            }
            if (lo >= 0xD800 && hi <= 0xDBFF) {
                return highSurrogateNode(q, k, p);
            }
            if (hi < 0xD800 || lo > 0xDFFF) {
                int length = utf8Length(lo);
                if (length == utf8Length(hi)) {
                    int bits = p << unknownBits;
                    int emitted = emittedBytes(length, k);
                    int s = step(q, length, 0, emitted, bits);
                    return s < 0 ? -1 : uniformNode(s, length, k, pendingBits(length, emitted, bits, unknownBits));
                }
            }
            int[] children = new int[16];
            for (int d = 0; d < 16; d++) {
                children[d] = hexNode(q, k + 1, (p << 4) | d);
            }
            return hexState(children);
        }

        /**
         * The state inside a <code>&#92;u</code> escape of a code point of UTF-8 length
         * {@code length} after {@code k} digits, where q is the content state after the bytes
         * those digits determine and {@code pending} the digits' bits not yet in a whole byte.
         * These three numbers determine the state, hence the memo. After four digits it is the
         * content state.
         */
        private int uniformNode(int q, int length, int k, int pending) {
            if (k == 4) {
                return CONTENT_BASE + q;
            }
            int slot = q * MEMO_SLOTS + MEMO_OFFSET[4 * length + k] + pending;
            if (uniform[slot] != 0) {
                return uniform[slot] - 2;
            }
            int unknownBits = 4 * (4 - (k + 1));
            int from = emittedBytes(length, k);
            int to = emittedBytes(length, k + 1);
            int[] children = new int[16];
            for (int d = 0; d < 16; d++) {
                int bits = ((pending << 4) | d) << unknownBits;
                int s = step(q, length, from, to, bits);
                children[d] = s < 0 ? -1 : uniformNode(s, length, k + 1, pendingBits(length, to, bits, unknownBits));
            }
            int id = hexState(children);
            uniform[slot] = id + 2;
            return id;
        }

        /**
         * The state after {@code k} (2..4) digits of a high surrogate with value prefix
         * {@code p}. After all four, the first two bytes of the supplementary character are known
         * (they depend on the high surrogate's bits 9..2 only), and two bits are pending for the
         * third.
         */
        private int highSurrogateNode(int q, int k, int p) {
            if (k == 4) {
                int h = p - 0xD800;
                int top = 0x10 + (h >> 2); // code point bits 20..12: 0x10000 + (h << 10) + low
                int s = c.next(q, 0xF0 | (top >> 6));
                s = s < 0 ? -1 : c.next(s, 0x80 | (top & 0x3F));
                return s < 0 ? -1 : afterHighSurrogate(s, h & 3);
            }
            if (!startsFourByteCharacters(q)) {
                return -1;
            }
            if (k == 2) {
                // Below here only q's targets on the lead bytes F0..F4 are read, and every state is
                // hash-consed, so content states alike on those bytes get the same subtree: build it
                // once (a complement of key names has hundreds of such states, 1,024 leaves each).
                IntArrayKey key = new IntArrayKey(new int[] {p, c.next(q, 0xF0), c.next(q, 0xF1), c.next(q, 0xF2),
                    c.next(q, 0xF3), c.next(q, 0xF4)});
                int known = highSurrogateBlocks.getInt(key);
                if (known != NONE) {
                    return known;
                }
                int id = highSurrogateChildren(q, k, p);
                highSurrogateBlocks.put(key, id);
                return id;
            }
            return highSurrogateChildren(q, k, p);
        }

        private int highSurrogateChildren(int q, int k, int p) {
            int[] children = new int[16];
            for (int d = 0; d < 16; d++) {
                children[d] = highSurrogateNode(q, k + 1, (p << 4) | d);
            }
            return hexState(children);
        }

        private boolean startsFourByteCharacters(int q) {
            for (int b = 0xF0; b <= 0xF4; b++) {
                if (c.next(q, b) >= 0) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The state after a whole high surrogate escape: {@code \}, {@code u}, then the low
         * surrogate's digits {@code D}, {@code C..F} and two more. q is the content state after
         * the first two bytes of the character, {@code pending} the code point's bits 11..10.
         * The low surrogate's first two digits give bits 9..8, so that after them the state is
         * the one of a 3-byte character after two digits (bits 11..8 pending).
         */
        private int afterHighSurrogate(int q, int pending) {
            long key = ((long) q << 2) | pending;
            int known = afterHigh.get(key);
            if (known != NONE) {
                return known;
            }
            int[] second = new int[16];
            Arrays.fill(second, -1);
            for (int d = 0xC; d <= 0xF; d++) {
                second[d] = uniformNode(q, 3, 2, (pending << 2) | (d - 0xC));
            }
            int[] first = new int[16];
            Arrays.fill(first, -1);
            first[0xD] = hexState(second);
            int lowDigits = hexState(first);
            int id = -1;
            if (lowDigits >= 0) {
                int shared = afterHighByLowDigits.getOrDefault(lowDigits, NONE);
                if (shared == NONE) {
                    int u = newState();
                    table.set(u, 'u', lowDigits);
                    shared = newState();
                    table.set(shared, '\\', u);
                    afterHighByLowDigits.put(lowDigits, shared);
                }
                id = shared;
            }
            afterHigh.put(key, id);
            return id;
        }

        /**
         * The state reading one hex digit into {@code children} (by digit value), or -1 if all are
         * dead. Keeps {@code children} as its memo key: callers pass a new array.
         */
        private int hexState(int[] children) {
            boolean any = false;
            for (int t : children) {
                any |= t >= 0;
            }
            if (!any) {
                return -1;
            }
            IntArrayKey key = new IntArrayKey(children);
            int known = hexStates.getInt(key);
            if (known != NONE) {
                return known;
            }
            int id = newState();
            for (int d = 0; d < 16; d++) {
                if (children[d] >= 0) {
                    if (d < 10) {
                        table.set(id, '0' + d, children[d]);
                    } else {
                        table.set(id, 'a' + d - 10, children[d]);
                        table.set(id, 'A' + d - 10, children[d]);
                    }
                }
            }
            hexStates.put(key, id);
            return id;
        }

        /**
         * Steps content state q through bytes {@code from..to-1} of the {@code length}-byte
         * encoding of a code point whose bits those bytes carry are in {@code bits}; -1 if dead.
         */
        private int step(int q, int length, int from, int to, int bits) {
            int s = q;
            for (int i = from; i < to && s >= 0; i++) {
                int payload = (bits >> LOW_BIT[length][i]) & ((1 << BIT_COUNT[length][i]) - 1);
                s = c.next(s, BYTE_PREFIX[length][i] | payload);
            }
            return s;
        }
    }

    /** How many bytes of a {@code length}-byte encoding the first {@code k} hex digits determine. */
    private static int emittedBytes(int length, int k) {
        int known = 16 - 4 * k; // bits below this are not read yet
        int n = 0;
        while (n < length && LOW_BIT[length][n] >= known) {
            n++;
        }
        return n;
    }

    /**
     * The bits of {@code bits} (known down to bit {@code unknownBits}) that the first
     * {@code emitted} bytes do not carry, shifted down to bit 0.
     */
    private static int pendingBits(int length, int emitted, int bits, int unknownBits) {
        int boundary = emitted == 0 ? PAYLOAD_BITS[length] : LOW_BIT[length][emitted - 1];
        return (bits & ((1 << boundary) - 1)) >> unknownBits;
    }

    private static int utf8Length(int cp) {
        return cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
    }
}
