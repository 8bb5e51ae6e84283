package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link SplitMix64}: the reference sequence (so seeds mean the same on every Java version) and unbiased bounds. */
class SplitMix64Test {
    @Test
    void theReferenceSequenceOfSeedZero() {
        SplitMix64 r = new SplitMix64(0);
        assertEquals(0xE220A8397B1DCDAFL, r.nextLong());
        assertEquals(0x6E789E6AA1B965F4L, r.nextLong());
        assertEquals(0x06C45D188009454FL, r.nextLong());
    }

    @Test
    void nextIntIsInRangeAndCoversIt() {
        SplitMix64 r = new SplitMix64(7);
        int[] counts = new int[10];
        for (int i = 0; i < 100_000; i++) {
            counts[r.nextInt(10)]++;
        }
        for (int c : counts) {
            assertTrue(c > 9_500 && c < 10_500, "roughly uniform: " + c);
        }
        int big = Integer.MAX_VALUE;
        for (int i = 0; i < 1000; i++) {
            int x = r.nextInt(big);
            assertTrue(x >= 0 && x < big);
        }
        assertEquals(0, r.nextInt(1));
        assertThrows(IllegalArgumentException.class, () -> r.nextInt(0));
    }
}
