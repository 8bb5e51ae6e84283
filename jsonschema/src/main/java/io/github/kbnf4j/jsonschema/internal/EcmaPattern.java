package io.github.kbnf4j.jsonschema.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntPredicate;

/**
 * A JSON Schema {@code pattern} (an ECMA-262 regular expression with search semantics) translated
 * to a kbnf4j regex (whole-string semantics, the syntax {@code Regexes.compile} reads) that accepts
 * exactly the strings the pattern finds a match in.
 *
 * <p>Semantics. A string matches if the pattern matches some substring of it; {@code ^} and
 * {@code $} assert the very start and the very end of the string (there is no {@code m} flag, so a
 * {@code $} does not match before a final newline). Anchors may stand anywhere: each alternative
 * and group is translated into up to four pieces by which edges of the string it is pinned to, so
 * {@code ^a|b$}, {@code (^a|b)c}, {@code (a$)} and {@code (^|x)*} are exact, and an anchor that can
 * never hold (as in {@code a^b}) makes its branch match nothing. Characters are Unicode code
 * points (the test suite of JSON Schema expects {@code ^🐲*$} to repeat the emoji, as in ECMA-262's
 * {@code u} mode): {@code .} is any code point but the line terminators
 * {@code \n \r U+2028 U+2029}; {@code \d} is {@code [0-9]}, {@code \w} is {@code [A-Za-z0-9_]},
 * {@code \s} is ECMA's WhiteSpace and LineTerminator set ({@code \t \n \v \f \r}, space, U+00A0,
 * U+1680, U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF); {@code \D \W \S} and
 * negated classes are complements over all scalar values. {@code \p{..}} and {@code \P{..}} read
 * General_Category values (long, short and ECMA's aliases, such as {@code Letter}, {@code Lu},
 * {@code digit}), {@code Script=}/{@code sc=} values and the binary properties ASCII, Any,
 * Assigned, ASCII_Hex_Digit, Hex_Digit, Alphabetic, Ideographic, Lowercase, Uppercase,
 * White_Space, Noncharacter_Code_Point, Regional_Indicator, Join_Control and Pattern_White_Space,
 * with the Unicode tables of the running JDK (Java 17 has Unicode 13.0). From ECMA-262's Annex B
 * it keeps what has one meaning: a <code>{</code> that does not start a quantifier, a
 * <code>]</code> or <code>}</code> outside a class, identity escapes of characters other than
 * ASCII letters and digits, and a range with a class escape at one end ({@code [\w-.]} is
 * {@code \w}, {@code -} and {@code .}).
 *
 * <p>Refused, with an {@link EcmaPatternException} that carries the index of the construct: word
 * boundaries {@code \b \B}; lookahead and lookbehind; backreferences {@code \1 \k<name>} and
 * legacy octal escapes; inline flags and modifiers; a Unicode property this class does not know;
 * <code>&#92;u{..}</code> above U+10FFFF; lone surrogates (a pattern written for UTF-16 code
 * units); escapes whose meaning depends on the regex mode ({@code \e}, {@code \c1}, {@code \x4},
 * <code>&#92;u12</code>); a quantifier other than {@code ?}, {@code *}, {@code +} over a group that
 * holds an anchor when more than {@value #MAX_ANCHORED_COPIES} copies would be needed, or any
 * translation over {@value #MAX_SIZE} regex nodes; and, as invalid patterns, everything ECMA-262
 * rejects (unbalanced parentheses, an unterminated class, a range out of order, a quantifier with
 * nothing to repeat).
 *
 * <p>The output uses only explicit classes (never kbnf4j's {@code . \s \w \d}, whose meanings
 * differ), escapes every character outside ASCII letters and digits, and writes quantifiers as they
 * are: a repetition count above the caller's {@code maxRepetition} fails later, in
 * {@code Regexes.compile}. An unanchored quantifier at the edge of the match keeps only its minimum
 * ({@code x+} and {@code x} are found in the same strings), so {@code [0-9a-f]{1,1000}} costs
 * nothing unanchored. A pattern that every string matches (as {@code a*}) translates to
 * {@link #ANY_STRING}; one that no string matches (as {@code []} or {@code a^}) to
 * {@link #NO_STRING}. Search semantics put {@code [\s\S]*} around the match, and the subset
 * construction of such a regex can be exponential in the pattern (as for {@code a.{20}b}); the
 * caller's {@code maxStates} bounds it.
 *
 * <p>Complexity: linear in the pattern's length, except Unicode property escapes, each of which
 * scans the code point space once per property (then cached), and anchors inside repeated or
 * consecutive groups, which copy pieces of the pattern (bounded by {@value #MAX_SIZE} nodes).
 * Stateless and thread-safe; the property cache is a {@link ConcurrentHashMap} whose values are
 * immutable.
 */
public final class EcmaPattern {
    /** The translation of a pattern that every string matches: any sequence of scalar values. */
    public static final String ANY_STRING = "[\\s\\S]*";
    /** The translation of a pattern that no string matches. */
    public static final String NO_STRING = "[^\\s\\S]";

    /** Group nesting limit, so that recursion depth never depends on unbounded input. */
    static final int MAX_DEPTH = 500;
    /** Most copies of a group holding an anchor that a counted quantifier may be expanded into. */
    static final int MAX_ANCHORED_COPIES = 16;
    /**
     * Most nodes in the output tree. Only anchors copy parts of a pattern (a group holding one,
     * repeated, or many in a row), so only such patterns come near it.
     */
    static final long MAX_SIZE = 200_000;

    /** Term flags: the piece only matches starting at index 0 / ending at the string's end. */
    private static final int START = 1;
    private static final int END = 2;

    private static final CharSet DIGIT = CharSet.of('0', '9');
    private static final CharSet WORD = CharSet.of('a', 'z', 'A', 'Z', '0', '9', '_', '_');
    private static final CharSet SPACE = CharSet.of('\t', '\r', ' ', ' ', 0xA0, 0xA0, 0x1680, 0x1680,
        0x2000, 0x200A, 0x2028, 0x2029, 0x202F, 0x202F, 0x205F, 0x205F, 0x3000, 0x3000, 0xFEFF, 0xFEFF);
    private static final CharSet DOT = CharSet.of('\n', '\n', '\r', '\r', 0x2028, 0x2029).complement();

    /** ASCII punctuation that kbnf4j reads escaped as itself. */
    private static final String PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

    private final String p;
    private int pos;
    private int depth;
    /** Set by {@link #escape} and {@link #classAtom}: the code point read, or -1 for a class escape. */
    private int single;

    private EcmaPattern(String pattern) {
        this.p = pattern;
    }

    /**
     * Translates an ECMA-262 pattern with JSON Schema's search semantics into a kbnf4j regex with
     * whole-string semantics over the same strings.
     *
     * @param pattern the value of a {@code pattern} keyword or a {@code patternProperties} key
     * @return kbnf4j regex text; {@link #ANY_STRING} or {@link #NO_STRING} when the language is all
     *     strings or none
     * @throws EcmaPatternException if the pattern is invalid or uses a construct that cannot be
     *     translated exactly
     */
    public static String toRegex(String pattern) {
        EcmaPattern parser = new EcmaPattern(pattern);
        try {
            Terms terms = parser.disjunction();
            if (parser.pos < pattern.length()) {
                // Only an unmatched ')' stops the top-level disjunction early.
                throw invalid("unmatched ')'", parser.pos);
            }
            return render(search(terms));
        } catch (TooLarge e) {
            throw unsupported("the translation would exceed " + MAX_SIZE + " regex nodes (anchors inside repeated "
                + "or consecutive groups copy them)", Math.min(parser.pos, pattern.length()));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Parsing: ECMA-262 22.2.1 with the Annex B extensions that have one meaning.

    private static EcmaPatternException invalid(String description, int index) {
        return new EcmaPatternException(description, index, true);
    }

    private static EcmaPatternException unsupported(String description, int index) {
        return new EcmaPatternException(description, index, false);
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

    private Terms disjunction() {
        List<Terms> alternatives = new ArrayList<>();
        alternatives.add(alternative());
        while (more() && peek() == '|') {
            pos++;
            alternatives.add(alternative());
        }
        return alternatives.size() == 1 ? alternatives.get(0) : Terms.union(alternatives);
    }

    private Terms alternative() {
        Terms result = Terms.EPSILON;
        // Consecutive unanchored terms are joined in one Seq, not one concatenation each.
        List<Re> run = new ArrayList<>();
        while (more() && peek() != '|' && peek() != ')') {
            int at = pos;
            char c = peek();
            Terms term;
            if (c == '^' || c == '$') {
                pos++;
                if (quantifierAt(pos)) {
                    throw invalid("nothing to repeat: the anchor '" + c + "' cannot be quantified", pos);
                }
                term = Terms.anchor(c == '^' ? START : END);
            } else {
                term = quantified(atom(), at);
            }
            if (term.anchored()) {
                result = Terms.concat(result, Terms.plain(seq(run)));
                run.clear();
                result = Terms.concat(result, term);
            } else {
                run.add(term.get(0));
            }
        }
        return run.isEmpty() ? result : Terms.concat(result, Terms.plain(seq(run)));
    }

    private boolean quantifierAt(int i) {
        if (i >= p.length()) {
            return false;
        }
        char c = p.charAt(i);
        return c == '*' || c == '+' || c == '?' || (c == '{' && counts(i) != null);
    }

    /**
     * Reads {m}, {m,} or {m,n} at i. Returns {min, max, end} (max -1 = unbounded, counts saturate
     * above the int range), or null if the text there is not a quantifier (Annex B: a literal '{').
     */
    private long[] counts(int i) {
        int j = i + 1;
        int start = j;
        long min = 0;
        while (j < p.length() && isDigit(p.charAt(j))) {
            min = Math.min(min * 10 + (p.charAt(j) - '0'), 1L << 40);
            j++;
        }
        if (j == start) {
            return null;
        }
        long max = min;
        if (j < p.length() && p.charAt(j) == ',') {
            j++;
            int maxStart = j;
            max = 0;
            while (j < p.length() && isDigit(p.charAt(j))) {
                max = Math.min(max * 10 + (p.charAt(j) - '0'), 1L << 40);
                j++;
            }
            if (j == maxStart) {
                max = -1;
            }
        }
        if (j >= p.length() || p.charAt(j) != '}') {
            return null;
        }
        return new long[] {min, max, j + 1};
    }

    private Terms quantified(Terms atom, int atomStart) {
        if (!more()) {
            return atom;
        }
        int at = pos;
        char c = peek();
        long min;
        long max;
        if (c == '*' || c == '+' || c == '?') {
            min = c == '+' ? 1 : 0;
            max = c == '?' ? 1 : -1;
            pos++;
        } else if (c == '{') {
            long[] q = counts(pos);
            if (q == null) {
                return atom; // Annex B: the '{' is the next atom, a literal
            }
            min = q[0];
            max = q[1];
            pos = (int) q[2];
        } else {
            return atom;
        }
        if (more() && peek() == '?') {
            pos++; // lazy: same language
        }
        if (quantifierAt(pos)) {
            throw invalid("nothing to repeat: a quantifier cannot follow the quantifier '"
                + p.substring(at, pos) + "'", pos);
        }
        if (max != -1 && min > max) {
            throw invalid("numbers out of order in quantifier '" + p.substring(at, pos) + "'", at);
        }
        if (min > Integer.MAX_VALUE || max > Integer.MAX_VALUE) {
            throw unsupported("repetition count in '" + p.substring(at, pos) + "' is too large", at);
        }
        return Terms.repeat(atom, (int) min, (int) max, at, p.substring(atomStart, pos));
    }

    private Terms atom() {
        int at = pos;
        char c = peek();
        switch (c) {
            case '(':
                return group();
            case '[':
                return Terms.plain(chars(characterClass()));
            case '.':
                pos++;
                return Terms.plain(chars(DOT));
            case '\\':
                return Terms.plain(chars(escape(false)));
            case '*':
            case '+':
            case '?':
                throw invalid("nothing to repeat: quantifier '" + c + "' has no atom before it", at);
            case '{':
                long[] q = counts(pos);
                if (q != null) {
                    throw invalid("nothing to repeat: quantifier '" + p.substring(at, (int) q[2])
                        + "' has no atom before it", at);
                }
                pos++;
                return Terms.plain(chars(CharSet.of('{', '{')));
            default:
                int cp = literal();
                return Terms.plain(chars(CharSet.of(cp, cp)));
        }
    }

    /** One literal code point at pos (a surrogate pair counts as one). */
    private int literal() {
        int cp = p.codePointAt(pos);
        if (cp >= 0xD800 && cp <= 0xDFFF) {
            throw unsupported(String.format("lone surrogate U+%04X: its meaning depends on the regex mode", cp), pos);
        }
        pos += Character.charCount(cp);
        return cp;
    }

    private Terms group() {
        int open = pos;
        pos++;
        if (lookingAt("?")) {
            if (lookingAt("?:")) {
                pos += 2;
            } else if (lookingAt("?=") || lookingAt("?!")) {
                throw unsupported("lookahead '(" + p.substring(pos, pos + 2) + "' is not supported", open);
            } else if (lookingAt("?<=") || lookingAt("?<!")) {
                throw unsupported("lookbehind '(" + p.substring(pos, pos + 3) + "' is not supported", open);
            } else if (lookingAt("?<")) {
                pos += 2;
                groupName(open);
            } else {
                int i = pos + 1;
                while (i < p.length() && "imsx-".indexOf(p.charAt(i)) >= 0) {
                    i++;
                }
                if (i > pos + 1 && i < p.length() && p.charAt(i) == ':') {
                    throw unsupported("inline modifiers '(" + p.substring(pos, i + 1) + "' are not supported",
                        open);
                }
                if (i > pos + 1 && i < p.length() && p.charAt(i) == ')') {
                    throw invalid("inline flags '(" + p.substring(pos, i + 1) + "' are not ECMA-262 syntax", open);
                }
                throw invalid("invalid group: '(?' must be followed by ':', '=', '!', '<=', '<!' or '<name>'", open);
            }
        }
        if (++depth > MAX_DEPTH) {
            throw unsupported("groups nested deeper than " + MAX_DEPTH, open);
        }
        Terms inner = disjunction();
        depth--;
        if (!more()) {
            throw invalid("unterminated group: '(' is never closed", open);
        }
        pos++; // ')'
        return inner;
    }

    /** Skips a group name and its '>' (ECMA-262 RegExpIdentifierName without escapes). */
    private void groupName(int open) {
        int start = pos;
        while (more() && peek() != '>') {
            int cp = p.codePointAt(pos);
            if (cp == '\\') {
                throw unsupported("escapes in group names are not supported", pos);
            }
            boolean ok = pos == start
                ? cp == '$' || cp == '_' || Character.isUnicodeIdentifierStart(cp)
                : cp == '$' || cp == 0x200C || cp == 0x200D || Character.isUnicodeIdentifierPart(cp);
            if (!ok) {
                throw invalid("invalid group name: expected (?<name>...)", open);
            }
            pos += Character.charCount(cp);
        }
        if (pos == start || !more()) {
            throw invalid("invalid group name: expected (?<name>...)", open);
        }
        pos++; // '>'
    }

    private CharSet characterClass() {
        int open = pos;
        pos++;
        boolean negated = false;
        if (more() && peek() == '^') {
            negated = true;
            pos++;
        }
        CharSet.Builder b = new CharSet.Builder();
        while (true) {
            if (!more()) {
                throw invalid("unterminated character class: '[' is never closed", open);
            }
            if (peek() == ']') {
                pos++;
                break;
            }
            int itemStart = pos;
            CharSet lo = classAtom();
            int loCp = single;
            if (more() && peek() == '-' && pos + 1 < p.length() && p.charAt(pos + 1) != ']') {
                pos++;
                CharSet hi = classAtom();
                int hiCp = single;
                if (loCp < 0 || hiCp < 0) {
                    // Annex B: a range with a class escape at one end is the union of both ends and '-'.
                    b.addAll(lo).add('-', '-').addAll(hi);
                } else if (loCp > hiCp) {
                    throw invalid("range out of order in character class: '" + p.substring(itemStart, pos) + "'",
                        itemStart);
                } else {
                    b.add(loCp, hiCp);
                }
            } else {
                b.addAll(lo);
            }
        }
        CharSet set = b.build();
        return negated ? set.complement() : set;
    }

    /** One class item; {@link #single} is its code point, or -1 for a class escape. */
    private CharSet classAtom() {
        if (peek() == '\\') {
            return escape(true);
        }
        single = literal();
        return CharSet.of(single, single);
    }

    /** Reads an escape at pos ('\\'); {@link #single} is its code point, or -1 for a class escape. */
    private CharSet escape(boolean inClass) {
        int at = pos;
        pos++;
        if (!more()) {
            throw invalid("pattern ends with a lone backslash", at);
        }
        char c = p.charAt(pos++);
        switch (c) {
            case 'd':
                return multi(DIGIT);
            case 'D':
                return multi(DIGIT.complement());
            case 'w':
                return multi(WORD);
            case 'W':
                return multi(WORD.complement());
            case 's':
                return multi(SPACE);
            case 'S':
                return multi(SPACE.complement());
            case 'p':
            case 'P':
                return multi(property(at, c == 'P'));
            case 'b':
                if (inClass) {
                    return one(0x08);
                }
                throw unsupported("word boundary '\\b' is not supported", at);
            case 'B':
                throw unsupported(inClass ? "'\\B' in a class is the letter B only outside unicode mode"
                    : "non-word boundary '\\B' is not supported", at);
            case 't':
                return one('\t');
            case 'n':
                return one('\n');
            case 'v':
                return one(0x0B);
            case 'f':
                return one('\f');
            case 'r':
                return one('\r');
            case '0':
                if (more() && isDigit(peek())) {
                    throw unsupported("legacy octal escape '\\0" + peek() + "' is not supported", at);
                }
                return one(0);
            case 'k':
                throw unsupported("backreference '\\k' is not supported", at);
            case 'c':
                if (more() && isAsciiLetter(peek())) {
                    return one(p.charAt(pos++) % 32);
                }
                throw unsupported("'\\c' not followed by an ASCII letter: its meaning depends on the regex mode", at);
            case 'x': {
                int v = hex(pos, 2);
                if (v < 0) {
                    throw unsupported("'\\x' not followed by two hex digits: its meaning depends on the regex mode",
                        at);
                }
                pos += 2;
                return one(v);
            }
            case 'u':
                return one(unicodeEscape(at));
            default:
                if (c >= '1' && c <= '9') {
                    throw unsupported((inClass ? "legacy octal escape '\\" : "backreference '\\") + c
                        + "' is not supported", at);
                }
                if (isAsciiLetter(c)) {
                    throw unsupported("unknown escape '\\" + c + "': only outside unicode mode is it the letter "
                        + c, at);
                }
                // Identity escape: the character itself (Annex B allows any but letters and digits).
                pos--;
                return one(literal());
        }
    }

    private CharSet one(int cp) {
        single = cp;
        return CharSet.of(cp, cp);
    }

    private CharSet multi(CharSet set) {
        single = -1;
        return set;
    }

    /** Value of {@code n} ASCII hex digits at i, or -1. */
    private int hex(int i, int n) {
        if (i + n > p.length()) {
            return -1;
        }
        int v = 0;
        for (int k = i; k < i + n; k++) {
            int d = hexDigit(p.charAt(k));
            if (d < 0) {
                return -1;
            }
            v = v * 16 + d;
        }
        return v;
    }

    private static int hexDigit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    private int unicodeEscape(int at) {
        if (more() && peek() == '{') {
            int start = ++pos;
            long v = 0;
            while (more() && hexDigit(peek()) >= 0) {
                v = Math.min(v * 16 + hexDigit(peek()), 0x110000);
                pos++;
            }
            if (pos == start || !more() || peek() != '}') {
                throw unsupported("malformed '\\u{...}' escape: its meaning depends on the regex mode", at);
            }
            pos++;
            if (v > 0x10FFFF) {
                throw unsupported("'\\u{...}' above U+10FFFF", at);
            }
            if (v >= 0xD800 && v <= 0xDFFF) {
                throw unsupported(String.format("lone surrogate \\u{%X}: its meaning depends on the regex mode", v),
                    at);
            }
            return (int) v;
        }
        int v = hex(pos, 4);
        if (v < 0) {
            throw unsupported("'\\u' not followed by four hex digits: its meaning depends on the regex mode", at);
        }
        pos += 4;
        if (v >= 0xD800 && v <= 0xDBFF && lookingAt("\\u")) {
            int lo = hex(pos + 2, 4);
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                pos += 6;
                return Character.toCodePoint((char) v, (char) lo);
            }
        }
        if (v >= 0xD800 && v <= 0xDFFF) {
            throw unsupported(String.format("lone surrogate \\u%04X: its meaning depends on the regex mode", v), at);
        }
        return v;
    }

    private CharSet property(int at, boolean negated) {
        int close = more() && peek() == '{' ? p.indexOf('}', pos) : -1;
        if (close < 0) {
            throw unsupported("'\\" + p.charAt(at + 1)
                + "' without {...}: only outside unicode mode is it the letter " + p.charAt(at + 1), at);
        }
        String body = p.substring(pos + 1, close);
        pos = close + 1;
        CharSet set = UnicodeProperty.lookup(body);
        if (set == null) {
            throw unsupported("unknown or unsupported Unicode property '\\" + p.charAt(at + 1) + "{" + body + "}'",
                at);
        }
        return negated ? set.complement() : set;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    // ---------------------------------------------------------------------------------------------
    // Search semantics.

    /** Everything a match can be surrounded by: any scalar values. */
    private static final Re ANY_STAR = new Rep(new Chars(CharSet.ALL), 0, -1);

    private static Re search(Terms t) {
        if (nullable(t.get(0)) || nullable(t.get(START)) || nullable(t.get(END))) {
            return ANY_STAR;
        }
        List<Re> alternatives = new ArrayList<>();
        for (int f = 0; f < 4; f++) {
            Re r = t.get(f);
            if (isNothing(r)) {
                continue;
            }
            if ((f & START) == 0) {
                r = seq(List.of(ANY_STAR, trimLeft(r)));
            }
            if ((f & END) == 0) {
                r = seq(List.of(trimRight(r), ANY_STAR));
            }
            alternatives.add(r);
        }
        return alt(alternatives);
    }

    /** A language r' with r'Σ* = rΣ*: what an unanchored right edge does not need. */
    private static Re trimRight(Re r) {
        if (r instanceof Seq s) {
            List<Re> items = s.items();
            int k = items.size();
            while (k > 0 && nullable(items.get(k - 1))) {
                k--;
            }
            if (k == 0) {
                return EPS;
            }
            List<Re> kept = new ArrayList<>(items.subList(0, k - 1));
            kept.add(trimRight(items.get(k - 1)));
            return seq(kept);
        }
        if (r instanceof Alt a) {
            return alt(a.items().stream().map(EcmaPattern::trimRight).toList());
        }
        if (r instanceof Rep rep) {
            if (nullable(rep)) {
                return EPS;
            }
            // x{m,n}Σ* = x{m}Σ*, and x{1}Σ* = trimRight(x)Σ*
            return rep.min() == 1 ? trimRight(rep.inner()) : rep(rep.inner(), rep.min(), rep.min());
        }
        return r;
    }

    /** A language r' with Σ*r' = Σ*r: what an unanchored left edge does not need. */
    private static Re trimLeft(Re r) {
        if (r instanceof Seq s) {
            List<Re> items = s.items();
            int k = 0;
            while (k < items.size() && nullable(items.get(k))) {
                k++;
            }
            if (k == items.size()) {
                return EPS;
            }
            List<Re> kept = new ArrayList<>();
            kept.add(trimLeft(items.get(k)));
            kept.addAll(items.subList(k + 1, items.size()));
            return seq(kept);
        }
        if (r instanceof Alt a) {
            return alt(a.items().stream().map(EcmaPattern::trimLeft).toList());
        }
        if (r instanceof Rep rep) {
            if (nullable(rep)) {
                return EPS;
            }
            return rep.min() == 1 ? trimLeft(rep.inner()) : rep(rep.inner(), rep.min(), rep.min());
        }
        return r;
    }

    // ---------------------------------------------------------------------------------------------
    // Anchor-aware terms.

    /**
     * A pattern fragment as up to four regular languages by the edges it is pinned to: index
     * {@code flags} (bit {@link #START}: the piece must begin at index 0, bit {@link #END}: it must
     * end at the string's end) holds the substrings it can match under those conditions, or
     * {@link #NOTHING}. Immutable.
     */
    private static final class Terms {
        static final Terms EPSILON = plain(EPS);

        private final Re[] byFlags;

        private Terms(Re[] byFlags) {
            this.byFlags = byFlags;
        }

        static Terms plain(Re r) {
            return new Terms(new Re[] {r, NOTHING, NOTHING, NOTHING});
        }

        static Terms anchor(int flag) {
            Re[] a = {NOTHING, NOTHING, NOTHING, NOTHING};
            a[flag] = EPS;
            return new Terms(a);
        }

        Re get(int flags) {
            return byFlags[flags];
        }

        boolean anchored() {
            return !isNothing(byFlags[1]) || !isNothing(byFlags[2]) || !isNothing(byFlags[3]);
        }

        /** The pieces whose flags pass the test, the others emptied. */
        Terms only(IntPredicate flags) {
            Re[] a = new Re[4];
            for (int f = 0; f < 4; f++) {
                a[f] = flags.test(f) ? byFlags[f] : NOTHING;
            }
            return new Terms(a);
        }

        static Terms union(List<Terms> ts) {
            Re[] a = new Re[4];
            for (int f = 0; f < 4; f++) {
                List<Re> parts = new ArrayList<>();
                for (Terms t : ts) {
                    parts.add(t.byFlags[f]);
                }
                a[f] = alt(parts);
            }
            return new Terms(a);
        }

        /**
         * Concatenation: where the halves meet is index 0 if the right half needs START, so the left
         * half must have matched empty there; it is the end if the left half needs END, so the right
         * half must match empty. Exact, hence associative.
         */
        static Terms concat(Terms x, Terms y) {
            List<List<Re>> parts = new ArrayList<>();
            for (int f = 0; f < 4; f++) {
                parts.add(new ArrayList<>());
            }
            for (int fx = 0; fx < 4; fx++) {
                if (isNothing(x.byFlags[fx])) {
                    continue;
                }
                for (int fy = 0; fy < 4; fy++) {
                    if (isNothing(y.byFlags[fy])) {
                        continue;
                    }
                    Re rx = x.byFlags[fx];
                    Re ry = y.byFlags[fy];
                    if ((fy & START) != 0) {
                        if (!nullable(rx)) {
                            continue;
                        }
                        rx = EPS;
                    }
                    if ((fx & END) != 0) {
                        if (!nullable(ry)) {
                            continue;
                        }
                        ry = EPS;
                    }
                    parts.get(fx | fy).add(seq(List.of(rx, ry)));
                }
            }
            Re[] a = new Re[4];
            for (int f = 0; f < 4; f++) {
                a[f] = alt(parts.get(f));
            }
            return new Terms(a);
        }

        /**
         * {@code t{min,max}} (max -1 = unbounded). ECMA-262 ends a loop on an empty iteration past the
         * minimum, which changes no language: an empty iteration only adds edge conditions, and the
         * same string is matched without it.
         */
        static Terms repeat(Terms t, int min, int max, int at, String text) {
            if (!t.anchored()) {
                return plain(rep(t.byFlags[0], min, max));
            }
            if (max == 0) {
                return EPSILON;
            }
            if (min > MAX_ANCHORED_COPIES || (max != -1 && max - min > MAX_ANCHORED_COPIES)) {
                throw unsupported("quantifier over a group with an anchor needs more than " + MAX_ANCHORED_COPIES
                    + " copies: '" + text + "'", at);
            }
            Terms result = EPSILON;
            for (int i = 0; i < min; i++) {
                result = concat(result, t);
            }
            if (max == -1) {
                return concat(result, star(t));
            }
            Terms optional = union(List.of(t, EPSILON));
            for (int i = min; i < max; i++) {
                result = concat(result, optional);
            }
            return result;
        }

        /**
         * {@code t*} for a t with anchors. Leaving out empty iterations, an iteration pinned to the
         * start can only be the first, one pinned to the end only the last, and one pinned to both
         * the only one.
         */
        private static Terms star(Terms t) {
            Terms first = union(List.of(t.only(f -> (f & START) != 0), EPSILON));
            Terms middle = plain(rep(t.byFlags[0], 0, -1));
            Terms last = union(List.of(t.only(f -> f == END), EPSILON));
            return concat(concat(first, middle), last);
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Output regex trees, normalized by their constructors.

    /**
     * An output regex. Trees share subtrees (anchored terms copy pieces), so each node caches its
     * hash, its nullability and its size as a tree, which {@link #MAX_SIZE} bounds: hashing,
     * nullability and rendering then never walk a shared subtree twice per use.
     */
    private abstract static sealed class Re permits Chars, Eps, Seq, Alt, Rep {
        final int hash;
        final boolean nullable;
        /** Nodes in the tree this node spells out (shared subtrees counted at each use). */
        final long size;

        Re(int hash, boolean nullable, long size) {
            if (size > MAX_SIZE) {
                throw new TooLarge();
            }
            this.hash = hash;
            this.nullable = nullable;
            this.size = size;
        }

        @Override
        public final int hashCode() {
            return hash;
        }
    }

    /** One code point from the set; the empty set is the empty language. */
    private static final class Chars extends Re {
        private final CharSet set;

        Chars(CharSet set) {
            super(set.hashCode(), false, 1);
            this.set = set;
        }

        CharSet set() {
            return set;
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Chars c && c.hash == hash && c.set.equals(set);
        }
    }

    /** The empty string. */
    private static final class Eps extends Re {
        Eps() {
            super(7, true, 1);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Eps;
        }
    }

    /** Two or more items, none a Seq, Eps or the empty language. */
    private static final class Seq extends Re {
        private final List<Re> items;

        Seq(List<Re> items) {
            super(31 * items.hashCode() + 1, items.stream().allMatch(r -> r.nullable),
                1 + items.stream().mapToLong(r -> r.size).sum());
            this.items = items;
        }

        List<Re> items() {
            return items;
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Seq q && q.hash == hash && q.items.equals(items);
        }
    }

    /** Two or more distinct items, none an Alt or the empty language, at most one Chars first. */
    private static final class Alt extends Re {
        private final List<Re> items;

        Alt(List<Re> items) {
            super(31 * items.hashCode() + 2, items.stream().anyMatch(r -> r.nullable),
                1 + items.stream().mapToLong(r -> r.size).sum());
            this.items = items;
        }

        List<Re> items() {
            return items;
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Alt a && a.hash == hash && a.items.equals(items);
        }
    }

    /** {@code inner{min,max}}, max -1 = unbounded; inner neither Eps nor the empty language. */
    private static final class Rep extends Re {
        private final Re inner;
        private final int min;
        private final int max;

        Rep(Re inner, int min, int max) {
            super((31 * inner.hash + min) * 31 + max, min == 0 || inner.nullable, 1 + inner.size);
            this.inner = inner;
            this.min = min;
            this.max = max;
        }

        Re inner() {
            return inner;
        }

        int min() {
            return min;
        }

        int max() {
            return max;
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Rep r && r.hash == hash && r.min == min && r.max == max
                && r.inner.equals(inner);
        }
    }

    /** Thrown by a node constructor over {@link #MAX_SIZE}; the parser adds the position. */
    private static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super(null, null, false, false);
        }
    }

    private static final Re EPS = new Eps();
    private static final Re NOTHING = new Chars(CharSet.EMPTY);

    private static boolean isNothing(Re r) {
        return r instanceof Chars c && c.set().isEmpty();
    }

    private static Re chars(CharSet set) {
        return set.isEmpty() ? NOTHING : new Chars(set);
    }

    private static Re seq(List<Re> parts) {
        List<Re> out = new ArrayList<>();
        for (Re r : parts) {
            if (isNothing(r)) {
                return NOTHING;
            }
            if (r instanceof Seq s) {
                out.addAll(s.items());
            } else if (!(r instanceof Eps)) {
                out.add(r);
            }
        }
        if (out.isEmpty()) {
            return EPS;
        }
        return out.size() == 1 ? out.get(0) : new Seq(List.copyOf(out));
    }

    private static Re alt(List<Re> parts) {
        CharSet.Builder chars = new CharSet.Builder();
        boolean anyChars = false;
        Set<Re> others = new LinkedHashSet<>();
        for (Re r : parts) {
            List<Re> items = r instanceof Alt a ? a.items() : List.of(r);
            for (Re item : items) {
                if (item instanceof Chars c) {
                    chars.addAll(c.set());
                    anyChars |= !c.set().isEmpty();
                } else {
                    others.add(item);
                }
            }
        }
        if (others.contains(EPS) && others.stream().anyMatch(r -> r != EPS && nullable(r))) {
            others.remove(EPS);
        }
        List<Re> out = new ArrayList<>();
        if (anyChars) {
            out.add(new Chars(chars.build()));
        }
        out.addAll(others);
        if (out.isEmpty()) {
            return NOTHING;
        }
        return out.size() == 1 ? out.get(0) : new Alt(List.copyOf(out));
    }

    private static Re rep(Re x, int min, int max) {
        if (max == 0 || x instanceof Eps) {
            return EPS;
        }
        if (isNothing(x)) {
            return min == 0 ? EPS : NOTHING;
        }
        if (min == 1 && max == 1) {
            return x;
        }
        return new Rep(x, min, max);
    }

    private static boolean nullable(Re r) {
        return r.nullable;
    }

    // ---------------------------------------------------------------------------------------------
    // Rendering in kbnf4j's regex syntax.

    private static String render(Re r) {
        StringBuilder sb = new StringBuilder();
        renderAlternation(r, sb);
        return sb.toString();
    }

    private static void renderAlternation(Re r, StringBuilder sb) {
        if (r instanceof Alt a) {
            if (a.items().contains(EPS)) {
                List<Re> rest = new ArrayList<>(a.items());
                rest.remove(EPS);
                renderSequence(rep(alt(rest), 0, 1), sb);
                return;
            }
            for (int i = 0; i < a.items().size(); i++) {
                if (i > 0) {
                    sb.append('|');
                }
                renderSequence(a.items().get(i), sb);
            }
        } else {
            renderSequence(r, sb);
        }
    }

    private static void renderSequence(Re r, StringBuilder sb) {
        if (r instanceof Seq s) {
            for (Re item : s.items()) {
                renderSequence(item, sb);
            }
        } else if (r instanceof Rep rep) {
            renderAtom(rep.inner(), sb);
            int min = rep.min();
            int max = rep.max();
            if (max == -1) {
                sb.append(min == 0 ? "*" : min == 1 ? "+" : "{" + min + ",}");
            } else if (min == 0 && max == 1) {
                sb.append('?');
            } else {
                sb.append('{').append(min);
                if (max != min) {
                    sb.append(',').append(max);
                }
                sb.append('}');
            }
        } else if (r instanceof Chars c) {
            renderChars(c.set(), sb);
        } else if (r instanceof Alt) {
            renderAtom(r, sb);
        }
        // Eps: nothing
    }

    private static void renderAtom(Re r, StringBuilder sb) {
        if (r instanceof Chars c) {
            renderChars(c.set(), sb);
        } else {
            sb.append("(?:");
            renderAlternation(r, sb);
            sb.append(')');
        }
    }

    private static void renderChars(CharSet set, StringBuilder sb) {
        if (set.isEmpty()) {
            sb.append(NO_STRING);
            return;
        }
        if (set.equals(CharSet.ALL)) {
            sb.append("[\\s\\S]");
            return;
        }
        if (set.rangeCount() == 1 && set.lo(0) == set.hi(0)) {
            appendChar(set.lo(0), sb);
            return;
        }
        CharSet complement = set.complement();
        boolean negated = complement.rangeCount() < set.rangeCount();
        CharSet body = negated ? complement : set;
        sb.append(negated ? "[^" : "[");
        for (int i = 0; i < body.rangeCount(); i++) {
            int lo = body.lo(i);
            int hi = body.hi(i);
            appendChar(lo, sb);
            if (hi > lo + 1) {
                sb.append('-');
            }
            if (hi > lo) {
                appendChar(hi, sb);
            }
        }
        sb.append(']');
    }

    private static void appendChar(int cp, StringBuilder sb) {
        if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9')) {
            sb.append((char) cp);
        } else if (cp < 0x80 && PUNCTUATION.indexOf(cp) >= 0) {
            sb.append('\\').append((char) cp);
        } else if (cp < 0x80) {
            sb.append(String.format("\\x%02X", cp));
        } else if (cp <= 0xFFFF) {
            sb.append(String.format("\\u%04X", cp));
        } else {
            sb.append(String.format("\\u{%X}", cp));
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Code point sets.

    /**
     * Immutable set of Unicode scalar values as sorted, disjoint, non-adjacent closed ranges;
     * surrogates are never members (the strings a grammar sees are UTF-8).
     */
    private static final class CharSet {
        static final CharSet EMPTY = new CharSet(new int[0]);
        static final CharSet ALL = of(0, 0x10FFFF);

        /** Pairs lo0, hi0, lo1, hi1, ...: sorted, disjoint, not adjacent, no surrogates. */
        private final int[] ranges;

        private CharSet(int[] ranges) {
            this.ranges = ranges;
        }

        /** The union of the closed ranges given as pairs lo, hi, lo, hi, ... */
        static CharSet of(int... pairs) {
            Builder b = new Builder();
            for (int i = 0; i < pairs.length; i += 2) {
                b.add(pairs[i], pairs[i + 1]);
            }
            return b.build();
        }

        static CharSet matching(IntPredicate test) {
            Builder b = new Builder();
            int start = -1;
            for (int cp = 0; cp <= 0x110000; cp++) {
                boolean in = cp <= 0x10FFFF && test.test(cp);
                if (in && start < 0) {
                    start = cp;
                } else if (!in && start >= 0) {
                    b.add(start, cp - 1);
                    start = -1;
                }
            }
            return b.build();
        }

        int rangeCount() {
            return ranges.length / 2;
        }

        int lo(int i) {
            return ranges[2 * i];
        }

        int hi(int i) {
            return ranges[2 * i + 1];
        }

        boolean isEmpty() {
            return ranges.length == 0;
        }

        CharSet complement() {
            Builder b = new Builder();
            int next = 0;
            for (int i = 0; i < ranges.length; i += 2) {
                if (ranges[i] > next) {
                    b.add(next, ranges[i] - 1);
                }
                next = ranges[i + 1] + 1;
            }
            if (next <= 0x10FFFF) {
                b.add(next, 0x10FFFF);
            }
            return b.build();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CharSet s && Arrays.equals(ranges, s.ranges);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ranges);
        }

        static final class Builder {
            /** Packed ranges: lo in the high 32 bits, hi in the low ones, so sorting sorts by lo. */
            private long[] buf = new long[8];
            private int n;

            Builder add(int lo, int hi) {
                if (n == buf.length) {
                    buf = Arrays.copyOf(buf, n * 2);
                }
                buf[n++] = (long) lo << 32 | hi;
                return this;
            }

            Builder addAll(CharSet s) {
                for (int i = 0; i < s.ranges.length; i += 2) {
                    add(s.ranges[i], s.ranges[i + 1]);
                }
                return this;
            }

            CharSet build() {
                long[] sorted = Arrays.copyOf(buf, n);
                Arrays.sort(sorted);
                int[] out = new int[2 * n + 2];
                int m = 0;
                for (long packed : sorted) {
                    int lo = (int) (packed >>> 32);
                    int hi = (int) packed;
                    if (m > 0 && lo <= out[m - 1] + 1) {
                        out[m - 1] = Math.max(out[m - 1], hi);
                    } else {
                        out[m++] = lo;
                        out[m++] = hi;
                    }
                }
                // Cut the surrogates out; at most one merged range spans them.
                int[] result = new int[m + 2];
                int k = 0;
                for (int i = 0; i < m; i += 2) {
                    int lo = out[i];
                    int hi = out[i + 1];
                    if (lo < 0xD800 && hi >= 0xD800) {
                        result[k++] = lo;
                        result[k++] = 0xD7FF;
                        lo = 0xE000;
                    } else if (lo >= 0xD800 && lo <= 0xDFFF) {
                        lo = 0xE000;
                    }
                    if (lo <= hi) {
                        result[k++] = lo;
                        result[k++] = hi;
                    }
                }
                return k == 0 ? EMPTY : new CharSet(Arrays.copyOf(result, k));
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Unicode properties.

    /** ECMA-262's property names (exact spelling, as ECMA-262 matches them) to code point sets. */
    private static final class UnicodeProperty {
        /** Computed sets by canonical key (a category mask, script or property name). */
        private static final Map<String, CharSet> CACHE = new ConcurrentHashMap<>();

        private static final Map<String, Integer> CATEGORIES = categories();

        private static Map<String, Integer> categories() {
            int lu = bit(Character.UPPERCASE_LETTER);
            int ll = bit(Character.LOWERCASE_LETTER);
            int lt = bit(Character.TITLECASE_LETTER);
            int lm = bit(Character.MODIFIER_LETTER);
            int lo = bit(Character.OTHER_LETTER);
            int mn = bit(Character.NON_SPACING_MARK);
            int mc = bit(Character.COMBINING_SPACING_MARK);
            int me = bit(Character.ENCLOSING_MARK);
            int nd = bit(Character.DECIMAL_DIGIT_NUMBER);
            int nl = bit(Character.LETTER_NUMBER);
            int no = bit(Character.OTHER_NUMBER);
            int pc = bit(Character.CONNECTOR_PUNCTUATION);
            int pd = bit(Character.DASH_PUNCTUATION);
            int ps = bit(Character.START_PUNCTUATION);
            int pe = bit(Character.END_PUNCTUATION);
            int pi = bit(Character.INITIAL_QUOTE_PUNCTUATION);
            int pf = bit(Character.FINAL_QUOTE_PUNCTUATION);
            int po = bit(Character.OTHER_PUNCTUATION);
            int sm = bit(Character.MATH_SYMBOL);
            int sc = bit(Character.CURRENCY_SYMBOL);
            int sk = bit(Character.MODIFIER_SYMBOL);
            int so = bit(Character.OTHER_SYMBOL);
            int zs = bit(Character.SPACE_SEPARATOR);
            int zl = bit(Character.LINE_SEPARATOR);
            int zp = bit(Character.PARAGRAPH_SEPARATOR);
            int cc = bit(Character.CONTROL);
            int cf = bit(Character.FORMAT);
            int cs = bit(Character.SURROGATE);
            int co = bit(Character.PRIVATE_USE);
            int cn = bit(Character.UNASSIGNED);
            return Map.<String, Integer>ofEntries(
                Map.entry("L", lu | ll | lt | lm | lo), Map.entry("Letter", lu | ll | lt | lm | lo),
                Map.entry("LC", lu | ll | lt), Map.entry("Cased_Letter", lu | ll | lt),
                Map.entry("Lu", lu), Map.entry("Uppercase_Letter", lu),
                Map.entry("Ll", ll), Map.entry("Lowercase_Letter", ll),
                Map.entry("Lt", lt), Map.entry("Titlecase_Letter", lt),
                Map.entry("Lm", lm), Map.entry("Modifier_Letter", lm),
                Map.entry("Lo", lo), Map.entry("Other_Letter", lo),
                Map.entry("M", mn | mc | me), Map.entry("Mark", mn | mc | me),
                Map.entry("Combining_Mark", mn | mc | me),
                Map.entry("Mn", mn), Map.entry("Nonspacing_Mark", mn),
                Map.entry("Mc", mc), Map.entry("Spacing_Mark", mc),
                Map.entry("Me", me), Map.entry("Enclosing_Mark", me),
                Map.entry("N", nd | nl | no), Map.entry("Number", nd | nl | no),
                Map.entry("Nd", nd), Map.entry("Decimal_Number", nd), Map.entry("digit", nd),
                Map.entry("Nl", nl), Map.entry("Letter_Number", nl),
                Map.entry("No", no), Map.entry("Other_Number", no),
                Map.entry("P", pc | pd | ps | pe | pi | pf | po),
                Map.entry("Punctuation", pc | pd | ps | pe | pi | pf | po),
                Map.entry("punct", pc | pd | ps | pe | pi | pf | po),
                Map.entry("Pc", pc), Map.entry("Connector_Punctuation", pc),
                Map.entry("Pd", pd), Map.entry("Dash_Punctuation", pd),
                Map.entry("Ps", ps), Map.entry("Open_Punctuation", ps),
                Map.entry("Pe", pe), Map.entry("Close_Punctuation", pe),
                Map.entry("Pi", pi), Map.entry("Initial_Punctuation", pi),
                Map.entry("Pf", pf), Map.entry("Final_Punctuation", pf),
                Map.entry("Po", po), Map.entry("Other_Punctuation", po),
                Map.entry("S", sm | sc | sk | so), Map.entry("Symbol", sm | sc | sk | so),
                Map.entry("Sm", sm), Map.entry("Math_Symbol", sm),
                Map.entry("Sc", sc), Map.entry("Currency_Symbol", sc),
                Map.entry("Sk", sk), Map.entry("Modifier_Symbol", sk),
                Map.entry("So", so), Map.entry("Other_Symbol", so),
                Map.entry("Z", zs | zl | zp), Map.entry("Separator", zs | zl | zp),
                Map.entry("Zs", zs), Map.entry("Space_Separator", zs),
                Map.entry("Zl", zl), Map.entry("Line_Separator", zl),
                Map.entry("Zp", zp), Map.entry("Paragraph_Separator", zp),
                Map.entry("C", cc | cf | cs | co | cn), Map.entry("Other", cc | cf | cs | co | cn),
                Map.entry("Cc", cc), Map.entry("Control", cc), Map.entry("cntrl", cc),
                Map.entry("Cf", cf), Map.entry("Format", cf),
                Map.entry("Cs", cs), Map.entry("Surrogate", cs),
                Map.entry("Co", co), Map.entry("Private_Use", co),
                Map.entry("Cn", cn), Map.entry("Unassigned", cn));
        }

        private static int bit(byte type) {
            return 1 << type;
        }

        /** The set named by the body of {@code \p{body}}, or null if unknown or unsupported. */
        static CharSet lookup(String body) {
            int eq = body.indexOf('=');
            if (eq < 0) {
                Integer mask = CATEGORIES.get(body);
                return mask != null ? category(mask) : binary(body);
            }
            String name = body.substring(0, eq);
            String value = body.substring(eq + 1);
            if (name.equals("General_Category") || name.equals("gc")) {
                Integer mask = CATEGORIES.get(value);
                return mask != null ? category(mask) : null;
            }
            if (name.equals("Script") || name.equals("sc")) {
                return script(value);
            }
            return null; // Script_Extensions: the JDK has no data for it
        }

        private static CharSet category(int mask) {
            return CACHE.computeIfAbsent("gc:" + mask,
                k -> CharSet.matching(cp -> (mask & (1 << Character.getType(cp))) != 0));
        }

        private static CharSet script(String value) {
            if (value.isEmpty() || !value.chars().allMatch(c -> c == '_' || Character.isLetterOrDigit(c))) {
                return null;
            }
            Character.UnicodeScript script;
            try {
                script = Character.UnicodeScript.forName(value);
            } catch (IllegalArgumentException e) {
                return null;
            }
            return CACHE.computeIfAbsent("sc:" + script.name(),
                k -> CharSet.matching(cp -> Character.UnicodeScript.of(cp) == script));
        }

        private static CharSet binary(String name) {
            switch (name) {
                case "Any":
                    return CharSet.ALL;
                case "ASCII":
                    return CharSet.of(0, 0x7F);
                case "ASCII_Hex_Digit":
                case "AHex":
                    return CharSet.of('0', '9', 'A', 'F', 'a', 'f');
                case "Hex_Digit":
                case "Hex":
                    return CharSet.of('0', '9', 'A', 'F', 'a', 'f', 0xFF10, 0xFF19, 0xFF21, 0xFF26, 0xFF41, 0xFF46);
                case "White_Space":
                case "space":
                    return CharSet.of(0x09, 0x0D, 0x20, 0x20, 0x85, 0x85, 0xA0, 0xA0, 0x1680, 0x1680, 0x2000, 0x200A,
                        0x2028, 0x2029, 0x202F, 0x202F, 0x205F, 0x205F, 0x3000, 0x3000);
                case "Pattern_White_Space":
                case "Pat_WS":
                    return CharSet.of(0x09, 0x0D, 0x20, 0x20, 0x85, 0x85, 0x200E, 0x200F, 0x2028, 0x2029);
                case "Join_Control":
                case "Join_C":
                    return CharSet.of(0x200C, 0x200D);
                case "Regional_Indicator":
                case "RI":
                    return CharSet.of(0x1F1E6, 0x1F1FF);
                case "Noncharacter_Code_Point":
                case "NChar": {
                    CharSet.Builder b = new CharSet.Builder().add(0xFDD0, 0xFDEF);
                    for (int plane = 0; plane <= 0x10; plane++) {
                        b.add(plane << 16 | 0xFFFE, plane << 16 | 0xFFFF);
                    }
                    return b.build();
                }
                case "Assigned":
                    return CACHE.computeIfAbsent("Assigned",
                        k -> CharSet.matching(cp -> Character.getType(cp) != Character.UNASSIGNED));
                case "Alphabetic":
                case "Alpha":
                    return CACHE.computeIfAbsent("Alphabetic", k -> CharSet.matching(Character::isAlphabetic));
                case "Ideographic":
                case "Ideo":
                    return CACHE.computeIfAbsent("Ideographic", k -> CharSet.matching(Character::isIdeographic));
                case "Lowercase":
                case "Lower":
                    return CACHE.computeIfAbsent("Lowercase", k -> CharSet.matching(Character::isLowerCase));
                case "Uppercase":
                case "Upper":
                    return CACHE.computeIfAbsent("Uppercase", k -> CharSet.matching(Character::isUpperCase));
                default:
                    return null;
            }
        }
    }
}
