package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link CachedMask} writes back exactly the mask it was made from, in both of its forms. */
class CachedMaskTest {

    @Test
    void roundTripsOverSharedBasesAndWithAPrivateCopy() {
        Random random = new Random(7);
        int words = 40;
        for (int trial = 0; trial < 200; trial++) {
            long[][] bases = new long[3][words];
            long[] mask = new long[words];
            int baseCount = random.nextInt(4);
            for (int b = 0; b < baseCount; b++) {
                for (int w = 0; w < words; w++) {
                    bases[b][w] = random.nextLong() & random.nextLong();
                    mask[w] |= bases[b][w];
                }
            }
            int extras = trial % 2 == 0 ? 3 : 2000; // few: a list; many: a private copy
            for (int k = 0; k < extras; k++) {
                int id = random.nextInt(words * 64);
                mask[id >>> 6] |= 1L << id;
            }
            CachedMask cached = CachedMask.of(mask, words, bases, baseCount, new CachedMask.Scratch(words));
            CachedMask again = CachedMask.of(mask.clone(), words, bases, baseCount, new CachedMask.Scratch(words));
            assertEquals(cached, again, "the same mask over the same bases");
            assertEquals(cached.hashCode(), again.hashCode());
            long[] other = mask.clone();
            int flip = random.nextInt(words * 64);
            other[flip >>> 6] ^= 1L << flip;
            boolean flippedIntoBase = false;
            for (int b = 0; b < baseCount; b++) {
                flippedIntoBase |= (bases[b][flip >>> 6] & (1L << flip)) != 0;
            }
            if (!flippedIntoBase) { // a base must stay a subset of the mask
                assertNotEquals(cached, CachedMask.of(other, words, bases, baseCount, new CachedMask.Scratch(words)), "one bit differs");
            }
            long[] out = new long[words];
            java.util.Arrays.fill(out, -1L); // garbage to be overwritten
            cached.writeTo(out, words);
            assertArrayEquals(mask, out, "trial " + trial);
            if (trial % 2 == 0) {
                assertTrue(cached.bytes() < 8L * words + 100, "a short list is small: " + cached.bytes());
            }
        }
    }

    /** Ids {@code from .. to} set in a fresh mask of {@code words} words. */
    private static long[] bits(int words, int from, int to) {
        long[] m = new long[words];
        for (int id = from; id <= to; id++) {
            m[id >>> 6] |= 1L << id;
        }
        return m;
    }

    /**
     * Over two bases, only the ids outside both are listed: the entry weighs its headers, two base
     * references and two ids. Bases are compared by identity: equal copies make another entry.
     */
    @Test
    void onlyIdsOutsideEveryBaseAreListed() {
        int words = 8;
        long[] a = bits(words, 0, 99);
        long[] b = bits(words, 100, 199);
        long[] mask = bits(words, 0, 199);
        mask[300 >>> 6] |= 3L << (300 & 63); // ids 300 and 301
        CachedMask cached = CachedMask.of(mask, words, new long[][] {a, b}, 2, new CachedMask.Scratch(words));
        assertEquals(16 + 16 + 8 * 2 + 16 + 4 * 2, cached.bytes());
        CachedMask overOne = CachedMask.of(mask, words, new long[][] {a}, 1, new CachedMask.Scratch(words));
        assertEquals(16 + 16 + 8 + 16 + 16 + 8 * words, overOne.bytes(), "102 ids outside the one base: a private copy");
        assertEquals(cached, CachedMask.of(mask.clone(), words, new long[][] {a, b}, 2, new CachedMask.Scratch(words)));
        assertNotEquals(cached, CachedMask.of(mask, words, new long[][] {a.clone(), b}, 2, new CachedMask.Scratch(words)),
                "an equal copy of a base is another base");
        assertNotEquals(cached, overOne);
        assertNotEquals(cached, "a mask");
        long[] out = new long[words];
        overOne.writeTo(out, words);
        assertArrayEquals(mask, out);
    }

    /**
     * A list may hold a quarter of the words' bits (here two ids of eight words); one more id and
     * the entry keeps a private copy, weighing its headers, one reference and the copy.
     */
    @Test
    void pastAQuarterOfTheWordsTheEntryKeepsAPrivateCopy() {
        int words = 8;
        CachedMask two = CachedMask.of(bits(words, 10, 11), words, new long[0][], 0, new CachedMask.Scratch(words));
        assertEquals(16 + 16 + 16 + 4 * 2, two.bytes());
        CachedMask three = CachedMask.of(bits(words, 10, 12), words, new long[0][], 0, new CachedMask.Scratch(words));
        assertEquals(16 + 16 + 8 + 16 + 16 + 8 * words, three.bytes());
        long[] out = new long[words];
        three.writeTo(out, words);
        assertArrayEquals(bits(words, 10, 12), out);
    }

    /**
     * Private copies are equal when their contents are, and hash by content: a one-bit change in
     * any word (each of the four hash lanes and the tail past the last group of four) changes the
     * hash, and the hash is the documented four-lane one.
     */
    @Test
    void privateCopiesCompareAndHashByContent() {
        int words = 10;
        CachedMask.Scratch scratch = new CachedMask.Scratch(words);
        long[] full = bits(words, 0, words * 64 - 1);
        CachedMask a = CachedMask.of(full, words, new long[0][], 0, scratch);
        CachedMask b = CachedMask.of(full.clone(), words, new long[0][], 0, scratch);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(fourLaneHash(full), a.hashCode());
        java.util.Set<Integer> hashes = new java.util.HashSet<>();
        hashes.add(a.hashCode());
        for (int w = 0; w < words; w++) {
            long[] other = full.clone();
            other[w] ^= 1L << (7 * w);
            CachedMask c = CachedMask.of(other, words, new long[0][], 0, scratch);
            assertNotEquals(a, c, "word " + w);
            assertEquals(fourLaneHash(other), c.hashCode(), "word " + w);
            assertTrue(hashes.add(c.hashCode()), "word " + w + " changes the hash");
        }
    }

    /** The four-lane hash over word counts of every remainder modulo four (a tail of 0 to 3 words). */
    @Test
    void privateCopiesHashEveryWordCountModuloFour() {
        for (int words = 8; words <= 11; words++) {
            long[] full = bits(words, 0, words * 64 - 1);
            full[words - 1] ^= 1L << 5;
            CachedMask a = CachedMask.of(full, words, new long[0][], 0, new CachedMask.Scratch(words));
            assertEquals(fourLaneHash(full), a.hashCode(), words + " words");
            long[] out = new long[words];
            a.writeTo(out, words);
            assertArrayEquals(full, out, words + " words");
        }
    }

    /** The hash the class documents: words in four lanes of {@code 31 * h + x}, the tail in the first, the lanes chained. */
    private static int fourLaneHash(long[] words) {
        int[] lane = {1, 0, 0, 0};
        int tail = words.length - words.length % 4;
        for (int w = 0; w < tail; w++) {
            lane[w % 4] = 31 * lane[w % 4] + Long.hashCode(words[w]);
        }
        for (int w = tail; w < words.length; w++) {
            lane[0] = 31 * lane[0] + Long.hashCode(words[w]);
        }
        return ((lane[0] * 31 + lane[1]) * 31 + lane[2]) * 31 + lane[3];
    }
}
