package io.github.kbnf4j.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;

/** Any bytes as a KBNF grammar file: compiled, or refused with a {@link GrammarException}; nothing else. */
class KbnfReaderFuzzTest {
    private static final String SOURCE = "fuzz.kbnf";

    @FuzzTest(maxDuration = "5m")
    void compilesOrThrowsGrammarException(byte[] file) {
        try {
            Grammar.compile(SOURCE, file, Dialect.KBNF, Expected.SMALL_LIMITS);
        } catch (GrammarException e) {
            Expected.grammarError(e, SOURCE);
        }
    }
}
