package io.github.kbnf4j.jsonschema.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Translated patterns against java.util.regex as the oracle: random patterns built from constructs
 * whose ECMA-262 meaning Java can spell (each generated twice, in ECMA syntax and in an equivalent
 * Java syntax: {@code $} is Java's {@code \z}, ECMA's {@code .} and {@code \s} become explicit
 * classes), searched in random strings over an alphabet of the characters that tell the meanings
 * apart (line terminators, NBSP, BOM, an astral character).
 */
class EcmaPatternProperties {
    /** ECMA-262's \s as the body of a Java class. */
    static final String JS_SPACE = "\\t\\n\\x0B\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F"
        + "\\u3000\\uFEFF";

    /** A pattern in ECMA-262 syntax and the same language in java.util.regex syntax. */
    record Pat(String ecma, String java) {
        Pat then(Pat o) {
            return new Pat(ecma + o.ecma, java + o.java);
        }

        @Override
        public String toString() {
            return ecma + "   (java: " + java + ")";
        }
    }

    static final List<Pat> ATOMS = List.of(
        new Pat("a", "a"), new Pat("b", "b"), new Pat("0", "0"), new Pat(" ", " "), new Pat("\\n", "\\n"),
        new Pat("\\r", "\\r"), new Pat("\uD83D\uDC32", "\uD83D\uDC32"), new Pat("\\u{1F432}", "\\x{1F432}"),
        new Pat("\\uD83D\\uDC32", "\\x{1F432}"), new Pat("\\u2028", "\\u2028"), new Pat("\\xA0", "\\xA0"),
        new Pat(".", "[^\\n\\r\\u2028\\u2029]"), new Pat("\\s", "[" + JS_SPACE + "]"),
        new Pat("\\S", "[^" + JS_SPACE + "]"), new Pat("\\d", "[0-9]"), new Pat("\\D", "[^0-9]"),
        new Pat("\\w", "\\w"), new Pat("\\W", "\\W"), new Pat("[ab]", "[ab]"), new Pat("[^a]", "[^a]"),
        new Pat("[a-z0]", "[a-z0]"), new Pat("[^\\s]", "[^" + JS_SPACE + "]"),
        new Pat("[\\s\\d]", "[" + JS_SPACE + "0-9]"), new Pat("[]", "[^\\x{0}-\\x{10FFFF}]"),
        new Pat("[^]", "[\\x{0}-\\x{10FFFF}]"), new Pat("[\\w-.]", "[\\w\\-.]"), new Pat("\\{", "\\{"),
        // Small properties only: the subset construction pays per DFA state for every lead-byte edge of
        // a class, and \p{L} under the search prefix needs maxStates near 100000.
        new Pat("\\p{Nd}", "\\p{Nd}"), new Pat("\\P{Zs}", "\\P{Zs}"), new Pat("[^\\p{Zs}b]", "[^\\p{Zs}b]"));

    static final List<Pat> ANCHORS = List.of(new Pat("^", "^"), new Pat("$", "\\z"));

    static final List<String> QUANTIFIERS = List.of("?", "*", "+", "{2}", "{0,2}", "{1,}", "*?", "{1,3}?", "??");

    /** Characters where ECMA-262, Java and kbnf4j could disagree, plus ordinary ones. */
    static final List<String> ALPHABET = List.of("a", "b", "z", "0", "_", " ", "\n", "\r", "\u2028", "\u00A0",
        "\uFEFF", "\u0085", "\uD83D\uDC32", "{", "A", "\u0660");

    /** Hand-written patterns that random generation rarely produces. */
    static final List<Pat> FIXED = List.of(
        new Pat("^a|b$", "^a|b\\z"), new Pat("(^a|b)c", "(^a|b)c"), new Pat("x(a$|b)", "x(a\\z|b)"),
        new Pat("(?:^|,)a(?:,|$)", "(?:^|,)a(?:,|\\z)"), new Pat("(^|x)+a", "(^|x)+a"),
        new Pat("(a|^b)*c", "(a|^b)*c"), new Pat("(a|b$)*", "(a|b\\z)*"), new Pat("(a|b$)+a", "(a|b\\z)+a"),
        new Pat("(^a|b$){2}", "(^a|b\\z)(^a|b\\z)"), new Pat("(?:a$){1,}", "(?:a\\z)+"),
        new Pat("(^a|b|c$){1,3}", "(^a|b|c\\z)(^a|b|c\\z)?(^a|b|c\\z)?"),
        new Pat("(^a|b|c$){0,2}z", "(^a|b|c\\z)?(^a|b|c\\z)?z"),
        new Pat("(a|^)(b|$)", "(a|^)(b|\\z)"), new Pat("((^a)*b)+", "((^a)*b)+"),
        new Pat("^$|(^(?:\\S+\\s+){0,2}\\S+$)", "^\\z|(^(?:[^" + JS_SPACE + "]+[" + JS_SPACE + "]+){0,2}[^"
            + JS_SPACE + "]+\\z)"),
        new Pat("a{2,}b?", "a{2,}b?"), new Pat("(ab)+|ba", "(ab)+|ba"), new Pat("a{", "a\\{"),
        new Pat("x{a}", "x\\{a\\}"), new Pat("{1", "\\{1"), new Pat("a$b|^", "a\\zb|^"),
        new Pat("(?:a|\\n)+$", "(?:a|\\n)+\\z"), new Pat("(^\\u2028?){2}a", "(^\\u2028?)(^\\u2028?)a"),
        new Pat("^(?:.|\\n){2}$", "^(?:[^\\n\\r\\u2028\\u2029]|\\n){2}\\z"),
        new Pat("\\s+$", "[" + JS_SPACE + "]+\\z"), new Pat("^\\S*$", "^[^" + JS_SPACE + "]*\\z"));

    private final Map<Integer, Arbitrary<Pat>> alternations = new HashMap<>();

    @Provide
    Arbitrary<Pat> patterns() {
        return alternation(2);
    }

    private Arbitrary<Pat> alternation(int depth) {
        return alternations.computeIfAbsent(depth, d -> sequence(d).list().ofMinSize(1).ofMaxSize(2)
            .map(alts -> alts.stream().reduce((x, y) -> new Pat(x.ecma + "|" + y.ecma, x.java + "|" + y.java))
                .orElseThrow()));
    }

    private Arbitrary<Pat> sequence(int depth) {
        return term(depth).list().ofMaxSize(3)
            .map(ts -> ts.stream().reduce(new Pat("", ""), Pat::then));
    }

    private Arbitrary<Pat> term(int depth) {
        Arbitrary<Pat> atom = Arbitraries.of(ATOMS);
        Arbitrary<Pat> quantifiable = depth == 0 ? atom
            : Arbitraries.frequencyOf(Tuple.of(3, atom), Tuple.of(1, Arbitraries.lazy(() -> group(depth - 1))));
        Arbitrary<Pat> quantified = quantifiable.flatMap(a -> Arbitraries.of(QUANTIFIERS)
            .map(q -> new Pat(a.ecma + q, javaRepeat(a.java, q))));
        return Arbitraries.frequencyOf(Tuple.of(5, quantifiable), Tuple.of(2, quantified),
            Tuple.of(1, Arbitraries.of(ANCHORS)));
    }

    /**
     * Java's counted loops skip the paths where an iteration inside the minimum count matches
     * empty (so Java does not find <code>(^&#92;u2028?){2}a</code> in "&#92;u2028a", which ECMA-262, V8
     * and Python do); spelled out as copies, the Java side has the language ECMA-262 gives.
     */
    static String javaRepeat(String x, String q) {
        switch (q) {
            case "{2}":
                return x + x;
            case "{0,2}":
                return x + "?" + x + "?";
            case "{1,}":
                return x + x + "*";
            case "{1,3}?":
                return x + x + "?" + x + "?";
            default:
                return x + q;
        }
    }

    private Arbitrary<Pat> group(int depth) {
        return alternation(depth).flatMap(inner -> Arbitraries.of("(", "(?:")
            .map(open -> new Pat(open + inner.ecma + ")", open + inner.java + ")")));
    }

    @Provide
    Arbitrary<List<String>> inputs() {
        Arbitrary<String> s = Arbitraries.of(ALPHABET).list().ofMaxSize(6).map(l -> String.join("", l));
        return s.list().ofMinSize(20).ofMaxSize(40);
    }

    @Provide
    Arbitrary<Pat> fixed() {
        return Arbitraries.of(FIXED);
    }

    @Property(tries = 600)
    void randomPatternsAgreeWithJava(@ForAll("patterns") Pat pattern, @ForAll("inputs") List<String> inputs) {
        agree(pattern, inputs);
    }

    @Property(tries = 300)
    void fixedPatternsAgreeWithJava(@ForAll("fixed") Pat pattern, @ForAll("inputs") List<String> inputs) {
        agree(pattern, inputs);
    }

    static void agree(Pat pattern, List<String> inputs) {
        String regex = EcmaPattern.toRegex(pattern.ecma);
        ByteDfa dfa;
        try {
            dfa = Regexes.compile(regex, 1000, 20000);
        } catch (TooManyStatesException e) {
            // Search semantics can make a DFA exponential; such a pattern says nothing here.
            Assume.that(false);
            return;
        }
        Pattern java = Pattern.compile(pattern.java);
        for (String s : inputs) {
            assertEquals(javaFinds(java, s), dfa.matches(s.getBytes(StandardCharsets.UTF_8)),
                () -> pattern + " on " + EcmaPatternTest.show(s) + " (regex " + regex + ")");
        }
    }

    /**
     * ECMA-262's search: a match starting at some code point boundary (Java's own find() may start
     * between the halves of a surrogate pair); {@code ^} and {@code \z} see the whole string.
     */
    static boolean javaFinds(Pattern p, String s) {
        Matcher m = p.matcher(s);
        m.useAnchoringBounds(false);
        m.useTransparentBounds(true);
        for (int i = 0; i <= s.length(); i = i < s.length() ? s.offsetByCodePoints(i, 1) : i + 1) {
            m.region(i, s.length());
            if (m.lookingAt()) {
                return true;
            }
        }
        return false;
    }
}
