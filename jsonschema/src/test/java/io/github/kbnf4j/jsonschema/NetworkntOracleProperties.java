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
import io.github.kbnf4j.testdata.CanonicalNumbers;
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
    /**
     * Instances are read as Jackson does by default, and again with exact numbers: 10E310 is an integer, which a double cannot say, and
     * 261307461307460304 is a multiple of 3, which a double cannot say either.
     */
    private static final ObjectMapper EXACT = new ObjectMapper()
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    record Case(String name, JsonNode schema, JsonSchema oracle, CompiledGrammar grammar, JsonSchemaOptions options) {
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

    /** A number with more significant digits than a double holds. */
    private static final java.util.regex.Pattern LONG_NUMBER = java.util.regex.Pattern.compile("[0-9.]{16,}");

    /**
     * Suite groups where networknt departs from the specification, so a disagreement says nothing
     * about kbnf4j: it asserts contentMediaType (an annotation since 2019-09), and it rejects every
     * instance when minContains exceeds maxContains (the schema is valid; only arrays are constrained),
     * and it reads patterns with java.util.regex, whose {@code \c}, {@code \s} and {@code \w} differ
     * from ECMA-262's.
     */
    private static final List<String> NETWORKNT_DEPARTURES = List.of("optional/content.json",
            "minContains.json / maxContains < minContains", "optional/ecmascript-regex.json");

    static synchronized List<Case> cases() throws IOException {
        if (cases != null) {
            return cases;
        }
        cases = new ArrayList<>();
        Path suite = SharedFiles.locate("shared/suites/json-schema-test-suite", NetworkntOracleProperties.class);
        if (suite != null) {
            suiteCases(suite.resolve("draft2020-12.jsonl"), SchemaDraft.DRAFT_2020_12, SpecVersion.VersionFlag.V202012);
            suiteCases(suite.resolve("draft7.jsonl"), SchemaDraft.DRAFT_7, SpecVersion.VersionFlag.V7);
        }
        Path maskbench = SharedFiles.locate("shared/corpus/maskbench-schemas", NetworkntOracleProperties.class);
        if (maskbench != null) {
            List<JsonNode> schemas = SharedFiles.jsonLines(maskbench);
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
            String name = group.get("file").asText() + " / " + group.get("description").asText();
            if (NETWORKNT_DEPARTURES.stream().anyMatch(name::startsWith)) {
                continue;
            }
            if (text.contains("localhost:1234") || text.contains("\"$id\"") || text.contains("\"$ref\":\"http")) {
                continue; // remote or id-relative references: networknt would try to fetch them
            }
            add(group.get("file").asText() + " / " + group.get("description").asText(), group.get("schema"), draft,
                    version);
        }
    }

    private static void add(String name, JsonNode schema, SchemaDraft draft, SpecVersion.VersionFlag version) {
        CompiledGrammar grammar;
        JsonSchemaOptions options = JsonSchemaOptions.DEFAULT.withDefaultDraft(draft).withFormats(FormatMode.ANNOTATE);
        try {
            grammar = JsonSchemaGrammar.compile(schema, options);
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
        cases.add(new Case(name, schema, oracle, grammar, options));
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

    /**
     * The seed is fixed so that {@code mvn verify} checks the same 3,000 instances every run: the
     * oracle is a third-party validator whose departures from the specification (listed above) each
     * surfaced only on some seeds. To explore, remove the seed (jqwik then draws a new one per run);
     * unpinned runs found two kbnf4j bugs (see the regression tests in JsonSchemaGrammarTest).
     */
    @Property(tries = 3000, seed = "20261124")
    void generatedSentencesAreValidInstances(@ForAll("instances") Instance instance) throws IOException {
        if (instance == null) {
            return;
        }
        if (instance.schema().schema().toString().contains("\"multipleOf\"")
                && LONG_NUMBER.matcher(instance.text()).find()) {
            return; // networknt computes multipleOf in double precision: 261307461307460304 % 3 != 0 there
        }
        Set<ValidationMessage> errors;
        try {
            // networknt's verdict depends on how the numbers were read (doubles lose digits, big
            // numbers miss enum values read as small ones): the instance fails only if both fail.
            errors = null;
            try {
                errors = instance.schema().oracle().validate(MAPPER.readTree(instance.text()));
            } catch (NumberFormatException e) {
                // A number beyond a double (1e400) read as infinity, which networknt's const and
                // enum checks cannot compare: read it exactly below.
            }
            if (errors == null || !errors.isEmpty()) {
                errors = instance.schema().oracle().validate(EXACT.readTree(instance.text()));
            }
            if (!errors.isEmpty()) {
                errors = instance.schema().oracle().validate(CanonicalNumbers.of(EXACT.readTree(instance.text())));
            }
        } catch (com.networknt.schema.JsonSchemaException e) {
            // networknt loads some references lazily and would fetch them: it cannot decide here.
            return;
        } catch (NumberFormatException e) {
            // An exponent beyond what Jackson reads as a BigDecimal (1e99999999999): no exact reading.
            return;
        }
        errors = withoutMisjudgedBounds(errors);
        if (!errors.isEmpty() && errors.stream().allMatch(m -> "pattern".equals(m.getType()))
                && instance.text().chars().anyMatch(c -> c > 0x7F)) {
            // networknt matches patterns with java.util.regex, whose \s, \w and . differ from
            // ECMA-262's for non-ASCII characters (NBSP, U+2028, U+0085...): it cannot decide here.
            return;
        }
        Set<ValidationMessage> found = errors;
        assertTrue(found.isEmpty(), () -> "networknt rejects " + instance + "\n  because " + found);
    }

    /**
     * {@code errors} without the bound messages that an exact comparison refutes: networknt
     * misjudges {@code minimum} and {@code maximum} against a decimal node of huge exponent
     * ({@code 1E100000}, which {@link CanonicalNumbers} leaves decimal, "must have a minimum value
     * of 1"). Only a bound the value satisfies strictly is dropped: it then satisfies the exclusive
     * form too (draft 4's boolean flag beside it).
     */
    private static Set<ValidationMessage> withoutMisjudgedBounds(Set<ValidationMessage> errors) {
        Set<ValidationMessage> kept = new java.util.LinkedHashSet<>();
        for (ValidationMessage m : errors) {
            if (!strictlyWithinItsBound(m)) {
                kept.add(m);
            }
        }
        return kept;
    }

    private static boolean strictlyWithinItsBound(ValidationMessage m) {
        JsonNode value = m.getInstanceNode();
        JsonNode bound = m.getSchemaNode();
        if (value == null || bound == null || !value.isNumber() || !bound.isNumber()
                || (value.isFloatingPointNumber() && !value.isBigDecimal() && !Double.isFinite(value.doubleValue()))) {
            return false;
        }
        int c = value.decimalValue().compareTo(bound.decimalValue());
        return switch (m.getType()) {
            case "minimum", "exclusiveMinimum" -> c > 0;
            case "maximum", "exclusiveMaximum" -> c < 0;
            default -> false;
        };
    }
}
