package io.github.kbnf4j.grammar.internal.automata;

import static io.github.kbnf4j.grammar.internal.automata.TestSupport.allStrings;
import static io.github.kbnf4j.grammar.internal.automata.TestSupport.byteSubstrings;
import static io.github.kbnf4j.grammar.internal.automata.TestSupport.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every construction against its brute-force definition on all short strings. */
class ConstructionsTest {
    static final String[] ALPHABET = {"a", "b", "é"};
    static final List<String> ALL = allStrings(ALPHABET, 5);

    static Stream<String> languages() {
        return Stream.of("(a|b)*", "a|ab|abb", "(ab)+", "a*b?", "é.", "[^a]*", "", "a*", "b", "aé|éa", "(a|é)*b",
            "[^\\s\\S]", "ab|ba", "é+|bb", ".{2}");
    }

    private static void assertLanguage(ByteDfa d, Predicate<byte[]> expected, String what) {
        for (String s : ALL) {
            byte[] b = utf8(s);
            assertEquals(expected.test(b), d.matches(b), () -> what + " on \"" + s + "\": " + d);
        }
    }

    @ParameterizedTest
    @MethodSource("languages")
    void firstMatch(String p) {
        ByteDfa d = Regexes.compile(p, 10, 1000);
        ByteDfa e = Constructions.firstMatch(d);
        assertLanguage(e, s -> d.matches(s) && noProperPrefixIn(d, s), "#e" + p);
        assertEquals(e, Constructions.firstMatch(e));
    }

    private static boolean noProperPrefixIn(ByteDfa d, byte[] s) {
        for (int i = 0; i < s.length; i++) {
            if (d.matches(Arrays.copyOf(s, i))) {
                return false;
            }
        }
        return true;
    }

    @ParameterizedTest
    @MethodSource("languages")
    void excluding(String p) {
        ByteDfa x = Regexes.compile(p, 10, 1000);
        ByteDfa ex = Constructions.excluding(x, 10000);
        assertLanguage(ex, s -> s.length > 0 && Utf8.isValid(s)
            && byteSubstrings(s).stream().noneMatch(x::matches), "#ex" + p);
        if (x.acceptsEmpty()) {
            assertTrue(ex.isEmptyLanguage());
        }
    }

    @ParameterizedTest
    @MethodSource("languages")
    void atMostChars(String p) {
        ByteDfa d = Regexes.compile(p, 10, 1000);
        for (int n = 0; n <= 4; n++) {
            int max = n;
            ByteDfa a = Constructions.atMostChars(d, n, 10000);
            assertLanguage(a, s -> d.matches(s) && new String(s, java.nio.charset.StandardCharsets.UTF_8)
                .codePointCount(0, new String(s, java.nio.charset.StandardCharsets.UTF_8).length()) <= max,
                p + " within " + n);
        }
    }

    @ParameterizedTest
    @MethodSource("languages")
    void withoutEmpty(String p) {
        ByteDfa d = Regexes.compile(p, 10, 1000);
        ByteDfa w = d.withoutEmpty();
        assertLanguage(w, s -> s.length > 0 && d.matches(s), p + " without empty");
        assertFalse(w.acceptsEmpty());
    }

    @ParameterizedTest
    @MethodSource("languages")
    void closedUnderConcatenation(String p) {
        ByteDfa d = Regexes.compile(p, 10, 1000);
        // brute force: a counterexample u, v in L with uv not in L, among short words
        List<String> short3 = allStrings(ALPHABET, 3);
        boolean closed = !d.isEmptyLanguage();
        for (String u : short3) {
            for (String v : short3) {
                if (d.matches(utf8(u)) && d.matches(utf8(v)) && !d.matches(utf8(u + v))) {
                    closed = false;
                }
            }
        }
        assertEquals(closed, d.isClosedUnderConcatenation(64), p);
        if (d.stateCount() > 1) {
            assertFalse(d.isClosedUnderConcatenation(d.stateCount() - 1), "beyond the bound: no");
        }
    }

    @Test
    void substrings() {
        for (String text : List.of("abéab", "aab", "", "ébbé", "ba😀b")) {
            ByteDfa d = Constructions.substrings(utf8(text));
            List<String> probe = allStrings(new String[] {"a", "b", "é", "😀"}, 5);
            for (String s : probe) {
                assertEquals(text.contains(s), d.matches(utf8(s)), () -> "substrs " + text + " on " + s);
            }
            // Byte-level substrings that cut a character are rejected.
            for (byte[] sub : byteSubstrings(utf8(text))) {
                assertEquals(Utf8.isValid(sub), d.matches(sub));
            }
            assertTrue(d.stateCount() <= 2 * utf8(text).length + 1);
        }
        assertThrows(IllegalArgumentException.class, () -> Constructions.substrings(new byte[] {(byte) 0xC3}));
    }

    @Test
    void literal() {
        for (String s : List.of("", "a", "ab", "é", "aéb")) {
            ByteDfa d = ByteDfa.literal(utf8(s));
            assertLanguage(d, b -> Arrays.equals(b, utf8(s)), "literal " + s);
            assertEquals(utf8(s).length + 1, d.stateCount());
            assertEquals(d, Regexes.compile(s, 10, 100));
            assertEquals(d, Constructions.determinize(ByteNfa.literal(utf8(s)), 100));
        }
        assertEquals(ByteDfa.literal(utf8("")), ByteDfa.literal(utf8("")).withoutEmpty().equals(ByteDfa.emptyLanguage())
            ? ByteDfa.literal(utf8("")) : null);
    }

    @Test
    void emptyLanguage() {
        ByteDfa e = ByteDfa.emptyLanguage();
        assertTrue(e.isEmptyLanguage());
        assertEquals(1, e.stateCount());
        assertFalse(e.acceptsEmpty());
        for (int b = 0; b < 256; b++) {
            assertEquals(-1, e.next(0, b));
        }
        assertEquals(e, Regexes.compile("[^\\s\\S]", 10, 10));
        assertEquals(e, Regexes.compile("a[^\\s\\S]b*", 10, 10));
        assertTrue(Constructions.excluding(e, 100).equals(Constructions.validUtf8().withoutEmpty()));
    }

    @Test
    void canonicalEquality() {
        assertEquals(Regexes.compile("a|b", 10, 100), Regexes.compile("[ab]", 10, 100));
        assertEquals(Regexes.compile("(a|b)*", 10, 100), Regexes.compile("[ab]*", 10, 100));
        assertEquals(Regexes.compile("(a|b)*", 10, 100).hashCode(), Regexes.compile("[ba]*", 10, 100).hashCode());
        assertEquals(Regexes.compile("a{2,}", 10, 100), Regexes.compile("aaa*", 10, 100));
        assertEquals(Regexes.compile("[\\s\\S]*", 10, 100), Constructions.validUtf8());
        assertNotEquals(Regexes.compile("a*", 10, 100), Regexes.compile("a+", 10, 100));
        assertEquals("ByteDfa[2 states, accepting {1}; 0 -[30-39]-> 1, 1 -[30-39]-> 1]",
            Regexes.compile("\\d+", 10, 100).toString());
    }

    @Test
    void trimmedAndCanonicallyNumbered() {
        for (String p : new String[] {"-?\\d+(\\.\\d+)?", "(a|b)*abb", ".*é", "[^a]{2}"}) {
            ByteDfa d = Regexes.compile(p, 10, 1000);
            // Breadth-first numbering: each state's first appearance follows the previous one.
            int seen = 1;
            for (int s = 0; s < d.stateCount(); s++) {
                for (int b = 0; b < 256; b++) {
                    int t = d.next(s, b);
                    if (t >= seen) {
                        assertEquals(seen, t, p);
                        seen++;
                    }
                }
            }
            assertEquals(d.stateCount(), seen, p);
        }
    }
}
