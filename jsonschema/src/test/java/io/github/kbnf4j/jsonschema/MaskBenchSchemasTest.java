package io.github.kbnf4j.jsonschema;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The MaskBench schemas (JSON Schema Bench): every schema either compiles or is refused with a
 * {@link JsonSchemaException}, never another exception; and for the schemas that compile, their
 * test documents behave: valid ones are sentences, invalid ones are not. {@code mvn verify} runs a
 * seeded sample ({@value #SAMPLE} schemas); {@code -Dkbnf4j.maskbench.schemas=all} runs all 11,305
 * (a few minutes). {@code -Dkbnf4j.maskbench.order=declared} compiles with properties in declared
 * order ({@link PropertyOrder#DECLARED}; {@code any}, the default, is {@link PropertyOrder#ANY};
 * {@code any_repeatable} is {@link PropertyOrder#ANY_REPEATABLE}). The report goes to
 * {@code target/maskbench-schemas.txt}. A second test runs the same schemas with
 * {@link PropertyOrder#ANY_REPEATABLE}, whose grammars differ past the state budget, and asserts
 * the same (report: {@code target/maskbench-schemas-repeatable.txt}). Skipped without the shared
 * data folder.
 */
class MaskBenchSchemasTest {
    static final int SAMPLE = 400;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Doc(String text, boolean valid) {
    }

    @Test
    void everySchemaCompilesOrIsRefusedAndItsDocumentsBehave() throws IOException {
        String order = System.getProperty("kbnf4j.maskbench.order");
        check(order == null ? JsonSchemaOptions.DEFAULT
                : JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.valueOf(order.toUpperCase(Locale.ROOT))),
                "maskbench-schemas.txt");
    }

    @Test
    void withRepeatableOptionalPropertiesNoInvalidDocumentIsAcceptedEither() throws IOException {
        check(JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.ANY_REPEATABLE),
                "maskbench-schemas-repeatable.txt");
    }

    private static void check(JsonSchemaOptions options, String reportFile) throws IOException {
        Path schemas = SharedFiles.locate("shared/corpus/maskbench-schemas", MaskBenchSchemasTest.class);
        Path corpus = SharedFiles.locate("shared/corpus/maskbench", MaskBenchSchemasTest.class);
        assumeTrue(schemas != null && corpus != null, "../shared/corpus is not here");
        List<JsonNode> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(schemas)) {
            for (Path f : files.sorted().toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        JsonNode n = MAPPER.readTree(line);
                        ((com.fasterxml.jackson.databind.node.ObjectNode) n).put("source",
                                f.getFileName().toString().replace(".jsonl", ""));
                        all.add(n);
                    }
                }
            }
        }
        boolean everything = "all".equals(System.getProperty("kbnf4j.maskbench.schemas"));
        if (!everything) {
            Collections.shuffle(all, new Random(20261124));
            all = all.subList(0, Math.min(SAMPLE, all.size()));
        }
        Map<String, List<Doc>> docs = new HashMap<>();
        for (JsonNode s : all) {
            docs.put(s.get("file").asText(), new ArrayList<>());
        }
        try (Stream<Path> files = Files.list(corpus)) {
            for (Path f : files.sorted().toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode d = MAPPER.readTree(line);
                    List<Doc> list = docs.get(d.get("file").asText());
                    if (list != null) {
                        list.add(new Doc(d.get("text").asText(), d.get("valid").asBoolean()));
                    }
                }
            }
        }
        long compileNanos = 0;
        int compiled = 0;
        int refused = 0;
        int passing = 0;
        Map<String, Integer> reasons = new HashMap<>();
        List<String> crashes = new ArrayList<>();
        List<String> acceptedInvalid = new ArrayList<>();
        List<String> rejectedValid = new ArrayList<>();
        List<String> slow = new ArrayList<>();
        for (JsonNode s : all) {
            String file = s.get("file").asText();
            long t0 = System.nanoTime();
            CompiledGrammar g;
            try {
                g = JsonSchemaGrammar.compile(file, s.get("schema"), options);
            } catch (JsonSchemaException e) {
                refused++;
                reasons.merge(e.reason().replaceAll("'[^']*'", "'…'").replaceAll("\\d+", "N"), 1, Integer::sum);
                continue;
            } catch (RuntimeException | StackOverflowError e) {
                crashes.add(file + ": " + e);
                continue;
            } finally {
                compileNanos += System.nanoTime() - t0;
                long ms = (System.nanoTime() - t0) / 1_000_000;
                if (ms > 2000) {
                    slow.add(file + ": " + ms + " ms");
                }
            }
            compiled++;
            Recognizer r = new Recognizer(g);
            boolean ok = true;
            for (Doc d : docs.getOrDefault(file, List.of())) {
                byte[] b = d.text().getBytes(StandardCharsets.UTF_8);
                r.reset();
                boolean accepted;
                try {
                    accepted = r.push(b, 0, b.length) == b.length && r.isAccepting();
                } catch (RuntimeException e) {
                    crashes.add(file + " (document): " + e);
                    ok = false;
                    continue;
                }
                if (accepted != d.valid()) {
                    ok = false;
                    (d.valid() ? rejectedValid : acceptedInvalid).add(file + ": " + abbreviate(d.text()));
                }
            }
            if (ok) {
                passing++;
            }
        }
        StringBuilder report = new StringBuilder();
        report.append("schemas ").append(all.size()).append(", compiled ").append(compiled).append(", refused ")
                .append(refused).append(", passing ").append(passing).append(", crashes ").append(crashes.size())
                .append(", invalid documents accepted ").append(acceptedInvalid.size())
                .append(", valid documents rejected ").append(rejectedValid.size()).append(", property order ")
                .append(options.propertyOrder()).append(", compile time ").append(compileNanos / 1_000_000_000)
                .append(" s in all\n");
        report.append("\nrefusal reasons:\n");
        reasons.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(40)
                .forEach(e -> report.append(String.format("%5d  %s%n", e.getValue(), e.getKey())));
        report.append("\ncrashes:\n");
        crashes.forEach(c -> report.append("  ").append(c).append('\n'));
        report.append("\nslow (> 2 s):\n");
        slow.forEach(c -> report.append("  ").append(c).append('\n'));
        report.append("\ninvalid documents accepted:\n");
        acceptedInvalid.forEach(c -> report.append("  ").append(c).append('\n'));
        report.append("\nvalid documents rejected:\n");
        rejectedValid.forEach(c -> report.append("  ").append(c).append('\n'));
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", reportFile), report);
        assertTrue(crashes.isEmpty(), () -> "crashes:\n" + String.join("\n", crashes));
        assertTrue(acceptedInvalid.isEmpty(), () -> "invalid documents accepted:\n" + String.join("\n",
                acceptedInvalid));
    }

    private static String abbreviate(String s) {
        return s.length() <= 200 ? s : s.substring(0, 200) + "…";
    }
}
