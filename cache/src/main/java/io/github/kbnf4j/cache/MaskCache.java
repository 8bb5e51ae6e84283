package io.github.kbnf4j.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import io.github.kbnf4j.earley.Frontier;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * Token masks by {@link Frontier}: the first layer of mask computation (DESIGN.md §5). Two
 * matchers whose recognizers have equal frontiers have equal masks, so a mask computed once is
 * reused for every later state with the same frontier, by any matcher of the same constraint.
 *
 * <p>The value type {@code M} is the caller's immutable representation of a mask (a bit set, or
 * something more compact); the caller says how many bytes one occupies. A Caffeine cache bounded
 * by weight in bytes (frozen key plus value), so its memory stays under the configured bound
 * whatever the traffic; entries are evicted by Caffeine's W-TinyLFU policy.
 *
 * <p>THREAD SAFETY: safe for concurrent use (Caffeine). Probing with a mutable {@link Frontier}
 * allocates nothing on a hit; {@link #put} freezes a copy of the key.
 *
 * @param <M> the cached mask representation; must be immutable
 */
public final class MaskCache<M> {
    private final Cache<Frontier, M> cache;
    private final long maximumBytes;

    /**
     * @param maximumBytes the most bytes the cached keys and masks may occupy together
     * @param maskBytes the bytes one mask occupies (what the cache owns of it)
     * @throws IllegalArgumentException if {@code maximumBytes} is not positive
     */
    public MaskCache(long maximumBytes, ToLongFunction<? super M> maskBytes) {
        if (maximumBytes <= 0) {
            throw new IllegalArgumentException("maximumBytes must be positive, was " + maximumBytes);
        }
        Objects.requireNonNull(maskBytes, "maskBytes");
        this.maximumBytes = maximumBytes;
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maximumBytes)
                .weigher((Frontier k, M v) -> (int) Math.min(Integer.MAX_VALUE, k.bytes() + maskBytes.applyAsLong(v)))
                .recordStats()
                .build();
    }

    /** The configured bound in bytes. */
    public long maximumBytes() {
        return maximumBytes;
    }

    /** The mask cached for {@code frontier}, or null on a miss. */
    public M get(Frontier frontier) {
        return cache.getIfPresent(frontier);
    }

    /** Caches {@code mask} under a frozen copy of {@code frontier}. */
    public void put(Frontier frontier, M mask) {
        cache.put(frontier.freeze(), Objects.requireNonNull(mask, "mask"));
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
