package io.github.kbnf4j.jsonschema.internal;

/**
 * Which exponents a number language allows after a given mantissa. The number languages accept an
 * exponent form only when the exponent's direction cannot carry the value out of the language
 * (for example {@code 1e3} above a lower bound of 1: multiplying by {@code 10^e}, {@code e >= 0},
 * never lowers the value), so a rule is just a sign condition on the exponent's value.
 *
 * <p>{@link #NOT_NEGATIVE} and {@link #NOT_POSITIVE} hold between the {@code e} and the exponent's
 * sign; once the sign is known (an unsigned exponent is positive) only {@link #ANY} and
 * {@link #ZERO} remain, and {@link #ZERO} admits only the digit {@code 0} ({@code e0},
 * {@code e-000}).
 */
enum ExponentRule {
    ANY,
    NOT_NEGATIVE,
    NOT_POSITIVE,
    ZERO;

    /** The rule with both conditions: NOT_NEGATIVE and NOT_POSITIVE make ZERO. */
    static ExponentRule of(boolean notNegative, boolean notPositive) {
        if (notNegative) {
            return notPositive ? ZERO : NOT_NEGATIVE;
        }
        return notPositive ? NOT_POSITIVE : ANY;
    }

    /** The rule for the digits once the exponent's sign is known: ANY or ZERO. */
    ExponentRule afterSign(boolean negative) {
        switch (this) {
            case NOT_NEGATIVE:
                return negative ? ZERO : ANY;
            case NOT_POSITIVE:
                return negative ? ANY : ZERO;
            default:
                return this;
        }
    }

    /** The rule after an exponent digit, or null if the rule forbids the digit. */
    ExponentRule afterDigit(int digit) {
        ExponentRule rule = afterSign(false); // no sign was written: the exponent is positive
        return rule == ZERO && digit != 0 ? null : rule;
    }
}
