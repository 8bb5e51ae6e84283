package io.github.kbnf4j.jsonschema.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One construct at a time: what the translation of an ECMA-262 pattern accepts and refuses. */
class EcmaPatternTest {
    static ByteDfa dfa(String pattern) {
        return Regexes.compile(EcmaPattern.toRegex(pattern), 1000, 50000);
    }

    static boolean finds(String pattern, String s) {
        return dfa(pattern).matches(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Asserts which strings the pattern is found in and which not. */
    static void check(String pattern, List<String> found, List<String> notFound) {
        ByteDfa dfa = dfa(pattern);
        for (String s : found) {
            assertTrue(dfa.matches(s.getBytes(StandardCharsets.UTF_8)),
                () -> pattern + " should be found in " + show(s) + " (regex " + EcmaPattern.toRegex(pattern) + ")");
        }
        for (String s : notFound) {
            assertFalse(dfa.matches(s.getBytes(StandardCharsets.UTF_8)),
                () -> pattern + " should not be found in " + show(s) + " (regex " + EcmaPattern.toRegex(pattern) + ")");
        }
    }

    static String show(String s) {
        StringBuilder sb = new StringBuilder("\"");
        s.codePoints().forEach(cp -> sb.append(cp >= 0x20 && cp < 0x7F ? Character.toString(cp)
            : String.format("\\u{%X}", cp)));
        return sb.append('"').toString();
    }

    static EcmaPatternException refused(String pattern) {
        return assertThrows(EcmaPatternException.class, () -> EcmaPattern.toRegex(pattern),
            () -> "expected " + pattern + " to be refused");
    }

    @Test
    void unanchoredPatternSearchesAnywhere() {
        check("a+", List.of("a", "xxaayy", "\n\na", "a\u2028"), List.of("", "xyz", "A"));
        check("abc", List.of("abc", "\nabc\n", "xabcx"), List.of("ab", "acb", "ab\nc"));
    }

    @Test
    void anchorsPinTheEdges() {
        check("^abc$", List.of("abc"), List.of("abc\n", "\nabc", "xabc", "abcx", ""));
        check("^abc", List.of("abc", "abc\n", "abcd"), List.of("xabc", "\nabc"));
        check("abc$", List.of("abc", "xabc"), List.of("abc\n", "abcx"));
        check("^$", List.of(""), List.of("\n", " "));
    }

    @Test
    void anchorsPerAlternative() {
        check("^a|b$", List.of("a", "ax", "b", "xb"), List.of("xa", "bx", ""));
        check("^$|(^(?:\\S+\\s+){0,2}\\S+$)", List.of("", "a", "a b", "a b c"), List.of(" ", "a b c d", "a "));
    }

    @Test
    void anchorsInsideGroups() {
        check("(^a|b)c", List.of("ac", "bc", "xbc", "acx"), List.of("xac", "a c"));
        check("(a$)", List.of("a", "xa"), List.of("ax", ""));
        check("x(a$|b)", List.of("xa", "xbq", "qxa"), List.of("xaq", "x"));
        check("(?:^|,)a(?:,|$)", List.of("a", "a,b", "b,a", "b,a,c"), List.of("ba", "ab", "b,ab"));
        check("(?:^)*a", List.of("a", "ba"), List.of("", "b"));
        check("(^|x)+a", List.of("a", "xa", "yxa", "xxa"), List.of("ya", ""));
        check("(a|^b)*c", List.of("c", "bc", "abc", "aac", "bac", "zbc"), List.of("b", ""));
        check("(^a|b$){2}", List.of("ab"), List.of("a", "b", "abx", "xab", "aab"));
        check("(?:a$){1,}", List.of("a", "xa"), List.of("ax", "aa\n"));
    }

    @Test
    void anchorThatCannotHoldMatchesNothing() {
        assertEquals(EcmaPattern.NO_STRING, EcmaPattern.toRegex("a^b"));
        assertEquals(EcmaPattern.NO_STRING, EcmaPattern.toRegex("a$b"));
        assertEquals(EcmaPattern.NO_STRING, EcmaPattern.toRegex("/^[0-9]{4}$/"));
        check("$^", List.of(""), List.of("a"));
        check("a^b|c", List.of("c"), List.of("ab", "a^b"));
    }

    @Test
    void languagesOfAllAndNothing() {
        for (String p : List.of("", "a*", "^", "$", "(?:)", "^a?", "x*$", "a|", "[]*", "()")) {
            assertEquals(EcmaPattern.ANY_STRING, EcmaPattern.toRegex(p), p);
        }
        for (String p : List.of("[]", "a[]", "[^\\s\\S]", "[]+|a^")) {
            assertEquals(EcmaPattern.NO_STRING, EcmaPattern.toRegex(p), p);
        }
        assertTrue(dfa("[]").isEmptyLanguage());
        assertTrue(finds("a*", "\n\u2028\uD83D\uDE00"));
    }

    @Test
    void edgeQuantifiersKeepOnlyTheirMinimum() {
        assertEquals("[\\s\\S]*[0-9a-f][\\s\\S]*", EcmaPattern.toRegex("[0-9a-f]{1,100000}"));
        assertEquals("[\\s\\S]*ab[\\s\\S]*", EcmaPattern.toRegex("a+b+"));
        check("^a{2,}", List.of("aa", "aaa", "aab"), List.of("a", "ba"));
        check("a{2,}$", List.of("aa", "baa"), List.of("a", "aab"));
    }

    @Test
    void dotExcludesTheFourLineTerminators() {
        check("^.$", List.of("a", " ", "\u0085", "\uD83D\uDE00", "\t"), List.of("\n", "\r", "\u2028", "\u2029", ""));
    }

    @Test
    void classEscapes() {
        check("^\\d$", List.of("0", "9"), List.of("\u07C0", "\u0660", "a"));
        check("^\\D$", List.of("a", "\u07C0"), List.of("0"));
        check("^\\w$", List.of("a", "Z", "_", "5"), List.of("\u00E9", "-"));
        check("^\\W$", List.of("\u00E9", "-"), List.of("a"));
        List<String> spaces = List.of(" ", "\t", "\u000B", "\f", "\u00A0", "\uFEFF", "\n", "\r", "\u2028", "\u2029",
            "\u1680", "\u2000", "\u200A", "\u202F", "\u205F", "\u3000");
        List<String> nonSpaces = List.of("\u0001", "\u2013", "\u0085", "\u200B", "\u180E", "a");
        check("^\\s$", spaces, nonSpaces);
        check("^\\S$", nonSpaces, spaces);
        check("^[\\s\\d]+$", List.of(" 1", "\u3000"), List.of("a"));
        check("^[^\\s]$", List.of("a"), List.of(" ", "\u00A0"));
        check("^[^\\d\\s]$", List.of("a", "\uD83D\uDE00"), List.of("1", " "));
        check("^[\\S\\s]$", List.of("a", "\n", "\uD83D\uDE00"), List.of("", "ab"));
    }

    @Test
    void characterEscapes() {
        check("^\\t\\n\\v\\f\\r$", List.of("\t\n\u000B\f\r"), List.of("\\t\\n\\v\\f\\r"));
        check("^\\0$", List.of("\0"), List.of("0"));
        check("^\\cC\\cc\\cJ$", List.of("\u0003\u0003\n"), List.of("cCccJ"));
        check("^\\x41\\u00e9\\u{1F600}\\u{0041}$", List.of("A\u00E9\uD83D\uDE00A"), List.of("x41"));
        check("^\\uD83D\\uDE00$", List.of("\uD83D\uDE00"), List.of(""));
        check("^[\\uD83D\\uDE00-\\uD83D\\uDE4F]$", List.of("\uD83D\uDE00", "\uD83D\uDE4F"), List.of("\uD83D\uDE50"));
        check("^\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/$", List.of("^$\\.*+?()[]{}|/"), List.of(""));
        check("^\\-\\@\\'\\\"\\ \\#\\%\\&\\,\\:\\;\\<\\=\\>\\!\\~\\`\\_$", List.of("-@'\" #%&,:;<=>!~`_"),
            List.of(""));
        check("^[\\b]$", List.of("\b"), List.of("b"));
    }

    @Test
    void literalBracesAreAnnexB() {
        check("^a{$", List.of("a{"), List.of("a"));
        check("^{1$", List.of("{1"), List.of("1"));
        check("^x{a}$", List.of("x{a}"), List.of("xa"));
        check("^a{1,2$", List.of("a{1,2"), List.of("a"));
        check("^a{,2}$", List.of("a{,2}"), List.of("aa"));
        check("^a{2}{$", List.of("aa{"), List.of("a{"));
        check("^}]$", List.of("}]"), List.of(""));
        check("^a{0}b{2}c{1,}d{1,2}$", List.of("bbcd", "bbcccdd"), List.of("abbcd", "bcd", "bbd"));
    }

    @Test
    void characterClassEdgeCases() {
        check("^[^]$", List.of("a", "\n", "\uD83D\uDE00"), List.of("", "ab"));
        check("^[a-]$", List.of("a", "-"), List.of("b"));
        check("^[-a]$", List.of("a", "-"), List.of("b"));
        check("^[\\]]$", List.of("]"), List.of("\\"));
        check("^[[]$", List.of("["), List.of("]"));
        check("^[a[]$", List.of("a", "["), List.of("]"));
        check("^[[]]$", List.of("[]"), List.of("[", "]"));
        check("^[a-c-e]$", List.of("a", "b", "c", "-", "e"), List.of("d"));
        check("^[--/]$", List.of("-", ".", "/"), List.of(","));
        check("^[\\w-.]+$", List.of("a-b.c"), List.of("a b", ","));
        check("^[a-\\d]$", List.of("a", "-", "5"), List.of("b"));
        check("^[\\-]$", List.of("-"), List.of("\\"));
        check("^[^a-z]$", List.of("A", "\uD83D\uDE00"), List.of("a", "q"));
        check("^[\\u0000-\\uFFFF]$", List.of("a", "\uFFFF", "\u0000"), List.of("\uD83D\uDE00"));
        check("^[\u00e9\uD83D\uDE00]$", List.of("\u00E9", "\uD83D\uDE00"), List.of("e"));
        check("^[(a-z)|(A-Z)]+$", List.of("a(|)Z"), List.of("0"));
    }

    @Test
    void groupsAndQuantifiers() {
        check("^(?<year>\\d{4})-(?:\\d\\d)$", List.of("2024-01"), List.of("2024-1"));
        check("^(ab|cd)*?e??$", List.of("", "abcd", "cde"), List.of("ace"));
        check("^(a|b)+$", List.of("ab", "ba"), List.of(""));
        check("^((a)|b{2,3})$", List.of("a", "bb", "bbb"), List.of("b", "bbbb"));
    }

    @Test
    void astralCharactersAreOneCodePoint() {
        check("^\uD83D\uDC32*$", List.of("", "\uD83D\uDC32", "\uD83D\uDC32\uD83D\uDC32"),
            List.of("\uD83D\uDC09", "D", "\uD83D\uDC32\uD83D\uDC09"));
        check("^.{2}$", List.of("\uD83D\uDC32\uD83D\uDC32", "ab"), List.of("\uD83D\uDC32"));
    }

    @Test
    void unicodeProperties() {
        check("^\\p{Letter}+$", List.of("Hello", "\u03C0", "\u00C9cole"), List.of("123", ""));
        check("^\\p{digit}+$", List.of("42", "\u09EA\u09E8"), List.of("-%#"));
        check("^\\p{L}cole$", List.of("\u00E9cole", "ecole"), List.of("\u00C9COLE", "1cole", "ecole "));
        check("^\\P{L}$", List.of("1", " "), List.of("a"));
        check("^[\\p{Lu}\\d]+$", List.of("AB12"), List.of("ab"));
        check("^[^\\p{Ll}]$", List.of("A"), List.of("a"));
        check("^\\p{sc=Greek}$", List.of("\u03C0"), List.of("p"));
        check("^\\p{Script=Latn}$", List.of("p"), List.of("\u03C0"));
        check("^\\p{General_Category=Nd}$", List.of("7"), List.of("x"));
        check("^\\p{ASCII}\\p{Any}$", List.of("a\uD83D\uDE00"), List.of("\u00E9a"));
        check("^\\p{White_Space}$", List.of("\u0085", " "), List.of("\uFEFF"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "a\\bc       | 1 | false | word boundary",
        "a\\Bc       | 1 | false | non-word boundary",
        "x(?=a)      | 1 | false | lookahead",
        "x(?!a)      | 1 | false | lookahead",
        "(?<=a)x     | 0 | false | lookbehind",
        "(?<!a)x     | 0 | false | lookbehind",
        "(a)\\1      | 3 | false | backreference",
        "(?<n>a)\\k<n> | 7 | false | backreference",
        "[\\1]       | 1 | false | octal",
        "\\01        | 0 | false | octal",
        "(?i)a       | 0 | true  | inline flags",
        "(?i:a)      | 0 | false | inline modifiers",
        "\\e         | 0 | false | unknown escape",
        "\\A         | 0 | false | unknown escape",
        "[\\B]       | 1 | false | letter B",
        "\\c1        | 0 | false | \\c",
        "\\x4        | 0 | false | \\x",
        "\\u12       | 0 | false | \\u",
        "\\u{110000} | 0 | false | above U+10FFFF",
        "\\uD800     | 0 | false | lone surrogate",
        "[\\uDC00-\\uDFFF] | 1 | false | lone surrogate",
        "\\p{Foo}    | 0 | false | Unicode property",
        "\\p{scx=Latn} | 0 | false | Unicode property",
        "\\pL        | 0 | false | without {",
        "(^a){20}    | 4 | false | anchor",
        "(a          | 0 | true  | never closed",
        "a)          | 1 | true  | unmatched",
        "[a          | 0 | true  | unterminated character class",
        "[z-a]       | 1 | true  | out of order",
        "a{2,1}      | 1 | true  | out of order",
        "*a          | 0 | true  | nothing to repeat",
        "a**         | 2 | true  | nothing to repeat",
        "a{1}{2}     | 4 | true  | nothing to repeat",
        "{1}         | 0 | true  | nothing to repeat",
        "^*          | 1 | true  | nothing to repeat",
        "`a|+`       | 2 | true  | nothing to repeat",
        "a\\         | 1 | true  | lone backslash",
        "(?P<n>a)    | 0 | true  | invalid group",
        "(?<1>a)     | 0 | true  | group name",
    })
    void refusals(String pattern, int index, boolean invalid, String message) {
        EcmaPatternException e = refused(pattern);
        assertEquals(index, e.index(), e::getMessage);
        assertEquals(invalid, e.invalid(), e::getMessage);
        assertTrue(e.description().contains(message), e::getMessage);
        assertTrue(e.getMessage().endsWith(" at index " + index), e::getMessage);
    }

    @Test
    void deepNestingIsRefusedNotOverflowed() {
        String deep = "(".repeat(EcmaPattern.MAX_DEPTH + 1) + "a" + ")".repeat(EcmaPattern.MAX_DEPTH + 1);
        assertTrue(refused(deep).description().contains("nested"));
        String ok = "(".repeat(100) + "a" + ")".repeat(100);
        assertTrue(finds(ok, "xa"));
    }

    @Test
    void copiesMadeForAnchorsAreBounded() {
        long start = System.nanoTime();
        // Each (a|$) adds a way to reach the end early: the piece pinned to the end grows quadratically.
        EcmaPatternException e = refused("(a|$)".repeat(2000) + "b");
        assertTrue(e.description().contains("exceed"), e::getMessage);
        assertEquals(8214, EcmaPattern.toRegex("(((^a|b){16}){16}){16}").length());
        check("(((^a|b){4}){4}){2}", List.of("b".repeat(32), "a" + "b".repeat(31), "xb" + "b".repeat(32)),
            List.of("b".repeat(31), "ba" + "b".repeat(31)));
        check("(a|$)".repeat(50) + "b", List.of("a".repeat(50) + "b"), List.of("a".repeat(49) + "b", ""));
        assertTrue(System.nanoTime() - start < 5_000_000_000L, "bounded translation took too long");
    }

    @Test
    void outputUsesOnlyExplicitClasses() {
        String regex = EcmaPattern.toRegex("^.\\s\\w\\d\\S$");
        assertFalse(regex.contains("\\s") || regex.contains("\\w") || regex.contains("\\d") || regex.contains("."),
            regex);
    }

    /**
     * Issue 16: the escapes grammars may now use ({@code \f \v \cX [\b]}, a literal '[' in a
     * class) mean the same in a JSON Schema pattern, anchored, as in a grammar's regex; {@code \a}
     * and {@code \e}, which ECMA-262 lacks (in unicode mode they are errors, outside it the
     * letters), are refused with a message that says so.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "\\f", "\\v", "\\cJ", "\\cm", "[\\b]", "[[]", "[a[]+", "[\\cA-\\cZ]", "[\\[\\]]", "\\t\\n\\r\\0",
    })
    void escapesMeanWhatTheyMeanInAGrammarRegex(String pattern) {
        assertEquals(Regexes.compile(pattern, 100, 1000), dfa("^" + pattern + "$"), pattern);
    }

    @Test
    void escapesThatEcmaLacksAreRefusedWithTheReason() {
        for (String p : List.of("\\a", "\\e")) {
            EcmaPatternException e = refused(p);
            assertTrue(e.getMessage().contains("only outside unicode mode is it the letter"), e.getMessage());
        }
    }
}
