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
 * Regression: llama.cpp's "segfault" and "hang" grammars ({@code test-grammar-integration.cpp})
 * nest repetitions of a star. Read as written, they are so ambiguous that the chart grew
 * quadratically ({@code ( [x]* )*}: 50 million items after 10,000 bytes) or worse (six nested
 * {@code {0,99}}: 13 million items after 100 bytes, and the chart limit before 1,000). The GBNF
 * reader folds such nests into one repetition of the same language; recognition is then linear.
 */
class GbnfNestedRepetitionTest {
    static final int BYTES = 10_000;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "root ::= ( [x]* )*                                                  | x | y",
        "root ::= (((((([^x]*){0,99}){0,99}){0,99}){0,99}){0,99}){0,99}      | a | x",
    })
    @Timeout(20)
    void recognitionIsLinear(String grammar, String unit, String refused) {
        CompiledGrammar g = Grammar.compile("t.gbnf", grammar, Dialect.GBNF, GrammarOptions.DEFAULT);
        // Limits far above what linear recognition needs, so that a regression fails here and not by
        // running the test JVM out of memory.
        Recognizer r = new Recognizer(g, RecognizerOptions.DEFAULT.withMaxItemsPerSet(1_000).withMaxChartBytes(64L << 20));
        assertTrue(r.isAccepting(), "the empty string");
        byte[] input = unit.repeat(BYTES / unit.length()).getBytes(UTF_8);
        assertEquals(input.length, r.push(input, 0, input.length));
        assertTrue(r.isAccepting());
        assertTrue(r.itemCount() < 10L * input.length, r.itemCount() + " items after " + input.length + " bytes");
        assertFalse(r.push(refused.getBytes(UTF_8)[0]), refused);
    }
}
