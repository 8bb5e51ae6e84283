package io.github.kbnf4j.earley.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link LongSort} against {@link Arrays#sort(long[], int, int)}, on both of its algorithms. */
class LongSortTest {

    /**
     * Every length from 0 to 80 (insertion sort up to 24, heapsort above), values drawn from a
     * small range (many duplicates) and from the whole range (negative ones too): the prefix ends
     * up sorted, the rest of the array untouched.
     */
    @Test
    void sortsThePrefixAndLeavesTheRest() {
        Random random = new Random(7);
        for (int n = 0; n <= 80; n++) {
            for (int round = 0; round < 20; round++) {
                long[] a = new long[n + 3];
                for (int i = 0; i < a.length; i++) {
                    a[i] = round % 2 == 0 ? random.nextInt(5) : random.nextLong();
                }
                long[] expected = a.clone();
                Arrays.sort(expected, 0, n);
                LongSort.sort(a, n);
                assertArrayEquals(expected, a, "n = " + n + ", round " + round);
            }
        }
    }

    /** Already sorted and reversed input, the extremes of both algorithms. */
    @Test
    void sortedAndReversedInput() {
        for (int n : new int[] {2, 24, 25, 64}) {
            long[] up = new long[n];
            long[] down = new long[n];
            for (int i = 0; i < n; i++) {
                up[i] = i;
                down[i] = n - i;
            }
            long[] expectedDown = down.clone();
            Arrays.sort(expectedDown);
            LongSort.sort(up, n);
            LongSort.sort(down, n);
            long[] expectedUp = new long[n];
            for (int i = 0; i < n; i++) {
                expectedUp[i] = i;
            }
            assertArrayEquals(expectedUp, up, "sorted, n = " + n);
            assertArrayEquals(expectedDown, down, "reversed, n = " + n);
        }
    }
}
