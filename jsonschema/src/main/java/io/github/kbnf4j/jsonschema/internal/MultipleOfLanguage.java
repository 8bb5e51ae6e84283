package io.github.kbnf4j.jsonschema.internal;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The JSON number texts (RFC 8259) whose value is an integer multiple of a positive decimal
 * {@code k}: JSON Schema's {@code multipleOf}, as one byte DFA (to be intersected with the range and
 * type languages by the caller).
 *
 * <p>Method. Write {@code k = m·10^-s} with {@code m} a positive integer and {@code s >= 0} (0.01 is
 * 1·10^-2, 2.5 is 25·10^-1, 1000 is 1000·10^0). A value {@code v} is a multiple of {@code k} iff
 * {@code v·10^s} is an integer multiple of {@code m}, that is iff {@code v} has no nonzero digit
 * beyond the {@code s}-th fraction digit and the digits up to there, read as one integer, are
 * {@code 0 mod m}. The automaton reads the digits keeping that remainder and the number of fraction
 * digits read (up to {@code s}; after that only zeros may follow), and at the end scales the
 * remainder by the missing powers of ten. The sign does not matter ({@code -0} and negative
 * multiples are in).
 *
 * <p>Exact for every text without exponent. Exponent forms are a deliberate, sound subset (the exact
 * set is not regular: whether {@code 1.0…01e+j} is an integer depends on counting digits): an
 * exponent form is accepted iff its mantissa is zero ({@code 0e5}, {@code -0.0E-3}) or its mantissa
 * is itself a multiple of {@code k} and the exponent is {@code >= 0} (a multiple times {@code 10^j} is
 * a multiple).
 *
 * <p>Complexity: about {@code m·(s+1)} states. Stateless, thread-safe.
 */
public final class MultipleOfLanguage {
    private MultipleOfLanguage() {
    }

    /**
     * The DFA of the JSON number texts whose value is an integer multiple of {@code k}.
     *
     * @param k the divisor; positive, any precision
     * @param maxStates the most states the automaton may have; the digits of {@code k} without its
     *     decimal point and trailing zeros ({@code m} above), times one more than its number of
     *     fraction digits, must stay below it (with 20,000: any integer {@code k} up to about 19,000,
     *     or 0.01, 2.5, 0.125, 12.34)
     * @throws IllegalArgumentException if {@code k} is not positive
     * @throws TooManyStatesException if the automaton would need more than {@code maxStates} states
     */
    public static ByteDfa of(BigDecimal k, int maxStates) {
        if (k.signum() <= 0) {
            throw new IllegalArgumentException("multipleOf must be positive, was " + k.toPlainString());
        }
        BigDecimal normalized = k.stripTrailingZeros();
        int scale = Math.max(0, normalized.scale());
        BigInteger m = normalized.movePointRight(scale).toBigIntegerExact();
        // The reachable states number about m·(scale+1): refuse before allocating anything.
        if (m.multiply(BigInteger.valueOf(scale + 1L)).compareTo(BigInteger.valueOf(maxStates)) > 0) {
            throw new TooManyStatesException(maxStates);
        }
        return JsonNumberAutomaton.build(new Reader(m.intValueExact(), scale), maxStates);
    }

    /** Follows a number text, keeping the remainder of its scaled digits modulo {@code m}. */
    private static final class Reader implements JsonNumberReader<Reader.State> {
        /**
         * The reader's state.
         *
         * @param remainder the digits read so far (integer part, then fraction digits up to the
         *     {@code s}-th), as one integer, modulo {@code m}
         * @param fractionDigits how many fraction digits went into the remainder (at most {@code s})
         * @param nonzero whether a nonzero mantissa digit was read
         * @param exponent null in the mantissa; after the {@code e}, what the exponent may be
         */
        record State(int remainder, int fractionDigits, boolean nonzero, ExponentRule exponent) {
        }

        private final int m;
        private final int s;
        /** {@code 10^i mod m} for {@code i} in {@code 0..s}. */
        private final int[] powerOfTen;

        Reader(int m, int s) {
            this.m = m;
            this.s = s;
            this.powerOfTen = new int[s + 1];
            powerOfTen[0] = 1 % m;
            for (int i = 1; i <= s; i++) {
                powerOfTen[i] = (int) (powerOfTen[i - 1] * 10L % m);
            }
        }

        @Override
        public State start() {
            return new State(0, 0, false, null);
        }

        @Override
        public State minus(State state) {
            return state;
        }

        @Override
        public State integerDigit(State state, int digit) {
            return new State(append(state.remainder(), digit), 0, state.nonzero() || digit != 0, null);
        }

        @Override
        public State point(State state) {
            return settledOrDead(state);
        }

        @Override
        public State fractionDigit(State state, int digit) {
            if (state.fractionDigits() == s) {
                // Beyond the s-th fraction digit v·10^s would get a fractional part.
                return digit == 0 ? state : null;
            }
            return settledOrDead(new State(append(state.remainder(), digit), state.fractionDigits() + 1,
                state.nonzero() || digit != 0, null));
        }

        /**
         * After the s-th fraction digit only zeros may follow, so the remainder is final: a state
         * that is not a multiple by then is dead. Pruning it here (rather than leaving it to the
         * minimizer) keeps an integer k at about k states instead of 3k.
         */
        private State settledOrDead(State state) {
            return state.fractionDigits() == s && !isMultiple(state) ? null : state;
        }

        private int append(int remainder, int digit) {
            return (int) ((remainder * 10L + digit) % m);
        }

        /** Whether the mantissa read so far, as a complete number, is a multiple of k. */
        private boolean isMultiple(State state) {
            // v·10^s = (digits read)·10^(s - fraction digits read)
            return (long) state.remainder() * powerOfTen[s - state.fractionDigits()] % m == 0;
        }

        @Override
        public State exponentMarker(State state) {
            ExponentRule rule;
            if (!state.nonzero()) {
                rule = ExponentRule.ANY; // 0 times any power of ten is 0, a multiple of everything
            } else {
                rule = isMultiple(state) ? ExponentRule.NOT_NEGATIVE : null;
            }
            // The remainder is settled now; dropping it merges the states of the exponent.
            return rule == null ? null : new State(0, 0, state.nonzero(), rule);
        }

        @Override
        public State exponentSign(State state, boolean negative) {
            return withExponent(state, state.exponent().afterSign(negative));
        }

        @Override
        public State exponentDigit(State state, int digit) {
            return withExponent(state, state.exponent().afterDigit(digit));
        }

        private static State withExponent(State state, ExponentRule rule) {
            return rule == null ? null : new State(0, 0, state.nonzero(), rule);
        }

        @Override
        public boolean accepts(State state) {
            return state.exponent() != null || isMultiple(state);
        }
    }
}
