package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.internal.ast.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The characters of GBNF literals and character classes: escapes, ranges, and the regex pattern a
 * class becomes.
 *
 * <p>Escapes are llama.cpp's ({@code parse_char} in {@code src/llama-grammar.cpp}):
 * {@code \xHH} (exactly two hex digits), <code>&#92;uHHHH</code> (four), {@code \UHHHHHHHH}
 * (eight), {@code \t \n \r}, and a backslash before {@code \ " [ ] -}. They are accepted in
 * literals and classes alike, as llama.cpp does. Besides, the escapes XGrammar's EBNF adds that
 * llama.cpp rejects (so that no grammar llama.cpp reads changes meaning): {@code \b \f \a \v \0 \e}
 * (backspace, form feed, bell, vertical tab, NUL, escape) and a backslash before
 * {@code / ' ? ^ $ . * + ( ) { } |}. XGrammar's {@code \x} with any number of digits is not
 * followed: llama.cpp reads exactly two. Every value is a code point (so {@code \xFF} is U+00FF,
 * the two bytes C3 BF); values above U+10FFFF and surrogates cannot be written in UTF-8 and are
 * errors. Any other escape is an error, at the column of its backslash.
 *
 * <p>Literals and classes may run over a line break, as in llama.cpp; error places follow the
 * lines. Stateless.
 */
final class GbnfCharacters {
    /** The escapes in messages. */
    static final String VALID_ESCAPES = "\\xHH \\uHHHH \\UHHHHHHHH \\t \\n \\r \\b \\f \\a \\v \\0 \\e, "
            + "and \\ before one of \\ \" [ ] - / ' ? ^ $ . * + ( ) { } |";

    /** Characters that stand for themselves after a backslash. */
    private static final String IDENTITY_ESCAPES = "\\\"[]-/'?^$.*+(){}|";

    /** The pattern for {@code .}: any Unicode scalar value. */
    static final String ANY_PATTERN = "[\\u{0}-\\u{10FFFF}]";

    private GbnfCharacters() {
    }

    /**
     * Reads characters from the text of one literal or class token, keeping track of the line and
     * column of each (ANTLR's count: a line ends at {@code \n}; columns are code points).
     */
    private static final class Reader {
        final String text;
        final Span start;
        final Diagnostics diagnostics;
        int pos;
        int line;
        int column;

        Reader(String text, int from, Span start, Diagnostics diagnostics) {
            this.text = text;
            this.start = start;
            this.diagnostics = diagnostics;
            this.line = start.line();
            this.column = start.column();
            while (pos < from) {
                advance();
            }
        }

        boolean more(int end) {
            return pos < end;
        }

        int peek() {
            return text.codePointAt(pos);
        }

        Span here() {
            return new Span(start.source(), line, column);
        }

        void advance() {
            int c = text.codePointAt(pos);
            pos += Character.charCount(c);
            if (c == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }

        /**
         * Reads one character or escape, ending before {@code end}. Returns its code point, or -1
         * after recording an error (the bad escape is skipped).
         */
        int next(int end) {
            Span at = here();
            int c = peek();
            advance();
            if (c != '\\') {
                return c;
            }
            if (!more(end)) {
                diagnostics.error(at, "incomplete escape: a backslash at the end");
                return -1;
            }
            int e = peek();
            advance();
            switch (e) {
                case 'x':
                    return hex(at, end, 2, "\\x");
                case 'u':
                    return hex(at, end, 4, "\\u");
                case 'U':
                    return hex(at, end, 8, "\\U");
                case 't':
                    return '\t';
                case 'n':
                    return '\n';
                case 'r':
                    return '\r';
                case 'b':
                    return '\b';
                case 'f':
                    return '\f';
                case 'a':
                    return 0x07;
                case 'v':
                    return 0x0B;
                case '0':
                    return 0;
                case 'e':
                    return 0x1B;
                default:
                    if (IDENTITY_ESCAPES.indexOf(e) >= 0) {
                        return e;
                    }
                    String shown = e > ' ' && e != 0x7F ? new String(Character.toChars(e)) : String.format("<U+%04X>", e);
                    diagnostics.error(at, "unknown escape '\\" + shown + "' (GBNF escapes: " + VALID_ESCAPES + ")");
                    return -1;
            }
        }

        private int hex(Span at, int end, int digits, String escape) {
            long value = 0;
            for (int i = 0; i < digits; i++) {
                int d = more(end) ? hexDigit(peek()) : -1;
                if (d < 0) {
                    diagnostics.error(at, escape + " must be followed by exactly " + digits + " hex digits");
                    return -1;
                }
                value = value * 16 + d;
                advance();
            }
            if (value > Character.MAX_CODE_POINT) {
                diagnostics.error(at, String.format("escape %s%0" + digits + "X is above U+10FFFF", escape, value));
                return -1;
            }
            if (value >= Character.MIN_SURROGATE && value <= Character.MAX_SURROGATE) {
                diagnostics.error(at, String.format("escape %s%0" + digits + "X is a surrogate, not a Unicode "
                        + "scalar value: it cannot be written in UTF-8", escape, value));
                return -1;
            }
            return (int) value;
        }

        private static int hexDigit(int c) {
            if (c >= '0' && c <= '9') {
                return c - '0';
            }
            if (c >= 'a' && c <= 'f') {
                return c - 'a' + 10;
            }
            return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        }
    }

    /**
     * Decodes a literal token ({@code "..."} with its quotes). Bad escapes are reported and left out.
     *
     * @param at where the opening quote is
     */
    static String literal(String token, Span at, Diagnostics diagnostics) {
        int end = token.length() - 1;
        Reader r = new Reader(token, 1, at, diagnostics);
        StringBuilder out = new StringBuilder(end);
        while (r.more(end)) {
            int c = r.next(end);
            if (c >= 0) {
                out.appendCodePoint(c);
            }
        }
        return out.toString();
    }

    /**
     * A class token ({@code [...]} with its brackets), read as llama.cpp does: a {@code ^} right
     * after {@code [} negates; {@code -} between two characters makes a range, anywhere else it
     * is itself; {@code [} needs no escape. {@code []} is an error (llama.cpp would read it as the
     * empty string, which no one means); {@code [^]} is any character, as in XGrammar.
     *
     * @param at where the {@code [} is
     * @return the class, or null after an error
     */
    static CharClass charClass(String token, Span at, Diagnostics diagnostics) {
        int end = token.length() - 1;
        boolean negated = token.length() > 2 && token.charAt(1) == '^';
        Reader r = new Reader(token, negated ? 2 : 1, at, diagnostics);
        if (!r.more(end)) {
            if (!negated) {
                diagnostics.error(at, "empty character class '[]' matches nothing (write '\\]' for a bracket)");
                return null;
            }
            return new CharClass(false, List.of(new int[] {0, Character.MAX_CODE_POINT}));
        }
        List<int[]> ranges = new ArrayList<>();
        boolean ok = true;
        while (r.more(end)) {
            Span itemAt = r.here();
            int itemStart = r.pos;
            int lo = r.next(end);
            int hi = lo;
            if (r.more(end) && r.peek() == '-' && r.pos + 1 < end) {
                r.advance();
                hi = r.next(end);
                if (lo >= 0 && hi >= 0 && hi < lo) {
                    diagnostics.error(itemAt, "invalid range '" + token.substring(itemStart, r.pos)
                            + "' in a character class: its start is greater than its end");
                    ok = false;
                    continue;
                }
            }
            if (lo < 0 || hi < 0) {
                ok = false;
                continue;
            }
            ranges.add(new int[] {lo, hi});
        }
        return ok ? new CharClass(negated, ranges) : null;
    }

    /**
     * A character class: the code point ranges written, and whether it is negated (then it
     * matches every Unicode scalar value outside them).
     */
    record CharClass(boolean negated, List<int[]> ranges) {

        /** The only character matched, or -1 if the class is negated or matches more than one. */
        int single() {
            if (negated || ranges.isEmpty()) {
                return -1;
            }
            int c = ranges.get(0)[0];
            for (int[] range : ranges) {
                if (range[0] != c || range[1] != c) {
                    return -1;
                }
            }
            return c;
        }

        /**
         * The class as a pattern of the regex parser: ASCII letters, digits, space and {@code _} as
         * themselves, other ASCII punctuation escaped, everything else as <code>&#92;u{H}</code>.
         * Surrogates inside a range are left out by the regex parser, so a negated class matches
         * every scalar value not listed.
         */
        String pattern() {
            StringBuilder sb = new StringBuilder(negated ? "[^" : "[");
            for (int[] range : ranges) {
                appendChar(sb, range[0]);
                if (range[1] != range[0]) {
                    sb.append('-');
                    appendChar(sb, range[1]);
                }
            }
            return sb.append(']').toString();
        }

        private static void appendChar(StringBuilder sb, int c) {
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' || c == '_') {
                sb.append((char) c);
            } else if (c > ' ' && c < 0x7F) {
                sb.append('\\').append((char) c);
            } else {
                sb.append("\\u{").append(Integer.toHexString(c).toUpperCase(Locale.ROOT)).append('}');
            }
        }
    }
}
