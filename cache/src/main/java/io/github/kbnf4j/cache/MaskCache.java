package io.github.kbnf4j.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.kbnf4j.earley.Frontier;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;

/**
 * Token masks by {@link Frontier}: the first layer of mask computation (the README's "How it works" (Masks)). Two
 * matchers whose recognizers have equal frontiers have equal masks, so a mask computed once is
 * reused for every later state with the same frontier, by any matcher of the same constraint.
 *
 * <p>The value type {@code M} is the caller's immutable representation of a mask (a bit set, or
 * something more compact); the caller says how many bytes one occupies. Its {@code equals} and
 * {@code hashCode} must compare contents: equal masks are stored once, however many frontiers
 * lead to them. (Many do: in a C-like grammar every nesting depth of an expression has its own
 * frontier but the same mask, and without sharing a full cache would hold one 16 KiB copy per
 * frontier.)
 *
 * <p>One Caffeine cache bounded by weight in bytes holds two kinds of entries: frontier (frozen
 * key) to a weak reference to its mask, weighed by the key plus a fixed overhead, and mask to
 * itself (the interned copy), weighed by the mask. So memory stays under the configured bound
 * whatever the traffic, and Caffeine's W-TinyLFU policy splits the bound between keys and masks
 * as the traffic asks. A frontier whose mask was evicted is a miss (the weak reference lets the
 * evicted mask be collected); a lookup that hits also touches the mask's own entry, so masks in
 * use stay.
 *
 * <p>Caffeine's upkeep after writes (its eviction policy's bookkeeping) runs on the writing
 * thread, not on {@code ForkJoinPool.commonPool()}: a put follows a computed mask anyway, and
 * handing the upkeep to another thread cost a thread wake-up per miss (about 5 µs of a 15 µs
 * miss on the json grammar with a 128k vocabulary).
 *
 * <p>THREAD SAFETY: safe for concurrent use (Caffeine). Probing with a mutable {@link Frontier}
 * allocates nothing on a hit; {@link #put} freezes a copy of the key.
 *
 * @param <M> the cached mask representation; immutable, with equality by content
 */
public final class MaskCache<M> {
    /** What a frontier entry costs beyond its key: the weak reference and the cache's node. */
    static final long ENTRY_OVERHEAD_BYTES = 96;

    private final Cache<Object, Object> cache;
    private final long maximumBytes;
    private final LongAdder hits = new LongAdder();
    /** Lookups that found nothing, including those whose mask had been evicted and collected. */
    private final LongAdder misses = new LongAdder();

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
                .weigher((Object k, Object v) -> (int) Math.min(Integer.MAX_VALUE, k instanceof Frontier f
                        ? f.bytes() + ENTRY_OVERHEAD_BYTES
                        : maskBytes.applyAsLong(cast(v))))
                .recordStats()
                .executor(Runnable::run)
                .build();
    }

    @SuppressWarnings("unchecked")
    private static <M> M cast(Object mask) {
        return (M) mask;
    }

    /** The configured bound in bytes. */
    public long maximumBytes() {
        return maximumBytes;
    }

    /** The mask cached for {@code frontier}, or null on a miss. */
    public M get(Frontier frontier) {
        Object ref = cache.getIfPresent(frontier);
        M mask = ref == null ? null : cast(((Reference<?>) ref).get());
        if (mask == null) {
            misses.increment();
            return null;
        }
        hits.increment();
        cache.getIfPresent(mask); // tells the eviction policy the mask is in use
        return mask;
    }

    /**
     * Caches {@code mask} under a frozen copy of {@code frontier}; a mask equal to one already
     * cached is not stored again.
     */
    public void put(Frontier frontier, M mask) {
        Objects.requireNonNull(mask, "mask");
        M shared = cast(cache.asMap().computeIfAbsent(mask, k -> k));
        cache.put(frontier.freeze(), new WeakReference<>(shared));
    }

    /**
     * Hits, misses, evictions and the current size, since creation. Entries and evictions count
     * both kinds (frontiers and distinct masks); a frontier whose mask was evicted counts as a miss.
     */
    public MaskCacheStats stats() {
        long weight = cache.policy().eviction().map(e -> e.weightedSize().orElse(0L)).orElse(0L);
        return new MaskCacheStats(hits.sum(), misses.sum(), cache.stats().evictionCount(), cache.estimatedSize(),
                weight);
    }

    /** Drops every entry (statistics are kept). */
    public void clear() {
        cache.invalidateAll();
    }
}
