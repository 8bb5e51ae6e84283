package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * {@link ByteDfa#literal}, built directly in canonical form, equals what {@link Minimizer} makes
 * of the plain chain automaton (state numbering, byte classes and hash included), for random
 * byte strings: empty, with repeats, with bytes 0x00 and 0xFF, and with every byte value.
 */
class LiteralDfaProperties {

    @Provide
    Arbitrary<byte[]> literals() {
        Arbitrary<Byte> edge = Arbitraries.of((byte) 0, (byte) 0xFF, (byte) 'a', (byte) 0x80);
        Arbitrary<Byte> any = Arbitraries.bytes();
        Arbitrary<byte[]> mixed = Arbitraries.frequencyOf(Tuple.of(1, edge), Tuple.of(3, any))
                .array(byte[].class).ofMaxSize(40);
        Arbitrary<byte[]> allBytes = Arbitraries.integers().between(0, 255).map(shift -> {
            byte[] b = new byte[300];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) (i * 7 + shift);
            }
            return b;
        });
        return Arbitraries.frequencyOf(Tuple.of(9, mixed), Tuple.of(1, allBytes));
    }

    @Property(tries = 300)
    void sameAsMinimizedChain(@ForAll("literals") byte[] bytes) {
        int n = bytes.length + 1;
        int[] table = new int[n * 256];
        Arrays.fill(table, -1);
        for (int i = 0; i < bytes.length; i++) {
            table[i * 256 + (bytes[i] & 0xFF)] = i + 1;
        }
        boolean[] accept = new boolean[n];
        accept[n - 1] = true;
        ByteDfa expected = Minimizer.minimize(n, table, accept, 0);
        ByteDfa actual = ByteDfa.literal(bytes);
        assertEquals(expected, actual);
        assertEquals(expected.hashCode(), actual.hashCode());
        assertEquals(expected.toString(), actual.toString());
        assertEquals(TestSupport.distinctColumns(actual), actual.classCount());
    }
}
