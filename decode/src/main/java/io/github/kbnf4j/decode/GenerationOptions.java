package io.github.kbnf4j.decode;

import java.util.Objects;

/**
 * The options of one generation.
 *
 * @param maxTokens the most tokens generated (the end-of-sequence token is not counted); a
 *     generation that reaches it stops with {@link StopReason#MAX_TOKENS}
 * @param sampling how tokens are picked
 * @param overlap whether the model computes a step's logits on its own thread while the caller's
 *     thread computes that step's mask (the tokens are the same either way; only the time differs)
 */
public record GenerationOptions(int maxTokens, SamplingOptions sampling, boolean overlap) {

    /** The default of {@link #maxTokens()}. */
    public static final int DEFAULT_MAX_TOKENS = 512;

    /** {@value #DEFAULT_MAX_TOKENS} tokens, {@link SamplingOptions#DEFAULT}, overlap on. */
    public static final GenerationOptions DEFAULT = new GenerationOptions(DEFAULT_MAX_TOKENS, SamplingOptions.DEFAULT,
            true);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException if {@code maxTokens} is less than 1
     */
    public GenerationOptions {
        if (maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens must be at least 1: " + maxTokens);
        }
        Objects.requireNonNull(sampling, "sampling");
    }

    /** These options with another token limit. */
    public GenerationOptions withMaxTokens(int n) {
        return new GenerationOptions(n, sampling, overlap);
    }

    /** These options with other sampling options. */
    public GenerationOptions withSampling(SamplingOptions s) {
        return new GenerationOptions(maxTokens, s, overlap);
    }

    /** These options with overlap turned on or off. */
    public GenerationOptions withOverlap(boolean on) {
        return new GenerationOptions(maxTokens, sampling, on);
    }
}
