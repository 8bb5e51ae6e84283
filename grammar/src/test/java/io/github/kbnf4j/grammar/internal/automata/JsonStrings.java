package io.github.kbnf4j.grammar.internal.automata;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * The slow reference for {@link JsonStringEncoding}: a hand-written JSON string decoder
 * (RFC 8259 §7, lone surrogates rejected) and a random speller of a value.
 */
final class JsonStrings {
    private static final String SHORT_LETTERS = "\"\\/bfnrt";
    private static final String SHORT_VALUES = "\"\\/\b\f\n\r\t";

    private JsonStrings() {
    }

    /**
     * The decoded value of a JSON string literal (quotes included) as UTF-8, or null if
     * {@code literal} is not one: not valid UTF-8, no surrounding quotes, a raw {@code "} or
     * control character inside, an unknown or short escape, or a surrogate escape that is not
     * part of a high-low pair.
     */
    static byte[] decode(byte[] literal) {
        String text = TestSupport.decode(literal);
        if (text == null || text.length() < 2 || text.charAt(0) != '"' || text.charAt(text.length() - 1) != '"') {
            return null;
        }
        StringBuilder out = new StringBuilder();
        int end = text.length() - 1;
        int i = 1;
        while (i < end) {
            char ch = text.charAt(i);
            if (ch == '"' || ch < 0x20) {
                return null;
            }
            if (ch != '\\') {
                out.append(ch);
                i++;
                continue;
            }
            if (i + 1 >= end) {
                return null; // the closing quote is escaped
            }
            int shortEscape = SHORT_LETTERS.indexOf(text.charAt(i + 1));
            if (shortEscape >= 0) {
                out.append(SHORT_VALUES.charAt(shortEscape));
                i += 2;
                continue;
            }
            if (text.charAt(i + 1) != 'u' || i + 6 > end) {
                return null;
            }
            int value = 0;
            for (int k = i + 2; k < i + 6; k++) {
                int digit = hexDigit(text.charAt(k));
                if (digit < 0) {
                    return null;
                }
                value = value * 16 + digit;
            }
            out.append((char) value);
            i += 6;
        }
        // Raw characters come from valid UTF-8, so a badly paired surrogate came from an escape.
        for (int k = 0; k < out.length(); k++) {
            char ch = out.charAt(k);
            if (Character.isHighSurrogate(ch) && k + 1 < out.length() && Character.isLowSurrogate(out.charAt(k + 1))) {
                k++;
            } else if (Character.isSurrogate(ch)) {
                return null;
            }
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** 0..15 for [0-9a-fA-F] (only those: not Character.digit, which takes other scripts' digits), else -1. */
    private static int hexDigit(char ch) {
        if (ch >= '0' && ch <= '9') {
            return ch - '0';
        }
        if (ch >= 'a' && ch <= 'f') {
            return ch - 'a' + 10;
        }
        if (ch >= 'A' && ch <= 'F') {
            return ch - 'A' + 10;
        }
        return -1;
    }

    /** A random valid JSON spelling of {@code value} (quotes included): each character raw or escaped. */
    static String spell(String value, Random rnd) {
        StringBuilder sb = new StringBuilder("\"");
        value.codePoints().forEach(cp -> {
            int shortEscape = SHORT_VALUES.indexOf(cp);
            boolean rawAllowed = cp >= 0x20 && cp != '"' && cp != '\\';
            int choice = rnd.nextInt(3);
            if (choice == 0 && rawAllowed) {
                sb.appendCodePoint(cp);
            } else if (choice == 1 && shortEscape >= 0) {
                sb.append('\\').append(SHORT_LETTERS.charAt(shortEscape));
            } else {
                for (char unit : Character.toChars(cp)) {
                    sb.append("\\u").append(hex4(unit, rnd));
                }
            }
        });
        return sb.append('"').toString();
    }

    /** Four hex digits of {@code unit}, each letter in a random case. */
    static String hex4(int unit, Random rnd) {
        StringBuilder sb = new StringBuilder(String.format("%04x", unit));
        for (int k = 0; k < 4; k++) {
            if (rnd.nextBoolean()) {
                sb.setCharAt(k, Character.toUpperCase(sb.charAt(k)));
            }
        }
        return sb.toString();
    }
}
