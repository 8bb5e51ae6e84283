package io.github.kbnf4j.earley;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.kbnf4j.earley.GbnfRoundTrip.Route;
import io.github.kbnf4j.earley.LlamaCppGrammarConformanceTest.Case;
import io.github.kbnf4j.earley.RecognizerTest.Verdict;
import io.github.kbnf4j.grammar.CompiledGrammar;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * llama.cpp's own grammars ({@code shared/suites/llama.cpp.jsonl}, as in
 * {@link LlamaCppGrammarConformanceTest}) read, written back as GBNF by
 * {@link io.github.kbnf4j.grammar.GbnfWriter}, and compiled again along both ways back
 * ({@link Route}): the written text passes the checks of {@link GbnfRoundTrip#write} (no left
 * recursion: even the left-recursive cases that llama.cpp cannot build come out buildable), and on
 * every string of the case (accept, reject, prefix_ok, and the sentences written out for the
 * left-recursive cases) the grammar read and the grammar round-tripped agree after every byte and
 * give the verdict the case expects.
 */
class LlamaCppGrammarsRoundTripTest {

    @TestFactory
    List<DynamicTest> llamaCppGrammarsSurviveTheRoundTrip() throws IOException {
        Path file = LlamaCppGrammarConformanceTest.locateSuite();
        assumeTrue(file != null, "no " + LlamaCppGrammarConformanceTest.SUITE + " in the working directory or its ancestors");
        List<DynamicTest> tests = new ArrayList<>();
        for (Case c : LlamaCppGrammarConformanceTest.readSuite(file)) {
            if (!c.json().path("must_parse").asBoolean(false) || c.requires("llama-token-refs")
                    || !c.json().path("must_build_with_start").asBoolean(true)) {
                continue;
            }
            List<String> accept = new ArrayList<>(c.strings("accept"));
            if (!c.json().path("llama_must_build").asBoolean(true)) {
                accept.addAll(LlamaCppGrammarConformanceTest.LEFT_RECURSIVE_SENTENCES.get(
                        c.grammar().strip().replaceAll("\n\\s+", "\n")));
            }
            List<String> reject = c.strings("reject");
            List<String> prefixes = c.strings("prefix_ok");
            for (Route route : Route.values()) {
                tests.add(DynamicTest.dynamicTest(route + " " + c.name(), () -> {
                    CompiledGrammar read = LlamaCppGrammarConformanceTest.compile(c);
                    String gbnf = GbnfRoundTrip.write(read);
                    CompiledGrammar back = GbnfRoundTrip.compileBack(gbnf, route);
                    for (String s : accept) {
                        assertEquals(Verdict.COMPLETE, GbnfRoundTrip.agree(read, back, s.getBytes(UTF_8), gbnf),
                                "accept '" + s + "'");
                    }
                    for (String s : reject) {
                        assertNotEquals(Verdict.COMPLETE, GbnfRoundTrip.agree(read, back, s.getBytes(UTF_8), gbnf),
                                "reject '" + s + "'");
                    }
                    for (String s : prefixes) {
                        assertNotEquals(Verdict.REJECTED, GbnfRoundTrip.agree(read, back, s.getBytes(UTF_8), gbnf),
                                "prefix_ok '" + s + "'");
                    }
                }));
            }
        }
        return tests;
    }
}
