package io.github.kbnf4j.earley.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ItemIndex}, the recognizer's deduplication of one set's keys: every part of a key tells
 * keys apart, keys survive the table's doubling, {@link ItemIndex#clear()} forgets them, and the
 * generation stamp starts again at 1 (every stamp zeroed) before it would overflow.
 */
class ItemIndexTest {

    @Test
    void eachPartOfAKeyTellsKeysApart() {
        ItemIndex index = new ItemIndex();
        assertTrue(index.add(1, 2, 3, 4));
        assertFalse(index.add(1, 2, 3, 4), "the same key again");
        assertTrue(index.add(0, 2, 3, 4), "another kind");
        assertTrue(index.add(1, 0, 3, 4), "another a");
        assertTrue(index.add(1, 2, 0, 4), "another b");
        assertTrue(index.add(1, 2, 3, 0), "another c");
        assertEquals(5, index.size());
        for (int[] k : List.of(new int[] {1, 2, 3, 4}, new int[] {0, 2, 3, 4}, new int[] {1, 0, 3, 4},
                new int[] {1, 2, 0, 4}, new int[] {1, 2, 3, 0})) {
            assertFalse(index.add(k[0], k[1], k[2], k[3]), "kept: " + java.util.Arrays.toString(k));
        }
        assertEquals(5, index.size());
    }

    @Test
    void keysSurviveTheTableDoublingAndClearForgetsThem() {
        ItemIndex index = new ItemIndex();
        for (int round = 0; round < 3; round++) {
            Set<List<Integer>> reference = new HashSet<>();
            // far more keys than the first table's 256 slots, with many near-collisions
            for (int i = 0; i < 5_000; i++) {
                int kind = i % 3;
                int a = (i * 7) % 101;
                int b = (i / 101) * 1000;
                int c = i % 5 == 0 ? 0 : i % 17;
                assertEquals(reference.add(List.of(kind, a, b, c)), index.add(kind, a, b, c), "key " + i + " of round " + round);
                assertEquals(reference.size(), index.size());
            }
            for (List<Integer> k : reference) {
                assertFalse(index.add(k.get(0), k.get(1), k.get(2), k.get(3)), "kept after growth: " + k);
            }
            index.clear();
            assertEquals(0, index.size());
            assertTrue(index.add(0, 0, 0, 0), "forgotten by clear");
            index.clear();
        }
    }

    @Test
    void theGenerationCountsUpThenStartsAgainWithEveryStampZeroed() {
        int[] slots = {7, 1, 2, 3, 7, 1, 2, 3};
        assertEquals(8, ItemIndex.nextGeneration(7, slots, 4));
        assertArrayEquals(new int[] {7, 1, 2, 3, 7, 1, 2, 3}, slots, "nothing touched while counting up");
        assertEquals(Integer.MAX_VALUE - 1, ItemIndex.nextGeneration(Integer.MAX_VALUE - 2, slots, 4));
        assertArrayEquals(new int[] {7, 1, 2, 3, 7, 1, 2, 3}, slots, "nothing touched below the wrap");
        assertEquals(1, ItemIndex.nextGeneration(Integer.MAX_VALUE - 1, slots, 4));
        assertArrayEquals(new int[] {0, 1, 2, 3, 0, 1, 2, 3}, slots, "only the stamps are zeroed");
    }
}
