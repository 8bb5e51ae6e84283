package io.github.kbnf4j.jsonschema.internal;

import java.math.BigDecimal;

/**
 * An interval of the real line with optional decimal bounds, each inclusive or exclusive: what
 * JSON Schema's {@code minimum}, {@code exclusiveMinimum}, {@code maximum} and
 * {@code exclusiveMaximum} allow. Start from {@link #ALL} and tighten with {@link #atLeast},
 * {@link #greaterThan}, {@link #atMost} and {@link #lessThan}; each keeps the tighter of the old and
 * the new bound, so the keywords can be applied in any order and repeated (under {@code allOf}).
 *
 * <p>Bounds are normalized with {@link BigDecimal#stripTrailingZeros()}, so equal intervals are
 * {@code equals}. Immutable, thread-safe.
 *
 * @param lower the lower bound, or null for none (−∞)
 * @param lowerInclusive whether the lower bound itself is in the interval (false without a bound)
 * @param upper the upper bound, or null for none (+∞)
 * @param upperInclusive whether the upper bound itself is in the interval (false without a bound)
 */
public record NumberInterval(BigDecimal lower, boolean lowerInclusive, BigDecimal upper, boolean upperInclusive) {

    /** The whole real line: no bounds. */
    public static final NumberInterval ALL = new NumberInterval(null, false, null, false);

    public NumberInterval {
        lower = lower == null ? null : lower.stripTrailingZeros();
        upper = upper == null ? null : upper.stripTrailingZeros();
        lowerInclusive &= lower != null;
        upperInclusive &= upper != null;
    }

    /** Also {@code >= min} (JSON Schema {@code minimum}). */
    public NumberInterval atLeast(BigDecimal min) {
        return withLower(min, true);
    }

    /** Also {@code > min} (JSON Schema {@code exclusiveMinimum}). */
    public NumberInterval greaterThan(BigDecimal min) {
        return withLower(min, false);
    }

    /** Also {@code <= max} (JSON Schema {@code maximum}). */
    public NumberInterval atMost(BigDecimal max) {
        return withUpper(max, true);
    }

    /** Also {@code < max} (JSON Schema {@code exclusiveMaximum}). */
    public NumberInterval lessThan(BigDecimal max) {
        return withUpper(max, false);
    }

    private NumberInterval withLower(BigDecimal min, boolean inclusive) {
        if (lower != null) {
            int c = min.compareTo(lower);
            if (c < 0 || c == 0 && (inclusive || !lowerInclusive)) {
                return this; // the present bound is at least as tight
            }
        }
        return new NumberInterval(min, inclusive, upper, upperInclusive);
    }

    private NumberInterval withUpper(BigDecimal max, boolean inclusive) {
        if (upper != null) {
            int c = max.compareTo(upper);
            if (c > 0 || c == 0 && (inclusive || !upperInclusive)) {
                return this;
            }
        }
        return new NumberInterval(lower, lowerInclusive, max, inclusive);
    }

    /** Whether {@code value} lies in the interval. */
    public boolean contains(BigDecimal value) {
        if (lower != null) {
            int c = value.compareTo(lower);
            if (c < 0 || c == 0 && !lowerInclusive) {
                return false;
            }
        }
        if (upper != null) {
            int c = value.compareTo(upper);
            return c < 0 || c == 0 && upperInclusive;
        }
        return true;
    }

    /** Whether no real number lies in the interval (integers are not considered). */
    public boolean isEmpty() {
        if (lower == null || upper == null) {
            return false;
        }
        int c = lower.compareTo(upper);
        return c > 0 || c == 0 && !(lowerInclusive && upperInclusive);
    }

    /** The interval mirrored at 0: {@code x} is in it iff {@code -x} is in this one. */
    public NumberInterval negate() {
        return new NumberInterval(upper == null ? null : upper.negate(), upperInclusive,
            lower == null ? null : lower.negate(), lowerInclusive);
    }

    /** Mathematical notation, e.g. {@code [1.5, 99.01)} or {@code (-inf, 0]}. */
    @Override
    public String toString() {
        return (lower == null ? "(-inf" : (lowerInclusive ? "[" : "(") + lower.toPlainString()) + ", "
            + (upper == null ? "+inf)" : upper.toPlainString() + (upperInclusive ? "]" : ")"));
    }
}
