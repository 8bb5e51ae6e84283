package io.github.kbnf4j.grammar.internal.automata;

/**
 * Splits a range of scalar values into UTF-8 byte-range sequences (the idea of Lucene's
 * UTF32ToUTF8): each sequence is n byte ranges, and the union of their byte strings is exactly
 * the UTF-8 encodings of the range. Splitting first by encoded length makes the lower bounds
 * C2, E0 A0, F0 90 and the upper bounds ED 9F, F4 8F fall out naturally: no overlong forms and
 * no surrogates. At most a handful of sequences per range. Stateless, thread-safe.
 */
final class Utf8Ranges {
    /** Receives one sequence; the arrays are reused between calls. */
    interface SequenceConsumer {
        void accept(int length, int[] lo, int[] hi);
    }

    private static final int[] LENGTH_END = {0x7F, 0x7FF, 0xFFFF, 0x10FFFF};

    private Utf8Ranges() {
    }

    static void split(int lo, int hi, SequenceConsumer out) {
        assert lo >= 0 && hi <= CodePointSet.MAX && lo <= hi;
        int[] sl = new int[4];
        int[] sh = new int[4];
        int start = 0;
        for (int len = 1; len <= 4; len++) {
            int end = LENGTH_END[len - 1];
            int a = Math.max(lo, start);
            int b = Math.min(hi, end);
            if (a <= b) {
                // The caller's sets exclude surrogates; stay safe anyway.
                if (len == 3 && a <= 0xDFFF && b >= 0xD800) {
                    if (a < 0xD800) {
                        sameLength(encode(a, 3), encode(0xD7FF, 3), 0, 3, sl, sh, out);
                    }
                    if (b > 0xDFFF) {
                        sameLength(encode(0xE000, 3), encode(b, 3), 0, 3, sl, sh, out);
                    }
                } else {
                    sameLength(encode(a, len), encode(b, len), 0, len, sl, sh, out);
                }
            }
            start = end + 1;
        }
    }

    static int[] encode(int cp, int len) {
        switch (len) {
            case 1:
                return new int[] {cp};
            case 2:
                return new int[] {0xC0 | (cp >> 6), 0x80 | (cp & 0x3F)};
            case 3:
                return new int[] {0xE0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3F), 0x80 | (cp & 0x3F)};
            default:
                return new int[] {0xF0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3F), 0x80 | ((cp >> 6) & 0x3F),
                    0x80 | (cp & 0x3F)};
        }
    }

    /** Emits sequences for all byte strings between a and b (same length, same prefix before i). */
    private static void sameLength(int[] a, int[] b, int i, int len, int[] sl, int[] sh,
            SequenceConsumer out) {
        if (i == len - 1) {
            sl[i] = a[i];
            sh[i] = b[i];
            out.accept(len, sl, sh);
            return;
        }
        if (a[i] == b[i]) {
            sl[i] = a[i];
            sh[i] = a[i];
            sameLength(a, b, i + 1, len, sl, sh, out);
            return;
        }
        boolean aMin = tailIs(a, i + 1, 0x80);
        boolean bMax = tailIs(b, i + 1, 0xBF);
        int midLo = aMin ? a[i] : a[i] + 1;
        int midHi = bMax ? b[i] : b[i] - 1;
        if (!aMin) {
            int[] top = a.clone();
            for (int j = i + 1; j < len; j++) {
                top[j] = 0xBF;
            }
            sl[i] = a[i];
            sh[i] = a[i];
            sameLength(a, top, i + 1, len, sl, sh, out);
        }
        if (midLo <= midHi) {
            sl[i] = midLo;
            sh[i] = midHi;
            for (int j = i + 1; j < len; j++) {
                sl[j] = 0x80;
                sh[j] = 0xBF;
            }
            out.accept(len, sl, sh);
        }
        if (!bMax) {
            int[] bottom = b.clone();
            for (int j = i + 1; j < len; j++) {
                bottom[j] = 0x80;
            }
            sl[i] = b[i];
            sh[i] = b[i];
            sameLength(bottom, b, i + 1, len, sl, sh, out);
        }
    }

    private static boolean tailIs(int[] x, int from, int v) {
        for (int j = from; j < x.length; j++) {
            if (x[j] != v) {
                return false;
            }
        }
        return true;
    }
}
