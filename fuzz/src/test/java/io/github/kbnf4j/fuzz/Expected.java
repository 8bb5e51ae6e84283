package io.github.kbnf4j.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.GrammarOptions;

/** What the fuzz tests accept of a documented exception, beyond its type. */
final class Expected {
    /**
     * Limits small enough that one input compiles in milliseconds, so that the fuzzer spends its
     * time on the readers rather than on determinizing a large automaton; every other default kept.
     */
    static final GrammarOptions SMALL_LIMITS = new GrammarOptions(null, 100, 2_000,
            GrammarOptions.DEFAULT.maxNestingDepth(), true);

    private Expected() {}

    /** Every error of a grammar exception names the source and a 1-based position in it. */
    static void grammarError(GrammarException e, String source) {
        assertFalse(e.errors().isEmpty());
        for (Diagnostic d : e.errors()) {
            assertEquals(source, d.source(), e.getMessage());
            assertTrue(d.line() >= 1 && d.column() >= 1, e.getMessage());
            assertNotNull(d.message());
        }
    }

    /** A loader's message names the file it was reading. */
    static void namesSource(Exception e, String source) {
        assertNotNull(e.getMessage(), e.toString());
        assertTrue(e.getMessage().contains(source), "the message does not name " + source + ": " + e.getMessage());
    }
}
