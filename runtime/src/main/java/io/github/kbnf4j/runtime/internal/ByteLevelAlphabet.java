package io.github.kbnf4j.runtime.internal;

/**
 * GPT-2's byte-to-unicode table, used by byte-level BPE vocabularies (GPT-2, Llama-3, Qwen): each
 * byte of a token is written as one character, so that token strings are printable.
 *
 * <p>The 188 bytes {@code '!'..'~'}, {@code 0xA1..0xAC} and {@code 0xAE..0xFF} are written as the
 * character with the same number; the other 68 bytes ({@code 0x00..0x20}, {@code 0x7F..0xA0},
 * {@code 0xAD}), in increasing order, as {@code U+0100..U+0143}. So a space is {@code 'Ġ'}
 * ({@code U+0120}) and a newline {@code 'Ċ'} ({@code U+010A}). The table is a bijection between
 * the 256 bytes and 256 characters; every other character is outside it.
 *
 * <p>Thread-safety: stateless (immutable static tables).
 */
public final class ByteLevelAlphabet {
    /** One past the largest character of the table ({@code U+0143}). */
    static final int CHAR_LIMIT = 0x144;

    private static final char[] BYTE_TO_CHAR = new char[256];
    /** char -> byte (0..255), or -1 outside the table; indexed by char below {@link #CHAR_LIMIT}. */
    private static final short[] CHAR_TO_BYTE = new short[CHAR_LIMIT];

    static {
        java.util.Arrays.fill(CHAR_TO_BYTE, (short) -1);
        int next = 0x100;
        for (int b = 0; b < 256; b++) {
            char c = printable(b) ? (char) b : (char) next++;
            BYTE_TO_CHAR[b] = c;
            CHAR_TO_BYTE[c] = (short) b;
        }
        assert next == CHAR_LIMIT;
    }

    private ByteLevelAlphabet() {
    }

    private static boolean printable(int b) {
        return (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
    }

    /** The character that stands for byte {@code b} (0..255, or a signed byte). */
    public static char charOf(int b) {
        return BYTE_TO_CHAR[b & 0xFF];
    }

    /** The byte (0..255) that character {@code c} stands for, or -1 if {@code c} is not in the table. */
    public static int byteOf(char c) {
        return c < CHAR_LIMIT ? CHAR_TO_BYTE[c] : -1;
    }

    /** A byte string written with this table (the inverse of decoding; for tests and messages). */
    public static String encode(byte[] bytes) {
        char[] out = new char[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = charOf(bytes[i]);
        }
        return new String(out);
    }
}
