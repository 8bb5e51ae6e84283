package io.github.kbnf4j.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;

/** Any bytes as a GBNF (llama.cpp) grammar file: compiled, or refused with a {@link GrammarException}; nothing else. */
class GbnfReaderFuzzTest {
    private static final String SOURCE = "fuzz.gbnf";

    @FuzzTest(maxDuration = "5m")
    void compilesOrThrowsGrammarException(byte[] file) {
        try {
            Grammar.compile(SOURCE, file, Dialect.GBNF, Expected.SMALL_LIMITS);
        } catch (GrammarException e) {
            Expected.grammarError(e, SOURCE);
        }
    }
}
