package io.github.kbnf4j.grammar.internal.hir;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.GrammarCompiler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Random nests of {@code ? * + {m} {m,} {m,n} [ ] { }} around a small item (plain, ambiguous,
 * nullable in several ways, or recursive): the grammar accepts the same strings as written (right after
 * flattening), after {@link FoldRepetitions} and after every pass, with regular rules inlined
 * or not.
 */
class FoldRepetitionsProperties {
    static final List<byte[]> INPUTS = HirMatcher.allStrings("x()y".getBytes(UTF_8), 5);

    @Provide
    Arbitrary<String> nests() {
        Arbitrary<String> item = Arbitraries.of("\"x\"", "(\"x\" | \"xx\")", "(\"x\" | \"\")", "(\"(\" start \")\")",
                "(\"x\" | \"(\"?)", "#\"x*\"", "(\"x\"? \"(\"?)", "(\"x\"* | \"\" | \"(\" start? \")\")");
        Arbitrary<Integer> small = Arbitraries.integers().between(0, 3);
        Arbitrary<String> counted = Combinators.combine(small, small).as((m, k) -> "{" + m + "," + (m + k) + "}");
        Arbitrary<String> op = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of("?", "*", "+")),
                Tuple.of(1, small.map(m -> "{" + m + "}")),
                Tuple.of(1, small.map(m -> "{" + m + ",}")),
                Tuple.of(2, counted),
                Tuple.of(1, Arbitraries.of("[]", "{}")));
        return Combinators.combine(item, op.list().ofMinSize(1).ofMaxSize(4)).as((x, ops) -> {
            String nest = x;
            for (String o : ops) {
                nest = o.equals("[]") ? "[" + nest + "]" : o.equals("{}") ? "{" + nest + "}" : "(" + nest + ")" + o;
            }
            return "start ::= " + nest + " \"y\" | \"x\";";
        });
    }

    @Property(tries = 150)
    void foldingKeepsTheLanguage(@ForAll("nests") String grammar) {
        for (boolean inline : new boolean[] {false, true}) {
            Map<String, Hir> stages = new LinkedHashMap<>();
            GrammarCompiler.simplify("t.kbnf", grammar.getBytes(UTF_8), Dialect.KBNF,
                    GrammarOptions.DEFAULT.withInlineRegularRules(inline), new Diagnostics(), stages::put);
            List<String> written = accepted(stages.get("flatten"));
            for (String pass : List.of("fold-repetitions", "remove-useless")) {
                assertEquals(written, accepted(stages.get(pass)),
                        () -> grammar + " (inlining " + inline + ") after " + pass + "\n" + stages.get(pass));
            }
        }
    }

    private static List<String> accepted(Hir hir) {
        List<String> out = new ArrayList<>();
        for (byte[] input : INPUTS) {
            if (HirMatcher.matches(hir, input)) {
                out.add(new String(input, UTF_8));
            }
        }
        return out;
    }
}
