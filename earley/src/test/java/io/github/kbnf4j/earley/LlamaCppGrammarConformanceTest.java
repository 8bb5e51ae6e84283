package io.github.kbnf4j.earley;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The GBNF reader on llama.cpp's own grammar tests ({@code test-grammar-integration.cpp},
 * {@code test-grammar-parser.cpp}, {@code test-json-schema-to-grammar.cpp} and the grammar files
 * it ships), read from {@code shared/suites/llama.cpp.jsonl} in the working directory or one of
 * its ancestors (skipped when absent). Each line is one grammar:
 *
 * <ul>
 *   <li>{@code must_parse} false: compiling it must fail with a {@link GrammarException}.
 *   <li>{@code must_parse} true: it compiles with {@code start} as the start rule, every
 *       {@code accept} string is a sentence, no {@code reject} string is (it may be a valid
 *       prefix or be refused), and every {@code prefix_ok} string is a valid prefix. The
 *       accept and reject strings are also checked byte by byte against the reference recognizer.
 *   <li>{@code must_build_with_start} false: the text parses, but building it from {@code start}
 *       must fail (the case defines no {@code root}); here both are one step, so it must fail
 *       with a message naming the missing start rule.
 *   <li>{@code requires} {@code llama-token-refs}: the grammar uses token references
 *       ({@code <[id]>}, {@code !<[id]>}), whose strings ({@code accept_llama_tokens}) are
 *       sequences of vocabulary tokens; kbnf4j grammars are over bytes, so compiling must fail
 *       with the token-reference error.
 *   <li>{@code llama_must_build} false ({@code left_recursive}): llama.cpp refuses left recursion,
 *       a limitation of its matcher; the Earley recognizer must accept these grammars. They come
 *       without strings; the expected sentences checked here are written out in the test.
 *   <li>{@code llama_symbols}, {@code label}, {@code check}, {@code schema}: about llama.cpp's
 *       internals or the provenance of the case; not used.
 *   <li>No {@code must_parse} at all: a case of llama.cpp's JSON-schema converter that must fail
 *       to convert ({@code schema_conversion_ok} false, empty {@code grammar}); there is no
 *       grammar to read, and the test only counts them.
 * </ul>
 *
 * No case is excepted: every line of the file is checked as its fields say.
 */
class LlamaCppGrammarConformanceTest {
    static final String SUITE = "shared/suites/llama.cpp.jsonl";
    static final int CASES = 143;
    /** Compiling one grammar, even the nested-repetition regressions, is far quicker than this. */
    static final Duration COMPILE_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Sentences of the left-recursive cases, which come without strings, by grammar text (trimmed,
     * indentation removed): llama.cpp cannot build these grammars, so the sentences are the ones
     * the grammars plainly describe.
     */
    static final Map<String, List<String>> LEFT_RECURSIVE_SENTENCES = Map.of(
            "root ::= \"a\" | root \"a\"", List.of("a", "aa", "aaaaa"),
            "root ::= asdf\nasdf ::= \"a\" | asdf \"a\"", List.of("a", "aaa"),
            "root ::= asdf\nasdf ::= \"a\" | foo \"b\"\nfoo ::= \"c\" | asdf \"d\" | \"e\"", List.of("a", "cb", "eb", "adb", "cbdb"),
            "root ::= asdf\nasdf ::= \"a\" | foo \"b\"\nfoo ::= \"c\" | empty asdf \"d\" | \"e\"\nempty ::= \"blah\" |",
                    List.of("a", "cb", "adb", "blahadb", "blahcbdb"));

    record Case(int line, JsonNode json) {
        String grammar() {
            return json.path("grammar").asText();
        }

        String start() {
            return json.path("start").asText("root");
        }

        String name() {
            String notes = json.path("notes").asText();
            int colon = notes.indexOf(':');
            String test = colon > 0 ? notes.substring(0, colon) : notes;
            String label = notes.length() > colon + 1 ? notes.substring(colon + 1).trim() : "";
            label = label.length() > 40 ? label.substring(0, 40) + "..." : label;
            return "line " + line + " (" + test + (label.isEmpty() ? "" : " " + label) + ")";
        }

        List<String> strings(String field) {
            List<String> out = new ArrayList<>();
            json.path(field).forEach(s -> out.add(s.asText()));
            return out;
        }

        boolean requires(String feature) {
            for (JsonNode r : json.path("requires")) {
                if (r.asText().equals(feature)) {
                    return true;
                }
            }
            return false;
        }
    }

    static Path locateSuite() {
        return SharedFiles.locate(SUITE, LlamaCppGrammarConformanceTest.class);
    }

    static List<Case> readSuite(Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<Case> cases = new ArrayList<>();
        int line = 0;
        for (String text : Files.readAllLines(file, UTF_8)) {
            if (!text.isBlank()) {
                JsonNode o = mapper.readTree(text);
                assertEquals("gbnf", o.path("dialect").asText(), "line " + line + ": dialect");
                cases.add(new Case(line, o));
            }
            line++;
        }
        return cases;
    }

    static CompiledGrammar compile(Case c) {
        return assertTimeoutPreemptively(COMPILE_TIMEOUT, () -> Grammar.compile("case" + c.line() + ".gbnf",
                c.grammar(), Dialect.GBNF, GrammarOptions.DEFAULT.withStartSymbol(c.start())));
    }

    static GrammarException compileFails(Case c) {
        return assertTimeoutPreemptively(COMPILE_TIMEOUT, () -> assertThrows(GrammarException.class,
                () -> Grammar.compile("case" + c.line() + ".gbnf", c.grammar(), Dialect.GBNF,
                        GrammarOptions.DEFAULT.withStartSymbol(c.start())), c.name() + " must not compile"));
    }

    /** Whether the recognizer takes every byte of {@code s} (a valid prefix, perhaps a sentence). */
    static boolean prefix(CompiledGrammar g, String s) {
        return new Recognizer(g).pushAll(s.getBytes(UTF_8));
    }

    @TestFactory
    List<DynamicTest> llamaCppSuite() throws IOException {
        Path file = locateSuite();
        assumeTrue(file != null, "no " + SUITE + " in the working directory or its ancestors");
        List<Case> cases = readSuite(file);
        assertEquals(CASES, cases.size(), "cases in " + file);
        Map<String, Integer> kinds = new TreeMap<>();
        List<DynamicTest> tests = new ArrayList<>();
        for (Case c : cases) {
            JsonNode mustParse = c.json().path("must_parse");
            if (mustParse.isMissingNode()) {
                assertFalse(c.json().path("schema_conversion_ok").asBoolean(true), c.name() + ": no must_parse");
                assertTrue(c.grammar().isEmpty(), c.name() + ": a failed schema conversion has no grammar");
                kinds.merge("schema conversion failures (no grammar)", 1, Integer::sum);
                continue;
            }
            if (c.requires("llama-token-refs")) {
                kinds.merge("token references (must fail)", 1, Integer::sum);
                tests.add(DynamicTest.dynamicTest(c.name() + " fails on its token references", () -> {
                    GrammarException e = compileFails(c);
                    assertTrue(e.getMessage().contains("token references (<[...]>, <|...|>, !<...>) are not supported"),
                            e.getMessage());
                }));
                continue;
            }
            if (!mustParse.asBoolean()) {
                kinds.merge("must not parse", 1, Integer::sum);
                tests.add(DynamicTest.dynamicTest(c.name() + " does not compile", () -> compileFails(c)));
                continue;
            }
            if (!c.json().path("must_build_with_start").asBoolean(true)) {
                kinds.merge("parses, cannot build from start", 1, Integer::sum);
                tests.add(DynamicTest.dynamicTest(c.name() + " has no start rule '" + c.start() + "'", () -> {
                    GrammarException e = compileFails(c);
                    assertTrue(e.getMessage().contains("no rule named '" + c.start() + "' to start from"), e.getMessage());
                }));
                continue;
            }
            if (!c.json().path("llama_must_build").asBoolean(true)) {
                assertTrue(c.json().path("left_recursive").asBoolean(), c.name() + ": why llama.cpp cannot build it");
                kinds.merge("left-recursive (llama.cpp cannot build; must compile)", 1, Integer::sum);
                List<String> sentences = LEFT_RECURSIVE_SENTENCES.get(c.grammar().strip().replaceAll("\n\\s+", "\n"));
                assertTrue(sentences != null, c.name() + ": no sentences written out for\n" + c.grammar());
                tests.add(DynamicTest.dynamicTest(c.name() + " compiles and recognizes " + sentences, () -> {
                    CompiledGrammar g = compile(c);
                    for (String s : sentences) {
                        assertEquals(RecognizerTest.Verdict.COMPLETE, RecognizerTest.agree(g, s), s);
                    }
                    assertNotEquals(RecognizerTest.Verdict.COMPLETE, RecognizerTest.agree(g, ""), "the empty string");
                }));
                continue;
            }
            kinds.merge("must parse", 1, Integer::sum);
            List<String> accept = c.strings("accept");
            List<String> reject = c.strings("reject");
            List<String> prefixes = c.strings("prefix_ok");
            tests.add(DynamicTest.dynamicTest(c.name() + " compiles; accepts " + accept.size() + ", rejects "
                    + reject.size() + ", " + prefixes.size() + " prefixes", () -> {
                CompiledGrammar g = compile(c);
                for (String s : accept) {
                    assertTrue(prefix(g, s), "accept '" + s + "': a byte is refused");
                    assertEquals(RecognizerTest.Verdict.COMPLETE, RecognizerTest.agree(g, s), "accept '" + s + "'");
                }
                for (String s : reject) {
                    assertNotEquals(RecognizerTest.Verdict.COMPLETE, RecognizerTest.agree(g, s), "reject '" + s + "'");
                }
                for (String s : prefixes) {
                    assertTrue(prefix(g, s), "prefix_ok '" + s + "'");
                }
            }));
        }
        tests.add(DynamicTest.dynamicTest("summary: " + cases.size() + " cases: " + kinds, () -> {
        }));
        return tests;
    }
}
