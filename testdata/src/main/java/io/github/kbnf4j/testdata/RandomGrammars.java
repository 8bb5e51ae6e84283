package io.github.kbnf4j.testdata;

import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.KbnfReader;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Except;
import io.github.kbnf4j.grammar.internal.ast.Expr.Literal;
import io.github.kbnf4j.grammar.internal.ast.Expr.Regex;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik generators of small random KBNF grammars, for differential tests of the compiler and
 * recognizers against {@link AstReferenceMatcher}, and the byte alphabet to enumerate inputs
 * over.
 *
 * <p>A grammar has 1 to 4 rules named {@code start}, {@code a}, {@code b}, {@code c}; any rule
 * may reference any of them, so left, right, middle, indirect and nullable recursion all arise
 * ({@code a ::= a "x" | "y";}, {@code start ::= start start | "a";}). A name is sometimes defined
 * twice. Bodies mix literals (ASCII, two-, three- and four-byte UTF-8, and the empty literal),
 * references, alternation, concatenation (by juxtaposition or {@code ,}), {@code ( ) [ ] { }},
 * {@code ? * +}, counted repetitions {@code {m} {m,} {m,n}} with small numbers, a few regexes
 * over small alphabets, and now and then {@code #e}, {@code #ex}, {@code #substrs} and
 * {@code except!}. Every referenced rule is defined. Some grammars are rejected by the
 * compiler by design (a start rule that matches nothing or only the empty string); properties
 * count and skip those.
 *
 * <p>Expressions are built with {@link Arbitraries#lazyOf} with base cases weighted so that the
 * expected number of children per node is below one: generation terminates and shrinks toward
 * small grammars. Thread-safe: stateless.
 */
public final class RandomGrammars {
    /** Rule names, in order; the first one is the start rule. */
    public static final List<String> RULE_NAMES = List.of("start", "a", "b", "c");

    private static final List<String> LITERALS = List.of(
            "\"a\"", "\"b\"", "\"ab\"", "'a'", "\"é\"", "\"日\"", "\"😀\"", "\"\"", "\"\\x61\"", "\"\\u00e9\"");

    private static final List<String> REGEXES = List.of(
            "#\"[ab]\"", "#\"a+\"", "#\"b?a\"", "#\"(ab)*\"", "#\"[a-b]{1,2}\"", "#\"é|b\"", "#\"[é日]\"",
            "#'a|'", "#\"a*?b\"");

    private static final List<String> SPECIAL_TERMINALS = List.of(
            "#e\"a+\"", "#e\"[ab]b\"", "#ex\"a\"", "#ex\"ab\"", "#substrs\"ab\"", "#substrs\"aé\"",
            "except!(\"a\")", "except!(\"ab\", 2)", "except!(#\"[ab]\", 3)", "except!(\"b\", 1)");

    private RandomGrammars() {
    }

    /** Random grammar texts with start rule {@code start}. */
    public static Arbitrary<String> grammars() {
        return Arbitraries.integers().between(1, RULE_NAMES.size()).flatMap(count -> {
            List<String> names = RULE_NAMES.subList(0, count);
            List<Arbitrary<String>> rules = new ArrayList<>();
            for (String name : names) {
                rules.add(rule(name, names));
            }
            // Now and then a second definition of a random rule.
            Arbitrary<String> extra = Arbitraries.oneOf(
                    Arbitraries.just(""),
                    Arbitraries.just(""),
                    Arbitraries.just(""),
                    Arbitraries.of(names).flatMap(n -> rule(n, names)));
            return Combinators.combine(Combinators.combine(rules).as(list -> String.join("", list)), extra)
                    .as((a, b) -> a + b);
        });
    }

    private static Arbitrary<String> rule(String name, List<String> names) {
        Arbitrary<String> define = Arbitraries.of(" ::= ", " ::= ", " = ");
        Arbitrary<String> comment = Arbitraries.of("", "", "", "", " (* note *)");
        return Combinators.combine(define, expr(names), comment).as((d, body, c) -> name + d + body + " ;" + c + "\n");
    }

    /** A random expression over rule {@code names}. */
    static Arbitrary<String> expr(List<String> names) {
        return Arbitraries.lazyOf(
                () -> atom(names),
                () -> atom(names),
                () -> atom(names),
                () -> atom(names),
                () -> Combinators.combine(expr(names), Arbitraries.of(" ", " ", ", "), expr(names))
                        .as((x, sep, y) -> x + sep + y),
                () -> Combinators.combine(expr(names), expr(names)).as((x, y) -> "( " + x + " | " + y + " )"),
                () -> Combinators.combine(expr(names), postfix()).as((x, p) -> "( " + x + " )" + p),
                () -> Combinators.combine(expr(names), Arbitraries.of("[ %s ]", "{ %s }", "( %s )"))
                        .as((x, f) -> String.format(f, x)));
    }

    private static Arbitrary<String> atom(List<String> names) {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.of(LITERALS)),
                net.jqwik.api.Tuple.of(4, Arbitraries.of(names)),
                net.jqwik.api.Tuple.of(2, Arbitraries.of(REGEXES)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(SPECIAL_TERMINALS)));
    }

    private static Arbitrary<String> postfix() {
        Arbitrary<String> counted = Arbitraries.integers().between(0, 2).flatMap(m -> Arbitraries.oneOf(
                Arbitraries.just("{" + m + "}"),
                Arbitraries.just("{" + m + ",}"),
                Arbitraries.integers().between(m, 3).map(n -> "{" + m + "," + n + "}")));
        return Arbitraries.oneOf(Arbitraries.of("?", "*", "+"), counted);
    }

    /**
     * The bytes worth enumerating inputs over for {@code grammarText}: the bytes of its literals,
     * of the plain characters of its regexes and {@code #substrs}, whole characters at a time
     * (single bytes first, then multi-byte characters while they fit), and one byte that appears
     * in none of them: {@code 0x80} (a stray continuation byte, invalid UTF-8) when the grammar
     * has a terminal that matches "anything else" ({@code .}, a negated class, {@code #ex},
     * {@code except!}), else {@code 'z'}.
     *
     * @param maxSize the most bytes to return (at least 2)
     * @throws IllegalArgumentException if the text does not parse
     */
    public static byte[] alphabet(String grammarText, int maxSize) {
        if (maxSize < 2) {
            throw new IllegalArgumentException("maxSize must be at least 2, was " + maxSize);
        }
        Diagnostics diagnostics = new Diagnostics();
        GrammarAst ast = KbnfReader.read("alphabet", grammarText, GrammarOptions.DEFAULT, diagnostics);
        if (ast == null) {
            throw new IllegalArgumentException("grammar does not parse");
        }
        Set<String> chars = new LinkedHashSet<>();
        boolean[] wide = new boolean[1];
        for (Rule r : ast.rules()) {
            collect(r.body(), chars, wide);
        }
        Set<Integer> bytes = new LinkedHashSet<>();
        for (int pass = 0; pass < 2; pass++) {
            for (String c : chars) {
                byte[] b = c.getBytes(StandardCharsets.UTF_8);
                if ((b.length == 1) == (pass == 0) && bytes.size() + newBytes(bytes, b) <= maxSize - 1) {
                    for (byte x : b) {
                        bytes.add(x & 0xFF);
                    }
                }
            }
        }
        int extra = wide[0] ? 0x80 : 'z';
        if (bytes.contains(extra)) {
            extra = wide[0] ? 0xFF : '~';
        }
        bytes.add(extra);
        byte[] out = new byte[bytes.size()];
        int i = 0;
        for (int b : bytes) {
            out[i++] = (byte) b;
        }
        return out;
    }

    private static int newBytes(Set<Integer> have, byte[] b) {
        Set<Integer> add = new LinkedHashSet<>();
        for (byte x : b) {
            if (!have.contains(x & 0xFF)) {
                add.add(x & 0xFF);
            }
        }
        return add.size();
    }

    private static void collect(Expr e, Set<String> chars, boolean[] wide) {
        if (e instanceof Literal l) {
            l.text().codePoints().forEach(cp -> chars.add(Character.toString(cp)));
        } else if (e instanceof Regex r) {
            String t = r.text();
            if (r.kind() == Expr.RegexKind.EXCLUDING || t.contains(".") || t.contains("[^")) {
                wide[0] = true;
            }
            t.codePoints().filter(cp -> Character.isLetter(cp) || cp > 0x7F)
                    .forEach(cp -> chars.add(Character.toString(cp)));
        } else if (e instanceof Seq s) {
            s.items().forEach(x -> collect(x, chars, wide));
        } else if (e instanceof Alt a) {
            a.alternatives().forEach(x -> collect(x, chars, wide));
        } else if (e instanceof Repeat rep) {
            collect(rep.inner(), chars, wide);
        } else if (e instanceof Except ex) {
            wide[0] = true;
            collect(ex.inner(), chars, wide);
        }
    }

    /**
     * The longest length {@code L <= maxLength} such that all strings of length at most {@code L}
     * over an alphabet of {@code alphabetSize} bytes number at most {@code budget}: how deep an
     * exhaustive enumeration of a random grammar's short strings may go.
     */
    public static int enumerationLength(int alphabetSize, int budget, int maxLength) {
        int length = 0;
        long total = 1;
        long power = 1;
        while (length < maxLength) {
            power *= alphabetSize;
            if (total + power > budget) {
                break;
            }
            total += power;
            length++;
        }
        return length;
    }
}
