package io.github.kbnf4j.grammar.internal.automata;

import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for the regex subset of the README's "The grammar language" (common to Rust and ECMAScript).
 * Produces a {@link RegexNode}; every rejected construct gets a {@link RegexSyntaxException} with a
 * description and the char index where it starts. Group nesting is capped at
 * {@link #MAX_DEPTH} so recursion depth never depends on unbounded input. One instance per parse;
 * not thread-safe.
 */
final class RegexParser {
    static final int MAX_DEPTH = 500;

    static final CodePointSet DIGIT = CodePointSet.range('0', '9');
    static final CodePointSet WORD = new CodePointSet.Builder().add('a', 'z').add('A', 'Z').add('0', '9')
        .add('_', '_').build();
    static final CodePointSet SPACE = new CodePointSet.Builder().add('\t', '\r').add(' ', ' ').build();
    static final CodePointSet DOT = CodePointSet.of('\n').complement();

    private static final String PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

    private final String p;
    private final int maxRepetition;
    private int pos;
    private int depth;
    /** Set by {@link #classAtom} when the class being read holds an unescaped '['. */
    private boolean literalBracket;
    /** Set by {@link #escape} when the escape is a class (\d, \w, ...) rather than one character. */
    private CodePointSet escapeSet;

    private RegexParser(String pattern, int maxRepetition) {
        this.p = pattern;
        this.maxRepetition = maxRepetition;
    }

    static RegexNode parse(String pattern, int maxRepetition) {
        RegexParser parser = new RegexParser(pattern, maxRepetition);
        RegexNode node = parser.alternation();
        if (parser.pos < pattern.length()) {
            // Only an unmatched ')' stops the top-level alternation early.
            throw parser.error("unbalanced parenthesis: ')' has no matching '('", parser.pos);
        }
        return node;
    }

    private RegexSyntaxException error(String description, int index) {
        return new RegexSyntaxException(description, index);
    }

    private boolean more() {
        return pos < p.length();
    }

    private char peek() {
        return p.charAt(pos);
    }

    private boolean lookingAt(String s) {
        return p.startsWith(s, pos);
    }

    private RegexNode alternation() {
        List<RegexNode> alts = new ArrayList<>();
        alts.add(concatenation());
        while (more() && peek() == '|') {
            pos++;
            alts.add(concatenation());
        }
        return alts.size() == 1 ? alts.get(0) : new RegexNode.Alt(List.copyOf(alts));
    }

    private RegexNode concatenation() {
        List<RegexNode> parts = new ArrayList<>();
        while (more() && peek() != '|' && peek() != ')') {
            parts.add(quantified(atom()));
        }
        if (parts.isEmpty()) {
            return new RegexNode.Empty();
        }
        return parts.size() == 1 ? parts.get(0) : new RegexNode.Concat(List.copyOf(parts));
    }

    private RegexNode quantified(RegexNode atom) {
        RegexNode node = atom;
        boolean quantified = false;
        while (more()) {
            int at = pos;
            char c = peek();
            int min;
            int max;
            if (c == '*' || c == '+' || c == '?') {
                min = c == '+' ? 1 : 0;
                max = c == '?' ? 1 : -1;
                pos++;
            } else if (c == '{') {
                int[] q = counts();
                if (q == null) {
                    throw error("'{' is not a well-formed quantifier {m}, {m,} or {m,n}; use \\{ for a literal brace",
                        at);
                }
                min = q[0];
                max = q[1];
            } else {
                break;
            }
            if (quantified) {
                throw error("quantifier '" + p.substring(at, pos)
                    + "' follows another quantifier; wrap the repeated part in a group", at);
            }
            quantified = true;
            if (more() && peek() == '?') {
                pos++; // lazy: same language
            }
            if (more() && peek() == '+') {
                throw error("possessive quantifiers ('" + p.substring(at, pos + 1) + "') are not supported", at);
            }
            node = new RegexNode.Repeat(node, min, max);
        }
        return node;
    }

    /**
     * Reads {m}, {m,} or {m,n} at pos. Returns {min, max} (max -1 = unbounded) and advances, or
     * returns null without moving if the text is not a well-formed quantifier.
     */
    private int[] counts() {
        int start = pos;
        int i = pos + 1;
        int minStart = i;
        long min = 0;
        while (i < p.length() && isDigit(p.charAt(i))) {
            min = Math.min(min * 10 + (p.charAt(i) - '0'), Integer.MAX_VALUE);
            i++;
        }
        if (i == minStart) {
            return null;
        }
        long max = min;
        int maxStart = -1;
        if (i < p.length() && p.charAt(i) == ',') {
            i++;
            maxStart = i;
            max = 0;
            while (i < p.length() && isDigit(p.charAt(i))) {
                max = Math.min(max * 10 + (p.charAt(i) - '0'), Integer.MAX_VALUE);
                i++;
            }
            if (i == maxStart) {
                max = -1;
            }
        }
        if (i >= p.length() || p.charAt(i) != '}') {
            return null;
        }
        if (min > maxRepetition) {
            throw error("repetition count " + p.substring(minStart, minStartEnd(minStart))
                + " exceeds the limit maxRepetition = " + maxRepetition, minStart);
        }
        if (max > maxRepetition) {
            throw error("repetition count " + p.substring(maxStart, minStartEnd(maxStart))
                + " exceeds the limit maxRepetition = " + maxRepetition, maxStart);
        }
        if (max != -1 && min > max) {
            throw error("repetition range " + p.substring(start, i + 1) + " has min greater than max", start);
        }
        pos = i + 1;
        return new int[] {(int) min, (int) max};
    }

    private int minStartEnd(int from) {
        int i = from;
        while (i < p.length() && isDigit(p.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private RegexNode atom() {
        int at = pos;
        char c = peek();
        switch (c) {
            case '(':
                return group();
            case '[':
                return new RegexNode.Chars(charClass());
            case '.':
                pos++;
                return new RegexNode.Chars(DOT);
            case '\\': {
                int cp = escape(false);
                return new RegexNode.Chars(cp >= 0 ? CodePointSet.of(cp) : escapeSet);
            }
            case '^':
            case '$':
                throw error("anchors ('^', '$') are not supported: a terminal always matches whole", at);
            case '*':
            case '+':
            case '?':
                throw error("quantifier '" + c + "' has nothing to repeat", at);
            case '{':
                if (counts() != null) {
                    throw error("quantifier '" + p.substring(at, pos) + "' has nothing to repeat", at);
                }
                throw error("'{' is not a well-formed quantifier {m}, {m,} or {m,n}; use \\{ for a literal brace", at);
            default:
                return new RegexNode.Chars(CodePointSet.of(literal()));
        }
    }

    /** One literal code point at pos (a surrogate pair counts as one); rejects lone surrogates. */
    private int literal() {
        int at = pos;
        int cp = p.codePointAt(pos);
        if (cp >= 0xD800 && cp <= 0xDFFF) {
            throw error(String.format("lone surrogate U+%04X is not a Unicode scalar value", cp), at);
        }
        pos += Character.charCount(cp);
        return cp;
    }

    private RegexNode group() {
        int open = pos;
        pos++;
        if (lookingAt("?")) {
            if (lookingAt("?:")) {
                pos += 2;
            } else if (lookingAt("?=") || lookingAt("?!")) {
                throw error("lookahead ('(" + p.substring(pos, pos + 2) + "') is not supported", open);
            } else if (lookingAt("?<=") || lookingAt("?<!")) {
                throw error("lookbehind ('(" + p.substring(pos, pos + 3) + "') is not supported", open);
            } else if (lookingAt("?<") || lookingAt("?P<")) {
                pos += lookingAt("?<") ? 2 : 3;
                int nameStart = pos;
                while (more() && (Character.isLetterOrDigit(peek()) || peek() == '_')) {
                    pos++;
                }
                if (pos == nameStart || !more() || peek() != '>') {
                    throw error("malformed group name: expected (?<name>...)", open);
                }
                pos++;
            } else {
                throw error("inline flags and other '(?' groups are not supported (only (?:...) and (?<name>...))",
                    open);
            }
        }
        if (++depth > MAX_DEPTH) {
            throw error("groups nested deeper than " + MAX_DEPTH, open);
        }
        RegexNode inner = alternation();
        depth--;
        if (!more()) {
            throw error("unbalanced parenthesis: '(' is never closed", open);
        }
        pos++; // ')'
        return inner;
    }

    private CodePointSet charClass() {
        int open = pos;
        pos++;
        boolean negated = false;
        if (more() && peek() == '^') {
            negated = true;
            pos++;
        }
        if (more() && peek() == ']') {
            throw error(negated ? "'[^]' is not supported (use [\\s\\S] for any character)"
                : "empty character class '[]'", open);
        }
        CodePointSet.Builder b = new CodePointSet.Builder();
        literalBracket = false;
        while (true) {
            if (!more()) {
                throw error("unterminated character class", open);
            }
            if (peek() == ']') {
                pos++;
                if (literalBracket && more() && peek() == ']') {
                    // [a[bc]] is a nested class in Rust and PCRE, but '[a[bc]' and a ']' in ECMA-262.
                    throw error("'" + p.substring(open, pos + 1) + "' reads as a nested class in some regex dialects;"
                        + " nested classes are not supported: write \\[ for a literal '[' and \\] for a literal ']'",
                        open);
                }
                break;
            }
            int itemStart = pos;
            int lo = classAtom();
            if (lo < 0) {
                if (more() && peek() == '-' && pos + 1 < p.length() && p.charAt(pos + 1) != ']') {
                    throw error("invalid class range: '" + p.substring(itemStart, pos)
                        + "' is a class, not a character", itemStart);
                }
                b.addAll(escapeSet);
                continue;
            }
            if (more() && peek() == '-' && pos + 1 < p.length() && p.charAt(pos + 1) != ']') {
                pos++;
                int hiStart = pos;
                int hi = classAtom();
                if (hi < 0) {
                    throw error("invalid class range: '" + p.substring(hiStart, pos)
                        + "' is a class, not a character", hiStart);
                }
                if (hi < lo) {
                    throw error("invalid class range '" + p.substring(itemStart, pos)
                        + "': start is greater than end", itemStart);
                }
                b.add(lo, hi);
            } else {
                b.add(lo, lo);
            }
        }
        CodePointSet set = b.build();
        return negated ? set.complement() : set;
    }

    /** One class item: a code point, or -1 with {@link #escapeSet} set for \d etc. */
    private int classAtom() {
        char c = peek();
        if (c == '\\') {
            return escape(true);
        }
        if (c == '[') {
            if (lookingAt("[:") || lookingAt("[=") || lookingAt("[.")) {
                throw error("POSIX classes such as [[:alpha:]] are not supported; list the characters, or write \\["
                    + " for a literal '['", pos);
            }
            literalBracket = true; // a literal '[', as in ECMA-262
        }
        if (lookingAt("&&") || lookingAt("--") || lookingAt("~~")) {
            throw error("class set operation '" + p.substring(pos, pos + 2)
                + "' is not supported; escape the character", pos);
        }
        return literal();
    }

    /** Reads an escape at pos ('\\'). Returns the code point, or -1 with {@link #escapeSet} set. */
    private int escape(boolean inClass) {
        int at = pos;
        pos++;
        if (!more()) {
            throw error("pattern ends with a lone backslash", at);
        }
        char c = peek();
        pos++;
        switch (c) {
            case 'n':
                return '\n';
            case 't':
                return '\t';
            case 'r':
                return '\r';
            case 'f':
                return '\f';
            case 'v':
                return 0x0B;
            case 'a':
                return 0x07;
            case 'e':
                return 0x1B;
            case 'c':
                // \cX: the control character X mod 32 (ECMA-262, PCRE); only letters, as in ECMA-262.
                if (more() && isAsciiLetter(peek())) {
                    return p.charAt(pos++) % 32;
                }
                throw error("\\c must be followed by an ASCII letter (\\cA to \\cZ, a control character)", at);
            case '0':
                if (more() && isDigit(peek())) {
                    throw error("octal escapes are not supported", at);
                }
                return 0;
            case 'x':
                return hex(at, 2, "\\x must be followed by exactly two hex digits");
            case 'u':
                return unicodeEscape(at);
            case 'd':
                return set(DIGIT);
            case 'D':
                return set(DIGIT.complement());
            case 'w':
                return set(WORD);
            case 'W':
                return set(WORD.complement());
            case 's':
                return set(SPACE);
            case 'S':
                return set(SPACE.complement());
            case 'b':
                if (inClass) {
                    return 0x08; // [\b] is the backspace, as in ECMA-262, PCRE and Python
                }
                throw error("word boundary \\b is not supported", at);
            case 'B':
                throw error("word boundary \\B is not supported", at);
            case 'A':
            case 'z':
            case 'Z':
                throw error("anchor \\" + c + " is not supported: a terminal always matches whole", at);
            case 'k':
                throw error("backreferences (\\k<name>) are not supported", at);
            case 'p':
            case 'P':
                throw error("Unicode property escapes (\\" + c + "{..}) are not supported", at);
            default:
                if (c >= '1' && c <= '9') {
                    throw error("backreferences (\\" + c + ") are not supported", at);
                }
                if (PUNCTUATION.indexOf(c) >= 0) {
                    return c;
                }
                pos = at + 1;
                int cp = p.codePointAt(pos);
                throw error("unknown escape '\\" + new String(Character.toChars(cp)) + "'", at);
        }
    }

    private int set(CodePointSet s) {
        escapeSet = s;
        return -1;
    }

    private int hex(int at, int digits, String description) {
        if (pos + digits > p.length()) {
            throw error(description, at);
        }
        int v = 0;
        for (int i = 0; i < digits; i++) {
            int d = Character.digit(p.charAt(pos + i), 16);
            if (d < 0) {
                throw error(description, at);
            }
            v = v * 16 + d;
        }
        pos += digits;
        return v;
    }

    private int unicodeEscape(int at) {
        if (more() && peek() == '{') {
            int start = ++pos;
            long v = 0;
            while (more() && Character.digit(peek(), 16) >= 0 && pos - start < 7) {
                v = v * 16 + Character.digit(peek(), 16);
                pos++;
            }
            int n = pos - start;
            if (n == 0 || n > 6 || !more() || peek() != '}') {
                throw error("\\u{...} must hold 1 to 6 hex digits", at);
            }
            pos++;
            if (v > CodePointSet.MAX) {
                throw error(String.format("\\u{%X} is above U+10FFFF", v), at);
            }
            if (v >= 0xD800 && v <= 0xDFFF) {
                throw error(String.format("\\u{%X} is a surrogate, not a Unicode scalar value", v), at);
            }
            return (int) v;
        }
        String desc = "\\u must be followed by exactly four hex digits or {hex}";
        int v = hex(at, 4, desc);
        if (v >= 0xD800 && v <= 0xDBFF && lookingAt("\\u")) {
            // A high surrogate escape followed by a low one is one supplementary character.
            int save = pos;
            pos += 2;
            int lo = pos + 4 <= p.length() && Character.digit(p.charAt(pos), 16) >= 0 ? hex(at, 4, desc) : -1;
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                return Character.toCodePoint((char) v, (char) lo);
            }
            pos = save;
        }
        if (v >= 0xD800 && v <= 0xDFFF) {
            throw error(String.format("lone surrogate \\u%04X is not a Unicode scalar value", v), at);
        }
        return v;
    }
}
