package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link ByteDfa#writeRows} (which writes each row as runs of bytes of one class) against the
 * plain reading, byte by byte through {@link ByteDfa#next}: on random DFAs whose rows are a few
 * byte ranges or a random target per byte (up to 256 classes, runs of one byte), written at a
 * random offset into a table that holds other automata's rows before and after.
 */
class WriteRowsProperties {
    private static final int OTHER = 1_000_003;
    private static final long OTHER_LIVE = 0x5555_5555_5555_5555L;

    @Property(tries = 300)
    void rowsAndLiveBytesAreThoseOfNext(@ForAll @IntRange(min = 1, max = 60) int n, @ForAll long seed) {
        Random rnd = new Random(seed);
        check(RandomDfas.of(n, rnd), rnd.nextInt(5));
    }

    @Example
    void theEmptyLanguageAndALiteral() {
        check(ByteDfa.emptyLanguage(), 3);
        check(ByteDfa.literal(new byte[] {'a', (byte) 0xFF, 0, 'a'}), 1);
    }

    /** Writes {@code dfa} at {@code offset}, between rows of other automata, and checks every entry. */
    private static void check(ByteDfa dfa, int offset) {
        int states = offset + dfa.stateCount() + 2;
        int[] next = new int[states << 8];
        long[] live = new long[4 * states];
        Arrays.fill(next, OTHER);
        Arrays.fill(live, OTHER_LIVE);
        dfa.writeRows(next, live, offset);
        for (int g = 0; g < states; g++) {
            int s = g - offset;
            boolean mine = s >= 0 && s < dfa.stateCount();
            for (int b = 0; b < 256; b++) {
                int t = mine ? dfa.next(s, b) : 0;
                int expected = !mine ? OTHER : t < 0 ? -1 : offset + t;
                int at = g;
                int onByte = b;
                // A supplier: the message (with the DFA's text) is built only on a failure.
                assertEquals(expected, next[(g << 8) | b], () -> "state " + at + ", byte " + onByte + " of " + dfa);
            }
            for (int w = 0; w < 4; w++) {
                long expected = OTHER_LIVE;
                if (mine) {
                    expected = 0;
                    for (int j = 0; j < 64; j++) {
                        if (dfa.next(s, 64 * w + j) >= 0) {
                            expected |= 1L << j;
                        }
                    }
                }
                int at = g;
                int word = w;
                assertEquals(expected, live[4 * g + w], () -> "live bytes of state " + at + ", word " + word + " of " + dfa);
            }
        }
    }
}
