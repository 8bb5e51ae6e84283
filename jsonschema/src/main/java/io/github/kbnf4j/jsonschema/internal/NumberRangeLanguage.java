package io.github.kbnf4j.jsonschema.internal;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import java.math.BigDecimal;

/**
 * The JSON number texts (RFC 8259) whose value lies in a {@link NumberInterval}, optionally only
 * integers: JSON Schema's {@code minimum}, {@code maximum}, {@code exclusiveMinimum},
 * {@code exclusiveMaximum} and {@code "type": "integer"} as one byte DFA.
 *
 * <p>Semantics. The language is always SOUND: every text in it has a value in the interval (and,
 * for integers, a value without fractional part). It is COMPLETE for all texts without an
 * exponent: {@code 12}, {@code -0}, {@code 12.50}, {@code 0.001} are in it exactly when their value
 * is in the interval. Integers: with {@code zeroFractionIsInteger} (JSON Schema drafts 6 and later,
 * where {@code 1.0} is an integer) a fraction of zeros is allowed ({@code 1.0}, {@code -3.000}); without
 * it (draft 4) only {@code -?(0|[1-9][0-9]*)} and no exponent form at all.
 *
 * <p>Exponent forms ({@code 1e3}, {@code 2.5E-1}) are a deliberate subset, because the exact set is
 * not regular: {@code 10…0e-k >= 1} holds iff there are at least {@code k} zeros. An exponent form is
 * accepted iff (a) its mantissa (the text before {@code e}) is zero and 0 is in the interval, or
 * (b) its mantissa alone is accepted and the exponent cannot carry the value across a bound: for the
 * text's sign, the exponent is {@code >= 0} if the magnitude has a positive lower bound (or only
 * integers are accepted), and {@code <= 0} if the magnitude has an upper bound. For example with
 * {@code minimum 1}: {@code 1e3} and {@code 5E+2} are in, {@code 100e-1} is not; with
 * {@code maximum 10}: {@code 5e-3} is in, {@code 1e1} is not. Consequently exponent forms are EXACT
 * when every finite bound is 0 (no bounds, {@code minimum 0}, {@code exclusiveMinimum 0}, ...) and
 * integers are not required; the common schemas lose nothing.
 *
 * <p>An empty interval, or one without integers in integer mode, gives the empty language
 * ({@link ByteDfa#isEmptyLanguage()}).
 *
 * <p>Complexity: the DFA has {@code O(d)} states for bounds of {@code d} digits in all (no regex is
 * built, so bounds of thousands of digits are fine). Stateless, thread-safe.
 */
public final class NumberRangeLanguage {
    private NumberRangeLanguage() {
    }

    /**
     * The DFA of the JSON number texts with a value in {@code interval}.
     *
     * @param interval the allowed values
     * @param integersOnly whether only integers are allowed ({@code "type": "integer"})
     * @param zeroFractionIsInteger in integer mode, whether {@code 1.0} counts as an integer (and
     *     integer exponent forms are allowed): true from draft 6 on, false for draft 4; ignored
     *     when {@code integersOnly} is false
     * @param maxStates the most states the automaton may have before minimization
     * @return the minimal DFA; {@link ByteDfa#isEmptyLanguage()} if no text qualifies
     * @throws TooManyStatesException if the bounds need more than {@code maxStates} states (a few
     *     per digit: two bounds of 1,000 digits each explore about 4,400)
     */
    public static ByteDfa of(NumberInterval interval, boolean integersOnly, boolean zeroFractionIsInteger,
            int maxStates) {
        if (interval.isEmpty()) {
            return ByteDfa.emptyLanguage();
        }
        return JsonNumberAutomaton.build(new Reader(interval, integersOnly, zeroFractionIsInteger), maxStates);
    }

    /** Follows a number text, comparing its magnitude with the bounds for its sign. */
    private static final class Reader implements JsonNumberReader<Reader.State> {
        /**
         * The constraints on the magnitude |v| of the texts of one sign: {@code [0, +inf)} intersected
         * with the interval (positive texts) or with its mirror image (texts with {@code -}).
         */
        private static final class Magnitudes {
            final boolean empty;
            final boolean zeroAllowed;
            /** The lower bound's comparison, or null when the bound is {@code >= 0} (always true). */
            final DecimalComparison lower;
            final boolean lowerInclusive;
            /** Whether the lower bound is positive: a negative exponent could then cross it. */
            final boolean lowerPositive;
            /** The upper bound's comparison, or null when there is none. */
            final DecimalComparison upper;
            final boolean upperInclusive;

            Magnitudes(NumberInterval interval) {
                NumberInterval m = interval.atLeast(BigDecimal.ZERO);
                this.empty = m.isEmpty();
                this.zeroAllowed = m.contains(BigDecimal.ZERO);
                boolean trivialLower = m.lower().signum() == 0 && m.lowerInclusive();
                // An empty side is never compared (its bounds may even be negative).
                this.lower = trivialLower || empty ? null : new DecimalComparison(m.lower());
                this.lowerInclusive = m.lowerInclusive();
                this.lowerPositive = m.lower().signum() > 0;
                this.upper = m.upper() == null || empty ? null : new DecimalComparison(m.upper());
                this.upperInclusive = m.upperInclusive();
            }

            boolean contains(DecimalComparison.State low, DecimalComparison.State up) {
                if (lower != null) {
                    int c = lower.order(low);
                    if (c < 0 || c == 0 && !lowerInclusive) {
                        return false;
                    }
                }
                if (upper != null) {
                    int c = upper.order(up);
                    return c < 0 || c == 0 && upperInclusive;
                }
                return true;
            }
        }

        /**
         * The reader's state.
         *
         * @param negative whether the text has a {@code -}
         * @param lower the comparison with the magnitude's lower bound (null without one)
         * @param upper the comparison with the magnitude's upper bound (null without one)
         * @param zero whether every mantissa digit so far is 0
         * @param exponent null in the mantissa; after the {@code e}, what the exponent may be
         */
        record State(boolean negative, DecimalComparison.State lower, DecimalComparison.State upper, boolean zero,
                ExponentRule exponent) {
        }

        private final Magnitudes positive;
        private final Magnitudes negative;
        private final boolean integersOnly;
        private final boolean zeroFractionIsInteger;

        Reader(NumberInterval interval, boolean integersOnly, boolean zeroFractionIsInteger) {
            this.positive = new Magnitudes(interval);
            this.negative = new Magnitudes(interval.negate());
            this.integersOnly = integersOnly;
            this.zeroFractionIsInteger = zeroFractionIsInteger;
        }

        private Magnitudes side(State s) {
            return s.negative() ? negative : positive;
        }

        @Override
        public State start() {
            return startOf(false);
        }

        /** The state before the first digit; an empty side has no comparisons and no digits. */
        private State startOf(boolean negativeSign) {
            Magnitudes m = negativeSign ? negative : positive;
            return new State(negativeSign, m.lower == null ? null : m.lower.start(),
                m.upper == null ? null : m.upper.start(), true, null);
        }

        @Override
        public State minus(State s) {
            return negative.empty ? null : startOf(true);
        }

        @Override
        public State integerDigit(State s, int digit) {
            Magnitudes m = side(s);
            if (m.empty) {
                return null;
            }
            return new State(s.negative(), s.lower() == null ? null : m.lower.integerDigit(s.lower(), digit),
                s.upper() == null ? null : m.upper.integerDigit(s.upper(), digit), s.zero() && digit == 0, null);
        }

        @Override
        public State point(State s) {
            if (integersOnly && !zeroFractionIsInteger) {
                return null;
            }
            Magnitudes m = side(s);
            return new State(s.negative(), s.lower() == null ? null : m.lower.endInteger(s.lower()),
                s.upper() == null ? null : m.upper.endInteger(s.upper()), s.zero(), null);
        }

        @Override
        public State fractionDigit(State s, int digit) {
            if (integersOnly && digit != 0) {
                return null;
            }
            Magnitudes m = side(s);
            return new State(s.negative(), s.lower() == null ? null : m.lower.fractionDigit(s.lower(), digit),
                s.upper() == null ? null : m.upper.fractionDigit(s.upper(), digit), s.zero() && digit == 0, null);
        }

        @Override
        public State exponentMarker(State s) {
            if (integersOnly && !zeroFractionIsInteger) {
                return null;
            }
            Magnitudes m = side(s);
            ExponentRule rule;
            if (s.zero()) {
                // 0 times any power of ten is 0.
                rule = m.zeroAllowed ? ExponentRule.ANY : null;
            } else if (m.contains(s.lower(), s.upper())) {
                rule = ExponentRule.of(m.lowerPositive || integersOnly, m.upper != null);
            } else {
                rule = null;
            }
            // The comparisons are settled now; dropping them merges the states of the exponent.
            return rule == null ? null : new State(s.negative(), null, null, s.zero(), rule);
        }

        @Override
        public State exponentSign(State s, boolean negativeExponent) {
            return withExponent(s, s.exponent().afterSign(negativeExponent));
        }

        @Override
        public State exponentDigit(State s, int digit) {
            return withExponent(s, s.exponent().afterDigit(digit));
        }

        private static State withExponent(State s, ExponentRule rule) {
            return rule == null ? null : new State(s.negative(), null, null, s.zero(), rule);
        }

        @Override
        public boolean accepts(State s) {
            if (s.exponent() != null) {
                return true; // the rule was checked at the e and on every exponent digit
            }
            return side(s).contains(s.lower(), s.upper());
        }
    }
}
