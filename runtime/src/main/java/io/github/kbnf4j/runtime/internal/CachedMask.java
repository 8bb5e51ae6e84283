package io.github.kbnf4j.runtime.internal;

import java.util.Arrays;

/**
 * A token mask as the mask cache keeps it: the union of a few <i>base</i> masks shared with the
 * terminal-state tables ({@link StateTokens#insideMask}: the tokens inside a terminal, usually
 * most of the vocabulary inside a string) plus a sorted list of the other allowed ids. The bases
 * are owned by the tables, so an entry costs only its own list: a few hundred bytes where a full
 * bit set of a 128k vocabulary costs 16 KiB. The cache then holds far more states, and misses
 * allocate far less. When the list would be long (more than a quarter of the bit set's words),
 * the entry keeps a private full bit set instead, which is faster to write.
 *
 * <p>Equality is by representation (the same base arrays, by identity, and the same list; or
 * equal private bit sets), which implies equal contents: the mask cache stores equal masks once.
 * The hash is of the contents.
 *
 * <p>Immutable (the bases are never written after their state was computed); thread-safe.
 */
public final class CachedMask {
    private static final long[][] NO_BASES = new long[0][];

    private final long[][] bases;
    private final int[] extras;
    /** The bytes of a base this entry owns (a private full copy), else 0. */
    private final long ownBytes;
    private final int hash;

    private CachedMask(long[][] bases, int[] extras, long ownBytes, int hash) {
        this.bases = bases;
        this.extras = extras;
        this.ownBytes = ownBytes;
        this.hash = hash;
    }

    /**
     * The representation of {@code mask} (its first {@code words} words) over the bases
     * {@code bases[0 .. baseCount)}, each of which must be a subset of the mask.
     */
    public static CachedMask of(long[] mask, int words, long[][] bases, int baseCount) {
        int hash = 1;
        int count = 0;
        for (int w = 0; w < words; w++) {
            hash = 31 * hash + Long.hashCode(mask[w]);
            count += Long.bitCount(mask[w] & ~covered(bases, baseCount, w));
        }
        if (count > words / 4) {
            // Setting that many bits one by one would cost more than copying a private bit set.
            return new CachedMask(new long[][] {Arrays.copyOf(mask, words)}, new int[0], 16L + 8L * words, hash);
        }
        int[] extras = new int[count];
        int k = 0;
        for (int w = 0; w < words; w++) {
            long bits = mask[w] & ~covered(bases, baseCount, w);
            while (bits != 0) {
                extras[k++] = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        return new CachedMask(baseCount == 0 ? NO_BASES : Arrays.copyOf(bases, baseCount), extras, 0, hash);
    }

    private static long covered(long[][] bases, int baseCount, int w) {
        long c = 0;
        for (int b = 0; b < baseCount; b++) {
            c |= bases[b][w];
        }
        return c;
    }

    /** Writes the mask into {@code mask[0 .. words)}. */
    public void writeTo(long[] mask, int words) {
        if (bases.length == 0) {
            Arrays.fill(mask, 0, words, 0L);
        } else {
            System.arraycopy(bases[0], 0, mask, 0, words);
            for (int b = 1; b < bases.length; b++) {
                long[] base = bases[b];
                for (int w = 0; w < words; w++) {
                    mask[w] |= base[w];
                }
            }
        }
        for (int id : extras) {
            mask[id >>> 6] |= 1L << id;
        }
    }

    /** The bytes this entry owns (shared bases are the tables'). */
    public long bytes() {
        return 16L + 16 + 8L * bases.length + 16 + 4L * extras.length + ownBytes;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof CachedMask) || ((CachedMask) o).hash != hash) {
            return false;
        }
        CachedMask other = (CachedMask) o;
        if (ownBytes != 0 || other.ownBytes != 0) {
            return ownBytes == other.ownBytes && Arrays.equals(bases[0], other.bases[0]);
        }
        if (bases.length != other.bases.length || !Arrays.equals(extras, other.extras)) {
            return false;
        }
        for (int b = 0; b < bases.length; b++) {
            if (bases[b] != other.bases[b]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
