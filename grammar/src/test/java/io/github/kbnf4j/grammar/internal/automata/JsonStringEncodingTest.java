package io.github.kbnf4j.grammar.internal.automata;

import static io.github.kbnf4j.grammar.internal.automata.TestSupport.utf8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link JsonStringEncoding} against the reference decoder {@link JsonStrings#decode}. */
class JsonStringEncodingTest {
    /**
     * Pieces of candidate literals: characters raw and escaped, surrogates paired, lone and in
     * both cases, raw controls, bad escapes, bytes that are not UTF-8.
     */
    static final List<byte[]> PIECES = pieces();

    private static List<byte[]> pieces() {
        List<byte[]> out = new ArrayList<>();
        for (String s : List.of("a", "é", "😀", "\"", "\\", "\\\\", "\\\"", "\\/", "/", "\\n", "\\b", "\n", "\u0000",
                "\\u0061", "\\u00E9", "\\u00e9", "\\uD83D", "\\ude00", "\\uDE00", "\\u0000", "\\u001F", "\\x41",
                "\\U0061", "\\u12", "u", "D", "\\uD7FF", "\\uE000", "\\uFFFF", "\\udbff\\uDFFF", "\\ud83d\\uDE00")) {
            out.add(utf8(s));
        }
        out.add(new byte[] {(byte) 0xFF});
        out.add(new byte[] {(byte) 0xC3});
        return out;
    }

    static Stream<String> contents() {
        return Stream.of("[\\s\\S]*", "a*", "[aé]*", "a|é|😀", "\"*", "\\\\+", "[\\x00-\\x1F]{0,2}", ".{0,3}",
                "(a|\\u{1F600})*", "[^a]*", "", "a{2,3}", "[\\u{10000}-\\u{10FFFF}]", "[\\u{D7FF}\\u{E000}\\u{FFFF}]+",
                "/", "[\\x08\\x0C\\n\\r\\t]+", "aé😀", "\\u{10FFFF}|\\u{10000}", "[^\\s\\S]");
    }

    /** Candidates: every sequence of up to three pieces, in quotes; a few without quotes. */
    static List<byte[]> candidates() {
        List<byte[]> bodies = new ArrayList<>();
        bodies.add(new byte[0]);
        int from = 0;
        for (int len = 1; len <= 3; len++) {
            int to = bodies.size();
            for (int i = from; i < to; i++) {
                for (byte[] p : PIECES) {
                    bodies.add(concat(bodies.get(i), p));
                }
            }
            from = to;
        }
        List<byte[]> out = new ArrayList<>();
        for (byte[] body : bodies) {
            out.add(concat(utf8("\""), body, utf8("\"")));
        }
        for (String s : List.of("", "\"", "a", "\"a", "a\"", "\"a\"\"", " \"a\"")) {
            out.add(utf8(s));
        }
        return out;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    @ParameterizedTest
    @MethodSource("contents")
    void agreesWithTheDecoderOnEnumeratedCandidates(String pattern) {
        ByteDfa content = Regexes.compile(pattern, 10, 1000);
        ByteDfa quoted = JsonStringEncoding.quoted(content, 100_000);
        int accepted = 0;
        for (byte[] candidate : candidates()) {
            byte[] value = JsonStrings.decode(candidate);
            boolean expected = value != null && content.matches(value);
            assertEquals(expected, quoted.matches(candidate),
                    () -> pattern + " on " + show(candidate) + " (decoded: " + (value == null ? "invalid" : show(value)) + ")");
            accepted += expected ? 1 : 0;
        }
        assertEquals(content.isEmptyLanguage(), quoted.isEmptyLanguage(), pattern);
        if (!content.isEmptyLanguage() && !pattern.startsWith("\\u{10FFFF}")) {
            assertTrue(accepted > 0, "the candidates exercise " + pattern);
        }
    }

    @ParameterizedTest
    @MethodSource("contents")
    void acceptsRandomSpellingsOfItsValues(String pattern) {
        ByteDfa content = Regexes.compile(pattern, 10, 1000);
        ByteDfa quoted = JsonStringEncoding.quoted(content, 100_000);
        Random rnd = new Random(pattern.hashCode());
        for (int i = 0; i < 300; i++) {
            byte[] value = TestSupport.randomAccepted(content, rnd, 12);
            if (value == null) {
                continue;
            }
            String spelled = JsonStrings.spell(TestSupport.decode(value), rnd);
            assertArrayEquals(value, JsonStrings.decode(utf8(spelled)), spelled);
            assertTrue(quoted.matches(utf8(spelled)), () -> pattern + " on " + spelled);
        }
    }

    /**
     * Regression: the construction is not minimized, and the content states of a digit string
     * ({@code [0-9]+}: before and after the first digit) had an escape state each, alike (both read
     * only {@code u} into the same digit states), one more state than the minimal automaton.
     */
    @Test
    void contentStatesAlikeOnWholeCharactersShareTheirEscapeState() {
        for (String pattern : List.of("[0-9]+", "[0-9]{2,4}", "x[0-9]*|[0-9]+y", "\\x01+")) {
            ByteDfa quoted = JsonStringEncoding.quoted(Regexes.compile(pattern, 10, 10_000), 10_000);
            int n = quoted.stateCount();
            assertEquals(ReferenceMinimizer.minimize(n, quoted.denseTable(n), quoted.acceptArray(), 0), quoted, pattern);
        }
    }

    /** The RFC 8259 string grammar, without lone surrogates, written as one regex. */
    @Test
    void anyStringIsTheRfcGrammar() {
        String hex = "[0-9a-fA-F]";
        String bmp = "[0-9a-cA-Ce-fE-F]" + hex + "{3}|[dD][0-7]" + hex + "{2}";
        String pair = "\\\\u[dD][89abAB]" + hex + "{2}\\\\u[dD][c-fC-F]" + hex + "{2}";
        String rfc = "\"([^\"\\\\\\x00-\\x1F]|\\\\[\"\\\\/bfnrt]|\\\\u(" + bmp + ")|" + pair + ")*\"";
        ByteDfa expected = Regexes.compile(rfc, 10, 10_000);
        assertEquals(expected, JsonStringEncoding.quoted(Constructions.validUtf8(), 10_000));
    }

    @Test
    void literalSpellings() {
        ByteDfa d = JsonStringEncoding.quotedLiteral("a😀\n\"/");
        for (String yes : List.of("\"a😀\\n\\\"/\"", "\"\\u0061\\ud83d\\ude00\\u000a\\u0022\\/\"",
                "\"a\\uD83D\\uDE00\\u000A\\\"\\u002F\"", "\"a\\uD83d\\uDe00\\n\\\"/\"")) {
            assertTrue(d.matches(utf8(yes)), yes);
        }
        for (String no : List.of("\"a😀\n\\\"/\"", "\"a😀\\n\"/\"", "\"\\u0041😀\\n\\\"/\"", "\"a\\ud83d\\n\\\"/\"",
                "\"a\\uDE00\\uD83D\\n\\\"/\"", "\"a\\U0001F600\\n\\\"/\"", "\"a😀\\n\\\"/", "a😀\\n\\\"/\"")) {
            assertFalse(d.matches(utf8(no)), no);
        }
        assertTrue(JsonStringEncoding.quotedLiteral("").matches(utf8("\"\"")));
        assertEquals(2 + 1, JsonStringEncoding.quotedLiteral("").stateCount());
        assertThrows(IllegalArgumentException.class, () -> JsonStringEncoding.quotedLiteral("a\uD83D"));
        assertThrows(IllegalArgumentException.class, () -> JsonStringEncoding.quotedLiteral("\uDE00\uD83D"));
    }

    @Test
    void contentBytesThatAreNotUtf8AreIgnored() {
        int[] table = new int[2 * 256];
        java.util.Arrays.fill(table, -1);
        table['a'] = 1;
        table[0xFF] = 1;
        ByteDfa content = Constructions.fromTable(2, table, new boolean[] {false, true});
        assertEquals(JsonStringEncoding.quotedLiteral("a"), JsonStringEncoding.quoted(content, 1000));
    }

    @Test
    void limit() {
        assertEquals(20, assertThrows(TooManyStatesException.class,
                () -> JsonStringEncoding.quoted(Constructions.validUtf8(), 20)).limit());
        ByteDfa long40 = Constructions.charCountBetween(Constructions.validUtf8(), 0, 40, 10_000);
        assertThrows(TooManyStatesException.class, () -> JsonStringEncoding.quoted(long40, 500));
    }

    /** Prints construction times; the bounds are loose, to catch a blow-up rather than to benchmark. */
    @Test
    void timing() {
        ByteDfa any = Constructions.validUtf8();
        ByteDfa email = Regexes.compile("[a-z0-9._%+-]{1,8}@[a-z0-9-]{1,6}\\.(com|org|net|[a-z]{2})", 10, 10_000);
        ByteDfa short6 = Constructions.charCountBetween(any, 0, 6, 10_000);
        ByteDfa short40 = Constructions.charCountBetween(any, 2, 40, 10_000);
        ByteDfa literal = ByteDfa.literal(utf8("The quick brown fox jumps over the lazy dog, naïvely: 😀"));
        for (int round = 0; round < 3; round++) {
            StringBuilder report = new StringBuilder("JsonStringEncoding.quoted (round " + round + "):");
            for (Object[] c : new Object[][] {{"any string", any}, {"email-like regex", email},
                    {"at most 6 characters", short6}, {"2 to 40 characters", short40}, {"a 57-character literal", literal}}) {
                ByteDfa content = (ByteDfa) c[1];
                long t0 = System.nanoTime();
                ByteDfa q = JsonStringEncoding.quoted(content, 1_000_000);
                long micros = (System.nanoTime() - t0) / 1000;
                report.append(String.format("%n  %-24s content %4d states -> %5d states in %7d us", c[0],
                        content.stateCount(), q.stateCount(), micros));
                assertTrue(micros < 5_000_000, c[0] + " took " + micros + " us");
            }
            if (round == 2) {
                System.out.println(report);
            }
        }
    }

    private static String show(byte[] b) {
        String text = TestSupport.decode(b);
        return text != null ? "'" + text.replace("\n", "<LF>").replace("\u0000", "<NUL>") + "'"
                : HexFormat.ofDelimiter(" ").formatHex(b);
    }
}
