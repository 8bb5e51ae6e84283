package io.github.kbnf4j.jsonschema.internal;

import static io.github.kbnf4j.jsonschema.internal.NumberTexts.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** {@link MultipleOfLanguage} against {@link BigDecimal#remainder}. */
class MultipleOfLanguageTest {
    private static final int MAX_STATES = 20_000;

    static boolean isMultiple(String text, BigDecimal k) {
        return new BigDecimal(text).remainder(k).signum() == 0;
    }

    /** The documented language: exact without exponent; with one, zero mantissas and e >= 0 after a multiple. */
    static boolean documented(String text, BigDecimal k) {
        if (!NumberTexts.hasExponent(text)) {
            return isMultiple(text, k);
        }
        String mantissa = NumberTexts.mantissa(text);
        return new BigDecimal(mantissa).signum() == 0
            || isMultiple(mantissa, k) && NumberTexts.exponent(text).signum() >= 0;
    }

    @Provide
    Arbitrary<BigDecimal> divisors() {
        return Arbitraries.oneOf(
            Arbitraries.integers().between(1, 60).map(BigDecimal::valueOf),
            Arbitraries.integers().between(1, 3000).map(BigDecimal::valueOf),
            Arbitraries.of("0.01", "2.5", "0.3", "1.25", "0.007", "1e3", "1E+2", "0.5", "12.34", "0.0001", "100.0",
                "7.000").map(BigDecimal::new),
            Arbitraries.integers().between(1, 999).flatMap(m -> Arbitraries.integers().between(1, 3)
                .map(s -> BigDecimal.valueOf(m, s))));
    }

    @Provide
    Arbitrary<List<String>> textLists() {
        return NumberTexts.texts().list().ofSize(80);
    }

    @Property(tries = 300)
    void soundAndAsDocumented(@ForAll("divisors") BigDecimal k, @ForAll("textLists") List<String> random) {
        ByteDfa dfa = MultipleOfLanguage.of(k, MAX_STATES);
        List<String> texts = new ArrayList<>(random);
        // Multiples and near misses, so that both answers are common.
        for (int j : new int[] {0, 1, 2, 3, 7, 10, 123, -1, -4, -250}) {
            BigDecimal multiple = k.multiply(BigDecimal.valueOf(j));
            texts.addAll(NumberTexts.around(multiple));
        }
        for (String t : texts) {
            boolean accepted = dfa.matches(ascii(t));
            if (accepted) {
                assertTrue(isMultiple(t, k), () -> "unsound: multipleOf " + k + " accepts " + t);
            }
            assertEquals(documented(t, k), accepted, () -> "multipleOf " + k + " on " + t);
        }
    }

    @Test
    void examples() {
        ByteDfa cents = MultipleOfLanguage.of(new BigDecimal("0.01"), MAX_STATES);
        for (String in : List.of("0", "-0", "1", "1.5", "19.99", "-3.10", "2.500000", "0e9", "1.25e2", "7E+0")) {
            assertTrue(cents.matches(ascii(in)), in);
        }
        for (String out : List.of("0.001", "1.999", "-0.005", "1e-3", "1.25e-1")) {
            assertFalse(cents.matches(ascii(out)), out);
        }
        ByteDfa sevens = MultipleOfLanguage.of(BigDecimal.valueOf(7), MAX_STATES);
        for (String in : List.of("0", "7", "-14", "700", "7.0", "-0.0", "49e3", "0.0E-4")) {
            assertTrue(sevens.matches(ascii(in)), in);
        }
        for (String out : List.of("1", "7.1", "-15", "70e-1" /* 7, outside the exponent subset */)) {
            assertFalse(sevens.matches(ascii(out)), out);
        }
        ByteDfa halves = MultipleOfLanguage.of(new BigDecimal("2.5"), MAX_STATES);
        assertTrue(halves.matches(ascii("7.5")));
        assertTrue(halves.matches(ascii("-12.50")));
        assertFalse(halves.matches(ascii("7.25")));
    }

    @Test
    void sizeAndLimit() {
        assertTrue(MultipleOfLanguage.of(BigDecimal.valueOf(10_000), MAX_STATES).stateCount() <= 10_010);
        assertTrue(MultipleOfLanguage.of(BigDecimal.valueOf(19_000), MAX_STATES).matches(ascii("38000")));
        TooManyStatesException e = assertThrows(TooManyStatesException.class,
            () -> MultipleOfLanguage.of(new BigDecimal(BigInteger.TEN.pow(30)).add(BigDecimal.ONE), MAX_STATES));
        assertEquals(MAX_STATES, e.limit());
        assertThrows(TooManyStatesException.class, () -> MultipleOfLanguage.of(new BigDecimal("1.23456789"), MAX_STATES));
        assertThrows(IllegalArgumentException.class, () -> MultipleOfLanguage.of(BigDecimal.ZERO, MAX_STATES));
        // A power of ten is cheap: about 3 states per fraction digit (zero or not, for the exponent).
        int tiny = MultipleOfLanguage.of(new BigDecimal("1e-9"), MAX_STATES).stateCount();
        assertTrue(tiny < 40, () -> tiny + " states");
    }
}
