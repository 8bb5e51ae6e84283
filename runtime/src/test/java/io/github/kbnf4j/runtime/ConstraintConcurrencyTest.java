package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Many threads sharing one {@link Constraint} whose mask cache (and the vocabulary's shared token
 * tables) are bounded so tightly that entries are evicted all the time: every thread's decode
 * walk (fill, accept, rollback, fork) sees exactly the masks that the same walk sees alone, on a
 * constraint without any cache.
 */
class ConstraintConcurrencyTest {
    private static final int THREADS = 8;
    private static final int WALKS_PER_THREAD = 6;
    private static final int STEPS = 40;

    /** A JSON-like vocabulary: the 256 single bytes, random JSON fragments, and an EOS. */
    private static Vocabulary vocabulary() {
        String[] pieces = {"{", "}", "[", "]", "\"", ":", ",", " ", "\n", "true", "false", "null", "0", "1", "42",
            "-", ".", "e", "a", "b", "key", "\\n", "\\u00", "é", "日"};
        List<byte[]> tokens = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            tokens.add(new byte[] {(byte) b});
        }
        Random random = new Random(17);
        for (int i = 0; i < 1500; i++) {
            StringBuilder sb = new StringBuilder();
            for (int k = 1 + random.nextInt(4); k > 0; k--) {
                sb.append(pieces[random.nextInt(pieces.length)]);
            }
            tokens.add(sb.toString().getBytes(StandardCharsets.UTF_8));
        }
        int eos = tokens.size();
        tokens.add("<eos>".getBytes(StandardCharsets.UTF_8));
        return Vocabulary.of("json-fragments", tokens, new int[] {eos}, null);
    }

    /**
     * One seeded decode walk: at each step the mask, then a random allowed token; now and then a
     * rollback of a few tokens (whose mask must equal the one recorded at that length) or a fork
     * that continues the walk in place of the original. Returns a fingerprint per mask filled.
     */
    private static List<Integer> walk(Constraint c, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Integer> fingerprints = new ArrayList<>();
        List<long[]> masksByLength = new ArrayList<>();
        Matcher m = c.newMatcher();
        long[] mask = c.newMask();
        for (int step = 0; step < STEPS && !m.isTerminated(); step++) {
            m.fillMask(mask);
            while (masksByLength.size() > m.tokenCount()) {
                masksByLength.remove(masksByLength.size() - 1);
            }
            if (masksByLength.size() == m.tokenCount()) {
                masksByLength.add(mask.clone());
            } else {
                assertTrue(Arrays.equals(masksByLength.get(m.tokenCount()), mask), "mask after rollback");
            }
            fingerprints.add(Arrays.hashCode(mask));
            int allowed = 0;
            for (long w : mask) {
                allowed += Long.bitCount(w);
            }
            if (allowed == 0) {
                break;
            }
            int roll = random.nextInt(10);
            if (roll == 0 && m.tokenCount() > 0) {
                m.rollback(1 + random.nextInt(Math.min(3, m.tokenCount())));
                continue;
            }
            if (roll == 1) {
                m = m.fork();  // the walk goes on in the fork; the original is dropped
            }
            int pick = random.nextInt(allowed);
            int id = nthSetBit(mask, pick);
            assertTrue(m.acceptToken(id), "an allowed token is accepted");
        }
        return fingerprints;
    }

    private static int nthSetBit(long[] mask, int n) {
        for (int w = 0; w < mask.length; w++) {
            int count = Long.bitCount(mask[w]);
            if (n < count) {
                long x = mask[w];
                for (int k = 0; k < n; k++) {
                    x &= x - 1;
                }
                return 64 * w + Long.numberOfTrailingZeros(x);
            }
            n -= count;
        }
        throw new AssertionError("fewer set bits than counted");
    }

    @Test
    void sharedConstraintUnderEvictionGivesTheSerialMasks() throws Exception {
        CompiledGrammar json = Grammar.builtin("json:1", GrammarOptions.DEFAULT);
        Vocabulary base = vocabulary();
        Constraint alone = Constraint.of(json, base.withTableCacheBytes(0), ConstraintOptions.DEFAULT.withMaskCacheBytes(0));
        // a few entries at most: nearly every insertion evicts another thread's entry
        Constraint shared = Constraint.of(json, base.withTableCacheBytes(1),
                ConstraintOptions.DEFAULT.withMaskCacheBytes(4 << 10));

        int walks = THREADS * WALKS_PER_THREAD;
        List<List<Integer>> serial = new ArrayList<>();
        for (int w = 0; w < walks; w++) {
            serial.add(walk(alone, w));
        }

        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<List<List<Integer>>>> results = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                results.add(pool.submit(() -> {
                    start.await();
                    List<List<Integer>> mine = new ArrayList<>();
                    for (int k = 0; k < WALKS_PER_THREAD; k++) {
                        mine.add(walk(shared, thread + (long) THREADS * k));  // walk ids interleave across threads
                    }
                    return mine;
                }));
            }
            start.countDown();
            for (int t = 0; t < THREADS; t++) {
                List<List<Integer>> mine = results.get(t).get(60, TimeUnit.SECONDS);
                for (int k = 0; k < WALKS_PER_THREAD; k++) {
                    int w = t + THREADS * k;
                    assertEquals(serial.get(w), mine.get(k), "walk " + w + " on thread " + t);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(shared.cacheStats().evictions() > 0, "the tiny bound evicts: " + shared.cacheStats());
        assertTrue(shared.cacheStats().hits() > 0, "and entries are still shared: " + shared.cacheStats());
    }
}
