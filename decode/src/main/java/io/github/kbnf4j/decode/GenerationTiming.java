package io.github.kbnf4j.decode;

/**
 * Where the time of one generation went, in nanoseconds.
 *
 * <p>{@code modelNanos}, {@code maskNanos} and {@code sampleNanos} are sums over the steps: the
 * model's appends of one token, the matcher's work (the first mask, then accepting each sampled
 * token and computing the next mask), and drawing a token from the masked logits. With overlap,
 * the model and the mask run at once, so their sum may exceed the wall time;
 * {@code overlapSavedNanos} is how much shorter the steps were than if the two had run one after
 * the other.
 *
 * @param promptNanos appending the prompt
 * @param modelNanos the model's appends after the prompt
 * @param maskNanos accepting tokens and computing masks, the first mask included
 * @param sampleNanos drawing tokens
 * @param wallNanos the whole generation, prompt included
 * @param overlapSavedNanos the time saved by running model and mask at once (0 without overlap)
 */
public record GenerationTiming(long promptNanos, long modelNanos, long maskNanos, long sampleNanos, long wallNanos,
        long overlapSavedNanos) {

    /**
     * The matcher's time as a share of the wall time (0 when no time was measured). With overlap,
     * much of it is hidden behind the model's.
     */
    public double maskShare() {
        return wallNanos <= 0 ? 0 : (double) maskNanos / wallNanos;
    }
}
