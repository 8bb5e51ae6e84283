package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.internal.ast.Span;

/**
 * Decoding of the JavaScript escapes of KBNF literals: {@code \n \t \r \b \f \v \0 \\ \' \"},
 * {@code \xHH}, <code>&#92;uHHHH</code> and <code>&#92;u{H...}</code> (one to six hex digits). Like JavaScript,
 * {@code \xHH} is the code point U+00HH (so {@code \xFF} is the two bytes C3 BF), and a
 * <code>&#92;uD83D&#92;uDE00</code> pair of surrogate escapes is one code point. A lone surrogate cannot be
 * written in UTF-8 and is an error, as is any other escape.
 */
final class Escapes {
    private Escapes() {
    }

    /**
     * Decodes {@code body} (the text between the quotes). Errors are recorded at the place of
     * the offending backslash (a raw line break in {@code body} stands for itself and starts a new
     * source line); the returned text then has the bad escape left out.
     *
     * @param at where the first character of {@code body} is
     */
    static String decodeLiteral(String body, Span at, Diagnostics diagnostics) {
        StringBuilder out = new StringBuilder(body.length());
        int i = 0;
        int pendingHighSurrogate = -1;
        int pendingIndex = 0; // where the pending high surrogate escape starts in body
        while (i < body.length()) {
            int c = body.codePointAt(i);
            if (c != '\\') {
                if (pendingHighSurrogate >= 0) {
                    loneSurrogate(pendingHighSurrogate, at.advance(body, 0, pendingIndex), diagnostics);
                    pendingHighSurrogate = -1;
                }
                out.appendCodePoint(c);
                i += Character.charCount(c);
                continue;
            }
            int start = i;
            int value;
            if (i + 1 >= body.length()) {
                diagnostics.error(at.advance(body, 0, i), "incomplete escape at the end of the literal");
                break;
            }
            char e = body.charAt(i + 1);
            i += 2;
            switch (e) {
                case 'n' -> value = '\n';
                case 't' -> value = '\t';
                case 'r' -> value = '\r';
                case 'b' -> value = '\b';
                case 'f' -> value = '\f';
                case 'v' -> value = 0x0B;
                case '\\' -> value = '\\';
                case '\'' -> value = '\'';
                case '"' -> value = '"';
                case '0' -> {
                    if (i < body.length() && Character.isDigit(body.charAt(i))) {
                        value = -1;
                    } else {
                        value = 0;
                    }
                }
                case 'x' -> {
                    value = hex(body, i, 2);
                    if (value >= 0) {
                        i += 2;
                    }
                }
                case 'u' -> {
                    if (i < body.length() && body.charAt(i) == '{') {
                        int close = body.indexOf('}', i);
                        int digits = close - i - 1;
                        if (close < 0 || digits < 1 || digits > 6) {
                            value = -1;
                        } else {
                            value = hex(body, i + 1, digits);
                            if (value > 0x10FFFF) {
                                diagnostics.error(at.advance(body, 0, start), "escape " + body.substring(start, close + 1)
                                        + " is above U+10FFFF");
                                value = -2;
                            }
                            i = close + 1;
                        }
                    } else {
                        value = hex(body, i, 4);
                        if (value >= 0) {
                            i += 4;
                        }
                    }
                }
                default -> value = -1;
            }
            if (value == -2) {
                continue;
            }
            if (value == -1) {
                int end = Math.min(body.length(), start + 2);
                diagnostics.error(at.advance(body, 0, start), "invalid escape '" + body.substring(start, end)
                        + "' (valid: \\n \\t \\r \\b \\f \\v \\0 \\\\ \\' \\\" \\xHH \\uHHHH \\u{H...})");
                continue;
            }
            if (Character.isHighSurrogate((char) value) && value <= 0xFFFF) {
                if (pendingHighSurrogate >= 0) {
                    loneSurrogate(pendingHighSurrogate, at.advance(body, 0, pendingIndex), diagnostics);
                }
                pendingHighSurrogate = value;
                pendingIndex = start;
                continue;
            }
            if (Character.isLowSurrogate((char) value) && value <= 0xFFFF) {
                if (pendingHighSurrogate >= 0) {
                    out.appendCodePoint(Character.toCodePoint((char) pendingHighSurrogate, (char) value));
                    pendingHighSurrogate = -1;
                } else {
                    loneSurrogate(value, at.advance(body, 0, start), diagnostics);
                }
                continue;
            }
            if (pendingHighSurrogate >= 0) {
                loneSurrogate(pendingHighSurrogate, at.advance(body, 0, pendingIndex), diagnostics);
                pendingHighSurrogate = -1;
            }
            out.appendCodePoint(value);
        }
        if (pendingHighSurrogate >= 0) {
            loneSurrogate(pendingHighSurrogate, at.advance(body, 0, pendingIndex), diagnostics);
        }
        return out.toString();
    }

    private static void loneSurrogate(int value, Span at, Diagnostics diagnostics) {
        diagnostics.error(at, String.format("literal is not valid UTF-8: lone surrogate U+%04X", value));
    }

    /** The value of {@code digits} hex digits at {@code from}, or -1 if they are not all there. */
    private static int hex(String s, int from, int digits) {
        if (from + digits > s.length()) {
            return -1;
        }
        int value = 0;
        for (int k = from; k < from + digits; k++) {
            int d = Character.digit(s.charAt(k), 16);
            if (d < 0) {
                return -1;
            }
            value = value * 16 + d;
        }
        return value;
    }
}
