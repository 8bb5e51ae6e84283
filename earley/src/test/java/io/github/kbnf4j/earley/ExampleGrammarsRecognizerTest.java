package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.testdata.ExampleGrammars;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The example grammars of {@code testdata} (JSON, arithmetic, C subset, CSV, tool calls) on their
 * real sample inputs: every accept sample is a sentence, no reject sample is, and the recognizer
 * agrees with {@link io.github.kbnf4j.testdata.ReferenceRecognizer} after every byte.
 */
class ExampleGrammarsRecognizerTest {

    @TestFactory
    List<DynamicTest> samples() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : ExampleGrammars.names()) {
            CompiledGrammar g = ExampleGrammars.compile(name);
            for (Map.Entry<String, byte[]> e : ExampleGrammars.acceptSamples(name).entrySet()) {
                tests.add(DynamicTest.dynamicTest(name + " accepts " + e.getKey(), () ->
                        assertEquals(RecognizerTest.Verdict.COMPLETE, RecognizerTest.agree(g, e.getValue()))));
            }
            for (Map.Entry<String, byte[]> e : ExampleGrammars.rejectSamples(name).entrySet()) {
                tests.add(DynamicTest.dynamicTest(name + " rejects " + e.getKey(), () ->
                        assertNotEquals(RecognizerTest.Verdict.COMPLETE, RecognizerTest.agree(g, e.getValue()))));
            }
        }
        return tests;
    }
}
