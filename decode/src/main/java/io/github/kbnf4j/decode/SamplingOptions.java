package io.github.kbnf4j.decode;

/**
 * How the decoder picks a token among the allowed ones, from the model's logits.
 *
 * <p>With temperature 0 the decoder is greedy: the allowed token with the highest logit (the
 * lowest id among equals). Otherwise it draws from {@code softmax(logits / temperature)} over the
 * allowed tokens, after keeping only the {@code topK} most likely ({@code 0}: all) and then the
 * smallest set of most likely tokens whose probability reaches {@code topP} (nucleus sampling).
 * The draws come from a generator seeded with {@code seed}: the same model, prompt, constraint and
 * options give the same tokens.
 *
 * @param temperature 0 for greedy decoding, else the softmax temperature (finite, positive)
 * @param topP the nucleus: in (0, 1]; 1 keeps every allowed token
 * @param topK the most tokens drawn from, or 0 for no limit
 * @param seed the seed of the draws
 */
public record SamplingOptions(double temperature, double topP, int topK, long seed) {

    /** Temperature 1, no top-p or top-k cut, seed 0. */
    public static final SamplingOptions DEFAULT = new SamplingOptions(1.0, 1.0, 0, 0L);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException if the temperature is negative or not finite, top-p is not in
     *     (0, 1], or top-k is negative
     */
    public SamplingOptions {
        if (!(temperature >= 0) || Double.isInfinite(temperature)) {
            throw new IllegalArgumentException("temperature must be 0 (greedy) or a finite positive number: "
                    + temperature);
        }
        if (!(topP > 0 && topP <= 1)) {
            throw new IllegalArgumentException("top-p must be in (0, 1]: " + topP);
        }
        if (topK < 0) {
            throw new IllegalArgumentException("top-k must be 0 (no limit) or positive: " + topK);
        }
    }

    /** Greedy decoding: always the allowed token with the highest logit. */
    public static SamplingOptions greedy() {
        return DEFAULT.withTemperature(0);
    }

    /** Whether the decoder takes the highest logit instead of drawing. */
    public boolean isGreedy() {
        return temperature == 0;
    }

    /** These options with another temperature. */
    public SamplingOptions withTemperature(double t) {
        return new SamplingOptions(t, topP, topK, seed);
    }

    /** These options with another top-p. */
    public SamplingOptions withTopP(double p) {
        return new SamplingOptions(temperature, p, topK, seed);
    }

    /** These options with another top-k (0: no limit). */
    public SamplingOptions withTopK(int k) {
        return new SamplingOptions(temperature, topP, k, seed);
    }

    /** These options with another seed. */
    public SamplingOptions withSeed(long s) {
        return new SamplingOptions(temperature, topP, topK, s);
    }
}
