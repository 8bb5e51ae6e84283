package io.github.kbnf4j.jsonschema;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.testdata.Sentences;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * An independent oracle: every sentence generated from a compiled schema's grammar must be an
 * instance that networknt's json-schema-validator accepts. Schemas: those of the official test
 * suite (drafts 2020-12 and 7, without remote references) and a seeded sample of the MaskBench
 * schemas, each compiled with formats as annotations (networknt's format checks differ in detail
 * from any other's; formats have their own tests). Without the shared data folder there is nothing
 * to check and each property passes on an empty case list.
 */
class NetworkntOracleProperties {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Case(String name, JsonNode schema, JsonSchema oracle, CompiledGrammar grammar) {
        @Override
        public String toString() {
            return name;
        }
    }

    record Instance(Case schema, String text) {
        @Override
        public String toString() {
            return schema.name + ": " + text + "\n  schema: " + schema.schema;
        }
    }

    private static List<Case> cases;

    static synchronized List<Case> cases() throws IOException {
        if (cases != null) {
            return cases;
        }
        cases = new ArrayList<>();
        Path suite = SharedFiles.locate("shared/suites/json-schema-test-suite");
        if (suite != null) {
            suiteCases(suite.resolve("draft2020-12.jsonl"), SchemaDraft.DRAFT_2020_12, SpecVersion.VersionFlag.V202012);
            suiteCases(suite.resolve("draft7.jsonl"), SchemaDraft.DRAFT_7, SpecVersion.VersionFlag.V7);
        }
        Path maskbench = SharedFiles.locate("shared/corpus/maskbench-schemas");
        if (maskbench != null) {
            List<JsonNode> schemas = new ArrayList<>();
            try (Stream<Path> files = Files.list(maskbench)) {
                for (Path f : files.sorted().toList()) {
                    for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                        if (!line.isBlank()) {
                            schemas.add(MAPPER.readTree(line));
                        }
                    }
                }
            }
            Collections.shuffle(schemas, new Random(7));
            for (JsonNode s : schemas.subList(0, Math.min(300, schemas.size()))) {
                JsonNode schema = s.get("schema");
                SpecVersion.VersionFlag version = schema.path("$schema").asText().contains("draft-04")
                        ? SpecVersion.VersionFlag.V4 : SpecVersion.VersionFlag.V7;
                SchemaDraft draft = version == SpecVersion.VersionFlag.V4 ? SchemaDraft.DRAFT_4 : SchemaDraft.DRAFT_7;
                add(s.get("file").asText(), schema, draft, version);
            }
        }
        return cases;
    }

    private static void suiteCases(Path file, SchemaDraft draft, SpecVersion.VersionFlag version) throws IOException {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            JsonNode group = MAPPER.readTree(line);
            String text = group.get("schema").toString();
            if (text.contains("localhost:1234") || text.contains("json-schema.org/draft")
                    && text.contains("\"$ref\":\"http")) {
                continue; // remote references: networknt would fetch them
            }
            add(group.get("file").asText() + " / " + group.get("description").asText(), group.get("schema"), draft,
                    version);
        }
    }

    private static void add(String name, JsonNode schema, SchemaDraft draft, SpecVersion.VersionFlag version) {
        CompiledGrammar grammar;
        try {
            grammar = JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT.withDefaultDraft(draft)
                    .withFormats(FormatMode.ANNOTATE));
        } catch (JsonSchemaException e) {
            return;
        }
        if (!Sentences.hasSentences(grammar)) {
            return;
        }
        JsonSchema oracle;
        try {
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(false).build();
            oracle = JsonSchemaFactory.getInstance(version).getSchema(schema, config);
        } catch (RuntimeException e) {
            return; // networknt cannot load it (e.g. a reference it would fetch)
        }
        cases.add(new Case(name, schema, oracle, grammar));
    }

    @Provide
    Arbitrary<Instance> instances() throws IOException {
        List<Case> all = cases();
        if (all.isEmpty()) {
            return Arbitraries.just(null);
        }
        return Arbitraries.of(all).flatMap(c -> Sentences.of(c.grammar(), 24, 400)
                .map(b -> new Instance(c, new String(b, StandardCharsets.UTF_8))));
    }

    @Property(tries = 3000)
    void generatedSentencesAreValidInstances(@ForAll("instances") Instance instance) throws IOException {
        if (instance == null) {
            return;
        }
        JsonNode value = MAPPER.readTree(instance.text());
        Set<ValidationMessage> errors = instance.schema().oracle().validate(value);
        assertTrue(errors.isEmpty(), () -> "networknt rejects " + instance + "\n  because " + errors);
    }
}
