package io.github.kbnf4j.earley;

/**
 * Limits of a {@link Recognizer}. Immutable; each {@code with…} method returns a copy.
 *
 * <p>The limits turn a grammar or input that would make the chart huge (a highly ambiguous
 * grammar on a long input, say) into a {@link RecognizerLimitException} naming the setting,
 * instead of an {@link OutOfMemoryError}.
 *
 * @param maxItemsPerSet the most Earley items one chart set (the items after one byte) may hold
 *     (default 1,000,000)
 * @param maxChartBytes the most bytes the chart's arrays may occupy, all sets together
 *     (default: a quarter of the JVM's maximum heap, at most 1 GiB; never more than 4 GiB, since
 *     item offsets are {@code int}s)
 * @param maxWorkPerByte the most work units one {@link Recognizer#push(int)} may spend (default
 *     {@value #DEFAULT_MAX_WORK_PER_BYTE}); see {@link Recognizer#work()}. It is what stops a highly
 *     ambiguous grammar, whose work per byte grows with the input, long before the chart is large
 */
public record RecognizerOptions(int maxItemsPerSet, long maxChartBytes, long maxWorkPerByte) {

    /** The default of {@link #maxWorkPerByte()}. */
    public static final long DEFAULT_MAX_WORK_PER_BYTE = 50_000;

    /**
     * The defaults: 1,000,000 items per set, a chart of a quarter of the maximum heap (at most 1
     * GiB), and {@value #DEFAULT_MAX_WORK_PER_BYTE} work units per byte.
     */
    public static final RecognizerOptions DEFAULT = new RecognizerOptions(1_000_000,
            defaultMaxChartBytes(Runtime.getRuntime().maxMemory()), DEFAULT_MAX_WORK_PER_BYTE);

    /** Limits with the default {@link #maxWorkPerByte()}. */
    public RecognizerOptions(int maxItemsPerSet, long maxChartBytes) {
        this(maxItemsPerSet, maxChartBytes, DEFAULT_MAX_WORK_PER_BYTE);
    }

    /** The largest {@link #maxChartBytes()} allowed: 4 GiB. */
    public static final long MAX_CHART_BYTES = 1L << 32;

    public RecognizerOptions {
        if (maxItemsPerSet < 1) {
            throw new IllegalArgumentException("maxItemsPerSet must be positive, was " + maxItemsPerSet);
        }
        if (maxChartBytes < 4096 || maxChartBytes > MAX_CHART_BYTES) {
            throw new IllegalArgumentException("maxChartBytes must be in 4096.." + MAX_CHART_BYTES + ", was "
                    + maxChartBytes);
        }
        if (maxWorkPerByte < 1) {
            throw new IllegalArgumentException("maxWorkPerByte must be positive, was " + maxWorkPerByte);
        }
    }

    /**
     * The default chart bound for a JVM whose maximum heap is {@code maxHeapBytes}: a quarter of
     * it, at most 1 GiB, at least 4096 bytes. A quarter, because the chart is rarely alone on the
     * heap (the input itself, the caller's data) and because the bound must trip before the heap
     * does: a {@link RecognizerLimitException} names the setting, an {@link OutOfMemoryError}
     * names nothing and may leave the JVM unusable.
     */
    public static long defaultMaxChartBytes(long maxHeapBytes) {
        long quarter = maxHeapBytes == Long.MAX_VALUE ? 1L << 30 : maxHeapBytes / 4;
        return Math.max(4096, Math.min(1L << 30, quarter));
    }

    /** A copy with another bound on the items of one chart set. */
    public RecognizerOptions withMaxItemsPerSet(int limit) {
        return new RecognizerOptions(limit, maxChartBytes, maxWorkPerByte);
    }

    /** A copy with another bound on the bytes of the whole chart. */
    public RecognizerOptions withMaxChartBytes(long limit) {
        return new RecognizerOptions(maxItemsPerSet, limit, maxWorkPerByte);
    }

    /** A copy with another bound on the work of one byte. */
    public RecognizerOptions withMaxWorkPerByte(long limit) {
        return new RecognizerOptions(maxItemsPerSet, maxChartBytes, limit);
    }
}
