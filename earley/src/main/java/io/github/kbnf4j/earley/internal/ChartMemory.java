package io.github.kbnf4j.earley.internal;

import io.github.kbnf4j.earley.RecognizerLimitException;

/**
 * The memory account of one {@link Chart}: the bytes of the arrays it holds (item pages, the set
 * table, the page table), checked against {@code maxChartBytes} before each allocation, so the
 * limit trips before the heap is asked for more.
 *
 * <p>An array is counted at its length times its element size plus {@link #ARRAY_HEADER}: what
 * it costs on the heap, not how much of it is filled. Not thread-safe: it belongs to one chart.
 */
final class ChartMemory {
    /** The header of an array on a 64-bit JVM (mark word, class pointer, length, padding). */
    static final int ARRAY_HEADER = 16;

    private final long max;
    private long used;

    ChartMemory(long max) {
        this.max = max;
    }

    /** The bound, {@code maxChartBytes}. */
    long max() {
        return max;
    }

    /** The bytes counted. */
    long used() {
        return used;
    }

    /** The bytes that may still be reserved. */
    long room() {
        return max - used;
    }

    /**
     * Counts {@code bytes} more, about to be allocated for {@code what}.
     *
     * @throws RecognizerLimitException naming {@code maxChartBytes} if that would pass the bound
     *     (nothing is counted then)
     */
    void reserve(long bytes, String what) {
        if (bytes > max - used) {
            throw new RecognizerLimitException("maxChartBytes", max,
                    what + " (" + (used + bytes) + " bytes)");
        }
        used += bytes;
    }

    /** Stops counting {@code bytes} of an array that was let go. */
    void release(long bytes) {
        used -= bytes;
        assert used >= 0;
    }

    /** The bytes an {@code int[]} of {@code length} is counted at. */
    static long intArray(long length) {
        return 4 * length + ARRAY_HEADER;
    }
}
