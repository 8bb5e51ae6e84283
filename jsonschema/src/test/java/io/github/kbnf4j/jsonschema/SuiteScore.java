package io.github.kbnf4j.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.GrammarException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scores the official JSON-Schema-Test-Suite the way llguidance does: each test's instance,
 * serialized compactly, must be accepted byte by byte and end complete when it is valid, and must
 * be refused or incomplete when it is not. A group whose schema is refused counts every test as
 * refused (never as passed).
 */
final class SuiteScore {
    static final ObjectMapper MAPPER = new ObjectMapper();

    /** Counts of one file (keyword) of the suite. */
    static final class Counts {
        int passed;
        int failedValid; // valid instance rejected
        int acceptedInvalid; // invalid instance accepted: the worst failure
        int refused; // tests of groups whose schema was refused

        int total() {
            return passed + failedValid + acceptedInvalid + refused;
        }

        void add(Counts o) {
            passed += o.passed;
            failedValid += o.failedValid;
            acceptedInvalid += o.acceptedInvalid;
            refused += o.refused;
        }
    }

    final Map<String, Counts> byFile = new TreeMap<>();
    final Map<String, Integer> refusalReasons = new HashMap<>();
    final List<String> falsePositives = new ArrayList<>();
    final List<String> falseNegatives = new ArrayList<>();

    static Map<String, JsonNode> remotes(Path suiteDir) throws IOException {
        JsonNode all = MAPPER.readTree(Files.readString(suiteDir.resolve("remotes.json")));
        Map<String, JsonNode> map = new HashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = all.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            map.put(e.getKey(), e.getValue());
        }
        return map;
    }

    /**
     * Scores every group of {@code file} whose suite file name is accepted by {@code include}.
     *
     * @param draft the draft of the suite file (schemas without $schema)
     */
    static SuiteScore score(Path file, SchemaDraft draft, Map<String, JsonNode> remotes, boolean requiredOnly)
            throws IOException {
        SuiteScore score = new SuiteScore();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode group = MAPPER.readTree(line);
            String name = group.get("file").asText();
            if (requiredOnly && name.startsWith("optional/")) {
                continue;
            }
            FormatMode formats = name.startsWith("optional/format/") ? FormatMode.ASSERT : FormatMode.ANNOTATE;
            JsonSchemaOptions options = JsonSchemaOptions.DEFAULT.withDefaultDraft(draft).withFormats(formats)
                    .withRemoteSchemas(remotes);
            Counts counts = score.byFile.computeIfAbsent(name, k -> new Counts());
            CompiledGrammar grammar;
            try {
                grammar = JsonSchemaGrammar.compile(group.get("schema"), options);
            } catch (JsonSchemaException e) {
                counts.refused += group.get("tests").size();
                score.refusalReasons.merge(e.reason(), 1, Integer::sum);
                continue;
            }
            Recognizer r = new Recognizer(grammar);
            for (JsonNode test : group.get("tests")) {
                byte[] instance = MAPPER.writeValueAsString(test.get("data")).getBytes(StandardCharsets.UTF_8);
                r.reset();
                boolean accepted = r.push(instance, 0, instance.length) == instance.length && r.isAccepting();
                boolean valid = test.get("valid").asBoolean();
                String where = name + " / " + group.get("description").asText() + " / "
                        + test.get("description").asText() + ": " + new String(instance, StandardCharsets.UTF_8);
                if (accepted == valid) {
                    counts.passed++;
                } else if (valid) {
                    counts.failedValid++;
                    score.falseNegatives.add(where);
                } else {
                    counts.acceptedInvalid++;
                    score.falsePositives.add(where + "\n    schema: " + group.get("schema"));
                }
            }
        }
        return score;
    }

    Counts total() {
        Counts t = new Counts();
        byFile.values().forEach(t::add);
        return t;
    }

    String report() {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("%-45s %6s %6s %6s %6s %6s%n", "file", "tests", "pass", "valid-", "invalid+", "refused"));
        byFile.forEach((f, c) -> sb.append(String.format("%-45s %6d %6d %6d %6d %6d%n", f, c.total(), c.passed,
                c.failedValid, c.acceptedInvalid, c.refused)));
        Counts t = total();
        sb.append(String.format("%-45s %6d %6d %6d %6d %6d%n", "TOTAL", t.total(), t.passed, t.failedValid,
                t.acceptedInvalid, t.refused));
        return sb.toString();
    }
}
