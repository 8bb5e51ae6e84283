package io.github.kbnf4j.runtime.internal;

import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;
import java.util.Arrays;

/**
 * The text tokens of a vocabulary, packed for the engine: one flat byte array holding every
 * id's bytes in id order, an offset per id, and a length per id that is {@code -1} for every id
 * that is not text (no bytes, special, end-of-sequence). Obtained from {@code Vocabulary.packed()};
 * nothing is copied, so building a token trie over 128k tokens reads these arrays directly.
 *
 * <p>Only ids with {@code length(id) >= 0} may be read; their lengths are at least 1.
 * {@link #byteAt(int, int)} checks the index only by {@code assert}: it is meant for loops that
 * already know the length.
 *
 * <p>Thread-safety: immutable (the arrays are never handed out), so shareable.
 */
public final class PackedTokens {
    private final byte[] data;
    /** {@code size + 1} entries; id's raw bytes are {@code data[offsets[id], offsets[id + 1])}. */
    private final int[] offsets;
    /** id -> number of text bytes, or -1 if the id is not text (its raw bytes, if any, are hidden). */
    private final int[] lengths;
    private final int textCount;
    private final int maxLength;

    /**
     * Wraps the arrays without copying them; the caller gives them up.
     *
     * @param data all bytes, in id order
     * @param offsets {@code lengths.length + 1} non-decreasing offsets into {@code data}
     * @param lengths per id, -1 or the length {@code offsets[id + 1] - offsets[id]} (at least 1)
     */
    public PackedTokens(byte[] data, int[] offsets, int[] lengths) {
        if (offsets.length != lengths.length + 1) {
            throw new IllegalArgumentException("offsets must have one entry more than lengths");
        }
        this.data = data;
        this.offsets = offsets;
        this.lengths = lengths;
        int count = 0;
        int max = 0;
        for (int id = 0; id < lengths.length; id++) {
            int len = lengths[id];
            if (len >= 0) {
                assert len > 0 && len == offsets[id + 1] - offsets[id] : "bad length of id " + id;
                count++;
                max = Math.max(max, len);
            }
        }
        this.textCount = count;
        this.maxLength = max;
    }

    /** The number of ids (the length of a mask). */
    public int size() {
        return lengths.length;
    }

    /** The number of ids that are text ({@code length(id) >= 0}). */
    public int textCount() {
        return textCount;
    }

    /** The length of the longest text token (0 if there is none). */
    public int maxLength() {
        return maxLength;
    }

    /** Whether {@code id} is text: it has bytes and is neither special nor end-of-sequence. */
    public boolean hasBytes(int id) {
        return lengths[id] >= 0;
    }

    /** The number of bytes of {@code id}, or -1 if it is not text. */
    public int length(int id) {
        return lengths[id];
    }

    /** Where {@code id}'s bytes start in the flat array (meaningful when {@code length(id) >= 0}). */
    public int offset(int id) {
        return offsets[id];
    }

    /** Byte {@code i} of text token {@code id}, {@code 0 <= i < length(id)} (checked by assert only). */
    public byte byteAt(int id, int i) {
        assert i >= 0 && i < lengths[id] : "byte " + i + " of id " + id + " (length " + lengths[id] + ")";
        return data[offsets[id] + i];
    }

    /** The byte at position {@code pos} of the flat array ({@code offset(id) + i} is byte {@code i} of id). */
    public byte flatByte(int pos) {
        return data[pos];
    }

    /** A copy of {@code id}'s bytes; empty if it is not text. */
    public byte[] copyOf(int id) {
        int len = lengths[id];
        if (len < 0) {
            return new byte[0];
        }
        int off = offsets[id];
        return Arrays.copyOfRange(data, off, off + len);
    }

    /** Copies the bytes of text token {@code id} into {@code dst} at {@code dstOff}; returns the count (0 if not text). */
    public int copyTo(int id, byte[] dst, int dstOff) {
        int len = lengths[id];
        if (len < 0) {
            return 0;
        }
        System.arraycopy(data, offsets[id], dst, dstOff, len);
        return len;
    }

    /**
     * Compares the bytes of two text tokens as unsigned strings (a proper prefix sorts first).
     * Both ids must be text.
     */
    public int compare(int a, int b) {
        int la = lengths[a];
        int lb = lengths[b];
        assert la >= 0 && lb >= 0 : "compare of non-text ids " + a + ", " + b;
        return Arrays.compareUnsigned(data, offsets[a], offsets[a] + la, data, offsets[b], offsets[b] + lb);
    }

    /** The length of the longest common prefix of the bytes of text tokens {@code a} and {@code b}. */
    public int commonPrefixLength(int a, int b) {
        int la = lengths[a];
        int lb = lengths[b];
        int m = Arrays.mismatch(data, offsets[a], offsets[a] + la, data, offsets[b], offsets[b] + lb);
        return m < 0 ? la : m;
    }

    /**
     * The text ids sorted by their bytes as unsigned strings, ties (ids with the same bytes) by
     * id: the order in which a trie is built. A new array on each call.
     */
    public int[] sortedTextIds() {
        // Sort by the first five bytes (radix-like, as primitive longs: prefix << 23 | id), then
        // order each run of equal prefixes by the full bytes; runs are short for real vocabularies.
        if (lengths.length > (1 << 23)) {
            throw new IllegalStateException("more than 2^23 ids");
        }
        long[] keys = new long[textCount];
        int n = 0;
        for (int id = 0; id < lengths.length; id++) {
            int len = lengths[id];
            if (len >= 0) {
                long prefix = 0;
                int off = offsets[id];
                for (int i = 0; i < 5; i++) {
                    prefix = prefix << 8 | (i < len ? data[off + i] & 0xFF : 0);
                }
                keys[n++] = prefix << 23 | id;
            }
        }
        Arrays.sort(keys);
        int[] ids = new int[n];
        for (int k = 0; k < n; k++) {
            ids[k] = (int) (keys[k] & ((1 << 23) - 1));
        }
        IntComparator byBytes = (x, y) -> {
            int c = compare(x, y);
            return c != 0 ? c : Integer.compare(x, y);
        };
        for (int from = 0; from < n; ) {
            int to = from + 1;
            while (to < n && keys[to] >>> 23 == keys[from] >>> 23) {
                to++;
            }
            if (to - from > 1) {
                IntArrays.quickSort(ids, from, to, byBytes);
            }
            from = to;
        }
        return ids;
    }
}
