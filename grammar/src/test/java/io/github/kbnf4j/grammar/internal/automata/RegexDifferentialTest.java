package io.github.kbnf4j.grammar.internal.automata;

import static io.github.kbnf4j.grammar.internal.automata.TestSupport.decode;
import static io.github.kbnf4j.grammar.internal.automata.TestSupport.toJava;
import static io.github.kbnf4j.grammar.internal.automata.TestSupport.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Our DFA against java.util.regex (whole-string match) on generated strings, per pattern. */
class RegexDifferentialTest {
    /** Patterns in our syntax (Java string literals: "\\d" is the regex \d). */
    static final String[] PATTERNS = {
        "a", "abc", "", "a|b", "a|", "|a", "(a|b)*", "a*", "a+", "a?", "a{3}", "a{2,}", "a{2,4}", "a{0,0}",
        "(ab){2,3}", "a*?", "a+?", "a??", "a{2,3}?", "(?:ab|cd)+", "(?<n>x)y", "(?P<n>x)y", ".", ".*", ".+",
        "a.b", "[abc]", "[^abc]", "[a-z]+", "[^a-z]*", "[0-9]{1,3}", "\\d+", "\\D", "\\w*", "\\W+", "\\s", "\\S*",
        "[\\d\\s]+", "[^\\d]", "[^\\w\\s]", "[\\W]", "[\\D\\d]", "[é-ü]", "[^é]", "[€日]+", "[^€]*", "[😀]",
        "[^😀]", "[\\u{10000}-\\u{10FFFF}]", "[^\\u{10000}-\\u{10FFFF}]+", "[\\u0080-\\u07FF]",
        "[\\u0800-\\uFFFF]", "[\\uD7FF\\uE000]", "[\\x00-\\x7F]*", "\\x41", "\\u00e9", "\\u{1F600}",
        "\\uD83D\\uDE00", "\\n", "\\t+", "\\r?\\n", "\\f", "\\v", "\\0", "\\.", "\\*\\+\\?", "\\(\\)", "\\[\\]",
        "\\{\\}", "\\\\", "\\/", "\\-", "\\|", "\\^\\$", "[-a]", "[a-]", "[\\]]", "[\\[]", "[\\^a]", "[a^]",
        "[.]", "[$]", "]", "}", "a}", "a]", "é+", "日本", "😀{2}", "(😀|€)*", "ß?ß", "(a|b)*abb",
        "(a|b)*a(a|b){3}", "((a|b)(c|d))*", "(a*)*", "(a|)*", "(a?){3}", "(a+|b+)*c", "[a-c]{2}[x-z]?",
        "x{0,9}y", "(x{0,3}){0,3}", "-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?", "\"([^\"\\\\]|\\\\.)*\"",
        "[A-Za-z_][A-Za-z0-9_]*", "(true|false|null)", "\\s*,\\s*", "[^\\n]*", "[^\\s\\S]", "a[^\\s\\S]|b",
        "[\\s\\S]", "(é|e)\\u0301?", "[\\u00e0-\\u00ff]+", "[^\\x00-\\x7F]", "[\\u{FFFF}\\u{10000}]",
        "\\u{FFFF}", "[a-zé-ö€-₿]+", "(ab|a)(bc|c)", "a(b(c(d)?)?)?", ".{2,3}", "[^a]{2}", "(?:)", "()",
        "(|)", "((((a))))", "[\\u{7F}-\\u{80}]", "[\\u{7FF}-\\u{800}]+", "[\\u{FFFF}-\\u{10000}]",
        "[^\\u{0}-\\u{10FFFE}]", "[\\u{1}-\\u{10FFFF}]*", "[\\u{D7FF}-\\u{E000}]", "[\\u{10400}-\\u{1F64F}]",
        "[\\u{103FF}-\\u{10400}]", "[^\\u{1F600}-\\u{1F64F}a]", "(\\u{10FFFF}|\\u{10000})+", "é{2,3}|ß",
        "\\w+@\\w+\\.com", "[+*?]", "a{1,}b{0,}", "(a|ab)(c|bcd)(d*)", "(?:a|b|c|d|e)*x",
    };

    /** Characters every pattern is probed with: ASCII, 2-, 3- and 4-byte, and the edges. */
    static final String[] BASE = {"a", "b", "c", "x", "0", "9", "_", " ", "\n", "\t", "\r", "-", ".", "é", "ß",
        "€", "日", "\uFFFF", "\uD7FF", "\uE000", "😀", "\uD800\uDC00", "\uDBFF\uDFFF", "\u0080", "\u07FF",
        "\u0800", "\u0085", "\u2028"};

    static Stream<String> patterns() {
        return Stream.of(PATTERNS);
    }

    @ParameterizedTest
    @MethodSource("patterns")
    void agreesWithJavaUtilRegex(String pattern) {
        ByteDfa dfa = Regexes.compile(pattern, 1000, 20000);
        Pattern java = Pattern.compile(toJava(pattern));
        Random rnd = new Random(pattern.hashCode());
        List<String> alphabet = new ArrayList<>(List.of(BASE));
        pattern.codePoints().forEach(cp -> alphabet.add(new String(Character.toChars(cp))));
        Set<String> inputs = new LinkedHashSet<>();
        inputs.add("");
        for (int i = 0; i < 300; i++) {
            StringBuilder sb = new StringBuilder();
            int len = rnd.nextInt(7);
            for (int j = 0; j < len; j++) {
                sb.append(alphabet.get(rnd.nextInt(alphabet.size())));
            }
            inputs.add(sb.toString());
        }
        // Strings the DFA accepts, and one-character mutations of them, for positive coverage.
        for (int i = 0; i < 150 && !dfa.isEmptyLanguage(); i++) {
            byte[] acc = TestSupport.randomAccepted(dfa, rnd, 24);
            if (acc == null) {
                continue;
            }
            String s = decode(acc);
            assertNotNull(s, () -> "DFA of " + pattern + " accepts invalid UTF-8");
            inputs.add(s);
            int[] cps = s.codePoints().toArray();
            StringBuilder m = new StringBuilder();
            int at = cps.length == 0 ? 0 : rnd.nextInt(cps.length + 1);
            for (int j = 0; j < cps.length; j++) {
                if (j == at) {
                    m.append(alphabet.get(rnd.nextInt(alphabet.size())));
                }
                if (j != at || rnd.nextBoolean()) {
                    m.appendCodePoint(cps[j]);
                }
            }
            inputs.add(m.toString());
        }
        int positives = 0;
        for (String s : inputs) {
            boolean expected = java.matcher(s).matches();
            positives += expected ? 1 : 0;
            assertEquals(expected, dfa.matches(utf8(s)),
                () -> "pattern " + pattern + " on " + escape(s) + " (dfa " + dfa + ")");
        }
        if (!dfa.isEmptyLanguage()) {
            assertTrue(positives > 0, "no positive example for " + pattern);
        }
    }

    @ParameterizedTest
    @MethodSource("patterns")
    void nfaAndCanonicalForm(String pattern) {
        ByteDfa a = Regexes.compile(pattern, 1000, 20000);
        ByteDfa b = Constructions.determinize(ByteNfa.of(a), 20000);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
    }

    static String escape(String s) {
        StringBuilder sb = new StringBuilder("\"");
        s.codePoints().forEach(cp -> sb.append(cp >= 0x20 && cp < 0x7F ? Character.toString(cp)
            : String.format("\\x{%X}", cp)));
        return sb.append('"').toString();
    }
}
