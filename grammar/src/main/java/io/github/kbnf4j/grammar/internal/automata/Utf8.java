package io.github.kbnf4j.grammar.internal.automata;

/**
 * Strict UTF-8 validation (RFC 3629): no overlong forms, no surrogates (ED A0..BF), nothing above
 * U+10FFFF, no truncated sequences. Stateless and thread-safe; linear time, no allocation.
 */
public final class Utf8 {
    private Utf8() {
    }

    /** Whether {@code bytes} is entirely well-formed UTF-8. */
    public static boolean isValid(byte[] bytes) {
        return firstInvalidIndex(bytes) < 0;
    }

    /**
     * Index of the first byte of the first ill-formed sequence (for a truncated sequence, its lead
     * byte), or -1 if the input is valid.
     */
    public static int firstInvalidIndex(byte[] bytes) {
        int i = 0;
        int n = bytes.length;
        while (i < n) {
            int b = bytes[i] & 0xFF;
            if (b < 0x80) {
                i++;
                continue;
            }
            int len;
            int lo = 0x80;
            int hi = 0xBF;
            if (b >= 0xC2 && b <= 0xDF) {
                len = 2;
            } else if (b >= 0xE0 && b <= 0xEF) {
                len = 3;
                if (b == 0xE0) {
                    lo = 0xA0;
                } else if (b == 0xED) {
                    hi = 0x9F;
                }
            } else if (b >= 0xF0 && b <= 0xF4) {
                len = 4;
                if (b == 0xF0) {
                    lo = 0x90;
                } else if (b == 0xF4) {
                    hi = 0x8F;
                }
            } else {
                return i;
            }
            if (i + len > n) {
                return i;
            }
            int b1 = bytes[i + 1] & 0xFF;
            if (b1 < lo || b1 > hi) {
                return i;
            }
            for (int j = 2; j < len; j++) {
                int c = bytes[i + j] & 0xFF;
                if (c < 0x80 || c > 0xBF) {
                    return i;
                }
            }
            i += len;
        }
        return -1;
    }
}
