package io.github.kbnf4j.grammar.internal.automata;

import static io.github.kbnf4j.grammar.internal.automata.TestSupport.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link JsonLiteralSpellings}: spellings accepted and refused, invalid UTF-8, sizes, limits. */
class JsonLiteralSpellingsTest {

    private static ByteDfa spellings(String s) {
        return JsonLiteralSpellings.quoted(s.getBytes(StandardCharsets.UTF_8), Integer.MAX_VALUE);
    }

    private static ByteDfa general(String s) {
        return JsonStringEncoding.quoted(ByteDfa.literal(s.getBytes(StandardCharsets.UTF_8)), Integer.MAX_VALUE);
    }

    @Test
    void spellingsOfAKey() {
        ByteDfa d = spellings("a/\"é😀\u0001");
        for (String yes : List.of("\"a/\\\"é😀\\u0001\"", "\"\\u0061\\/\\u0022\\u00e9\\ud83d\\ude00\\u0001\"",
                "\"a\\u002F\\\"\\u00E9\\uD83D\\uDE00\\u0001\"", "\"a/\\\"é\\uD83d\\uDe00\\u0001\"")) {
            assertTrue(d.matches(utf8(yes)), yes);
        }
        for (String no : List.of("\"a/\"é😀\\u0001\"", "\"\\u0041/\\\"é😀\\u0001\"", "\"a/\\\"é😀\u0001\"",
                "\"a/\\\"é\\ude00\\ud83d\\u0001\"", "\"a/\\\"é\\U0001F600\\u0001\"", "\"a/\\\"é😀\\x01\"",
                "\"a/\\\"é😀\\u0001", "a/\\\"é😀\\u0001\"", "\"a/\\\"é😀\\u001\"")) {
            assertFalse(d.matches(utf8(no)), no);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a", "\"", "\\", "/", "\b", "\f", "\n", "\r", "\t", "\u0000", "\u001F", " ", "\u007F",
        "\u0080", "\u07FF", "\u0800", "\uD7FF", "\uE000", "\uFFFF", "\uD800\uDC00", "\uDBFF\uDFFF", "key",
        "properties", "ü\"ber\\all", "😀x😀"})
    void sameAsTheGeneralConstruction(String s) {
        ByteDfa direct = spellings(s);
        assertEquals(general(s), direct);
        assertEquals(general(s).toString(), direct.toString());
    }

    @Test
    void sizes() {
        assertEquals(3, spellings("").stateCount()); // start, between the quotes, end
        assertEquals(9, spellings("a").stateCount()); // + after a; backslash, u and three digits
        assertEquals(9, spellings("\"").stateCount()); // no raw quote, a short escape instead
        assertEquals(10, spellings("é").stateCount()); // + the state inside the two raw bytes
        assertEquals(18, spellings("😀").stateCount()); // + 2 raw, + \ u and the low surrogate's digits
        assertEquals(3 + 6 * 1000, spellings("k".repeat(1000)).stateCount());
    }

    @ParameterizedTest
    @ValueSource(strings = {"C0 80", "C1 BF", "E0 9F BF", "ED A0 80", "ED BF BF", "F0 8F BF BF", "F4 90 80 80", "F5 80 80 80",
        "80", "BF", "C3", "E2 82", "F0 9F 98", "FF", "61 C3", "C3 61"})
    void notUtf8IsTheEmptyLanguage(String hex) {
        String[] parts = hex.split(" ");
        byte[] bytes = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            bytes[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        ByteDfa d = JsonLiteralSpellings.quoted(bytes, Integer.MAX_VALUE);
        assertTrue(d.isEmptyLanguage(), hex);
        assertEquals(JsonStringEncoding.quoted(ByteDfa.literal(bytes), Integer.MAX_VALUE), d);
    }

    @Test
    void stateLimit() {
        byte[] key = utf8("abc");
        assertEquals(21, JsonLiteralSpellings.quoted(key, 21).stateCount());
        assertEquals(20, assertThrows(TooManyStatesException.class, () -> JsonLiteralSpellings.quoted(key, 20)).limit());
        assertThrows(TooManyStatesException.class, () -> JsonStringEncoding.quoted(ByteDfa.literal(key), 20));
    }

    @Test
    void linearInTheLength() {
        String s = "aé😀\"".repeat(2_500); // 10,000 characters
        long t0 = System.nanoTime();
        ByteDfa d = JsonLiteralSpellings.quoted(s.getBytes(StandardCharsets.UTF_8), Integer.MAX_VALUE);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(3 + 2_500 * (6 + 7 + 15 + 6), d.stateCount());
        assertTrue(d.matches(utf8("\"" + s.replace("\"", "\\\"") + "\"")));
        assertTrue(ms < 5_000, ms + " ms"); // loose: catches a quadratic blow-up, not a benchmark
    }
}
