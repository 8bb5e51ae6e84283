package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@link Frontier} as a buffer and a key: growth, hashing, equality, frozen copies, weight. */
class FrontierTest {

    private static Frontier of(int... values) {
        Frontier f = new Frontier();
        for (int v : values) {
            f.add(v);
        }
        f.seal();
        return f;
    }

    /** Past its first 64 ints the buffer grows and keeps every value, in order. */
    @Test
    void growsPastItsFirstBufferAndKeepsEveryValue() {
        int[] values = new int[200];
        Arrays.setAll(values, i -> 3 * i - 7);
        Frontier f = of(values);
        assertEquals(200, f.length());
        assertEquals("Frontier" + Arrays.toString(values), f.toString());
        assertEquals(of(values), f.freeze());
    }

    @Test
    void equalContentIsEqualWhateverTheBuffer() {
        Frontier a = of(1, 2, 3);
        Frontier b = new Frontier();
        for (int i = 0; i < 100; i++) {
            b.add(i); // a longer buffer with other content first
        }
        b.clear();
        b.add(1);
        b.add(2);
        b.add(3);
        b.seal();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(a, a.freeze());
        assertEquals(a.freeze(), a);
        assertEquals(3, a.freeze().length());
        assertTrue(a.equals(a));
    }

    @Test
    void differentContentOrLengthIsNotEqual() {
        assertNotEquals(of(1, 2, 3), of(1, 2, 4));
        assertNotEquals(of(1, 2, 3), of(1, 2));
        assertNotEquals(of(1, 2), of(1, 2, 0), "a trailing zero still counts");
        assertNotEquals(of(1, 2, 3), of(3, 2, 1));
        assertFalse(of(1).equals("Frontier[1]"));
        assertFalse(of(1).equals(null));
    }

    /** The hash mixes every value and its position; clearing and refilling reseals it. */
    @Test
    void theHashFollowsTheContent() {
        assertNotEquals(of(1, 2).hashCode(), of(2, 1).hashCode());
        assertNotEquals(of(0).hashCode(), of(0, 0).hashCode());
        int h = 31 * (31 + 5) + 9;
        assertEquals(h ^ (h >>> 16), of(5, 9).hashCode());
        int big = 31 * (31 + 0x40000000) + 0x12345678;
        assertEquals(big ^ (big >>> 16), of(0x40000000, 0x12345678).hashCode(), "the high half is folded in");
        Frontier f = of(5, 9);
        f.clear();
        f.add(9);
        f.add(5);
        f.seal();
        assertEquals(of(9, 5).hashCode(), f.hashCode());
    }

    /** A frozen copy weighs its exactly sized array: two headers and four bytes per int. */
    @Test
    void aFrozenCopyIsWeighedByItsLength() {
        assertEquals(32, of().bytes());
        assertEquals(32 + 4 * 70, of(new int[70]).bytes());
    }

    /** A frozen copy does not change when the buffer it was made from is refilled. */
    @Test
    void aFrozenCopyIsIndependent() {
        Frontier f = of(4, 5, 6);
        Frontier frozen = f.freeze();
        f.clear();
        f.add(7);
        f.seal();
        assertEquals(of(4, 5, 6), frozen);
        assertEquals(of(4, 5, 6).hashCode(), frozen.hashCode());
    }
}
