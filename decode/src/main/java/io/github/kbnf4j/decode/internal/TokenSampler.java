package io.github.kbnf4j.decode.internal;

import io.github.kbnf4j.decode.SamplingOptions;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;
import java.util.SplittableRandom;

/**
 * Draws one token per step from a model's logits, among the tokens a mask allows, following
 * {@link SamplingOptions}. One per generation: it holds the random generator and scratch arrays
 * sized to the vocabulary, so a step allocates nothing.
 *
 * <p>Determinism: one draw of the generator per non-greedy step, candidates visited in id order
 * (or, when top-k or top-p cut, in descending logit with ties by id), sums in double: the same
 * logits, masks and seed give the same tokens.
 *
 * <p>Complexity per step: linear in the mask's words plus the allowed tokens; with top-k or top-p
 * below 1, plus sorting the allowed tokens.
 *
 * <p>Not thread-safe.
 */
public final class TokenSampler {
    private final SamplingOptions options;
    private final SplittableRandom random;
    /** Scratch: the allowed ids of the current step. */
    private final int[] candidates;
    /** Scratch: the unnormalized probability of {@code candidates[i]}. */
    private final double[] weights;
    /** The logits of the current step, read by {@link #byLogitDescending}. */
    private float[] logits;
    /** Highest logit first, lower id first among equals (a total order, so the sort is deterministic). */
    private final IntComparator byLogitDescending = (a, b) -> {
        int c = Float.compare(logits[b], logits[a]);
        return c != 0 ? c : Integer.compare(a, b);
    };

    /**
     * @param options how to draw
     * @param ids the number of ids a mask may allow (the vocabulary's size)
     */
    public TokenSampler(SamplingOptions options, int ids) {
        this.options = options;
        this.random = new SplittableRandom(options.seed());
        this.candidates = new int[ids];
        this.weights = new double[ids];
    }

    /**
     * The token drawn among those {@code mask} allows, or -1 if it allows none. Ids past the end of
     * {@code logits} or of the vocabulary are never drawn; a logit that is NaN or negative infinity
     * gets probability 0 unless every allowed logit is such, in which case the draw is uniform.
     */
    public int sample(float[] logits, long[] mask) {
        int limit = Math.min(logits.length, candidates.length);
        int n = 0;
        int words = Math.min(mask.length, (limit + 63) >>> 6);
        for (int w = 0; w < words; w++) {
            long bits = mask[w];
            while (bits != 0) {
                int id = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (id < limit) {
                    candidates[n++] = id;
                }
            }
        }
        if (n == 0) {
            return -1;
        }
        if (options.isGreedy()) {
            return argmax(logits, n);
        }
        this.logits = logits;
        int topK = options.topK();
        double topP = options.topP();
        boolean cut = topK > 0 && topK < n || topP < 1;
        if (cut) {
            IntArrays.quickSort(candidates, 0, n, byLogitDescending);
            if (topK > 0 && topK < n) {
                n = topK;
            }
        }
        float max = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            float l = logits[candidates[i]];
            if (l > max) {
                max = l;
            }
        }
        if (max == Float.NEGATIVE_INFINITY) {
            // Nothing to weigh by (the model gives no preference among the allowed tokens): uniform.
            return candidates[(int) (random.nextDouble() * n)];
        }
        double inverseT = 1.0 / options.temperature();
        double sum = 0;
        for (int i = 0; i < n; i++) {
            float l = logits[candidates[i]];
            double weight = l > Float.NEGATIVE_INFINITY ? Math.exp((l - max) * inverseT) : 0;
            weights[i] = weight;
            sum += weight;
        }
        if (topP < 1) {
            double target = topP * sum;
            double kept = 0;
            int i = 0;
            while (i < n && kept < target) {
                kept += weights[i++];
            }
            n = Math.max(i, 1);
            sum = kept > 0 ? kept : weights[0];
        }
        double u = random.nextDouble() * sum;
        for (int i = 0; i < n; i++) {
            u -= weights[i];
            if (u < 0) {
                return candidates[i];
            }
        }
        // Rounding left u at or above 0 after the last weight: the last token with weight takes it.
        for (int i = n - 1; i > 0; i--) {
            if (weights[i] > 0) {
                return candidates[i];
            }
        }
        return candidates[0];
    }

    private int argmax(float[] logits, int n) {
        int best = candidates[0];
        float bestLogit = logits[best];
        for (int i = 1; i < n; i++) {
            int id = candidates[i];
            if (logits[id] > bestLogit || Float.isNaN(bestLogit)) {
                best = id;
                bestLogit = logits[id];
            }
        }
        return best;
    }
}
