package io.github.kbnf4j.runtime.internal;

/**
 * What a loader hands to {@code Vocabulary}: every id's raw bytes packed in id order, the
 * declared special ids and the end-of-sequence ids. Built by {@link TokenTableBuilder}.
 *
 * <p>Internal: the arrays are shared, not copied, and must not be modified; {@code Vocabulary}
 * takes them over as they are. Thread-safety: immutable once built.
 */
public final class TokenTable {
    private final byte[] data;
    /** {@code size + 1} entries: id's bytes are {@code data[offsets[id], offsets[id + 1])}, empty for an id without bytes. */
    private final int[] offsets;
    /** One bit per id, {@code (bits[id >>> 6] >>> id) & 1}: declared special (EOS ids are listed apart). */
    private final long[] special;
    /** Sorted, distinct. */
    private final int[] eosIds;

    TokenTable(byte[] data, int[] offsets, long[] special, int[] eosIds) {
        this.data = data;
        this.offsets = offsets;
        this.special = special;
        this.eosIds = eosIds;
    }

    /** The number of ids. */
    public int size() {
        return offsets.length - 1;
    }

    /** All bytes, in id order (shared: do not modify). */
    public byte[] data() {
        return data;
    }

    /** {@link #size()} + 1 offsets into {@link #data()} (shared: do not modify). */
    public int[] offsets() {
        return offsets;
    }

    /** Declared special ids as a bit set of {@code (size + 63) / 64} words (shared: do not modify). */
    public long[] specialBits() {
        return special;
    }

    /** End-of-sequence ids, sorted and distinct (shared: do not modify). */
    public int[] eosIds() {
        return eosIds;
    }
}
