package io.github.kbnf4j.jsonschema.internal;

import java.util.List;

/**
 * Builds kbnf4j regex text (the syntax of {@code io.github.kbnf4j.grammar.internal.automata.Regexes})
 * from parts, so that the format regexes read like their ABNF. Every result is a self-contained
 * atom or sequence that can be concatenated or quantified after {@link #group}.
 */
final class RegexText {
    private static final String PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

    private RegexText() {
    }

    /** A non-capturing group of alternatives: {@code (?:a|b|c)}. */
    static String group(String... alternatives) {
        return "(?:" + String.join("|", alternatives) + ")";
    }

    /** A non-capturing group of alternatives: {@code (?:a|b|c)}. */
    static String group(List<String> alternatives) {
        return group(alternatives.toArray(new String[0]));
    }

    /** {@code (?:r)?} */
    static String optional(String r) {
        return group(r) + "?";
    }

    /** {@code (?:r)*} */
    static String star(String r) {
        return group(r) + "*";
    }

    /** {@code (?:r)+} */
    static String plus(String r) {
        return group(r) + "+";
    }

    /** {@code (?:r){min,max}}; {@code max < 0} means unbounded. */
    static String repeat(String r, int min, int max) {
        if (max < 0) {
            return group(r) + "{" + min + ",}";
        }
        return group(r) + (min == max ? "{" + min + "}" : "{" + min + "," + max + "}");
    }

    /** The text matched literally: ASCII punctuation is escaped. */
    static String literal(String s) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (PUNCTUATION.indexOf(c) >= 0) {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.toString();
    }

    /** A decimal number with exactly {@code width} digits, zero-padded. */
    static String padded(int value, int width) {
        return String.format("%0" + width + "d", value);
    }
}
