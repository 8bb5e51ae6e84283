package io.github.kbnf4j.grammar.internal.automata;

import static io.github.kbnf4j.grammar.internal.automata.TestSupport.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LimitsTest {
    @Test
    void exponentialDfaHitsTheStateLimit() {
        TooManyStatesException e = assertThrows(TooManyStatesException.class,
            () -> Regexes.compile("(a|b)*a(a|b){40}", 1000, 20000));
        assertEquals(20000, e.limit());
        assertTrue(e.getMessage().contains("maxStates"));
    }

    @Test
    void smallerExponentialCaseFitsAndIsMinimal() {
        // (a|b)*a(a|b){3}: the minimal DFA has 2^4 states.
        ByteDfa d = Regexes.compile("(a|b)*a(a|b){3}", 1000, 20000);
        assertEquals(16, d.stateCount());
    }

    @Test
    void hugeNestedRepetitionIsRefusedBeforeBuilding() {
        assertThrows(TooManyStatesException.class, () -> Regexes.compile("((a{1000}){1000}){1000}", 1000, 20000));
        assertThrows(TooManyStatesException.class, () -> Regexes.parse("(.{1000}){1000}", 1000, 20000));
    }

    @Test
    void nestedCountedRepetitionWorks() {
        ByteDfa d = Regexes.compile("(x{0,30}){0,30}", 1000, 20000);
        assertEquals(901, d.stateCount());
        assertTrue(d.matches(utf8("x".repeat(900))));
        assertFalse(d.matches(utf8("x".repeat(901))));
        ByteDfa e = Regexes.compile("x{0,99}", 1000, 20000);
        assertEquals(100, e.stateCount());
    }

    @Test
    void repeatIsBounded() {
        ByteNfa ab = ByteNfa.literal(utf8("ab"));
        assertThrows(TooManyStatesException.class, () -> ByteNfa.repeat(ab, 0, 1000, 100));
        assertThrows(TooManyStatesException.class, () -> ByteNfa.repeat(ab, 1000, -1, 100));
        assertThrows(IllegalArgumentException.class, () -> ByteNfa.repeat(ab, 3, 2, 100));
        ByteDfa d = Constructions.determinize(ByteNfa.repeat(ab, 2, 3, 100), 100);
        assertTrue(d.matches(utf8("abab")));
        assertTrue(d.matches(utf8("ababab")));
        assertFalse(d.matches(utf8("ab")));
        assertFalse(d.matches(utf8("abababab")));
        ByteDfa star = Constructions.determinize(ByteNfa.repeat(ab, 1, -1, 100), 100);
        assertEquals(Regexes.compile("(ab)+", 10, 100), star);
        ByteDfa zero = Constructions.determinize(ByteNfa.repeat(ab, 0, 0, 100), 100);
        assertEquals(ByteDfa.literal(new byte[0]), zero);
    }

    @Test
    void determinizeChecksNfaSize() {
        ByteNfa big = ByteNfa.literal(new byte[500]);
        assertThrows(TooManyStatesException.class, () -> Constructions.determinize(big, 100));
        assertEquals(502, Constructions.determinize(big, 1000).stateCount() + 1);
    }

    @Test
    void productConstructionsAreBounded() {
        ByteDfa any = Regexes.compile(".*", 10, 1000);
        assertThrows(TooManyStatesException.class, () -> Constructions.atMostChars(any, 5000, 1000));
        ByteDfa x = Regexes.compile("(a|b)*a(a|b){12}", 100, 100000);
        assertThrows(TooManyStatesException.class, () -> Constructions.excluding(x, 1000));
    }

    @Test
    void composedNfas() {
        ByteNfa n = ByteNfa.concat(List.of(ByteNfa.literal(utf8("a")),
            ByteNfa.union(List.of(ByteNfa.literal(utf8("b")), ByteNfa.of(Regexes.compile("c+", 10, 100))))));
        assertEquals(Regexes.compile("a(b|c+)", 10, 100), Constructions.determinize(n, 100));
        assertTrue(Constructions.determinize(ByteNfa.union(List.of()), 10).isEmptyLanguage());
        assertEquals(ByteDfa.literal(new byte[0]), Constructions.determinize(ByteNfa.concat(List.of()), 10));
    }
}
