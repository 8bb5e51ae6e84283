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
 * The hash is of the representation too (the bases' identities and the list, or the private bit
 * set's contents), so making an entry reads the mask's words only to find the extra ids.
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
     * Scratch space for {@link #of}, sized for masks of {@code words} words; one per matcher
     * (not thread-safe).
     */
    public static final class Scratch {
        final long[] union;
        /** The extra ids found so far; at most a quarter of the words' bits are ever kept. */
        final int[] ids;

        public Scratch(int words) {
            this.union = new long[words];
            this.ids = new int[words / 4 + 1];
        }
    }

    /**
     * The representation of {@code mask} (its first {@code words} words) over the bases
     * {@code bases[0 .. baseCount)}, each of which must be a subset of the mask.
     */
    public static CachedMask of(long[] mask, int words, long[][] bases, int baseCount, Scratch scratch) {
        // The union of the bases, once (plain word loops, which the JIT vectorizes), so that each
        // word below costs one load more rather than one per base.
        long[] union;
        if (baseCount == 0) {
            union = null;
        } else if (baseCount == 1) {
            union = bases[0];
        } else {
            union = scratch.union;
            System.arraycopy(bases[0], 0, union, 0, words);
            for (int b = 1; b < baseCount; b++) {
                long[] base = bases[b];
                for (int w = 0; w < words; w++) {
                    union[w] |= base[w];
                }
            }
        }
        // One pass collects the extra ids; past a quarter of the words it gives up for a private
        // copy, since setting that many bits one by one would cost more than copying a bit set.
        int[] ids = scratch.ids;
        int limit = words / 4;
        int count = 0;
        for (int w = 0; w < words; w++) {
            long bits = union == null ? mask[w] : mask[w] & ~union[w];
            while (bits != 0) {
                if (count == limit) {
                    long[] own = Arrays.copyOf(mask, words);
                    return new CachedMask(new long[][] {own}, new int[0], 16L + 8L * words, contentHash(own));
                }
                ids[count++] = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        int[] extras = Arrays.copyOf(ids, count);
        long[][] shared = baseCount == 0 ? NO_BASES : Arrays.copyOf(bases, baseCount);
        int hash = Arrays.hashCode(extras);
        for (long[] base : shared) {
            hash = 31 * hash + System.identityHashCode(base);
        }
        return new CachedMask(shared, extras, 0, hash);
    }

    /**
     * A hash of a bit set's words in four independent lanes: the usual {@code 31 * h + x} chain
     * waits for each multiply before the next, and a 128k vocabulary has 2,000 words.
     */
    private static int contentHash(long[] words) {
        int h0 = 1;
        int h1 = 0;
        int h2 = 0;
        int h3 = 0;
        int n = words.length;
        int w = 0;
        for (; w + 3 < n; w += 4) {
            h0 = 31 * h0 + Long.hashCode(words[w]);
            h1 = 31 * h1 + Long.hashCode(words[w + 1]);
            h2 = 31 * h2 + Long.hashCode(words[w + 2]);
            h3 = 31 * h3 + Long.hashCode(words[w + 3]);
        }
        for (; w < n; w++) {
            h0 = 31 * h0 + Long.hashCode(words[w]);
        }
        return ((h0 * 31 + h1) * 31 + h2) * 31 + h3;
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
