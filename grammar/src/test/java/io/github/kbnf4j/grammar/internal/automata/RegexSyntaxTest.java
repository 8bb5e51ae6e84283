package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RegexSyntaxTest {
    private static RegexSyntaxException reject(String pattern) {
        return assertThrows(RegexSyntaxException.class, () -> Regexes.compile(pattern, 1000, 10000),
            () -> "should reject " + pattern);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "a(?=b)|lookahead ('(?=') is not supported|1",
        "a(?!b)|lookahead ('(?!') is not supported|1",
        "(?<=a)b|lookbehind ('(?<=') is not supported|0",
        "(a)\\1|backreferences (\\1) are not supported|3",
        "(?<x>a)\\k<x>|backreferences (\\k<name>) are not supported|7",
        "a\\b|word boundary \\b is not supported|1",
        "^a|anchors ('^', '$') are not supported: a terminal always matches whole|0",
        "a$|anchors ('^', '$') are not supported: a terminal always matches whole|1",
        "(ab|unbalanced parenthesis: '(' is never closed|0",
        "ab)c|unbalanced parenthesis: ')' has no matching '('|2",
        "x[z-a]|invalid class range 'z-a': start is greater than end|2",
        "a{3,2}|repetition range {3,2} has min greater than max|1",
        "a{|'{' is not a well-formed quantifier {m}, {m,} or {m,n}; use \\{ for a literal brace|1",
        "*a|quantifier '*' has nothing to repeat|0",
        "a*+|possessive quantifiers ('*+') are not supported|1",
        "(?i)a|inline flags and other '(?' groups are not supported (only (?:...) and (?<name>...))|0",
        "\\q|unknown escape '\\q'|0",
        "[]|empty character class '[]'|0",
        "\\p{L}|Unicode property escapes (\\p{..}) are not supported|0",
        "[a|unterminated character class|0",
        "x\\c1|\\c must be followed by an ASCII letter (\\cA to \\cZ, a control character)|1",
        "x\\c|\\c must be followed by an ASCII letter (\\cA to \\cZ, a control character)|1",
        "x[[:alpha:]]|POSIX classes such as [[:alpha:]] are not supported; list the characters, or write \\[ for a literal '['|2",
        "x[a[bc]]|'[a[bc]]' reads as a nested class in some regex dialects; nested classes are not supported: write \\[ for a literal '[' and \\] for a literal ']'|1",
        "x\\B|word boundary \\B is not supported|1",
    })
    void exactDescriptionAndIndex(String pattern, String description, int index) {
        RegexSyntaxException e = reject(pattern);
        assertEquals(description, e.description());
        assertEquals(index, e.index());
        assertEquals(description + " at index " + index, e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"(?<!a)b", "\\B", "\\A", "\\z", "a{", "a{1", "a{,2}", "a{x}", "{2}", "+", "?", "a**",
        "a?*", "[^]", "\\", "\\uD800", "\\u{D800}", "\\u{110000}", "\\u{}", "\\u{1234567}", "[\\d-z]", "\uD800",
        "a\uDC00", "\\x4", "\\u12", "[a[b]]", "[a&&b]", "[a--b]", "\\01", "\\9", "(?P<>a)", "(", ")", "a|(b",
        "[z-a]", "\\ ", "\\é", "(?#comment)"})
    void rejected(String pattern) {
        RegexSyntaxException e = reject(pattern);
        assertTrue(e.index() >= 0 && e.index() <= pattern.length());
    }

    @Test
    void repetitionLimitNamesTheSetting() {
        RegexSyntaxException e = assertThrows(RegexSyntaxException.class,
            () -> Regexes.compile("a{100000}", 10000, 20000));
        assertTrue(e.description().contains("maxRepetition"), e.description());
        assertTrue(e.description().contains("10000"), e.description());
        assertEquals(2, e.index());
        RegexSyntaxException e2 = assertThrows(RegexSyntaxException.class,
            () -> Regexes.compile("a{1,99999999999999999999}", 10000, 20000));
        assertTrue(e2.description().contains("maxRepetition"));
    }

    /** Issue 16: escapes that ECMA-262, Rust's regex and PCRE have, and a literal '[' in a class. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "\\a|0007", "\\e|001B", "\\f|000C", "\\v|000B", "\\cJ|000A", "\\cj|000A", "\\cA|0001", "\\cz|001A",
        "[\\a]|0007", "[\\e]|001B", "[\\cM]|000D", "[\\b]|0008", "[[]|005B", "\\[|005B",
    })
    void controlEscapesAndLiteralBracket(String pattern, String hex) {
        String ch = Character.toString(Integer.parseInt(hex, 16));
        ByteDfa d = Regexes.compile(pattern, 10, 100);
        assertEquals(Regexes.compile("\\u" + hex, 10, 100), d, pattern);
        assertTrue(d.matches(TestSupport.utf8(ch)), pattern);
    }

    @Test
    void aLiteralBracketJoinsTheClass() {
        ByteDfa d = Regexes.compile("[a[]+", 10, 100);
        assertEquals(Regexes.compile("[a\\[]+", 10, 100), d);
        assertTrue(d.matches(TestSupport.utf8("a[[a")));
        assertTrue(Regexes.compile("[[a-c]x", 10, 100).matches(TestSupport.utf8("[x")));
        // A ']' after a class that holds a '[' must be escaped (it would be a nested class in Rust).
        assertTrue(Regexes.compile("[a[]\\]", 10, 100).matches(TestSupport.utf8("[]")));
    }

    @Test
    void acceptedEdgeSyntax() {
        // Lazy quantifiers, escaped punctuation and lone ']' / '}' are fine.
        for (String p : new String[] {"a{2}?", "a+?b*?c??", "\\{\\}", "]", "a}", "x"}) {
            Regexes.compile(p, 100, 1000);
        }
        assertTrue(Regexes.compile("\\u{10FFFF}", 10, 100).matches(TestSupport.utf8("\uDBFF\uDFFF")));
    }
}
