package io.github.kbnf4j.runtime.internal;

import java.util.Arrays;

/**
 * Collects token bytes by id, in any order, and packs them into a {@link TokenTable}.
 *
 * <p>Setting an id again replaces its bytes (the old bytes stay in the buffer until
 * {@link #build()} repacks in id order). An empty byte string is the same as no bytes: a token
 * that produces nothing could be chosen forever without moving the text on. Ids are at most
 * {@link #MAX_IDS}; the table grows to the largest id seen plus one, ids never set have no bytes.
 *
 * <p>Not thread-safe; one builder per load.
 */
public final class TokenTableBuilder {
    /** The largest number of ids a vocabulary may have (real ones have at most a few hundred thousand). */
    public static final int MAX_IDS = 1 << 24;

    private byte[] data;
    private int dataLength;
    /** id -> start in {@link #data}. */
    private int[] starts;
    /** id -> length in {@link #data}; 0 = no bytes. */
    private int[] lengths;
    private int size;
    private long[] special;
    private int[] eos = new int[4];
    private int eosCount;

    /** A builder sized for about {@code expectedIds} ids of about 8 bytes each (it grows as needed). */
    public TokenTableBuilder(int expectedIds) {
        int n = Math.max(16, Math.min(expectedIds, MAX_IDS));
        starts = new int[n];
        lengths = new int[n];
        special = new long[(n + 63) >>> 6];
        data = new byte[Math.max(256, n * 8)];
    }

    /** The number of ids so far: the largest id seen plus one. */
    public int size() {
        return size;
    }

    /**
     * Makes the table cover ids {@code 0..n-1} (new ids have no bytes).
     *
     * @throws IllegalArgumentException if {@code n > MAX_IDS}
     */
    public void ensureSize(int n) {
        if (n > MAX_IDS) {
            throw new IllegalArgumentException("token id " + (n - 1) + " is beyond the largest supported id " + (MAX_IDS - 1));
        }
        if (n > starts.length) {
            int cap = (int) Math.min(MAX_IDS, Math.max((long) n, starts.length * 2L));
            starts = Arrays.copyOf(starts, cap);
            lengths = Arrays.copyOf(lengths, cap);
            special = Arrays.copyOf(special, (cap + 63) >>> 6);
        }
        if (n > size) {
            size = n;
        }
    }

    private void checkId(int id) {
        if (id < 0) {
            throw new IllegalArgumentException("token id " + id + " is negative");
        }
        ensureSize(id + 1);
    }

    /** Sets (or replaces) the bytes of {@code id} to {@code src[off, off + len)}; {@code len == 0} clears them. */
    public void set(int id, byte[] src, int off, int len) {
        checkId(id);
        if (len == 0) {
            lengths[id] = 0;
            return;
        }
        if (dataLength + len > data.length) {
            long cap = Math.max((long) dataLength + len, data.length * 2L);
            if (cap > Integer.MAX_VALUE - 16) {
                throw new IllegalArgumentException("token bytes exceed 2 GiB in total");
            }
            data = Arrays.copyOf(data, (int) cap);
        }
        System.arraycopy(src, off, data, dataLength, len);
        starts[id] = dataLength;
        lengths[id] = len;
        dataLength += len;
    }

    /** Makes {@code id} exist without bytes (removing any it had). */
    public void clearBytes(int id) {
        checkId(id);
        lengths[id] = 0;
    }

    /** Whether {@code id} currently has bytes. */
    public boolean hasBytes(int id) {
        return id >= 0 && id < size && lengths[id] > 0;
    }

    /** Declares {@code id} special (never text). */
    public void markSpecial(int id) {
        checkId(id);
        special[id >>> 6] |= 1L << id;
    }

    /** Whether {@code id} was declared special. */
    public boolean isSpecial(int id) {
        return id >= 0 && id < size && (special[id >>> 6] & (1L << id)) != 0;
    }

    /** Adds an end-of-sequence id (duplicates are dropped by {@link #build()}). */
    public void addEos(int id) {
        checkId(id);
        if (eosCount == eos.length) {
            eos = Arrays.copyOf(eos, eosCount * 2);
        }
        eos[eosCount++] = id;
    }

    /** Packs what was collected, in id order. The builder must not be used afterwards. */
    public TokenTable build() {
        int total = 0;
        for (int id = 0; id < size; id++) {
            total += lengths[id];
        }
        byte[] packed = new byte[total];
        int[] offsets = new int[size + 1];
        int pos = 0;
        for (int id = 0; id < size; id++) {
            offsets[id] = pos;
            int len = lengths[id];
            System.arraycopy(data, starts[id], packed, pos, len);
            pos += len;
        }
        offsets[size] = pos;
        long[] bits = Arrays.copyOf(special, (size + 63) >>> 6); // no bit at or beyond size is ever set
        int[] e = Arrays.copyOf(eos, eosCount);
        Arrays.sort(e);
        int n = 0;
        for (int i = 0; i < e.length; i++) {
            if (n == 0 || e[n - 1] != e[i]) {
                e[n++] = e[i];
            }
        }
        data = null;
        return new TokenTable(packed, offsets, bits, Arrays.copyOf(e, n));
    }
}
