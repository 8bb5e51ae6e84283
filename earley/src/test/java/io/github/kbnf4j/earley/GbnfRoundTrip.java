package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.GbnfWriter;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.testdata.GbnfText;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * Shared steps of the GBNF round-trip tests: write a compiled grammar as GBNF, check the text
 * (it parses as llama.cpp reads it, defines every rule once, has a {@code root}, no left
 * recursion, no surrogates, ASCII only), compile it back, and compare the two recognizers byte
 * by byte.
 */
final class GbnfRoundTrip {
    /** How the written GBNF is compiled back. */
    enum Route {
        /** kbnf4j's own GBNF reader, {@code Grammar.compile(..., Dialect.GBNF, ...)}. */
        READER,
        /**
         * The test-side reading {@link GbnfText} translated to KBNF: independent of the reader,
         * with llama.cpp's meaning of the syntax.
         */
        TEST_READING
    }

    /**
     * Written texts of grammars seen before (the example grammars come again and again), by
     * identity ({@link CompiledGrammar} keeps {@code Object}'s equals), weakly.
     */
    private static final Map<CompiledGrammar, String> WRITTEN = Collections.synchronizedMap(new WeakHashMap<>());

    private GbnfRoundTrip() {
    }

    /** The GBNF text of {@code g}, checked; cached for grammars seen before. */
    static String write(CompiledGrammar g) {
        String known = WRITTEN.get(g);
        if (known != null) {
            return known;
        }
        String text = GbnfWriter.write(g);
        GbnfText parsed = GbnfText.parse(text);
        assertEquals(List.of(), parsed.problems(), text);
        assertEquals(Optional.empty(), parsed.leftRecursion(), text);
        WRITTEN.put(g, text);
        return text;
    }

    /** {@code gbnf} compiled back along {@code route}. */
    static CompiledGrammar compileBack(String gbnf, Route route) {
        switch (route) {
            case READER:
                return Grammar.compile("written.gbnf", gbnf, Dialect.GBNF, GrammarOptions.DEFAULT);
            case TEST_READING:
                return Grammar.compile("written.kbnf", GbnfText.parse(gbnf).toKbnf(),
                        GrammarOptions.DEFAULT.withStartSymbol("g_root"));
            default:
                throw new AssertionError(route);
        }
    }

    /**
     * Feeds {@code input} to recognizers of both grammars and asserts that after every byte they
     * agree on whether the byte is accepted, whether the input so far is a sentence, and which
     * bytes may come next (so on being a viable prefix too).
     *
     * @return the verdict
     */
    static RecognizerTest.Verdict agree(CompiledGrammar original, CompiledGrammar back, byte[] input, String context) {
        Recognizer a = new Recognizer(original, DifferentialOptions.RECOGNIZER);
        Recognizer b = new Recognizer(back, DifferentialOptions.RECOGNIZER);
        for (int i = 0; ; i++) {
            String where = " after " + i + " bytes; " + context;
            assertEquals(a.isAccepting(), b.isAccepting(), "accepting" + where);
            assertArrayEquals(a.nextBytes(), b.nextBytes(), "next bytes" + where);
            if (i == input.length) {
                return a.isAccepting() ? RecognizerTest.Verdict.COMPLETE : RecognizerTest.Verdict.PREFIX;
            }
            boolean ok = a.push(input[i] & 0xFF);
            assertEquals(ok, b.push(input[i] & 0xFF), "push" + where);
            if (!ok) {
                return RecognizerTest.Verdict.REJECTED;
            }
        }
    }
}
