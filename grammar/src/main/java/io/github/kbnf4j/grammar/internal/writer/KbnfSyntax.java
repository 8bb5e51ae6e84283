package io.github.kbnf4j.grammar.internal.writer;

import io.github.kbnf4j.grammar.internal.ast.Expr.RegexKind;

/**
 * The lexical side of KBNF as {@code Kbnf.g4} and the reader see it: rule names, literals with
 * JavaScript escapes, regexes in {@code #"..."}, character classes in our regex syntax, comments.
 *
 * <p>Text is written so that it reads back to exactly the same code points: characters that are
 * invisible or ambiguous on screen (controls, format characters, separators, combining marks,
 * unassigned and private-use code points) are written as escapes, everything else as itself.
 * Stateless.
 */
final class KbnfSyntax {
    /** ASCII characters with a meaning in a regex outside a class. */
    private static final String REGEX_SPECIAL = "\\^$.|?*+()[]{}";
    /**
     * ASCII characters with a meaning inside a class ({@code &&}, {@code --} and {@code ~~} are
     * rejected set operations, so their characters are always escaped).
     */
    private static final String CLASS_SPECIAL = "\\]^-[&~";

    private KbnfSyntax() {
    }

    /** Whether {@code s} is a KBNF rule name: {@code [a-zA-Z_][a-zA-Z0-9_-]*}. */
    static boolean isName(String s) {
        if (s.isEmpty() || !(isAsciiLetter(s.charAt(0)) || s.charAt(0) == '_')) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** {@code text} as a KBNF literal {@code "..."}. */
    static String literal(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
        text.codePoints().forEach(cp -> appendLiteralChar(sb, cp));
        return sb.append('"').toString();
    }

    /** Appends {@code cp} as it is written inside a literal {@code "..."} (JavaScript escapes). */
    static void appendLiteralChar(StringBuilder sb, int cp) {
        switch (cp) {
            case '"' -> sb.append("\\\"");
            case '\\' -> sb.append("\\\\");
            case '\n' -> sb.append("\\n");
            case '\r' -> sb.append("\\r");
            case '\t' -> sb.append("\\t");
            default -> {
                if (isVisible(cp)) {
                    sb.appendCodePoint(cp);
                } else if (cp <= 0xFF) {
                    sb.append(String.format("\\x%02X", cp)); // \xHH is the code point U+00HH
                } else {
                    sb.append(String.format("\\u{%X}", cp));
                }
            }
        }
    }

    /**
     * A regex terminal: {@code prefix"pattern"}, the pattern's quotes written {@code \"} (the
     * reader turns them back into bare quotes, which the regex parser reads as the same
     * character as an escaped quote) and raw line breaks as {@code \n} / {@code \r} (a KBNF
     * string holds none). For {@code #substrs} the text is a literal's.
     *
     * @throws IllegalArgumentException if the pattern ends with a lone backslash (which would
     *     escape the closing quote)
     */
    static String regex(RegexKind kind, String text) {
        if (kind == RegexKind.SUBSTRINGS) {
            return kind.prefix() + literal(text);
        }
        StringBuilder sb = new StringBuilder(text.length() + 4).append(kind.prefix()).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                if (i + 1 == text.length()) {
                    throw new IllegalArgumentException("regex " + text + " ends with a lone backslash");
                }
                char next = text.charAt(++i);
                if (next == '\n' || next == '\r') {
                    sb.append(next == '\n' ? "\\n" : "\\r"); // an escaped line break is the character itself
                } else {
                    sb.append(c).append(next);
                }
            } else if (c == '"') {
                sb.append("\\\"");
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }

    /**
     * Appends code point {@code cp} as a regex atom matching exactly it, as written inside
     * {@code #"..."} (a quote is {@code \"} for the KBNF string; the regex then sees a bare quote).
     */
    static void appendRegexChar(StringBuilder sb, int cp, boolean inClass) {
        if (cp == '"') {
            sb.append("\\\"");
        } else if (cp < 0x80 && (inClass ? CLASS_SPECIAL : REGEX_SPECIAL).indexOf(cp) >= 0) {
            sb.append('\\').append((char) cp);
        } else if (cp == '\n') {
            sb.append("\\n");
        } else if (cp == '\r') {
            sb.append("\\r");
        } else if (cp == '\t') {
            sb.append("\\t");
        } else if (isVisible(cp)) {
            sb.appendCodePoint(cp);
        } else {
            sb.append(String.format("\\u{%X}", cp));
        }
    }

    /**
     * Appends a regex class matching exactly the scalar values of {@code ranges} (sorted,
     * disjoint, non-adjacent {@code lo, hi} pairs): {@code [\s\S]} for all of them, else the
     * shorter of {@code [...]} and {@code [^...]} (our regex negates among scalar values).
     */
    static void appendClass(StringBuilder sb, int[] ranges) {
        int[] complement = GbnfSyntax.complement(ranges);
        if (complement.length == 0) {
            sb.append("[\\s\\S]");
            return;
        }
        String positive = classText("[", ranges);
        String negative = classText("[^", complement);
        sb.append(negative.length() < positive.length() ? negative : positive);
    }

    private static String classText(String open, int[] ranges) {
        StringBuilder sb = new StringBuilder(open);
        for (int i = 0; i < ranges.length; i += 2) {
            int lo = ranges[i];
            int hi = ranges[i + 1];
            appendRegexChar(sb, lo, true);
            if (hi > lo + 1) {
                sb.append('-');
            }
            if (hi > lo) {
                appendRegexChar(sb, hi, true);
            }
        }
        return sb.append(']').toString();
    }

    /** {@code (* text *)} on one line: line breaks and invisible characters escaped, no {@code *)} inside. */
    static String comment(String text) {
        StringBuilder body = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> {
            if (cp == '\\' || cp == '"') {
                body.appendCodePoint(cp); // a comment has no escapes: only what cannot be shown is escaped
            } else {
                appendLiteralChar(body, cp);
            }
        });
        return "(* " + body.toString().replace("*)", "* )") + " *)";
    }

    /**
     * Whether {@code cp} is shown as a visible mark of its own: printable ASCII, or a letter,
     * digit, punctuation or symbol outside ASCII.
     */
    static boolean isVisible(int cp) {
        if (cp < 0x80) {
            return cp >= 0x20 && cp < 0x7F;
        }
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE,
                    Character.UNASSIGNED, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SPACE_SEPARATOR, Character.NON_SPACING_MARK, Character.ENCLOSING_MARK,
                    Character.COMBINING_SPACING_MARK -> false;
            default -> true;
        };
    }
}
