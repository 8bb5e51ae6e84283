package io.github.kbnf4j.earley;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * llama.cpp's grammar files {@code json.gbnf}, {@code arithmetic.gbnf} and {@code c.gbnf} (in
 * {@code shared/corpus/gbnf/grammars}, found in the working directory or one of its ancestors;
 * skipped when absent) accept every document of their corpus ({@code shared/corpus/gbnf/NAME.jsonl},
 * field {@code text}). The files are compiled as {@link Grammar#compileFile} does, the dialect
 * chosen by the {@code .gbnf} extension. Documents under {@value #REFERENCE_MAX_BYTES} bytes are
 * also checked byte by byte against the reference recognizer.
 */
class GbnfCorpusTest {
    static final String CORPUS = "shared/corpus/gbnf";
    static final int REFERENCE_MAX_BYTES = 2048;
    /** Documents per corpus, so that a truncated file is noticed. */
    static final Map<String, Integer> DOCUMENTS = Map.of("json", 50, "arithmetic", 15, "c", 10);

    static Path locateCorpus() {
        return SharedFiles.locate(CORPUS, GbnfCorpusTest.class);
    }

    @TestFactory
    List<DynamicTest> corpusDocumentsAreSentences() throws IOException {
        Path corpus = locateCorpus();
        assumeTrue(corpus != null, "no " + CORPUS + " in the working directory or its ancestors");
        ObjectMapper mapper = new ObjectMapper();
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : List.of("json", "arithmetic", "c")) {
            CompiledGrammar g = Grammar.compileFile(corpus.resolve("grammars").resolve(name + ".gbnf"),
                    GrammarOptions.DEFAULT);
            List<String> lines = Files.readAllLines(corpus.resolve(name + ".jsonl"), UTF_8);
            lines.removeIf(String::isBlank);
            assertEquals(DOCUMENTS.get(name), lines.size(), "documents in " + name + ".jsonl");
            for (String line : lines) {
                JsonNode doc = mapper.readTree(line);
                String id = doc.path("id").asText();
                byte[] text = doc.path("text").asText().getBytes(UTF_8);
                tests.add(DynamicTest.dynamicTest(name + ".gbnf accepts " + id + " (" + text.length + " bytes)", () -> {
                    Recognizer r = new Recognizer(g);
                    int consumed = r.push(text, 0, text.length);
                    assertEquals(text.length, consumed, id + ": refused at byte " + consumed);
                    assertTrue(r.isAccepting(), id + ": incomplete at the end");
                    if (text.length < REFERENCE_MAX_BYTES) {
                        assertEquals(RecognizerTest.Verdict.COMPLETE, RecognizerTest.agree(g, text), id);
                    }
                }));
            }
        }
        return tests;
    }
}
