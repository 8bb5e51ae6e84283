package io.github.kbnf4j.grammar.internal.automata;

import static io.github.kbnf4j.grammar.internal.automata.TestSupport.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link JsonStringEncoding#quoted} on random content regexes against the reference decoder:
 * random candidate literals built of pieces (escapes, surrogates, raw controls, bad bytes), and
 * random spellings of random values, in the content or not.
 */
class JsonStringEncodingProperties {
    private static final List<String> ATOMS = List.of("a", "é", "😀", "\\\"", "\\\\", "\\n", "\\x00", "[a-z]", "[^a]",
            ".", "[\\u{10000}-\\u{10FFFF}]", "\\u{FFFF}", "[\\x00-\\x1F]", "/", "\\u{E000}", "[\\u{800}-\\u{FFF}]",
            "[\\u{80}-\\u{7FF}]", "\\u{D7FF}");
    private static final List<String> QUANTIFIERS = List.of("", "", "?", "*", "+", "{0,2}");
    /** Code points at the places where the encoding changes. */
    private static final int[] VALUE_CODE_POINTS = {'a', 'z', 'é', 0x1F600, '"', '\\', '\n', 0, 0x1F, '/', 0x7F, 0x80,
        0x7FF, 0x800, 0xFFF, 0x1000, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF};

    @Provide
    Arbitrary<String> contentPatterns() {
        Arbitrary<String> item = Combinators.combine(Arbitraries.of(ATOMS), Arbitraries.of(QUANTIFIERS)).as(String::concat);
        Arbitrary<String> sequence = item.list().ofMinSize(1).ofMaxSize(4).map(items -> String.join("", items));
        return sequence.list().ofMinSize(1).ofMaxSize(2).map(alts -> String.join("|", alts));
    }

    @Provide
    Arbitrary<List<byte[]>> candidates() {
        Arbitrary<byte[]> piece = Arbitraries.of(JsonStringEncodingTest.PIECES);
        Arbitrary<byte[]> candidate = Combinators.combine(piece.list().ofMaxSize(8), Arbitraries.integers().between(0, 20)).as((pieces, q) -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            if (q > 0) {
                out.write('"');
            }
            pieces.forEach(out::writeBytes);
            if (q > 1) {
                out.write('"');
            }
            return out.toByteArray();
        });
        return candidate.list().ofMinSize(1).ofMaxSize(40);
    }

    @Property(tries = 300)
    void agreesWithTheDecoder(@ForAll("contentPatterns") String pattern, @ForAll("candidates") List<byte[]> candidates,
            @ForAll long seed) {
        ByteDfa content = Regexes.compile(pattern, 10, 10_000);
        ByteDfa quoted = JsonStringEncoding.quoted(content, 100_000);
        for (byte[] candidate : candidates) {
            byte[] value = JsonStrings.decode(candidate);
            assertEquals(value != null && content.matches(value), quoted.matches(candidate),
                    () -> pattern + " on " + java.util.HexFormat.ofDelimiter(" ").formatHex(candidate));
        }
        Random rnd = new Random(seed);
        for (int i = 0; i < 30; i++) {
            // A value accepted by the content (when the walk finds one), or a random one.
            byte[] accepted = TestSupport.randomAccepted(content, rnd, 8);
            String value = accepted != null && rnd.nextBoolean() ? TestSupport.decode(accepted) : randomValue(rnd);
            String spelled = JsonStrings.spell(value, rnd);
            assertEquals(content.matches(utf8(value)), quoted.matches(utf8(spelled)), () -> pattern + " on " + spelled);
        }
    }

    /**
     * The construction is not minimized: it must come out minimal (and canonical), which is what the
     * reference minimizer makes of it.
     */
    @Property(tries = 300)
    void comesOutMinimal(@ForAll("contentPatterns") String pattern) {
        ByteDfa quoted = JsonStringEncoding.quoted(Regexes.compile(pattern, 10, 10_000), 100_000);
        int n = quoted.stateCount();
        assertEquals(ReferenceMinimizer.minimize(n, quoted.denseTable(n), quoted.acceptArray(), 0), quoted, pattern);
    }

    private static String randomValue(Random rnd) {
        StringBuilder sb = new StringBuilder();
        int n = rnd.nextInt(5);
        for (int i = 0; i < n; i++) {
            sb.appendCodePoint(VALUE_CODE_POINTS[rnd.nextInt(VALUE_CODE_POINTS.length)]);
        }
        return sb.toString();
    }
}
