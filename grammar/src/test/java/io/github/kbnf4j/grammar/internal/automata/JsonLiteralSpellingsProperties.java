package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link JsonLiteralSpellings}, built directly, equals {@link JsonStringEncoding#quoted} of the
 * literal's automaton (the general construction), state numbering, byte classes and hash included,
 * and throws under exactly the same state limits: for random strings of quotes, backslashes,
 * controls, the short-escape characters, hex-digit letters, non-ASCII and supplementary characters,
 * and for random bytes that are mostly not UTF-8.
 */
class JsonLiteralSpellingsProperties {
    /** Code points where the spellings differ: escapes, hex letters, UTF-8 length boundaries. */
    private static final int[] EDGE_CODE_POINTS = {'"', '\\', '/', '\b', '\f', '\n', '\r', '\t', 0, 0x1F, 0x20,
        0x7F, 'a', 'A', 'f', 'F', 'u', 'D', 'e', '0', '9', 0x80, 0xE9, 0x7FF, 0x800, 0xABCD, 0xD7FF, 0xE000, 0xFFFF,
        0x10000, 0x1F600, 0x10FFFF};

    @Provide
    Arbitrary<String> strings() {
        Arbitrary<Integer> edge = Arbitraries.integers().between(0, EDGE_CODE_POINTS.length - 1)
                .map(i -> EDGE_CODE_POINTS[i]);
        Arbitrary<Integer> ascii = Arbitraries.integers().between(0, 0x7F);
        Arbitrary<Integer> bmp = Arbitraries.integers().between(0, 0xFFFF).filter(c -> c < 0xD800 || c > 0xDFFF);
        Arbitrary<Integer> astral = Arbitraries.integers().between(0x10000, 0x10FFFF);
        Arbitrary<Integer> codePoint = Arbitraries.frequencyOf(Tuple.of(4, edge), Tuple.of(3, ascii), Tuple.of(2, bmp),
                Tuple.of(1, astral));
        return codePoint.list().ofMaxSize(30).map(cps -> {
            StringBuilder sb = new StringBuilder();
            cps.forEach(sb::appendCodePoint);
            return sb.toString();
        });
    }

    @Property(tries = 400)
    void sameAsTheGeneralConstruction(@ForAll("strings") String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        ByteDfa expected = JsonStringEncoding.quoted(ByteDfa.literal(utf8), Integer.MAX_VALUE);
        ByteDfa actual = JsonLiteralSpellings.quoted(utf8, Integer.MAX_VALUE);
        assertEquals(expected, actual);
        assertEquals(expected.hashCode(), actual.hashCode());
        assertEquals(expected.toString(), actual.toString());
        assertEquals(TestSupport.distinctColumns(actual), actual.classCount());
        assertEquals(expected, JsonStringEncoding.quotedLiteral(s));
    }

    @Property(tries = 200)
    void sameStateLimit(@ForAll("strings") String s, @ForAll @IntRange(min = -3, max = 3) int offset) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        int states = JsonLiteralSpellings.quoted(utf8, Integer.MAX_VALUE).stateCount();
        int limit = Math.max(1, states + offset);
        if (offset < 0 && limit < states) {
            assertThrows(TooManyStatesException.class, () -> JsonStringEncoding.quoted(ByteDfa.literal(utf8), limit));
            assertEquals(limit, assertThrows(TooManyStatesException.class,
                    () -> JsonLiteralSpellings.quoted(utf8, limit)).limit());
        } else {
            assertEquals(JsonStringEncoding.quoted(ByteDfa.literal(utf8), limit), JsonLiteralSpellings.quoted(utf8, limit));
        }
    }

    @Provide
    Arbitrary<byte[]> bytes() {
        Arbitrary<Byte> lead = Arbitraries.of((byte) 0xC0, (byte) 0xC2, (byte) 0xDF, (byte) 0xE0, (byte) 0xED,
                (byte) 0xEF, (byte) 0xF0, (byte) 0xF4, (byte) 0xF5, (byte) 0xFF);
        Arbitrary<Byte> continuation = Arbitraries.bytes().map(b -> (byte) (0x80 | (b & 0x3F)));
        Arbitrary<Byte> ascii = Arbitraries.of((byte) 'a', (byte) '"', (byte) '\\', (byte) 0, (byte) 0x7F);
        return Arbitraries.frequencyOf(Tuple.of(2, lead), Tuple.of(4, continuation), Tuple.of(1, ascii))
                .array(byte[].class).ofMaxSize(8);
    }

    @Property(tries = 400)
    void sameOnAnyBytes(@ForAll("bytes") byte[] utf8) {
        assertEquals(JsonStringEncoding.quoted(ByteDfa.literal(utf8), Integer.MAX_VALUE),
                JsonLiteralSpellings.quoted(utf8, Integer.MAX_VALUE));
    }
}
