package io.github.kbnf4j.jsonschema.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every {@code pattern} and {@code patternProperties} key of the JSON Schema Test Suite (draft
 * 2020-12) translates and compiles, and where the schema is only a pattern (with
 * {@code type: string} at most) or only {@code patternProperties} of {@code true} with
 * {@code additionalProperties: false}, the translation decides each test as the suite says.
 * Skipped when the shared data folder is absent.
 */
class EcmaPatternSuiteTest {
    static final Set<String> FILES = Set.of("pattern.json", "patternProperties.json",
        "optional/ecmascript-regex.json", "optional/non-bmp-regex.json");

    @Test
    void patternsOfTheTestSuite() throws IOException {
        Path suite = SharedFiles.locate("shared/suites/json-schema-test-suite/draft2020-12.jsonl", EcmaPatternSuiteTest.class);
        assumeTrue(suite != null, "shared/suites is not present");
        ObjectMapper mapper = new ObjectMapper();
        List<String> failures = new ArrayList<>();
        int patterns = 0;
        int decided = 0;
        for (String line : Files.readAllLines(suite, StandardCharsets.UTF_8)) {
            JsonNode group = mapper.readTree(line);
            if (!FILES.contains(group.path("file").asText())) {
                continue;
            }
            String where = group.path("file").asText() + ": " + group.path("description").asText();
            JsonNode schema = group.path("schema");
            List<String> found = new ArrayList<>();
            collect(schema, found);
            for (String p : found) {
                patterns++;
                try {
                    Regexes.compile(EcmaPattern.toRegex(p), 1000, 100000);
                } catch (RuntimeException e) {
                    failures.add(where + ": " + p + ": " + e.getMessage());
                }
            }
            decided += decide(schema, group.path("tests"), where, failures);
        }
        assertTrue(failures.isEmpty(), () -> String.join("\n", failures));
        assertTrue(patterns >= 20, "only " + patterns + " patterns found");
        assertTrue(decided >= 60, "only " + decided + " tests decided");
    }

    /** Runs the tests a pattern alone decides; returns how many. */
    private static int decide(JsonNode schema, JsonNode tests, String where, List<String> failures) {
        boolean stringsOnly = schema.path("type").asText().equals("string");
        int n = 0;
        if (schema.has("pattern") && onlyKeys(schema, Set.of("$schema", "type", "pattern"))
                && (!schema.has("type") || stringsOnly)) {
            ByteDfa dfa = Regexes.compile(EcmaPattern.toRegex(schema.get("pattern").asText()), 1000, 100000);
            for (JsonNode test : tests) {
                JsonNode data = test.path("data");
                if (!data.isTextual()) {
                    continue;
                }
                n++;
                boolean valid = dfa.matches(data.asText().getBytes(StandardCharsets.UTF_8));
                if (valid != test.path("valid").asBoolean()) {
                    failures.add(where + ": " + test.path("description").asText() + ": got " + valid);
                }
            }
        } else if (schema.has("patternProperties") && schema.path("additionalProperties").isBoolean()
                && !schema.path("additionalProperties").asBoolean()
                && onlyKeys(schema, Set.of("$schema", "type", "patternProperties", "additionalProperties"))) {
            List<ByteDfa> dfas = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : schema.get("patternProperties").properties()) {
                if (!e.getValue().isBoolean() || !e.getValue().asBoolean()) {
                    return n;
                }
                dfas.add(Regexes.compile(EcmaPattern.toRegex(e.getKey()), 1000, 100000));
            }
            for (JsonNode test : tests) {
                JsonNode data = test.path("data");
                if (!data.isObject()) {
                    continue;
                }
                n++;
                boolean valid = true;
                for (Iterator<String> keys = data.fieldNames(); keys.hasNext();) {
                    byte[] key = keys.next().getBytes(StandardCharsets.UTF_8);
                    valid &= dfas.stream().anyMatch(d -> d.matches(key));
                }
                if (valid != test.path("valid").asBoolean()) {
                    failures.add(where + ": " + test.path("description").asText() + ": got " + valid);
                }
            }
        }
        return n;
    }

    private static boolean onlyKeys(JsonNode schema, Set<String> allowed) {
        for (Iterator<String> it = schema.fieldNames(); it.hasNext();) {
            if (!allowed.contains(it.next())) {
                return false;
            }
        }
        return true;
    }

    /** Every pattern value and patternProperties key in a schema, recursively. */
    static void collect(JsonNode node, List<String> out) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                if (e.getKey().equals("pattern") && e.getValue().isTextual()) {
                    out.add(e.getValue().asText());
                } else if (e.getKey().equals("patternProperties") && e.getValue().isObject()) {
                    e.getValue().fieldNames().forEachRemaining(out::add);
                }
                collect(e.getValue(), out);
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                collect(item, out);
            }
        }
    }

    @Test
    void collectFindsNestedPatterns() throws IOException {
        JsonNode schema = new ObjectMapper().readTree(
            "{\"properties\":{\"a\":{\"pattern\":\"x\"}},\"patternProperties\":{\"^y\":{\"pattern\":\"z\"}}}");
        List<String> out = new ArrayList<>();
        collect(schema, out);
        assertEquals(Set.of("x", "^y", "z"), Set.copyOf(out));
    }
}
