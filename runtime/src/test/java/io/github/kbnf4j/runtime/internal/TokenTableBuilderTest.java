package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link TokenTableBuilder} directly, without a loader: ids set in any order and replaced, cleared
 * and never set; the growth of every array past its first size, and the sizes themselves; special
 * ids in several words of the bit set, id 0 among them; end-of-sequence ids sorted and
 * deduplicated; the bounds of the ids.
 */
class TokenTableBuilderTest {

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Id {@code id}'s bytes in a built table. */
    private static byte[] bytesOf(TokenTable t, int id) {
        return Arrays.copyOfRange(t.data(), t.offsets()[id], t.offsets()[id + 1]);
    }

    @Test
    void packsIdsSetInAnyOrderReplacedAndClearedInIdOrder() {
        TokenTableBuilder builder = new TokenTableBuilder(4);
        builder.set(3, b("xxdefyy"), 2, 3); // "def", from the middle of the source
        builder.set(0, b("abc"), 0, 3);
        builder.set(1, b("gone"), 0, 4);
        builder.set(1, b("hi"), 0, 2); // replaced
        builder.set(2, b("never"), 0, 5);
        builder.set(2, b(""), 0, 0); // an empty string clears
        builder.set(5, b("z"), 0, 1);
        builder.clearBytes(5);
        builder.clearBytes(6); // makes id 6 exist, without bytes
        assertEquals(7, builder.size());
        assertTrue(builder.hasBytes(0));
        assertTrue(builder.hasBytes(1));
        assertFalse(builder.hasBytes(2), "cleared by an empty string");
        assertTrue(builder.hasBytes(3));
        assertFalse(builder.hasBytes(4), "never set");
        assertFalse(builder.hasBytes(5), "cleared");
        assertFalse(builder.hasBytes(6));
        assertFalse(builder.hasBytes(7), "past the size");
        assertFalse(builder.hasBytes(-1));

        TokenTable t = builder.build();
        assertEquals(7, t.size());
        assertArrayEquals(new int[] {0, 3, 5, 5, 8, 8, 8, 8}, t.offsets());
        assertArrayEquals(b("abchidef"), t.data(), "only the live bytes, in id order");
        assertArrayEquals(b("hi"), bytesOf(t, 1));
        assertArrayEquals(b("def"), bytesOf(t, 3));
        assertArrayEquals(new long[1], t.specialBits());
        assertArrayEquals(new int[0], t.eosIds());
    }

    @Test
    void everyArrayGrowsPastItsFirstSize() {
        TokenTableBuilder builder = new TokenTableBuilder(0); // room for 16 ids and 256 bytes at first
        int ids = 1_000;
        for (int id = ids - 1; id >= 0; id -= 2) { // from the top down, every other id
            byte[] bytes = new byte[1 + id % 37];
            Arrays.fill(bytes, (byte) id);
            builder.set(id, bytes, 0, bytes.length);
        }
        builder.markSpecial(999);
        builder.markSpecial(63);
        builder.markSpecial(64);
        assertEquals(ids, builder.size());
        TokenTable t = builder.build();
        assertEquals(ids, t.size());
        for (int id = 0; id < ids; id++) {
            byte[] expected = new byte[id % 2 == 1 ? 1 + id % 37 : 0];
            Arrays.fill(expected, (byte) id);
            assertArrayEquals(expected, bytesOf(t, id), "id " + id);
        }
        assertEquals((ids + 63) / 64, t.specialBits().length);
        long[] expectedBits = new long[(ids + 63) / 64];
        expectedBits[0] = 1L << 63;
        expectedBits[1] = 1L;
        expectedBits[999 >>> 6] |= 1L << (999 & 63);
        assertArrayEquals(expectedBits, t.specialBits());
    }

    @Test
    void bytesLongerThanTheFirstBufferAreKeptWhole() {
        TokenTableBuilder builder = new TokenTableBuilder(1); // a 256-byte buffer
        byte[] big = new byte[1_000];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 31);
        }
        builder.set(0, big, 0, 200);
        builder.set(1, big, 0, big.length); // more than doubling the buffer holds
        builder.set(2, big, 5, 300);
        TokenTable t = builder.build();
        assertArrayEquals(Arrays.copyOf(big, 200), bytesOf(t, 0));
        assertArrayEquals(big, bytesOf(t, 1));
        assertArrayEquals(Arrays.copyOfRange(big, 5, 305), bytesOf(t, 2));
    }

    @Test
    void specialIdsAreBitsOfTheirOwnIdOnly() {
        TokenTableBuilder builder = new TokenTableBuilder(200);
        builder.set(0, b("a"), 0, 1);
        builder.markSpecial(1);
        builder.markSpecial(64);
        builder.markSpecial(130);
        assertEquals(131, builder.size(), "marking makes the id exist");
        for (int id = -1; id < 140; id++) {
            assertEquals(id == 1 || id == 64 || id == 130, builder.isSpecial(id), "id " + id);
        }
        TokenTable t = builder.build();
        assertArrayEquals(new long[] {1L << 1, 1L, 1L << 2}, t.specialBits());
    }

    @Test
    void endOfSequenceIdsAreSortedAndDistinct() {
        TokenTableBuilder builder = new TokenTableBuilder(16);
        for (int id : new int[] {9, 3, 9, 0, 12, 3, 3, 7, 0, 15, 12}) { // more than the first four slots
            builder.addEos(id);
        }
        assertEquals(16, builder.size());
        assertArrayEquals(new int[] {0, 3, 7, 9, 12, 15}, builder.build().eosIds());

        TokenTableBuilder one = new TokenTableBuilder(16);
        one.addEos(5);
        one.addEos(5);
        assertArrayEquals(new int[] {5}, one.build().eosIds());
    }

    @Test
    void idsAreBoundedBelowAndAbove() {
        TokenTableBuilder builder = new TokenTableBuilder(16);
        assertThrows(IllegalArgumentException.class, () -> builder.set(-1, b("a"), 0, 1));
        assertThrows(IllegalArgumentException.class, () -> builder.clearBytes(-1));
        assertThrows(IllegalArgumentException.class, () -> builder.markSpecial(-1));
        assertThrows(IllegalArgumentException.class, () -> builder.addEos(-1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> builder.ensureSize(TokenTableBuilder.MAX_IDS + 1));
        assertTrue(e.getMessage().contains(String.valueOf(TokenTableBuilder.MAX_IDS)), e.getMessage());
        assertEquals(0, builder.size(), "a refused size changes nothing");
        builder.ensureSize(5);
        builder.ensureSize(3); // never shrinks
        assertEquals(5, builder.size());
    }

    @Test
    void theLargestIdIsAllowed() {
        TokenTableBuilder builder = new TokenTableBuilder(16);
        builder.markSpecial(TokenTableBuilder.MAX_IDS - 1);
        assertEquals(TokenTableBuilder.MAX_IDS, builder.size());
        assertTrue(builder.isSpecial(TokenTableBuilder.MAX_IDS - 1));
        assertThrows(IllegalArgumentException.class, () -> builder.markSpecial(TokenTableBuilder.MAX_IDS));
    }

    /**
     * Ids at the size are out of range even when the arrays are exactly that long (16 ids, the
     * smallest capacity; 64 ids, one word of special bits).
     */
    @Test
    void anIdAtTheSizeIsOutOfRangeWhenTheArraysAreFull() {
        TokenTableBuilder builder = new TokenTableBuilder(16);
        builder.set(15, b("p"), 0, 1);
        builder.markSpecial(3);
        assertEquals(16, builder.size());
        assertTrue(builder.hasBytes(15));
        assertTrue(builder.isSpecial(3));
        assertFalse(builder.hasBytes(16));
        assertFalse(builder.isSpecial(16));

        TokenTableBuilder words = new TokenTableBuilder(64);
        words.markSpecial(63);
        assertEquals(64, words.size());
        assertTrue(words.isSpecial(63));
        assertFalse(words.isSpecial(64));
        assertFalse(words.hasBytes(64));
        assertArrayEquals(new long[] {1L << 63}, words.build().specialBits());
    }

    @Test
    void idZeroCanBeSpecial() {
        TokenTableBuilder builder = new TokenTableBuilder(16);
        builder.markSpecial(0);
        assertTrue(builder.isSpecial(0));
        assertFalse(builder.isSpecial(1));
        assertArrayEquals(new long[] {1L}, builder.build().specialBits());
    }

    /**
     * The sizes of the arrays, read by reflection (their contents are checked above): at first
     * one entry and eight bytes per expected id and one bit of special flags per id; an array
     * grows only when what is asked for does not fit, and then doubles, so a load of {@code n}
     * ids copies {@code O(n)} entries, not {@code O(n^2)}.
     */
    @Test
    void arraysStartAtTheExpectedSizeAndDoubleOnlyWhenFull() throws Exception {
        TokenTableBuilder builder = new TokenTableBuilder(1_000);
        assertEquals(1_000, length(builder, "starts"));
        assertEquals(1_000, length(builder, "lengths"));
        assertEquals((1_000 + 63) / 64, length(builder, "special"));
        assertEquals(8_000, length(builder, "data"));

        builder.ensureSize(1_000); // exactly full: no growth
        assertEquals(1_000, length(builder, "starts"));
        builder.ensureSize(1_001);
        assertEquals(2_000, length(builder, "starts"));
        assertEquals(2_000, length(builder, "lengths"));
        assertEquals((2_000 + 63) / 64, length(builder, "special"));

        byte[] bytes = new byte[8_000];
        builder.set(0, bytes, 0, 7_999);
        builder.set(1, bytes, 0, 1); // exactly full: no growth
        assertEquals(8_000, length(builder, "data"));
        builder.set(2, bytes, 0, 1);
        assertEquals(16_000, length(builder, "data"));
    }

    private static int length(TokenTableBuilder builder, String field) throws ReflectiveOperationException {
        Field f = TokenTableBuilder.class.getDeclaredField(field);
        f.setAccessible(true);
        return java.lang.reflect.Array.getLength(f.get(builder));
    }
}
