package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.ProgramGrammars;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.automata.JsonStringEncoding;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Automaton;
import io.github.kbnf4j.grammar.internal.ast.Expr.Literal;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
import io.github.kbnf4j.grammar.internal.writer.KbnfWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A grammar of JSON string automata, as the JSON Schema compiler builds them: the tree compiled
 * directly ({@link ProgramGrammars}), its KBNF text compiled, and the tree's reference matcher
 * agree on spellings of the strings and on near misses.
 */
class KbnfWriterJsonStringsTest {
    private static final Span AT = new Span("schema", 1, 1);

    /** {@code start ::= "[" s ("," s)* "]"} with {@code s} the JSON strings whose value is in {@code content}. */
    private static GrammarAst list(ByteDfa content) {
        Expr s = new Automaton(JsonStringEncoding.quoted(content, 10_000), "string", AT);
        Expr tail = new Repeat(new Seq(List.of(new Literal(",", AT), s), AT), 0, Repeat.UNBOUNDED, AT);
        return new GrammarAst("schema", List.of(new Rule("start",
                new Seq(List.of(new Literal("[", AT), s, tail, new Literal("]", AT)), AT), AT)));
    }

    @Test
    void directAndWrittenAgree() {
        List<String> inputs = List.of("[\"\"]", "[\"ab\"]", "[\"a\",\"b\"]", "[\"\\u0061\"]", "[\"\\u00E9\"]",
                "[\"é\"]", "[\"\\ud83d\\ude00\"]", "[\"😀\"]", "[\"\\ud83d\"]", "[\"a\\\"\"]", "[\"\\\"\"]",
                "[\"abc\"]", "[\"a\",\"\\\\\"]", "[\"\n\"]", "[\"\\n\"]", "[\"a\"", "[]", "[\"\\uDE00\\uD83D\"]");
        List<ByteDfa> contents = List.of(Constructions.validUtf8(),
                Constructions.charCountBetween(Constructions.validUtf8(), 1, 2, 1000),
                Regexes.compile("[aé😀\"\\\\]*", 10, 1000),
                Regexes.compile("a|b|\\n", 10, 1000));
        for (ByteDfa content : contents) {
            GrammarAst ast = list(content);
            String written = KbnfWriter.write(ast);
            CompiledGrammar direct = ProgramGrammars.compile(ast, "start", GrammarOptions.DEFAULT, List.of());
            CompiledGrammar fromText = Grammar.compile("written.kbnf", written);
            AstReferenceMatcher oracle = new AstReferenceMatcher(ast, "start");
            ReferenceRecognizer directRecognizer = new ReferenceRecognizer(direct);
            ReferenceRecognizer textRecognizer = new ReferenceRecognizer(fromText);
            int accepted = 0;
            for (String input : inputs) {
                byte[] bytes = input.getBytes(StandardCharsets.UTF_8);
                boolean expected = oracle.matches(bytes);
                assertEquals(expected, directRecognizer.accepts(bytes), () -> "direct, " + input + "\n" + written);
                assertEquals(expected, textRecognizer.accepts(bytes), () -> "written, " + input + "\n" + written);
                accepted += expected ? 1 : 0;
            }
            assertTrue(accepted > 0, written);
        }
    }
}
