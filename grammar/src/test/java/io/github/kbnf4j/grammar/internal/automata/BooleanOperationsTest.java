package io.github.kbnf4j.grammar.internal.automata;

import static io.github.kbnf4j.grammar.internal.automata.TestSupport.allStrings;
import static io.github.kbnf4j.grammar.internal.automata.TestSupport.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * {@link BooleanOperations} and the code point counts and concatenation of {@link Constructions}
 * against their definitions on all short strings (valid UTF-8, and byte strings that are not).
 */
class BooleanOperationsTest {
    static final List<String> PATTERNS = List.of("(a|b)*", "a|ab|abb", "(ab)+", "a*b?", "é.", "[^a]*", "", "a*", "b",
            "aé|éa", "(a|é)*b", "[^\\s\\S]", ".{2}", "[\\s\\S]*");
    static final List<byte[]> INPUTS = inputs();

    private static List<byte[]> inputs() {
        List<byte[]> out = new ArrayList<>();
        for (String s : allStrings(new String[] {"a", "b", "é", "😀"}, 4)) {
            out.add(utf8(s));
        }
        // Not UTF-8: a lone continuation byte, a truncated character.
        out.add(new byte[] {(byte) 0x80});
        out.add(new byte[] {'a', (byte) 0xC3});
        out.add(new byte[] {(byte) 0xC3, 'a'});
        return out;
    }

    private static List<ByteDfa> languages() {
        List<ByteDfa> out = new ArrayList<>();
        for (String p : PATTERNS) {
            out.add(Regexes.compile(p, 10, 1000));
        }
        // A language with bytes that are not UTF-8, which complement must leave out.
        out.add(Constructions.fromTable(2, byteTable(), new boolean[] {false, true}));
        return out;
    }

    /** 0 -0x80-> 1, 1 -'a'-> 1. */
    private static int[] byteTable() {
        int[] t = new int[512];
        java.util.Arrays.fill(t, -1);
        t[0x80] = 1;
        t[256 + 'a'] = 1;
        return t;
    }

    private static void assertLanguage(ByteDfa d, Predicate<byte[]> expected, String what) {
        for (byte[] s : INPUTS) {
            assertEquals(expected.test(s), d.matches(s), () -> what + " on " + java.util.HexFormat.of().formatHex(s));
        }
    }

    @Test
    void intersectionUnionDifference() {
        List<ByteDfa> langs = languages();
        for (ByteDfa a : langs) {
            for (ByteDfa b : langs) {
                String what = a + " and " + b;
                assertLanguage(BooleanOperations.intersection(a, b, 10_000), s -> a.matches(s) && b.matches(s),
                        "intersection of " + what);
                assertLanguage(BooleanOperations.union(a, b, 10_000), s -> a.matches(s) || b.matches(s),
                        "union of " + what);
                assertLanguage(BooleanOperations.difference(a, b, 10_000), s -> a.matches(s) && !b.matches(s),
                        "difference of " + what);
            }
        }
    }

    /** isSubset against its definition: the intersection is the first language itself. */
    @Test
    void subset() {
        List<ByteDfa> all = languages();
        all.add(Constructions.validUtf8());
        all.add(ByteDfa.emptyLanguage());
        for (ByteDfa a : all) {
            for (ByteDfa b : all) {
                boolean expected = BooleanOperations.intersection(a, b, 100_000).equals(a);
                assertEquals(expected, BooleanOperations.isSubset(a, b, 100_000), a + " ⊆ " + b);
            }
        }
        ByteDfa ab = Regexes.compile("a|ab|abb", 10, 1000);
        assertTrue(BooleanOperations.isSubset(ab, Regexes.compile("a[ab]*", 10, 1000), 100));
        assertTrue(!BooleanOperations.isSubset(Regexes.compile("a[ab]*", 10, 1000), ab, 100));
    }

    /** When the walk goes over the state limit, the intersection does too: the same pairs. */
    @Test
    void subsetStateLimit() {
        ByteDfa a = Regexes.compile("(ab|ba|aab){0,6}", 10, 10_000);
        ByteDfa b = Constructions.validUtf8();
        int pairs = 1;
        while (true) {
            int limit = pairs;
            try {
                BooleanOperations.isSubset(a, b, limit);
                break;
            } catch (TooManyStatesException e) {
                assertThrows(TooManyStatesException.class, () -> BooleanOperations.intersection(a, b, limit));
                pairs++;
            }
        }
        assertTrue(pairs > 1);
        assertEquals(a, BooleanOperations.intersection(a, b, pairs)); // the intersection fits where the walk fits
    }

    @Test
    void complementIsAmongValidUtf8() {
        for (ByteDfa a : languages()) {
            ByteDfa c = BooleanOperations.complement(a, 10_000);
            assertLanguage(c, s -> Utf8.isValid(s) && !a.matches(s), "complement of " + a);
        }
        assertEquals(Constructions.validUtf8(), BooleanOperations.complement(ByteDfa.emptyLanguage(), 100));
        assertTrue(BooleanOperations.complement(Constructions.validUtf8(), 100).isEmptyLanguage());
    }

    @Test
    void resultsAreCanonical() {
        ByteDfa ab = Regexes.compile("[ab]*", 10, 100);
        ByteDfa bc = Regexes.compile("[bc]*", 10, 100);
        assertEquals(Regexes.compile("b*", 10, 100), BooleanOperations.intersection(ab, bc, 100));
        assertEquals(Regexes.compile("[ab]*|[bc]*", 10, 100), BooleanOperations.union(ab, bc, 100));
    }

    @Test
    void concat() {
        List<ByteDfa> langs = languages();
        for (ByteDfa a : langs) {
            for (ByteDfa b : langs) {
                ByteDfa ab = Constructions.concat(a, b, 10_000);
                assertLanguage(ab, s -> {
                    for (int i = 0; i <= s.length; i++) {
                        if (a.matches(java.util.Arrays.copyOf(s, i))
                                && b.matches(java.util.Arrays.copyOfRange(s, i, s.length))) {
                            return true;
                        }
                    }
                    return false;
                }, "concat of " + a + " and " + b);
            }
        }
    }

    @Test
    void charCountBetween() {
        for (String p : PATTERNS) {
            ByteDfa d = Regexes.compile(p, 10, 1000);
            for (int min = 0; min <= 3; min++) {
                for (int max = -1; max <= 4; max++) {
                    int lo = min;
                    int hi = max;
                    ByteDfa r = Constructions.charCountBetween(d, min, max, 10_000);
                    assertLanguage(r, s -> {
                        int n = codePoints(s);
                        return d.matches(s) && n >= lo && (hi == -1 || n <= hi);
                    }, p + " with " + min + ".." + max + " characters");
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Constructions.charCountBetween(Constructions.validUtf8(), -1, 3, 10));
        assertThrows(IllegalArgumentException.class, () -> Constructions.charCountBetween(Constructions.validUtf8(), 0, -2, 10));
        assertThrows(TooManyStatesException.class,
                () -> Constructions.charCountBetween(Constructions.validUtf8(), 0, 1000, 100));
        // Unbounded: the counter saturates at min, so the size does not grow with the strings.
        assertTrue(Constructions.charCountBetween(Constructions.validUtf8(), 5, -1, 100).stateCount() < 100);
    }

    @Test
    void limits() {
        ByteDfa a = Regexes.compile("[ab]{0,30}", 100, 1000);
        ByteDfa b = Regexes.compile("(a|b)*a(a|b){6}", 100, 1000); // 2^7 states
        assertThrows(TooManyStatesException.class, () -> BooleanOperations.intersection(a, b, 50));
        assertEquals(50, assertThrows(TooManyStatesException.class, () -> BooleanOperations.union(a, b, 50)).limit());
    }

    /** The number of lead bytes, which is the code point count for valid UTF-8. */
    private static int codePoints(byte[] s) {
        int n = 0;
        for (byte b : s) {
            if ((b & 0xC0) != 0x80) {
                n++;
            }
        }
        return n;
    }

    @Test
    void charCountOfValidUtf8() {
        String s = "aé😀";
        ByteDfa two = Constructions.charCountBetween(Constructions.validUtf8(), 2, 2, 100);
        assertTrue(two.matches(s.substring(1).getBytes(StandardCharsets.UTF_8)));
        assertTrue(!two.matches(s.getBytes(StandardCharsets.UTF_8)));
    }
}
