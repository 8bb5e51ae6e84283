package io.github.kbnf4j.decode.internal;

import io.github.kbnf4j.decode.SamplingOptions;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Draws one token per step from a model's logits, among the tokens a mask allows, following
 * {@link SamplingOptions}. One per generation: it holds the random generator and scratch arrays
 * sized to the vocabulary, so a step allocates nothing.
 *
 * <p>A token whose scaled logit {@code (logit - max) / temperature} is below -32 gets probability 0
 * (it would be under 1.3e-14 times the likeliest token's).
 *
 * <p>Determinism: one draw of the generator per non-greedy step, candidates visited in id order
 * (or, when top-k or top-p cut, in descending logit with ties by id), sums in double: the same
 * logits, masks and seed give the same tokens.
 *
 * <p>Complexity per step: linear in the mask's words plus the allowed tokens; with top-k, plus
 * O(n log k) to select the k best; with top-p below 1, plus sorting the tokens whose weight is within
 * a power of two of the nucleus's lightest (usually few).
 *
 * <p>Not thread-safe.
 */
public final class TokenSampler {
    /** Scaled logits this far below the highest get weight 0 instead of exp (see {@link #weigh}). */
    private static final double NEGLIGIBLE = -32;
    /** Weight buckets of {@link #keepLikeliestBuckets}: one per power of two down to 2^-63, then the rest. */
    private static final int BUCKETS = 65;
    private final SamplingOptions options;
    private final SplittableRandom random;
    /** Scratch: the allowed ids of the current step. */
    private final int[] candidates;
    /** Scratch: the unnormalized probability of {@code candidates[i]}. */
    private final double[] weights;
    /** Scratch of {@link #keepLikeliestBuckets}: the total weight per bucket. */
    private final double[] bucketSums = new double[BUCKETS];
    /** The logits of the current step, read by {@link #byLogitDescending}. */
    private float[] logits;
    /** Highest logit first, lower id first among equals (a total order, so the sort is deterministic). */
    private final IntComparator byLogitDescending = (a, b) -> {
        int c = Float.compare(rank(logits[b]), rank(logits[a]));
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
        boolean sorted = false;
        if (topK > 0 && topK < n) {
            n = selectTop(topK, n);
            sorted = true;
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
        double sum = weigh(n, max, inverseT);
        if (topP < 1) {
            if (!sorted) {
                n = keepLikeliestBuckets(n, topP * sum);
                IntArrays.quickSort(candidates, 0, n, byLogitDescending);
                weigh(n, max, inverseT);
            }
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

    /** Writes the weight of {@code candidates[0..n)} into {@code weights} and returns their sum. */
    private double weigh(int n, float max, double inverseT) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double x = (logits[candidates[i]] - max) * inverseT;
            // exp(-32) < 1.3e-14: such tokens are left out rather than weighed (most of a real model's
            // vocabulary, whose exp would otherwise dominate the step). NaN and -inf fail the test too.
            double weight = x > NEGLIGIBLE ? Math.exp(x) : 0;
            weights[i] = weight;
            sum += weight;
        }
        return sum;
    }

    /**
     * Moves the {@code k} best of {@code candidates[0..n)} (by {@link #byLogitDescending}) to the
     * front, best first, and returns {@code k}. A min-heap of the best so far, worst at the root:
     * O(n log k) instead of sorting all n.
     */
    private int selectTop(int k, int n) {
        // candidates[0..k) is the heap; each later candidate better than the root replaces it.
        for (int i = k / 2 - 1; i >= 0; i--) {
            siftDown(i, k);
        }
        for (int i = k; i < n; i++) {
            int id = candidates[i];
            if (byLogitDescending.compare(id, candidates[0]) < 0) {
                candidates[0] = id;
                siftDown(0, k);
            }
        }
        IntArrays.quickSort(candidates, 0, k, byLogitDescending);
        return k;
    }

    /** Restores the heap below {@code i}: a parent ranks after (is worse than) its children. */
    private void siftDown(int i, int size) {
        int[] heap = candidates;
        int id = heap[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && byLogitDescending.compare(heap[child + 1], heap[child]) > 0) {
                child++;
            }
            if (byLogitDescending.compare(heap[child], id) <= 0) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = id;
    }

    /**
     * Keeps (at the front, order lost) the candidates that may belong to the nucleus and returns
     * how many: candidates are bucketed by the binary exponent of their weight (the heaviest
     * weighs 1), and the buckets from the heaviest down are kept until their total reaches
     * {@code target}. Every token left out weighs less than every token kept, and the kept ones
     * already reach the target, so the nucleus is among them; only they are then sorted.
     */
    private int keepLikeliestBuckets(int n, double target) {
        double[] bucketSums = this.bucketSums;
        Arrays.fill(bucketSums, 0);
        for (int i = 0; i < n; i++) {
            bucketSums[bucketOf(weights[i])] += weights[i];
        }
        int last = BUCKETS - 1;
        double total = 0;
        for (int b = 0; b < BUCKETS; b++) {
            total += bucketSums[b];
            if (total >= target) {
                last = b;
                break;
            }
        }
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (bucketOf(weights[i]) <= last) {
                candidates[kept++] = candidates[i];
            }
        }
        return kept;
    }

    /** Bucket b holds the weights in [2^-b, 2^(1-b)) (bucket 0: the heaviest, 1); the last one all smaller weights and 0. */
    private static int bucketOf(double weight) {
        if (weight <= 0) {
            return BUCKETS - 1;
        }
        return Math.min(BUCKETS - 1, -Math.getExponent(weight));
    }

    /** A logit for ordering: NaN ranks with negative infinity (it gets no weight either). */
    private static float rank(float logit) {
        return Float.isNaN(logit) ? Float.NEGATIVE_INFINITY : logit;
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
