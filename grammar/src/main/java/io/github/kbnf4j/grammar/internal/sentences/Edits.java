package io.github.kbnf4j.grammar.internal.sentences;

/**
 * Byte edits that turn a sentence into a near miss: insert a byte, delete one, replace one, or
 * truncate. An edit is three choices (numbers in {@code 0 ..} {@link SentenceGenerator#CHOICE_RANGE}
 * {@code - 1}, like the generator's): the kind (replace, insert and delete three times as likely as
 * truncate; choice 0 is a replace), the position (scaled to the input's length), and the byte. An
 * inserted or replacing byte is a neighbour ({@code ±1}) of the byte it replaces or follows, a copy
 * of another byte of the input, a byte with a special role in many grammars or in UTF-8 (quote,
 * backslash, space, newline, {@code 0x00}, {@code 0x7F}, and {@code 0x80 0xBF 0xC0 0xC1 0xF5 0xFF}),
 * or any byte: the top two bits of the byte choice say which, the rest which one. Smaller choices
 * give nearer edits, so shrinking the choices shrinks the edit.
 *
 * <p>Thread-safe: stateless.
 */
public final class Edits {
    /** Choices per edit. */
    public static final int CHOICES_PER_EDIT = 3;

    private static final int RANGE = SentenceGenerator.CHOICE_RANGE;
    private static final int BITS = SentenceGenerator.CHOICE_BITS;
    /** Bytes that play a role in many grammars or in UTF-8. */
    private static final byte[] SPECIAL_BYTES = {
        '"', '\\', ' ', '\n', 0x00, 0x7F, (byte) 0x80, (byte) 0xBF, (byte) 0xC0, (byte) 0xC1, (byte) 0xF5, (byte) 0xFF};

    private Edits() {
    }

    /**
     * {@code input} (not changed) with the edits {@code edits} applied in order: edit {@code i} is
     * {@code edits[3i .. 3i+3)}; a trailing incomplete triple is ignored.
     */
    public static byte[] apply(byte[] input, int[] edits) {
        byte[] s = input.clone();
        for (int e = 0; e + CHOICES_PER_EDIT <= edits.length; e += CHOICES_PER_EDIT) {
            int kind = scale(edits[e], 10);
            int where = edits[e + 1] & (RANGE - 1);
            int what = edits[e + 2] & (RANGE - 1);
            int n = s.length;
            if (kind < 3) { // replace
                if (n > 0) {
                    int at = scale(where, n);
                    s[at] = pickByte(what, s, s[at]);
                }
            } else if (kind < 6) { // insert
                int at = scale(where, n + 1);
                int near = n == 0 ? 'a' : s[at == 0 ? 0 : at - 1];
                byte[] longer = new byte[n + 1];
                System.arraycopy(s, 0, longer, 0, at);
                longer[at] = pickByte(what, s, near);
                System.arraycopy(s, at, longer, at + 1, n - at);
                s = longer;
            } else if (kind < 9) { // delete
                if (n > 0) {
                    int at = scale(where, n);
                    byte[] shorter = new byte[n - 1];
                    System.arraycopy(s, 0, shorter, 0, at);
                    System.arraycopy(s, at + 1, shorter, at, n - at - 1);
                    s = shorter;
                }
            } else { // truncate
                s = java.util.Arrays.copyOf(s, scale(where, n));
            }
        }
        return s;
    }

    /** {@code choice} scaled to {@code 0 .. n-1} (0 when {@code n <= 0}). */
    public static int scale(int choice, int n) {
        return n <= 0 ? 0 : (int) (((long) (choice & (RANGE - 1)) * n) / RANGE);
    }

    /** A byte for an insert or replace: a neighbour of {@code near}, a byte of {@code s}, a special byte, or any byte. */
    private static byte pickByte(int what, byte[] s, int near) {
        int how = what >>> (BITS - 2);
        int rest = what & ((1 << (BITS - 2)) - 1);
        switch (how) {
            case 0:
                return (byte) (near + ((rest & 1) == 0 ? 1 : -1));
            case 1:
                return s.length == 0 ? (byte) near : s[rest % s.length];
            case 2:
                return SPECIAL_BYTES[rest % SPECIAL_BYTES.length];
            default:
                return (byte) rest;
        }
    }
}
