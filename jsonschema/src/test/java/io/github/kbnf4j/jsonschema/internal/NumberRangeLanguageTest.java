package io.github.kbnf4j.jsonschema.internal;

import static io.github.kbnf4j.jsonschema.internal.NumberTexts.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link NumberRangeLanguage} against BigDecimal: soundness on every text, completeness on texts
 * without exponent, and the documented exponent subset exactly.
 */
class NumberRangeLanguageTest {
    private static final int MAX_STATES = 20_000;

    /** The interval and modes of one language. */
    record Case(NumberInterval interval, boolean integersOnly, boolean zeroFractionIsInteger) {
        ByteDfa dfa() {
            return NumberRangeLanguage.of(interval, integersOnly, zeroFractionIsInteger, MAX_STATES);
        }

        /** The truth: the text's value is in the interval (and an integer in integer mode). */
        boolean valueQualifies(String text) {
            BigDecimal v = new BigDecimal(text);
            return interval.contains(v) && (!integersOnly || NumberTexts.isInteger(v));
        }

        /** What the class documents it accepts: the truth for plain texts, the subset for exponents. */
        boolean documented(String text) {
            if (integersOnly && !zeroFractionIsInteger) {
                return !text.contains(".") && !NumberTexts.hasExponent(text) && valueQualifies(text);
            }
            if (!NumberTexts.hasExponent(text)) {
                return valueQualifies(text);
            }
            String mantissa = NumberTexts.mantissa(text);
            if (new BigDecimal(mantissa).signum() == 0) {
                return interval.contains(BigDecimal.ZERO);
            }
            boolean negative = text.startsWith("-");
            // The magnitude's bounds for the text's sign: [lower, upper] for +, [-upper, -lower] for -.
            BigDecimal low = negative ? negate(interval.upper()) : interval.lower();
            BigDecimal high = negative ? negate(interval.lower()) : interval.upper();
            boolean notNegative = integersOnly || low != null && low.signum() > 0;
            boolean notPositive = high != null;
            int e = NumberTexts.exponent(text).signum();
            return documented(mantissa) && !(notNegative && e < 0) && !(notPositive && e > 0);
        }

        private static BigDecimal negate(BigDecimal b) {
            return b == null ? null : b.negate();
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<NumberInterval> intervals = Combinators.combine(
            NumberTexts.bounds().injectNull(0.3), Arbitraries.of(true, false),
            NumberTexts.bounds().injectNull(0.3), Arbitraries.of(true, false))
            .as((lo, li, hi, hin) -> {
                NumberInterval i = NumberInterval.ALL;
                if (lo != null) {
                    i = li ? i.atLeast(lo) : i.greaterThan(lo);
                }
                if (hi != null) {
                    // Often put the upper bound above the lower one, so that most intervals are not empty.
                    BigDecimal h = lo != null && hi.compareTo(lo) < 0 && hi.signum() != 0 ? lo.add(hi.abs()) : hi;
                    i = hin ? i.atMost(h) : i.lessThan(h);
                }
                return i;
            });
        return Combinators.combine(intervals, Arbitraries.of(false, false, true), Arbitraries.of(true, false))
            .as(Case::new);
    }

    @Property(tries = 400)
    void soundCompleteAndAsDocumented(@ForAll("cases") Case c, @ForAll("textLists") List<String> random) {
        ByteDfa dfa = c.dfa();
        List<String> texts = new ArrayList<>(random);
        for (BigDecimal b : new BigDecimal[] {c.interval().lower(), c.interval().upper(), BigDecimal.ZERO}) {
            if (b != null) {
                texts.addAll(NumberTexts.around(b));
            }
        }
        texts.addAll(List.of("0", "-0", "0.0", "-0.000", "0e5", "-0E-7", "0.00e+0"));
        for (String t : texts) {
            boolean accepted = dfa.matches(ascii(t));
            if (accepted) {
                assertTrue(c.valueQualifies(t), () -> "unsound: " + c + " accepts " + t);
            }
            assertEquals(c.documented(t), accepted, () -> c + " on " + t);
        }
    }

    @Provide
    Arbitrary<List<String>> textLists() {
        return NumberTexts.texts().list().ofSize(60);
    }

    /** With every finite bound 0 (or none) and no integer mode, exponent forms are exact too. */
    @Property(tries = 60)
    void exactWhenTheBoundsAreZero(@ForAll("zeroBounded") NumberInterval interval,
            @ForAll("textLists") List<String> texts) {
        Case c = new Case(interval, false, true);
        ByteDfa dfa = c.dfa();
        for (String t : texts) {
            assertEquals(c.valueQualifies(t), dfa.matches(ascii(t)), () -> interval + " on " + t);
        }
    }

    @Provide
    Arbitrary<NumberInterval> zeroBounded() {
        return Arbitraries.of(NumberInterval.ALL, NumberInterval.ALL.atLeast(BigDecimal.ZERO),
            NumberInterval.ALL.greaterThan(BigDecimal.ZERO), NumberInterval.ALL.atMost(BigDecimal.ZERO),
            NumberInterval.ALL.lessThan(BigDecimal.ZERO), NumberInterval.ALL.atLeast(BigDecimal.ZERO).atMost(BigDecimal.ZERO));
    }

    @Test
    void examplesFromSchemas() {
        ByteDfa d = NumberRangeLanguage.of(NumberInterval.ALL.atLeast(new BigDecimal("1.5"))
            .atMost(new BigDecimal("99999999999999999999.01")), false, true, MAX_STATES);
        for (String in : List.of("1.5", "1.50", "2", "99999999999999999999", "99999999999999999999.01",
            "99999999999999999999.0100", "12.5e0", "2E+0")) {
            assertTrue(d.matches(ascii(in)), in);
        }
        for (String out : List.of("1.49", "-2", "99999999999999999999.011", "100000000000000000000", "1e1", "0",
            "15E-1" /* 1.5, but a negative exponent could cross the lower bound: the subset leaves it out */)) {
            assertFalse(d.matches(ascii(out)), out);
        }
        ByteDfa above = NumberRangeLanguage.of(NumberInterval.ALL.greaterThan(new BigDecimal("-0.5")), false, true,
            MAX_STATES);
        for (String in : List.of("-0.49", "-0", "0", "7e300", "-0.4999999999", "-0.1e0", "-0.4E-1000")) {
            assertTrue(above.matches(ascii(in)), in);
        }
        for (String out : List.of("-0.5", "-0.50", "-1", "-5e-1", "-1e0",
            "-1e-1" /* -0.1, but the mantissa alone is out: the subset leaves it out */)) {
            assertFalse(above.matches(ascii(out)), out);
        }
    }

    @Test
    void integers() {
        NumberInterval small = NumberInterval.ALL.greaterThan(new BigDecimal("-3.5")).atMost(new BigDecimal("10"));
        ByteDfa draft6 = NumberRangeLanguage.of(small, true, true, MAX_STATES);
        ByteDfa draft4 = NumberRangeLanguage.of(small, true, false, MAX_STATES);
        for (String in : List.of("-3", "-3.000", "0", "-0", "10", "10.0", "10e0", "1.0E+0", "0e-5")) {
            assertTrue(draft6.matches(ascii(in)), in);
            assertEquals(!in.contains(".") && !in.contains("e") && !in.contains("E"), draft4.matches(ascii(in)), in);
        }
        for (String out : List.of("-4", "2.5", "11", "1.01", "-3.5", "1e-1")) {
            assertFalse(draft6.matches(ascii(out)), out);
            assertFalse(draft4.matches(ascii(out)), out);
        }
        // 10, but with an upper bound and integers the exponent must be 0: outside the subset.
        assertFalse(draft6.matches(ascii("1e1")));
        ByteDfa positiveIntegers = NumberRangeLanguage.of(NumberInterval.ALL.greaterThan(BigDecimal.ZERO), true, true,
            MAX_STATES);
        for (String in : List.of("1", "1e1", "2.000E+300", "7")) {
            assertTrue(positiveIntegers.matches(ascii(in)), in);
        }
        for (String out : List.of("0", "-1", "1e-1", "1.5e1" /* 15, but the mantissa is no integer */)) {
            assertFalse(positiveIntegers.matches(ascii(out)), out);
        }
    }

    @Test
    void emptyLanguages() {
        assertTrue(NumberRangeLanguage.of(NumberInterval.ALL.greaterThan(BigDecimal.ONE).lessThan(BigDecimal.ONE),
            false, true, MAX_STATES).isEmptyLanguage());
        assertTrue(NumberRangeLanguage.of(NumberInterval.ALL.atLeast(new BigDecimal("1.2")).atMost(new BigDecimal("1.8")),
            true, true, MAX_STATES).isEmptyLanguage());
        assertFalse(NumberRangeLanguage.of(NumberInterval.ALL.atLeast(new BigDecimal("1.2")).atMost(new BigDecimal("1.8")),
            false, true, MAX_STATES).isEmptyLanguage());
        ByteDfa onlyZero = NumberRangeLanguage.of(NumberInterval.ALL.atLeast(BigDecimal.ZERO).atMost(BigDecimal.ZERO),
            true, true, MAX_STATES);
        assertTrue(onlyZero.matches(ascii("-0.0e7")));
        assertFalse(onlyZero.matches(ascii("1")));
    }

    /** States grow linearly with the bounds' digits: 2,000-digit bounds stay far from the limit. */
    @Test
    void sizeIsLinearInTheDigits() {
        int previous = 0;
        for (int digits : new int[] {10, 100, 1000}) {
            BigDecimal lo = new BigDecimal("1234567890".repeat(digits / 10)).movePointLeft(digits / 2);
            BigDecimal hi = new BigDecimal("9876543210".repeat(digits / 10)).movePointLeft(digits / 3);
            ByteDfa d = NumberRangeLanguage.of(NumberInterval.ALL.greaterThan(lo.negate()).atMost(hi), false, true,
                MAX_STATES);
            assertTrue(d.stateCount() < 10 * 2 * digits + 50, () -> digits + " digits: " + d.stateCount() + " states");
            assertTrue(d.matches(ascii(hi.toPlainString())));
            assertFalse(d.matches(ascii(lo.negate().toPlainString())));
            assertTrue(d.stateCount() > previous);
            previous = d.stateCount();
        }
        assertThrows(TooManyStatesException.class, () -> NumberRangeLanguage.of(
            NumberInterval.ALL.atMost(new BigDecimal("7".repeat(5000))), false, true, 1000));
    }

    @Test
    void intervalTightens() {
        NumberInterval i = NumberInterval.ALL.atLeast(BigDecimal.ONE).greaterThan(BigDecimal.ONE).atLeast(BigDecimal.ZERO)
            .lessThan(BigDecimal.TEN).atMost(new BigDecimal("10.00"));
        assertEquals(new NumberInterval(BigDecimal.ONE, false, BigDecimal.TEN, false), i);
        assertEquals("(1, 10)", i.toString());
        assertEquals("(-10, -1)", i.negate().toString());
    }
}
