package io.github.kbnf4j.jsonschema.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** JSON number texts and decimal bounds for the number-language properties, and their slow meaning. */
final class NumberTexts {
    private NumberTexts() {
    }

    /** Random JSON number texts: short and long parts, trailing zeros, -0, exponents with leading zeros. */
    static Arbitrary<String> texts() {
        Arbitrary<String> sign = Arbitraries.of("", "", "-");
        Arbitrary<String> integer = Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.of("0", "1", "2", "5", "9", "10", "99", "100")),
            Tuple.of(3, Arbitraries.strings().withChars("0123456789").ofMinLength(1).ofMaxLength(4)),
            Tuple.of(1, Arbitraries.strings().withChars("0123456789").ofMinLength(5).ofMaxLength(30)))
            .map(NumberTexts::canonicalInteger);
        Arbitrary<String> fraction = Arbitraries.frequencyOf(
            Tuple.of(4, Arbitraries.just("")),
            Tuple.of(2, Arbitraries.strings().withChars("0123456789").ofMinLength(1).ofMaxLength(4).map(f -> "." + f)),
            Tuple.of(1, Arbitraries.strings().withChars("05").ofMinLength(1).ofMaxLength(6).map(f -> "." + f)),
            Tuple.of(1, Arbitraries.strings().withChars("0123456789").ofMinLength(5).ofMaxLength(30).map(f -> "." + f)));
        Arbitrary<String> exponent = Arbitraries.frequencyOf(
            Tuple.of(5, Arbitraries.just("")),
            Tuple.of(2, Combinators.combine(Arbitraries.of("e", "E"), Arbitraries.of("", "+", "-"),
                Arbitraries.of("0", "00", "1", "01", "2", "3", "10", "25", "400", "0000007")).as((e, s, d) -> e + s + d)));
        return Combinators.combine(sign, integer, fraction, exponent).as((s, i, f, e) -> s + i + f + e);
    }

    private static String canonicalInteger(String digits) {
        String s = digits.replaceFirst("^0+", "");
        return s.isEmpty() ? "0" : s;
    }

    /** Decimal bounds: small and huge, integers and long fractions, 0 often. */
    static Arbitrary<BigDecimal> bounds() {
        Arbitrary<BigInteger> unscaled = Arbitraries.frequencyOf(
            Tuple.of(2, Arbitraries.bigIntegers().between(BigInteger.valueOf(-20), BigInteger.valueOf(20))),
            Tuple.of(3, Arbitraries.bigIntegers().between(BigInteger.valueOf(-100_000), BigInteger.valueOf(100_000))),
            Tuple.of(1, Arbitraries.bigIntegers().between(BigInteger.TEN.pow(25).negate(), BigInteger.TEN.pow(25))));
        Arbitrary<Integer> scale = Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.just(0)),
            Tuple.of(3, Arbitraries.integers().between(-3, 6)),
            Tuple.of(1, Arbitraries.integers().between(7, 25)));
        return Combinators.combine(unscaled, scale).as(BigDecimal::new);
    }

    /** Texts at, just inside and just outside {@code b}, in several spellings (trailing zeros, exponents). */
    static List<String> around(BigDecimal b) {
        Set<String> out = new LinkedHashSet<>();
        BigDecimal[] deltas = {BigDecimal.ZERO, BigDecimal.ONE, new BigDecimal("0.1"), new BigDecimal("0.001"),
            BigDecimal.ONE.movePointLeft(Math.max(0, b.scale()) + 1), BigDecimal.ONE.movePointLeft(Math.max(0, b.scale()))};
        for (BigDecimal d : deltas) {
            for (BigDecimal v : new BigDecimal[] {b.add(d), b.subtract(d)}) {
                for (BigDecimal w : new BigDecimal[] {v, v.negate()}) {
                    String plain = w.toPlainString();
                    out.add(plain);
                    out.add(plain.contains(".") ? plain + "00" : plain + ".0");
                    out.add(scientific(w));
                    out.add(plain + "e0");
                    out.add(plain + "E+1");
                    out.add(plain + "e-1");
                }
            }
        }
        out.removeIf(s -> !isJsonNumber(s));
        return new ArrayList<>(out);
    }

    /** {@code 15e-1} for 1.5: the unscaled digits and a power of ten. */
    private static String scientific(BigDecimal v) {
        return v.unscaledValue() + "e" + (-v.scale());
    }

    static boolean isJsonNumber(String s) {
        return s.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");
    }

    /** The text before its {@code e}/{@code E} (the whole text if there is none). */
    static String mantissa(String text) {
        int e = exponentIndex(text);
        return e < 0 ? text : text.substring(0, e);
    }

    /** The exponent's value, 0 if the text has none. */
    static BigInteger exponent(String text) {
        int e = exponentIndex(text);
        return e < 0 ? BigInteger.ZERO : new BigInteger(text.substring(e + 1));
    }

    static boolean hasExponent(String text) {
        return exponentIndex(text) >= 0;
    }

    private static int exponentIndex(String text) {
        return Math.max(text.indexOf('e'), text.indexOf('E'));
    }

    static boolean isInteger(BigDecimal v) {
        return v.signum() == 0 || v.stripTrailingZeros().scale() <= 0;
    }

    static byte[] ascii(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
}
