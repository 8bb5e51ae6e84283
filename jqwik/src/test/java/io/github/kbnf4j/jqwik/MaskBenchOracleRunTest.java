package io.github.kbnf4j.jqwik;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.github.kbnf4j.grammar.internal.sentences.SentenceGenerator;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.SchemaDraft;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import net.jqwik.api.Shrinkable;
import net.jqwik.api.TooManyFilterMissesException;
import net.jqwik.api.sessions.JqwikSession;
import org.junit.jupiter.api.Test;

/**
 * The long measurement of the schema oracle target: on every MaskBench schema that kbnf4j
 * compiles, {@code K} instances are valid and {@code K} invalid instances invalid by networknt's
 * validator, and each invalid instance breaks the keyword its label names. It is not part of
 * {@code mvn verify} (it takes hours on two cores); run it with
 *
 * <pre>
 * mvn -o -q -pl jqwik -am test -Dtest=MaskBenchOracleRunTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dkbnf4j.jqwik.maskbenchAll=true [-Dkbnf4j.jqwik.maskbenchMinutes=30] [-Dkbnf4j.jqwik.maskbenchK=5]
 *     [-Dkbnf4j.jqwik.maskbenchFiles=Github_easy---o37070.json,...] [-Dkbnf4j.jqwik.maskbenchSeed=15]
 * </pre>
 *
 * Schemas run in a seeded random order; with a time budget the run stops when it is spent, and is
 * then a seeded sample. It prints progress, a summary and the first failures, writes every failure
 * to {@code target/maskbench-oracle-failures.txt}, and fails if any instance failed. Formats are
 * annotations on both sides (networknt's format checks differ in detail from anyone's).
 *
 * <p>A valid instance that networknt rejects because of one of its known departures from the
 * specification is listed under a {@code NETWORKNT_} kind and not counted as a failure: multipleOf
 * computed in doubles, java.util.regex instead of ECMA-262 (white space such as U+3000 for
 * {@code \s}, {@code $} before a final line break, {@code [} inside a class), and bounds of
 * integers beyond 1e400 (see {@link #classify}).
 */
class MaskBenchOracleRunTest {
    private static final boolean ENABLED = Boolean.getBoolean("kbnf4j.jqwik.maskbenchAll");
    private static final int K = Integer.getInteger("kbnf4j.jqwik.maskbenchK", 5);
    private static final long BUDGET_MILLIS = TimeUnit.MINUTES.toMillis(Integer.getInteger("kbnf4j.jqwik.maskbenchMinutes", 100_000));
    private static final long TIMEOUT_SECONDS = Integer.getInteger("kbnf4j.jqwik.maskbenchTimeoutSeconds", 30);
    private static final long SEED = Long.getLong("kbnf4j.jqwik.maskbenchSeed", 15);
    /** The only files to run (comma-separated), e.g. to reproduce failures; all when empty. */
    private static final Set<String> ONLY = Arrays.stream(System.getProperty("kbnf4j.jqwik.maskbenchFiles", "")
            .split(",")).filter(f -> !f.isBlank()).collect(Collectors.toSet());
    /** A number with more significant digits than a double holds (networknt's multipleOf uses doubles). */
    private static final Pattern LONG_NUMBER = Pattern.compile("[0-9.]{16,}");
    /**
     * White space that ECMA-262's {@code \s} matches and java.util.regex's does not (networknt's
     * default regex engine), and U+0085, which java's {@code .} does not match and ECMA-262's does.
     */
    private static final String ECMA_ONLY_SPACE = "\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
            + "\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF\u0085";
    private static final Set<String> REGEX_KEYWORDS = Set.of("pattern", "additionalProperties", "patternProperties",
            "propertyNames");
    /**
     * A line terminator at the end of a property name: java.util.regex's {@code $} matches before
     * it, ECMA-262's only at the very end, so networknt applies {@code patternProperties} such as
     * {@code "^.*$"} to the property and the schema does not.
     */
    private static final Pattern LINE_END_IN_KEY = Pattern.compile("(\\\\[nr]|[\\n\\r\u0085\u2028\u2029])([/.\\]'\"]|$)");
    private static final Set<String> BOUND_KEYWORDS = Set.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum");
    /**
     * A number beyond 1e400: networknt misjudges bounds of integer-typed numbers written with an
     * exponent or a fraction unless they are read as a BigInteger, which for such exponents costs
     * minutes.
     */
    private static final Pattern HUGE_EXPONENT = Pattern.compile("[0-9][eE]\\+?[0-9]{3,}");

    /** What happened to one schema. */
    enum Outcome {
        RUN, REFUSED, NO_VALUE, ORACLE_REFUSED, TIMEOUT, ERROR
    }

    /**
     * An instance on which networknt and the generator disagree, or a note on a schema; {@code kind}
     * starts with {@code NETWORKNT_} for a known departure of networknt from the specification,
     * {@code NOTE_} for a note.
     */
    record Failure(String kind, String file, String instance, String detail) {
        boolean ours() {
            return !kind.startsWith("NETWORKNT_") && !kind.startsWith("NOTE_");
        }

        @Override
        public String toString() {
            return kind + " " + file + "\n    instance: " + abbreviate(instance, 400) + "\n    " + abbreviate(detail, 600);
        }
    }

    /** Counts of one schema's run. */
    static final class Tally {
        int valid;
        int invalid;
        int undecided;
        boolean noInvalid;
        final List<Failure> failures = new ArrayList<>();
    }

    private final Map<Outcome, Integer> outcomes = new EnumMap<>(Outcome.class);
    private final Map<String, Integer> errors = new ConcurrentSkipListMap<>();
    private final Map<SpecVersion.VersionFlag, JsonSchemaFactory> factories = new EnumMap<>(SpecVersion.VersionFlag.class);

    @Test
    void everyMaskBenchSchema() throws IOException, InterruptedException {
        if (!ENABLED) {
            System.out.println("MaskBenchOracleRunTest skipped: a long run; set -Dkbnf4j.jqwik.maskbenchAll=true to run it");
        }
        assumeTrue(ENABLED, "set -Dkbnf4j.jqwik.maskbenchAll=true to run the long MaskBench oracle run");
        Path dir = SharedFiles.locate("shared/corpus/maskbench-schemas");
        assumeTrue(dir != null, "no shared/corpus/maskbench-schemas in the working directory or its ancestors");
        List<JsonNode> schemas = SharedFiles.jsonLines(dir);
        Collections.shuffle(schemas, new Random(SEED));
        if (!ONLY.isEmpty()) {
            schemas.removeIf(s -> !ONLY.contains(s.get("file").asText()));
        }
        long start = System.currentTimeMillis();
        int instancesValid = 0;
        int instancesInvalid = 0;
        int undecided = 0;
        int noInvalid = 0;
        int seen = 0;
        List<Failure> failures = new ArrayList<>();
        Path out = Path.of("target", "maskbench-oracle-failures.txt");
        Files.createDirectories(out.getParent());
        try (PrintWriter log = new PrintWriter(Files.newBufferedWriter(out, StandardCharsets.UTF_8))) {
            for (JsonNode line : schemas) {
                if (System.currentTimeMillis() - start > BUDGET_MILLIS) {
                    break;
                }
                seen++;
                String file = line.get("file").asText();
                Tally t = new Tally();
                Outcome o = runWithTimeout(file, line.get("schema"), t);
                outcomes.merge(o, 1, Integer::sum);
                if (o == Outcome.RUN) {
                    instancesValid += t.valid;
                    instancesInvalid += t.invalid;
                    undecided += t.undecided;
                    noInvalid += t.noInvalid ? 1 : 0;
                }
                for (Failure f : t.failures) {
                    failures.add(f);
                    log.println(f);
                    log.flush();
                }
                if (seen % 250 == 0) {
                    System.out.printf("[maskbench oracle] %d schemas in %ds: %s, %d failures%n", seen,
                            (System.currentTimeMillis() - start) / 1000, outcomes, failures.size());
                }
            }
        }
        Map<String, Integer> byKind = new TreeMap<>();
        failures.forEach(f -> byKind.merge(f.kind(), 1, Integer::sum));
        System.out.printf("[maskbench oracle] %d of %d schemas (seed %d) in %ds, K = %d%n", seen, schemas.size(), SEED,
                (System.currentTimeMillis() - start) / 1000, K);
        System.out.println("  outcomes: " + outcomes + " (REFUSED: the compiler refuses the schema; NO_VALUE: no instance;"
                + " ORACLE_REFUSED: networknt cannot load it)");
        System.out.printf("  instances checked: %d valid, %d invalid; %d undecided by networknt; %d schemas without"
                + " invalid instances%n", instancesValid, instancesInvalid, undecided, noInvalid);
        System.out.println("  failures by kind: " + byKind);
        System.out.println("  exceptions by kind: " + errors);
        failures.stream().sorted(Comparator.comparing(f -> !f.ours())).limit(40).forEach(f -> System.out.println("  " + f));
        long ours = failures.stream().filter(Failure::ours).count();
        assertEquals(0, ours, ours + " failures (besides networknt's departures), see " + out);
    }

    /**
     * Runs one schema on its own thread, abandoned after the timeout (generation of a huge schema
     * can take minutes, and a run must go on).
     */
    @SuppressWarnings("removal") // Thread.stop: the only way to end a generator stuck in a loop without checks
    private Outcome runWithTimeout(String file, JsonNode schema, Tally t) throws InterruptedException {
        FutureTask<Outcome> task = new FutureTask<>(() -> {
            // Arbitraries need a jqwik context, and this thread is not jqwik's.
            JqwikSession.start();
            try {
                return runOne(file, schema, t);
            } finally {
                JqwikSession.finish();
            }
        });
        Thread worker = new Thread(task, "maskbench-" + file);
        worker.setDaemon(true);
        worker.start();
        try {
            return task.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            task.cancel(true);
            worker.join(1000);
            if (worker.isAlive()) {
                worker.stop();
            }
            t.failures.clear();
            t.failures.add(new Failure("NOTE_TIMEOUT", file, "", "no result within " + TIMEOUT_SECONDS + " s"));
            errors.merge("timeout", 1, Integer::sum);
            return Outcome.TIMEOUT;
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            errors.merge(c.getClass().getSimpleName(), 1, Integer::sum);
            t.failures.add(new Failure("EXCEPTION", file, "", c.toString()));
            return Outcome.ERROR;
        }
    }

    private Outcome runOne(String file, JsonNode schema, Tally t) {
        SchemaDraft draft = SchemaDraft.forMetaSchema(schema.path("$schema").asText()).orElse(SchemaDraft.DRAFT_7);
        JsonSchemaOptions options = SchemaOracle.ANNOTATE_FORMATS.withDefaultDraft(draft);
        try {
            if (!new SentenceGenerator(JsonSchemaGrammar.compile(schema, options.withMaxWhitespace(0))).hasSentences()) {
                return Outcome.NO_VALUE;
            }
        } catch (JsonSchemaException e) {
            return Outcome.REFUSED;
        }
        JsonSchema oracle;
        try {
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(false).build();
            oracle = factory(draft).getSchema(schema, config);
        } catch (RuntimeException e) {
            errors.merge("oracle load: " + e.getClass().getSimpleName(), 1, Integer::sum);
            return Outcome.ORACLE_REFUSED;
        }
        boolean multipleOf = schema.toString().contains("\"multipleOf\"");
        Random random = new Random(SEED);
        for (String s : JsonSchemaArbitraries.instances(schema, options).generator(1000).stream(random).limit(K)
                .map(Shrinkable::value).toList()) {
            t.valid++;
            Set<ValidationMessage> errs = SchemaOracle.errors(oracle, s);
            if (errs == null) {
                t.undecided++;
            } else if (!errs.isEmpty()) {
                t.failures.add(new Failure(classify(multipleOf, s, errs), file, s, errs.toString()));
            }
        }
        List<InvalidInstance> bad;
        try {
            bad = JsonSchemaArbitraries.invalidInstances(schema, options).generator(1000).stream(random).limit(K)
                    .map(Shrinkable::value).toList();
        } catch (TooManyFilterMissesException e) {
            t.noInvalid = true;
            t.failures.add(new Failure("NOTE_NO_INVALID_INSTANCE", file, "", e.getMessage()));
            return Outcome.RUN;
        }
        for (InvalidInstance b : bad) {
            t.invalid++;
            Set<ValidationMessage> errs = SchemaOracle.errors(oracle, b.json());
            if (errs == null) {
                t.undecided++;
            } else if (errs.isEmpty()) {
                t.failures.add(new Failure("INVALID_ACCEPTED", file, b.json(), b.violation() + " at '" + b.pointer()
                        + "' (" + b.detail() + ")"));
            } else if (b.violation() != InvalidInstance.Violation.OTHER
                    && errs.stream().noneMatch(m -> b.violation().keywords().contains(m.getType()))) {
                t.failures.add(new Failure("LABEL_MISMATCH", file, b.json(), b.violation() + " at '" + b.pointer()
                        + "' (" + b.detail() + "); networknt: " + errs));
            }
        }
        return Outcome.RUN;
    }

    /**
     * Why networknt rejects a valid instance: one of its known departures from the specification
     * (prefixed {@code NETWORKNT_}), else {@code VALID_REJECTED}, a bug of ours.
     */
    static String classify(boolean multipleOf, String instance, Set<ValidationMessage> errs) {
        if (multipleOf && LONG_NUMBER.matcher(instance).find()
                && errs.stream().anyMatch(m -> m.getType().equals("multipleOf"))) {
            return "NETWORKNT_MULTIPLEOF_IN_DOUBLES";
        }
        if (errs.stream().allMatch(m -> REGEX_KEYWORDS.contains(m.getType())) && instance.chars().anyMatch(
                c -> ECMA_ONLY_SPACE.indexOf(c) >= 0)) {
            return "NETWORKNT_JAVA_REGEX_WHITESPACE";
        }
        if (errs.stream().allMatch(m -> LINE_END_IN_KEY.matcher(m.getInstanceLocation().toString()).find())) {
            return "NETWORKNT_JAVA_REGEX_DOLLAR";
        }
        if (errs.stream().allMatch(m -> REGEX_KEYWORDS.contains(m.getType()) && hasBracketInClass(
                m.getMessage().substring(m.getMessage().lastIndexOf("regex pattern ") + 1)))) {
            return "NETWORKNT_JAVA_REGEX_NESTED_CLASS";
        }
        if (errs.stream().allMatch(m -> BOUND_KEYWORDS.contains(m.getType())) && HUGE_EXPONENT.matcher(instance).find()) {
            return "NETWORKNT_HUGE_INTEGER_BOUND";
        }
        return "VALID_REJECTED";
    }

    /**
     * Whether {@code text} has a {@code [} inside a character class: a literal in ECMA-262, the
     * start of a nested class (a union) in java.util.regex.
     */
    static boolean hasBracketInClass(String text) {
        boolean inClass = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                if (inClass) {
                    return true;
                }
                inClass = true;
            } else if (c == ']') {
                inClass = false;
            }
        }
        return false;
    }

    private synchronized JsonSchemaFactory factory(SchemaDraft draft) {
        SpecVersion.VersionFlag v = switch (draft) {
            case DRAFT_4 -> SpecVersion.VersionFlag.V4;
            case DRAFT_6 -> SpecVersion.VersionFlag.V6;
            case DRAFT_7 -> SpecVersion.VersionFlag.V7;
            case DRAFT_2019_09 -> SpecVersion.VersionFlag.V201909;
            case DRAFT_2020_12 -> SpecVersion.VersionFlag.V202012;
        };
        return factories.computeIfAbsent(v, JsonSchemaFactory::getInstance);
    }

    private static String abbreviate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "... (" + s.length() + " chars)";
    }
}
