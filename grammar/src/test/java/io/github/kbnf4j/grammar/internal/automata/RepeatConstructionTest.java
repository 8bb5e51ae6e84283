package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Constructions#repeat}: the direct counter construction for prefix-free items equals the
 * copies-then-determinize construction, for every bound up to 6 and unbounded; items that are not
 * prefix-free (or whose start state a copy can return to) take the second path, and a counter that would be too large is refused before it is
 * built.
 */
class RepeatConstructionTest {

    private static ByteDfa viaNfa(ByteDfa d, int min, int max) {
        return Constructions.determinize(ByteNfa.repeat(ByteNfa.of(d), min, max, 100_000), 100_000);
    }

    @Test
    void counterEqualsCopiesAndDeterminization() {
        List<String> items = List.of("a", "ab", "a|bb", "[ab]c", "abc|d|ef", "é|日", "", "[a-c]{2}", "a|ab", "a*b?",
            "(ab)*", "x+",
            // prefix-free, but a copy can come back to the item's start state: between copies and
            // inside one after "a" must stay apart (regression: "ba" was accepted by (a*b){1,3})
            "a*b", "(ab)*c", "a*bc|d", "[ab]*c");
        for (String item : items) {
            ByteDfa d = Regexes.compile(item, 10, 1000);
            for (int min = 0; min <= 6; min++) {
                for (int max = min; max <= 6; max++) {
                    assertEquals(viaNfa(d, min, max), Constructions.repeat(d, min, max, 10_000),
                        item + "{" + min + "," + max + "}");
                }
                assertEquals(viaNfa(d, min, -1), Constructions.repeat(d, min, -1, 10_000), item + "{" + min + ",}");
            }
        }
    }

    @Test
    void theEmptyLanguageAndZeroCopies() {
        ByteDfa none = ByteDfa.emptyLanguage();
        assertEquals(ByteDfa.literal(new byte[0]), Constructions.repeat(none, 0, 3, 10));
        assertEquals(none, Constructions.repeat(none, 1, 3, 10));
        assertEquals(ByteDfa.literal(new byte[0]), Constructions.repeat(Regexes.compile("ab", 10, 100), 0, 0, 10));
    }

    @Test
    void aCounterOverTheLimitIsRefusedUpFront() {
        ByteDfa a = Regexes.compile("a", 10, 100);
        assertEquals(20_001, Constructions.repeat(a, 100, 20_000, 20_001).stateCount());
        assertThrows(TooManyStatesException.class, () -> Constructions.repeat(a, 100, 20_000, 20_000));
        assertThrows(TooManyStatesException.class, () -> Constructions.repeat(a, 0, Integer.MAX_VALUE, 20_000));
    }
}
