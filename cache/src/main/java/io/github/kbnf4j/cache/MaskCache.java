package io.github.kbnf4j.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import io.github.kbnf4j.earley.Frontier;
import java.util.Arrays;

/**
 * Token masks by {@link Frontier}: the first layer of mask computation (DESIGN.md §5). Two
 * matchers whose recognizers have equal frontiers have equal masks, so a mask computed once is
 * reused for every later state with the same frontier, by any matcher of the same constraint.
 *
 * <p>A Caffeine cache bounded by weight in bytes (frozen key plus mask), so its memory stays under
 * the configured bound whatever the traffic; entries are evicted by Caffeine's W-TinyLFU policy.
 * Stored masks are private copies and never handed out: {@link #copyInto} copies them.
 *
 * <p>THREAD SAFETY: safe for concurrent use (Caffeine). Probing with a mutable {@link Frontier}
 * allocates nothing on a hit; a miss followed by {@link #put} freezes a copy of the key.
 */
public final class MaskCache {
    private final Cache<Frontier, long[]> cache;
    private final long maximumBytes;

    /**
     * @param maximumBytes the most bytes the cached keys and masks may occupy together
     * @throws IllegalArgumentException if {@code maximumBytes} is not positive
     */
    public MaskCache(long maximumBytes) {
        if (maximumBytes <= 0) {
            throw new IllegalArgumentException("maximumBytes must be positive, was " + maximumBytes);
        }
        this.maximumBytes = maximumBytes;
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maximumBytes)
                .weigher((Frontier k, long[] v) -> (int) Math.min(Integer.MAX_VALUE, weight(k, v)))
                .recordStats()
                .build();
    }

    private static long weight(Frontier key, long[] mask) {
        return key.bytes() + 16L + 8L * mask.length;
    }

    /** The configured bound in bytes. */
    public long maximumBytes() {
        return maximumBytes;
    }

    /**
     * Copies the mask cached for {@code frontier} into {@code mask} (its first
     * {@code cached.length} words) and returns true, or returns false on a miss.
     */
    public boolean copyInto(Frontier frontier, long[] mask) {
        long[] cached = cache.getIfPresent(frontier);
        if (cached == null) {
            return false;
        }
        System.arraycopy(cached, 0, mask, 0, cached.length);
        return true;
    }

    /** Caches a copy of the first {@code words} words of {@code mask} under a frozen copy of {@code frontier}. */
    public void put(Frontier frontier, long[] mask, int words) {
        cache.put(frontier.freeze(), Arrays.copyOf(mask, words));
    }

    /** Hits, misses, evictions and the current size, since creation. */
    public MaskCacheStats stats() {
        CacheStats s = cache.stats();
        long weight = cache.policy().eviction().map(e -> e.weightedSize().orElse(0L)).orElse(0L);
        return new MaskCacheStats(s.hitCount(), s.missCount(), s.evictionCount(), cache.estimatedSize(), weight);
    }

    /** Drops every entry (statistics are kept). */
    public void clear() {
        cache.invalidateAll();
    }
}
