package io.github.kbnf4j.jqwik;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.github.kbnf4j.grammar.internal.sentences.SentenceGenerator;
import io.github.kbnf4j.jsonschema.FormatMode;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.SchemaDraft;
import io.github.kbnf4j.testdata.CanonicalNumbers;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * networknt's json-schema-validator as an independent judge of schema instances, and the schemas
 * to judge: the official JSON-Schema-Test-Suite's (draft 2020-12, and 7 in the full run; required groups only,
 * without remote or id-relative references) and a seeded sample of MaskBench's, those that kbnf4j compiles (formats
 * as annotations: networknt's format checks differ in detail from anyone's) and networknt loads.
 * Without the shared folder the list is empty, and a line says why.
 */
final class SchemaOracle {
    static final ObjectMapper MAPPER = new ObjectMapper();
    static final ObjectMapper EXACT = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
    static final JsonSchemaOptions ANNOTATE_FORMATS = JsonSchemaOptions.DEFAULT.withFormats(FormatMode.ANNOTATE);

    /**
     * Suite groups where networknt departs from the specification (the jsonschema module's own
     * oracle test lists the reasons: contentMediaType asserted, minContains above maxContains,
     * java.util.regex for ECMA-262 patterns).
     */
    private static final List<String> NETWORKNT_DEPARTURES = List.of("optional/content.json",
            "minContains.json / maxContains < minContains", "optional/ecmascript-regex.json");

    record Case(String name, JsonNode schema, SchemaDraft draft, JsonSchema oracle) {
        JsonSchemaOptions options() {
            return ANNOTATE_FORMATS.withDefaultDraft(draft);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static List<Case> cases;
    private static final java.util.Map<SpecVersion.VersionFlag, JsonSchemaFactory> FACTORIES =
            new java.util.EnumMap<>(SpecVersion.VersionFlag.class);

    private SchemaOracle() {
    }

    /**
     * Set the system property {@code kbnf4j.jqwik.fullOracle} to {@code true} for the long run:
     * draft 7's groups too and 300 MaskBench schemas (about a minute of loading alone).
     */
    static final boolean FULL = Boolean.getBoolean("kbnf4j.jqwik.fullOracle");

    /** The cases: draft 2020-12's groups and {@code maskBenchSample} MaskBench schemas (more with {@link #FULL}). */
    static synchronized List<Case> cases(int maskBenchSample) {
        if (cases != null) {
            return cases;
        }
        if (FULL) {
            maskBenchSample = Math.max(maskBenchSample, 300);
        }
        cases = new ArrayList<>();
        try {
            Path suite = SharedFiles.locate("shared/suites/json-schema-test-suite");
            if (suite != null) {
                suiteCases(suite.resolve("draft2020-12.jsonl"), SchemaDraft.DRAFT_2020_12, SpecVersion.VersionFlag.V202012);
                if (FULL) {
                    suiteCases(suite.resolve("draft7.jsonl"), SchemaDraft.DRAFT_7, SpecVersion.VersionFlag.V7);
                }
            } else {
                System.out.println("JSON-Schema-Test-Suite schemas skipped: no shared/suites/json-schema-test-suite in the"
                        + " working directory or its ancestors");
            }
            Path maskbench = SharedFiles.locate("shared/corpus/maskbench-schemas");
            if (maskbench != null) {
                List<JsonNode> schemas = SharedFiles.jsonLines(maskbench);
                Collections.shuffle(schemas, new Random(15));
                for (JsonNode s : schemas.subList(0, Math.min(maskBenchSample, schemas.size()))) {
                    JsonNode schema = s.get("schema");
                    boolean four = schema.path("$schema").asText().contains("draft-04");
                    add("maskbench " + s.get("file").asText(), schema, four ? SchemaDraft.DRAFT_4 : SchemaDraft.DRAFT_7,
                            four ? SpecVersion.VersionFlag.V4 : SpecVersion.VersionFlag.V7);
                }
            } else {
                System.out.println("MaskBench schemas skipped: no shared/corpus/maskbench-schemas in the working"
                        + " directory or its ancestors");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    private static void suiteCases(Path file, SchemaDraft draft, SpecVersion.VersionFlag version) throws IOException {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            JsonNode group = MAPPER.readTree(line);
            String text = group.get("schema").toString();
            String name = group.get("file").asText() + " / " + group.get("description").asText();
            if (NETWORKNT_DEPARTURES.stream().anyMatch(name::startsWith)) {
                continue;
            }
            if (name.startsWith("optional/") || name.contains("Unicode property escape")) {
                continue; // the optional groups and the two schemas that take seconds to compile: time
            }
            if (text.contains("localhost:1234") || text.contains("\"$id\"") || text.contains("\"$ref\":\"http")) {
                continue; // remote or id-relative references: networknt would try to fetch them
            }
            add(name, group.get("schema"), draft, version);
        }
    }

    private static void add(String name, JsonNode schema, SchemaDraft draft, SpecVersion.VersionFlag version) {
        try {
            if (!new SentenceGenerator(JsonSchemaGrammar.compile(schema, ANNOTATE_FORMATS.withDefaultDraft(draft)
                    .withMaxWhitespace(0))).hasSentences()) {
                return;
            }
        } catch (JsonSchemaException e) {
            return;
        }
        JsonSchema oracle;
        try {
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(false).build();
            oracle = FACTORIES.computeIfAbsent(version, JsonSchemaFactory::getInstance).getSchema(schema, config);
        } catch (RuntimeException e) {
            return; // networknt cannot load it (e.g. a reference it would fetch)
        }
        cases.add(new Case(name, schema, draft, oracle));
    }

    /**
     * networknt's errors on {@code text}, or null when networknt cannot decide: it loads some
     * references lazily and would fetch them. Numbers are read the three ways networknt's
     * verdict depends on (doubles, exact, exact in the shortest node), and the text counts as
     * valid if any reading is.
     */
    static Set<ValidationMessage> errors(JsonSchema oracle, String text) {
        try {
            Set<ValidationMessage> errors = oracle.validate(MAPPER.readTree(text));
            if (!errors.isEmpty()) {
                errors = oracle.validate(EXACT.readTree(text));
            }
            if (!errors.isEmpty()) {
                errors = oracle.validate(CanonicalNumbers.of(EXACT.readTree(text)));
            }
            return errors;
        } catch (com.networknt.schema.JsonSchemaException | NumberFormatException e) {
            return null; // a reference networknt would fetch; an exponent beyond what Jackson reads exactly
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    }
