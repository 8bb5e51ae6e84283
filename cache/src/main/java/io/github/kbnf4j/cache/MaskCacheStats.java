package io.github.kbnf4j.cache;

/**
 * Counters of a {@link MaskCache}.
 *
 * @param hits lookups that found a mask
 * @param misses lookups that did not
 * @param evictions entries evicted to stay within the byte bound
 * @param entries entries now cached: frontiers plus distinct masks (an estimate while other threads write)
 * @param weightBytes bytes now occupied by keys and masks (as weighed)
 */
public record MaskCacheStats(long hits, long misses, long evictions, long entries, long weightBytes) {

    /** Hits over lookups, or NaN before the first lookup. */
    public double hitRate() {
        long lookups = hits + misses;
        return lookups == 0 ? Double.NaN : (double) hits / lookups;
    }
}
