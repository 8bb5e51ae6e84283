package io.github.kbnf4j.earley;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Regression: nested repetitions. llama.cpp's "segfault" and "hang" grammars
 * ({@code test-grammar-integration.cpp}) nest repetitions of a star; read as written, they are so
 * ambiguous that the chart grew quadratically ({@code ( [x]* )*}: 50 million items after 10,000
 * bytes) or worse (six nested {@code {0,99}}: 13 million items after 100 bytes, and the chart
 * limit before 1,000). KBNF's {@code { {"x"} }} and {@code ("x"*)*} grew the same way (2 million
 * items after 2,000 bytes). The compiler folds such nests into one repetition of the same
 * language (grammar's {@code FoldRepetitions}, for both dialects); recognition is then linear,
 * whether or not regular rules are inlined, and also when the repeated item is recursive (then no
 * inlining helps). Nests around nullable items ({@code ("a" | "")}, {@code "b"?}, a regex that
 * matches "") fold once the item is replaced by its non-empty part, and repetitions of a terminal
 * closed under concatenation ({@code #"[^x]+"}) are shortened to one copy.
 */
class NestedRepetitionTest {
    static final int BYTES = 10_000;

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", value = {
        "GBNF => root ::= ( [x]* )*                                                  => x  => y",
        "GBNF => root ::= (((((([^x]*){0,99}){0,99}){0,99}){0,99}){0,99}){0,99}      => a  => x",
        "KBNF => start ::= { {\"x\"} };                                              => x  => y",
        "KBNF => start ::= (\"x\"*)*;                                                => x  => y",
        "KBNF => start ::= ( (\"(\" start \")\")* )* | \"x\";                        => () => )",
        "KBNF => start ::= ((\"(\" start \")\"){0,99}){0,99} | \"x\";                => () => )",
        "KBNF => start ::= a*; a ::= b+; b ::= \"(\" start \")\" | \"x\";            => x() => )",
        "KBNF => start ::= ((\"a\" | \"\"){0,99})*;                                   => a  => x",
        "KBNF => start ::= ((#\"[^x]*\"){0,99}){0,99};                               => a  => x",
        "KBNF => start ::= ((\"a\" | \"b\"?){0,99})*;                                 => ab => x",
    })
    @Timeout(60)
    void recognitionIsLinear(Dialect dialect, String grammar, String unit, String refused) {
        for (boolean inline : new boolean[] {true, false}) {
            CompiledGrammar g = Grammar.compile("t", grammar, dialect,
                    GrammarOptions.DEFAULT.withInlineRegularRules(inline));
            // Limits far above what linear recognition needs, so that a regression fails here and not
            // by running the test JVM out of memory.
            Recognizer r = new Recognizer(g,
                    RecognizerOptions.DEFAULT.withMaxItemsPerSet(1_000).withMaxChartBytes(64L << 20));
            assertTrue(r.isAccepting(), "the empty string");
            byte[] input = unit.repeat(BYTES / unit.length()).getBytes(UTF_8);
            assertEquals(input.length, r.push(input, 0, input.length));
            assertTrue(r.isAccepting());
            assertTrue(r.itemCount() < 10L * input.length,
                    r.itemCount() + " items after " + input.length + " bytes (inlining " + inline + ")");
            assertFalse(r.push(refused.getBytes(UTF_8)[0]), refused);
        }
    }

    /**
     * A bounded nest around an item with an empty alternative: read as written, 240,000 items per
     * byte (the 1 GiB chart limit after 379 bytes, two minutes in); folded into {@code "a"{0,9801}}
     * after the item loses its empty alternative.
     */
    @org.junit.jupiter.api.Test
    @Timeout(60)
    void aNestAroundAnEmptyAlternativeIsLinear() {
        for (boolean inline : new boolean[] {true, false}) {
            CompiledGrammar g = Grammar.compile("t", "start ::= ((\"a\" | \"\"){0,99}){0,99};", Dialect.KBNF,
                    GrammarOptions.DEFAULT.withInlineRegularRules(inline));
            Recognizer r = new Recognizer(g,
                    RecognizerOptions.DEFAULT.withMaxItemsPerSet(1_000).withMaxChartBytes(64L << 20));
            byte[] input = "a".repeat(99 * 99).getBytes(UTF_8);
            assertEquals(input.length, r.push(input, 0, input.length));
            assertTrue(r.isAccepting());
            assertTrue(r.itemCount() < 10L * input.length, r.itemCount() + " items (inlining " + inline + ")");
            assertFalse(r.push((byte) 'a'), "at most 9,801");
        }
    }
}
