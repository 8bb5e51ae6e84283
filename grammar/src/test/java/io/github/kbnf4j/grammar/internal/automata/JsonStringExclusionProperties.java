package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link JsonStringExclusion#without} equals the obvious construction: encode (with
 * {@link JsonStringEncoding#quoted}) the content language minus the literal automata of the
 * excluded strings, for sets of strings that share prefixes and hold quotes, backslashes, controls,
 * the short-escape characters, hex-digit letters, multi-byte and supplementary characters (some
 * sharing a high surrogate) and lone surrogates, over every string and over a pattern's strings.
 */
class JsonStringExclusionProperties {
    private static final int[] CODE_POINTS = {'"', '\\', '/', '\b', '\n', '\t', 0, 0x1F, 0x7F, 'a', 'b', 'A', 'f',
        'u', 'D', '0', 0xE9, 0x7FF, 0x800, 0xABCD, 0xD7FF, 0xE000, 0xFFFF, 0x10000, 0x1F600, 0x1F601, 0x1F680,
        0x10FFFF};

    @Provide
    Arbitrary<List<String>> values() {
        Arbitrary<Integer> codePoint = Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(0, CODE_POINTS.length - 1).map(i -> CODE_POINTS[i])),
                Tuple.of(2, Arbitraries.integers().between(0, 0x10FFFF).filter(c -> c < 0xD800 || c > 0xDFFF)),
                Tuple.of(1, Arbitraries.of(0xD800, 0xDC00))); // a lone surrogate in a Java string
        Arbitrary<String> string = codePoint.list().ofMaxSize(5).map(cps -> {
            StringBuilder sb = new StringBuilder();
            cps.forEach(sb::appendCodePoint);
            return sb.toString();
        });
        return string.list().ofMaxSize(6);
    }

    @Provide
    Arbitrary<ByteDfa> contents() {
        return Arbitraries.of("(.|\\n)*", "[ab\"\\\\]*", "a.?", "[\\x00-\\x7f]{0,3}", "(.|\\n){2,}", "\u00e9|\uD83D\uDE00.*",
                "b").map(p -> Regexes.compile(p, 100, 10_000));
    }

    @Property(tries = 300)
    void everyStringButTheValues(@ForAll("values") List<String> values) {
        ByteDfa any = Constructions.validUtf8();
        assertEquals(expected(any, values), JsonStringExclusion.without(JsonStringEncoding.quoted(any, 100_000),
                values, 100_000));
    }

    @Property(tries = 300)
    void aPatternsStringsButTheValues(@ForAll("contents") ByteDfa content, @ForAll("values") List<String> values) {
        assertEquals(expected(content, values), JsonStringExclusion.without(JsonStringEncoding.quoted(content, 100_000),
                values, 100_000));
    }

    @Property(tries = 200)
    void throwsOnlyOverItsLimit(@ForAll("values") List<String> values, @ForAll @IntRange(min = 1, max = 120) int limit) {
        ByteDfa quotedAny = JsonStringEncoding.quoted(Constructions.validUtf8(), 100_000);
        try {
            assertEquals(expected(Constructions.validUtf8(), values), JsonStringExclusion.without(quotedAny, values,
                    limit));
        } catch (TooManyStatesException e) {
            assertEquals(limit, e.limit());
        }
    }

    @Example
    void aSmallLimitIsReported() {
        ByteDfa quotedAny = JsonStringEncoding.quoted(Constructions.validUtf8(), 100_000);
        assertThrows(TooManyStatesException.class,
                () -> JsonStringExclusion.without(quotedAny, List.of("alpha", "beta", "gamma"), 10));
    }

    @Example
    void nothingLeftIsTheEmptyLanguage() {
        ByteDfa ab = JsonStringEncoding.quoted(Regexes.compile("a|b", 100, 100), 1000);
        assertEquals(ByteDfa.emptyLanguage(), JsonStringExclusion.without(ab, List.of("b", "a", "c"), 1000));
    }

    /** quoted(content \ values), the values that are valid strings (a lone surrogate is none). */
    private static ByteDfa expected(ByteDfa content, List<String> values) {
        ByteDfa rest = content;
        for (String v : values) {
            if (!v.equals(new String(v.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8))) {
                continue;
            }
            rest = BooleanOperations.difference(rest, ByteDfa.literal(v.getBytes(StandardCharsets.UTF_8)), 100_000);
        }
        return JsonStringEncoding.quoted(rest, 100_000);
    }
}
