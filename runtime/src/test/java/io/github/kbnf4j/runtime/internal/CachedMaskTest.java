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
}
