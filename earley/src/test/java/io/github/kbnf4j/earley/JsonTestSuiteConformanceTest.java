package io.github.kbnf4j.earley;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The built-in {@code json} grammar on Nicolas Seriot's JSONTestSuite ({@code test_parsing}), read
 * from {@code shared/suites/JSONTestSuite.jsonl} in the working directory or one of its ancestors
 * (skipped when absent). One line per file of the suite: {@code source} names it; its single input
 * is in {@code accept} ({@code y_}: must be a sentence), {@code reject} ({@code n_}: must not be)
 * or {@code implementation_defined} ({@code i_}), or in the {@code _b64} twin of that field when
 * the bytes are not valid UTF-8.
 *
 * <p>A sentence means every byte is consumed and the recognizer is accepting; a rejected input
 * either has a byte refused or is incomplete at its end. The {@code i_} cases only have to run;
 * each test's name records what we do with it and what Python's strict {@code json} module does
 * (the {@code python_json} field). Inputs under {@value #REFERENCE_MAX_BYTES} bytes are also
 * compared byte by byte with the reference recognizer.
 *
 * <p>The same files check the built-in {@code json:K} (whitespace runs of at most K bytes): a
 * {@code y_} file is a sentence of it exactly when its longest whitespace run is at most K, and no
 * {@code n_} file is.
 */
class JsonTestSuiteConformanceTest {
    static final String SUITE = "shared/suites/JSONTestSuite.jsonl";
    static final int REFERENCE_MAX_BYTES = 4096;
    static final int Y_CASES = 95;
    static final int N_CASES = 188;
    static final int I_CASES = 35;

    /**
     * One file of the suite.
     *
     * @param name the file name without {@code .json}, such as {@code y_array_empty}
     * @param kind {@code 'y'}, {@code 'n'} or {@code 'i'}
     * @param input the file's bytes
     * @param python what Python's {@code json} module does with it
     */
    record Case(String name, char kind, byte[] input, String python) {
    }

    /** What the recognizer does with a whole input. */
    record Outcome(int consumed, boolean accepting, int length) {
        /**
         * Inputs at least this long (the deeply nested ones) run on a thread with a small stack,
         * so that recursion in the recognizer would show as a StackOverflowError even though the
         * tests' JVM has a large default stack.
         */
        static final int SMALL_STACK_FROM = 10_000;

        static Outcome of(CompiledGrammar g, byte[] input) {
            if (input.length < SMALL_STACK_FROM) {
                return run(g, input);
            }
            Outcome[] result = new Outcome[1];
            Throwable[] thrown = new Throwable[1];
            Thread t = new Thread(null, () -> {
                try {
                    result[0] = run(g, input);
                } catch (Throwable e) {
                    thrown[0] = e;
                }
            }, "small-stack", 256 * 1024);
            t.start();
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            if (thrown[0] != null) {
                throw new AssertionError("on " + input.length + " bytes: " + thrown[0], thrown[0]);
            }
            return result[0];
        }

        private static Outcome run(CompiledGrammar g, byte[] input) {
            Recognizer r = new Recognizer(g);
            int consumed = r.push(input, 0, input.length);
            return new Outcome(consumed, consumed == input.length && r.isAccepting(), input.length);
        }

        boolean sentence() {
            return accepting;
        }

        @Override
        public String toString() {
            if (consumed < length) {
                return "rejected at byte " + consumed;
            }
            return accepting ? "accepted" : "incomplete";
        }
    }

    /** The suite file, found in the working directory or the nearest ancestor that has it; null if none. */
    static Path locateSuite() {
        return SharedFiles.locate(SUITE, JsonTestSuiteConformanceTest.class);
    }

    /** Reads the suite, checking its format: one input per line, in the field its prefix says. */
    static List<Case> readSuite(Path file) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<Case> cases = new ArrayList<>();
        for (String line : Files.readAllLines(file, UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode o = mapper.readTree(line);
            String source = o.path("source").asText();
            String name = source.substring(source.lastIndexOf('/') + 1);
            name = name.substring(0, name.indexOf('@') < 0 ? name.length() : name.indexOf('@'));
            name = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
            char kind = name.charAt(0);
            String field = kind == 'y' ? "accept" : kind == 'n' ? "reject" : kind == 'i' ? "implementation_defined" : null;
            assertTrue(field != null && name.charAt(1) == '_', "unexpected case name " + source);
            List<byte[]> inputs = new ArrayList<>();
            for (JsonNode s : o.path(field)) {
                inputs.add(s.asText().getBytes(UTF_8));
            }
            for (JsonNode s : o.path(field + "_b64")) {
                inputs.add(Base64.getDecoder().decode(s.asText()));
            }
            assertEquals(1, inputs.size(), name + ": expected exactly one input in " + field + "[_b64]");
            for (String other : List.of("accept", "reject", "implementation_defined", "prefix_ok")) {
                if (!other.equals(field)) {
                    assertTrue(o.path(other).isEmpty() && o.path(other + "_b64").isEmpty(),
                            name + ": unexpected inputs in " + other);
                }
            }
            cases.add(new Case(name, kind, inputs.get(0), o.path("python_json").asText("?")));
        }
        return cases;
    }

    @TestFactory
    List<DynamicTest> jsonTestSuite() throws IOException {
        Path file = locateSuite();
        assumeTrue(file != null, "no " + SUITE + " in the working directory or its ancestors");
        List<Case> cases = readSuite(file);
        Map<Character, Integer> counts = new TreeMap<>();
        cases.forEach(c -> counts.merge(c.kind(), 1, Integer::sum));
        assertEquals(Map.of('i', I_CASES, 'n', N_CASES, 'y', Y_CASES), counts, "cases per kind in " + file);

        CompiledGrammar json = Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT);
        List<DynamicTest> tests = new ArrayList<>();
        Map<String, Integer> implementationDefined = new TreeMap<>();
        for (Case c : cases) {
            if (c.kind() == 'y') {
                tests.add(DynamicTest.dynamicTest(c.name() + " is accepted", () -> {
                    Outcome o = Outcome.of(json, c.input());
                    assertTrue(o.sentence(), c.name() + ": " + o);
                }));
            } else if (c.kind() == 'n') {
                tests.add(DynamicTest.dynamicTest(c.name() + " is rejected", () -> {
                    Outcome o = Outcome.of(json, c.input());
                    assertFalse(o.sentence(), c.name() + ": " + o);
                }));
            } else {
                // Run now, so that the test's name can say what we do; a crash fails the factory.
                Outcome o = Outcome.of(json, c.input());
                implementationDefined.merge(o.sentence() ? "accepted" : "rejected", 1, Integer::sum);
                tests.add(DynamicTest.dynamicTest(c.name() + ": " + o + " (python json: " + c.python() + ")", () -> {
                }));
            }
            if (c.input().length < REFERENCE_MAX_BYTES) {
                tests.add(DynamicTest.dynamicTest(c.name() + " agrees with the reference recognizer", () -> {
                    RecognizerTest.Verdict v = RecognizerTest.agree(json, c.input());
                    if (c.kind() == 'y') {
                        assertEquals(RecognizerTest.Verdict.COMPLETE, v);
                    } else if (c.kind() == 'n') {
                        assertNotEquals(RecognizerTest.Verdict.COMPLETE, v);
                    }
                }));
            }
        }
        tests.add(DynamicTest.dynamicTest("summary: " + Y_CASES + " y_, " + N_CASES + " n_, " + I_CASES + " i_ of which "
                + implementationDefined, () -> {
        }));
        return tests;
    }

    @TestFactory
    List<DynamicTest> boundedWhitespaceJson() throws IOException {
        Path file = locateSuite();
        assumeTrue(file != null, "no " + SUITE + " in the working directory or its ancestors");
        List<Case> cases = readSuite(file);
        List<DynamicTest> tests = new ArrayList<>();
        // The y_ files have whitespace runs of 0, 1 and 3 bytes: these bounds fall on both sides.
        for (int k : new int[] {0, 1, 2, 3, Grammar.MAX_JSON_WHITESPACE}) {
            String name = Grammar.jsonWithWhitespace(k);
            CompiledGrammar g = Grammar.builtin(name, GrammarOptions.DEFAULT);
            for (Case c : cases) {
                if (c.kind() == 'y') {
                    int run = BuiltinJsonTest.maxWhitespaceRun(c.input());
                    boolean expected = run <= k;
                    tests.add(DynamicTest.dynamicTest(name + (expected ? " accepts " : " rejects ") + c.name()
                            + " (whitespace run " + run + ")", () ->
                            assertEquals(expected, Outcome.of(g, c.input()).sentence(), name + " on " + c.name())));
                } else if (c.kind() == 'n' && c.input().length < REFERENCE_MAX_BYTES) {
                    tests.add(DynamicTest.dynamicTest(name + " rejects " + c.name(), () ->
                            assertFalse(Outcome.of(g, c.input()).sentence(), name + " on " + c.name())));
                }
            }
        }
        return tests;
    }
}
