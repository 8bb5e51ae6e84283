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
 *     (default 1 GiB, at most 4 GiB: item offsets are {@code int}s)
 */
public record RecognizerOptions(int maxItemsPerSet, long maxChartBytes) {

    /** The defaults: 1,000,000 items per set and 1 GiB of chart. */
    public static final RecognizerOptions DEFAULT = new RecognizerOptions(1_000_000, 1L << 30);

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
    }

    /** A copy with another bound on the items of one chart set. */
    public RecognizerOptions withMaxItemsPerSet(int limit) {
        return new RecognizerOptions(limit, maxChartBytes);
    }

    /** A copy with another bound on the bytes of the whole chart. */
    public RecognizerOptions withMaxChartBytes(long limit) {
        return new RecognizerOptions(maxItemsPerSet, limit);
    }
}
