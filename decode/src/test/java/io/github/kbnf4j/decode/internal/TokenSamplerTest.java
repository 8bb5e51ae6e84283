package io.github.kbnf4j.decode.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.decode.SamplingOptions;
import org.junit.jupiter.api.Test;

class TokenSamplerTest {
    private static final float[] LOGITS = {0f, 3f, 1f, 2f, 5f, -1f, Float.NEGATIVE_INFINITY, 4f};

    private static long[] maskOf(int... ids) {
        long[] mask = new long[1];
        for (int id : ids) {
            mask[id >>> 6] |= 1L << id;
        }
        return mask;
    }

    @Test
    void greedyTakesTheHighestAllowedLogit() {
        TokenSampler s = new TokenSampler(SamplingOptions.greedy(), LOGITS.length);
        assertEquals(4, s.sample(LOGITS, maskOf(0, 1, 2, 3, 4, 5, 6, 7)));
        assertEquals(7, s.sample(LOGITS, maskOf(0, 1, 7)));
        assertEquals(-1, s.sample(LOGITS, maskOf()));
        // Equal logits: the lowest id.
        assertEquals(2, s.sample(new float[] {0, 0, 9, 9}, maskOf(2, 3)));
    }

    @Test
    void topKOfOneAndATinyNucleusAreGreedy() {
        for (long seed = 0; seed < 50; seed++) {
            TokenSampler k1 = new TokenSampler(SamplingOptions.DEFAULT.withTopK(1).withSeed(seed), LOGITS.length);
            TokenSampler p = new TokenSampler(SamplingOptions.DEFAULT.withTopP(1e-6).withSeed(seed), LOGITS.length);
            assertEquals(4, k1.sample(LOGITS, maskOf(0, 1, 2, 3, 4, 7)));
            assertEquals(7, p.sample(LOGITS, maskOf(0, 1, 2, 3, 7)));
        }
    }

    @Test
    void drawsFollowTheSoftmaxOfTheAllowedLogits() {
        // Allowed: ids 1 (logit 3), 3 (logit 2), 7 (logit 4), at temperature 2: weights e^1.5, e^1, e^2.
        TokenSampler s = new TokenSampler(SamplingOptions.DEFAULT.withTemperature(2).withSeed(42), LOGITS.length);
        long[] mask = maskOf(1, 3, 6, 7);
        int[] counts = new int[LOGITS.length];
        int n = 60_000;
        for (int i = 0; i < n; i++) {
            counts[s.sample(LOGITS, mask)]++;
        }
        double z = Math.exp(1.5) + Math.exp(1) + Math.exp(2);
        assertEquals(Math.exp(1.5) / z, counts[1] / (double) n, 0.01);
        assertEquals(Math.exp(1) / z, counts[3] / (double) n, 0.01);
        assertEquals(Math.exp(2) / z, counts[7] / (double) n, 0.01);
        assertEquals(0, counts[6], "a logit of negative infinity is never drawn");
    }

    @Test
    void topPKeepsTheSmallestNucleus() {
        // Weights at temperature 1: e^5, e^4, e^3 (ids 4, 7, 1): 0.665, 0.245, 0.090. A nucleus of 0.8
        // keeps ids 4 and 7 only.
        TokenSampler s = new TokenSampler(SamplingOptions.DEFAULT.withTopP(0.8).withSeed(1), LOGITS.length);
        int[] counts = new int[LOGITS.length];
        for (int i = 0; i < 20_000; i++) {
            counts[s.sample(LOGITS, maskOf(1, 4, 7))]++;
        }
        assertEquals(0, counts[1]);
        assertEquals(Math.exp(5) / (Math.exp(5) + Math.exp(4)), counts[4] / 20_000.0, 0.015);
    }

    @Test
    void theSameSeedGivesTheSameDraws() {
        TokenSampler a = new TokenSampler(SamplingOptions.DEFAULT.withSeed(9), LOGITS.length);
        TokenSampler b = new TokenSampler(SamplingOptions.DEFAULT.withSeed(9), LOGITS.length);
        long[] mask = maskOf(0, 1, 2, 3, 4, 5, 7);
        boolean differs = false;
        TokenSampler c = new TokenSampler(SamplingOptions.DEFAULT.withSeed(10), LOGITS.length);
        for (int i = 0; i < 200; i++) {
            int x = a.sample(LOGITS, mask);
            assertEquals(x, b.sample(LOGITS, mask));
            differs |= x != c.sample(LOGITS, mask);
        }
        assertTrue(differs);
    }

    @Test
    void allowedTokensWithoutAnyFiniteLogitAreDrawnUniformly() {
        float[] logits = {Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY, 7f};
        TokenSampler s = new TokenSampler(SamplingOptions.DEFAULT, 3);
        int[] counts = new int[3];
        for (int i = 0; i < 2000; i++) {
            counts[s.sample(logits, maskOf(0, 1))]++;
        }
        assertTrue(counts[0] > 800 && counts[1] > 800, counts[0] + " " + counts[1]);
    }

    @Test
    void idsBeyondTheVocabularyAreNeverDrawn() {
        // The mask allows id 5 but the vocabulary has 4 ids: padding of the model's logits.
        TokenSampler s = new TokenSampler(SamplingOptions.greedy(), 4);
        assertEquals(3, s.sample(new float[] {0, 0, 0, 1, 0, 9}, maskOf(3, 5)));
    }

    /** The plain way: sort every allowed token, cut at k, then at the nucleus, draw. */
    private static int referenceSample(SamplingOptions o, java.util.SplittableRandom random, float[] logits,
            long[] mask) {
        java.util.List<Integer> ids = new java.util.ArrayList<>();
        for (int id = 0; id < logits.length; id++) {
            if ((mask[id >>> 6] & (1L << id)) != 0) {
                ids.add(id);
            }
        }
        ids.sort((a, b) -> {
            int c = Float.compare(logits[b], logits[a]);
            return c != 0 ? c : Integer.compare(a, b);
        });
        if (o.topK() > 0 && o.topK() < ids.size()) {
            ids = ids.subList(0, o.topK());
        }
        float max = logits[ids.get(0)];
        double[] w = new double[ids.size()];
        double sum = 0;
        for (int i = 0; i < w.length; i++) {
            double x = (logits[ids.get(i)] - max) * (1.0 / o.temperature());
            w[i] = x > -32 ? Math.exp(x) : 0;
            sum += w[i];
        }
        int n = w.length;
        if (o.topP() < 1) {
            double kept = 0;
            int i = 0;
            while (i < n && kept < o.topP() * sum) {
                kept += w[i++];
            }
            n = i;
            sum = kept;
        }
        double u = random.nextDouble() * sum;
        for (int i = 0; i < n; i++) {
            u -= w[i];
            if (u < 0) {
                return ids.get(i);
            }
        }
        return ids.get(n - 1);
    }

    @Test
    void topKAndTopPDrawExactlyAsSortingEverything() {
        java.util.SplittableRandom data = new java.util.SplittableRandom(5);
        int size = 3000;
        for (SamplingOptions o : new SamplingOptions[] {SamplingOptions.DEFAULT.withTopK(40),
            SamplingOptions.DEFAULT.withTopP(0.9), SamplingOptions.DEFAULT.withTopP(0.5).withTemperature(0.7),
            SamplingOptions.DEFAULT.withTopK(200).withTopP(0.8), SamplingOptions.DEFAULT.withTopP(0.999)}) {
            TokenSampler s = new TokenSampler(o.withSeed(11), size);
            java.util.SplittableRandom reference = new java.util.SplittableRandom(11);
            for (int step = 0; step < 80; step++) {
                float[] logits = new float[size];
                long[] mask = new long[(size + 63) / 64];
                for (int id = 0; id < size; id++) {
                    // Coarse logits, so that ties are common.
                    logits[id] = (float) Math.floor(data.nextDouble() * 200) / 4f;
                    if (data.nextInt(3) > 0) {
                        mask[id >>> 6] |= 1L << id;
                    }
                }
                assertEquals(referenceSample(o, reference, logits, mask), s.sample(logits, mask), o + " step " + step);
            }
        }
    }
}
