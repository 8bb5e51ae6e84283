package io.github.kbnf4j.jsonschema.internal;

import java.math.BigDecimal;

/**
 * Compares an unsigned decimal text, read digit by digit, with one fixed nonnegative bound, using
 * finitely many states: the automaton form of {@link BigDecimal#compareTo}.
 *
 * <p>The text's integer part is canonical (no leading zeros but the lone {@code 0}), as in JSON,
 * so a longer integer part is a larger number and equal lengths compare digit by digit. While the
 * integer part is being read the comparison therefore stays pending: {@link State} keeps the
 * number of digits read (capped at one more than the bound has) and the order of the first
 * difference. In the fraction the bound's digits are compared one by one, the bound being padded
 * with zeros; the first difference decides.
 *
 * <p>Complexity: {@code O(d)} states for a bound of {@code d} digits. Immutable, thread-safe.
 */
final class DecimalComparison {
    /** The bound's integer part, canonical: {@code {0}} for a bound below 1. */
    private final byte[] integerDigits;
    /** The bound's fraction digits without trailing zeros (none for an integer bound). */
    private final byte[] fractionDigits;

    /**
     * A point of the comparison.
     *
     * @param inFraction false while the integer part is read (or the text has ended in it)
     * @param position in the integer part, the digits read, capped at {@code integerDigits.length + 1};
     *     in the fraction, the digits equal to the bound's so far, capped at {@code fractionDigits.length}
     *     (0 once the order is decided)
     * @param order the sign of (text − bound) over the digits read: in the integer part, the first
     *     differing digit among equally many; in the fraction, the decided order, 0 while still equal
     */
    record State(boolean inFraction, int position, int order) {
    }

    private static final State START = new State(false, 0, 0);

    /** @param bound a nonnegative number of any size and precision */
    DecimalComparison(BigDecimal bound) {
        if (bound.signum() < 0) {
            throw new IllegalArgumentException("the bound of a magnitude comparison must be nonnegative: " + bound);
        }
        String plain = bound.stripTrailingZeros().toPlainString();
        int point = plain.indexOf('.');
        this.integerDigits = digits(point < 0 ? plain : plain.substring(0, point));
        this.fractionDigits = digits(point < 0 ? "" : plain.substring(point + 1));
    }

    private static byte[] digits(String s) {
        byte[] d = new byte[s.length()];
        for (int i = 0; i < d.length; i++) {
            d[i] = (byte) (s.charAt(i) - '0');
        }
        return d;
    }

    State start() {
        return START;
    }

    State integerDigit(State s, int digit) {
        assert !s.inFraction();
        int n = integerDigits.length;
        if (s.position() >= n) {
            return new State(false, n + 1, 1); // longer than the bound's integer part: larger
        }
        int order = s.order() != 0 ? s.order() : Integer.signum(digit - integerDigits[s.position()]);
        return new State(false, s.position() + 1, order);
    }

    /** The integer part is complete: settles its comparison and moves to the fraction. */
    State endInteger(State s) {
        if (s.inFraction()) {
            return s;
        }
        int n = integerDigits.length;
        int order = s.position() < n ? -1 : s.position() > n ? 1 : s.order();
        return new State(true, 0, order);
    }

    State fractionDigit(State s, int digit) {
        State f = endInteger(s);
        if (f.order() != 0) {
            return f;
        }
        int q = f.position();
        int boundDigit = q < fractionDigits.length ? fractionDigits[q] : 0;
        if (digit != boundDigit) {
            return new State(true, 0, Integer.signum(digit - boundDigit));
        }
        return new State(true, Math.min(q + 1, fractionDigits.length), 0);
    }

    /** The sign of (text − bound) for a text that ends in this state. */
    int order(State s) {
        State f = endInteger(s);
        if (f.order() != 0) {
            return f.order();
        }
        // Equal so far; the bound's remaining fraction digits end in a nonzero one (trailing zeros
        // were stripped), so if any remain the bound is larger.
        return f.position() < fractionDigits.length ? -1 : 0;
    }
}
