package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code kbnf4j maskbench} end to end through {@link Main} on the MaskBench sample of the test
 * resources (the one {@link MaskBenchSampleTest} checks verdict by verdict) with cl100k: the JSON
 * object it prints, {@code --source}, {@code --limit}, and the usage errors (exit 2, one line).
 */
class MaskBenchCommandTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Encoding CL100K = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
    /** The figures written for the whole run and for each source. */
    private static final List<String> FIGURES = List.of("schemas", "passing", "compile_errors",
            "compile_error_reasons", "validation_errors", "invalidation_errors", "timeouts", "crashes", "documents",
            "tokens", "ttfm_us", "tbm_us");
    /** The figures that are counts, summed over the sources. */
    private static final List<String> COUNTS = List.of("schemas", "passing", "compile_errors", "validation_errors",
            "invalidation_errors", "limit_errors", "accept_mismatches", "timeouts", "crashes", "documents", "tokens",
            "steps");

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path dir;

    private int run(String... args) {
        CommandLine cl = Main.commandLine(new Main());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    private String err() {
        return err.toString().replace("\r", "");
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static String[] onSample(String... extra) {
        Path sample = MaskBenchSampleTest.sample();
        return concat(new String[] {"maskbench", "--schemas", sample.resolve("schemas").toString(), "--corpus",
            sample.resolve("corpus").toString(), "--vocab", "cl100k", "--eos", "" + MaskBenchSampleTest.CL100K_EOS,
            "--no-progress"}, extra);
    }

    /** Runs maskbench with {@code args}; expects exit 0 and exactly one JSON object on stdout. */
    private JsonNode maskbench(String... args) throws IOException {
        assertEquals(0, run(args), err());
        String o = out.toString().replace("\r", "");
        assertTrue(o.endsWith("\n") && o.indexOf('\n') == o.length() - 1, "one line: " + o);
        try (JsonParser p = MAPPER.createParser(o)) {
            JsonNode r = MAPPER.readTree(p);
            assertTrue(r != null && r.isObject(), o);
            assertEquals(null, p.nextToken(), "nothing after the object: " + o);
            return r;
        }
    }

    /** Expects exit 2, nothing on stdout and one line on stderr: {@code kbnf4j maskbench: ...}; returns it. */
    private String usageError(String... args) {
        int code = run(args);
        String e = err();
        assertEquals(2, code, "exit 2 expected; stdout " + out + " stderr " + e);
        assertEquals("", out.toString(), e);
        assertTrue(e.startsWith("kbnf4j maskbench: ") && e.endsWith("\n") && e.indexOf('\n') == e.length() - 1,
                "one line on stderr: " + e);
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return e.strip();
    }

    /** The expected figures of the whole sample, counted from expected.tsv: by source, and overall as "*". */
    private static Map<String, Map<String, Integer>> expectedCounts() throws IOException {
        return expectedCounts(null);
    }

    /** The same for the schemas named in {@code files} (all when null). */
    private static Map<String, Map<String, Integer>> expectedCounts(Set<String> files) throws IOException {
        Map<String, String> sourceOf = new HashMap<>();
        try (Stream<Path> list = Files.list(MaskBenchSampleTest.sample().resolve("schemas"))) {
            for (Path f : list.toList()) {
                String source = f.getFileName().toString().replace(".jsonl", "");
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    sourceOf.put(MAPPER.readTree(line).get("file").asText(), source);
                }
            }
        }
        Map<String, Map<String, Integer>> counts = new TreeMap<>();
        for (String line : Files.readAllLines(MaskBenchSampleTest.sample().resolve("expected.tsv"),
                StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            if (files != null && !files.contains(f[0])) {
                continue;
            }
            List<String> keys = new ArrayList<>();
            if (f.length == 2) {
                keys.add("schemas");
                keys.add(switch (f[1]) {
                    case "PASSED" -> "passing";
                    case "COMPILE_ERROR" -> "compile_errors";
                    case "FAILED" -> "failed";
                    case "TIMEOUT" -> "timeouts";
                    default -> "crashes";
                });
            } else {
                if (!f[3].equals("NOT_RUN")) {
                    keys.add("documents");
                }
                keys.add(switch (f[3]) {
                    case "VALIDATION_ERROR" -> "validation_errors";
                    case "INVALIDATION_ERROR" -> "invalidation_errors";
                    case "LIMIT_ERROR" -> "limit_errors";
                    case "ACCEPT_MISMATCH" -> "accept_mismatches";
                    default -> f[3].toLowerCase();
                });
            }
            for (String source : List.of(sourceOf.get(f[0]), "*")) {
                for (String k : keys) {
                    counts.computeIfAbsent(source, s -> new TreeMap<>()).merge(k, 1, Integer::sum);
                }
            }
        }
        return counts;
    }

    /** Asserts the figures of one tally (overall or a source's) against the counts of expected.tsv. */
    private static void assertFigures(JsonNode t, Map<String, Integer> expected, String where) {
        for (String k : FIGURES) {
            assertTrue(t.has(k), where + " has no " + k + ": " + t);
        }
        String s = where + ": " + t;
        int schemas = t.get("schemas").asInt();
        int failed = expected.getOrDefault("failed", 0);
        assertEquals(expected.get("schemas"), schemas, s);
        assertEquals(schemas, t.get("passing").asInt() + t.get("compile_errors").asInt() + failed
                + t.get("timeouts").asInt() + t.get("crashes").asInt(), s);
        for (String k : List.of("passing", "compile_errors", "validation_errors", "invalidation_errors",
                "limit_errors", "accept_mismatches", "timeouts", "crashes", "documents")) {
            assertEquals(expected.getOrDefault(k, 0), t.get(k).asInt(), k + " in " + s);
        }
        int reasons = 0;
        for (Iterator<JsonNode> it = t.get("compile_error_reasons").elements(); it.hasNext(); ) {
            reasons += it.next().asInt();
        }
        assertEquals(t.get("compile_errors").asInt(), reasons, s);
        assertEquals(t.get("documents").asInt() > 0, t.get("tokens").asLong() > 0, s);
        assertTrue(t.get("steps").asLong() >= t.get("tokens").asLong(), s);
        assertPercentiles(t.get("ttfm_us"), List.of("p50", "p90", "p99", "max"), false, where);
        assertPercentiles(t.get("ttfm_us_first"), List.of("p50", "p90", "p99", "max"),
                schemas > t.get("compile_errors").asInt(), where);
        assertPercentiles(t.get("tbm_us"), List.of("mean", "p50", "p90", "p99", "p999", "max"),
                t.get("documents").asInt() > 0, where);
    }

    /** Numbers, in increasing order, all positive when {@code positive}. */
    private static void assertPercentiles(JsonNode l, List<String> names, boolean positive, String where) {
        String s = where + ": " + l;
        assertTrue(l.has("count"), s);
        if (l.get("count").asInt() == 0) {
            for (String n : names) {
                assertTrue(l.get(n).isNull(), n + " in " + s);
            }
            assertFalse(positive, s);
            return;
        }
        double previous = 0;
        for (String n : names) {
            assertTrue(l.has(n) && l.get(n).isNumber() && l.get(n).asDouble() >= 0, n + " in " + s);
            if (!n.equals("mean")) {
                assertTrue(l.get(n).asDouble() >= previous, s);
                previous = l.get(n).asDouble();
            }
        }
        if (positive) {
            assertTrue(l.get("p50").asDouble() > 0, s);
        }
    }

    private static Set<String> fieldNames(JsonNode n) {
        Set<String> names = new TreeSet<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void theWholeSampleGivesOneJsonObjectWithTheFiguresOverallAndBySource() throws Exception {
        JsonNode r = maskbench(onSample());
        for (String k : List.of("peak_heap_mb", "by_source", "vocabulary", "run_seconds", "jvm")) {
            assertTrue(r.has(k), k + " in " + r);
        }
        assertEquals("cl100k_base", r.get("vocabulary").asText());
        BenchCommandTest.assertJvmSettings(r);
        assertTrue(r.get("peak_heap_mb").asDouble() > 0, r.toString());
        // The run's own automaton lookups: every schema that compiles looks one up at least (built
        // here, or by an earlier test of this JVM: the cache is the process's).
        JsonNode automata = r.get("automaton_cache");
        assertTrue(automata.get("hits").asLong() + automata.get("misses").asLong()
                >= r.get("schemas").asLong() - r.get("compile_errors").asLong(), r.toString());
        assertTrue(automata.get("misses").asLong() >= 0 && automata.get("evictions").asLong() >= 0, r.toString());
        assertEquals(64.0, automata.get("bound_mb").asDouble(), r.toString());
        assertTrue(automata.get("mb").asDouble() > 0 && automata.get("mb").asDouble() <= 64.0, r.toString());
        Map<String, Map<String, Integer>> expected = expectedCounts();
        assertFigures(r, expected.get("*"), "overall");
        assertEquals(0, r.get("oracle_checks").asInt(), "no oracle by default");
        long textTokens = 0;
        try (Stream<Path> files = Files.list(MaskBenchSampleTest.sample().resolve("corpus"))) {
            for (Path f : files.toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    textTokens += CL100K.encodeOrdinary(MAPPER.readTree(line).get("text").asText()).size();
                }
            }
        }
        long tokens = r.get("tokens").asLong();
        assertTrue(tokens > textTokens / 2 && tokens <= textTokens, tokens + " of " + textTokens);

        JsonNode bySource = r.get("by_source");
        expected.remove("*");
        assertEquals(expected.keySet(), fieldNames(bySource), "every source, and only those");
        Map<String, Long> sums = new HashMap<>();
        for (Map.Entry<String, Map<String, Integer>> e : expected.entrySet()) {
            JsonNode s = bySource.get(e.getKey());
            assertFigures(s, e.getValue(), e.getKey());
            for (String k : COUNTS) {
                sums.merge(k, s.get(k).asLong(), Long::sum);
            }
        }
        for (String k : COUNTS) {
            assertEquals(r.get(k).asLong(), sums.get(k), k + " summed over the sources");
        }
        String e = err();
        assertFalse(e.contains("crash") || e.contains("timeout") || e.contains("mismatch"), e);
        assertTrue(e.contains(": validation error: "), "the first validation errors are described: " + e);
    }

    /** The shared tables' bound changes what is kept between schemas, never a verdict. */
    @Test
    void aTinyTableCacheBoundChangesNoVerdict() throws Exception {
        JsonNode tiny = maskbench(onSample("--table-cache-mb", "1"));
        assertFigures(tiny, expectedCounts().get("*"), "--table-cache-mb 1");
        assertEquals(1.0, tiny.get("shared_tables").get("bound_mb").asDouble(), tiny.toString());
        assertTrue(tiny.get("shared_tables").get("mb").asDouble() <= 1.0, tiny.toString());
    }

    /** {@code --table-cache-mb 0} turns sharing off: no shared tables, the same verdicts. */
    @Test
    void noTableCacheChangesNoVerdict() throws Exception {
        JsonNode off = maskbench(onSample("--table-cache-mb", "0"));
        assertFigures(off, expectedCounts().get("*"), "--table-cache-mb 0");
        assertFalse(off.has("shared_tables"), "sharing is off: " + off);
    }

    /**
     * Regular rules compiled into terminals give the same language: the same verdicts, and the
     * output says which way the run compiled.
     */
    @Test
    void inlinedRegularRulesChangeNoVerdict() throws Exception {
        JsonNode inlined = maskbench(onSample("--inline-regular-rules"));
        assertFigures(inlined, expectedCounts().get("*"), "--inline-regular-rules");
        assertTrue(inlined.get("inline_regular_rules").asBoolean(false), inlined.toString());
    }

    /** A schema's regular rules stay rules by default, as in {@code JsonSchemaOptions.DEFAULT}. */
    @Test
    void regularRulesAreKeptAsRulesByDefault() throws Exception {
        JsonNode r = maskbench(onSample("--limit", "3"));
        assertFalse(r.get("inline_regular_rules").asBoolean(true), r.toString());
    }

    /** The flag of earlier versions still says the same. */
    @Test
    void noInlineRegularRulesIsTheDefaultSpelledOut() throws Exception {
        JsonNode r = maskbench(onSample("--limit", "3", "--no-inline-regular-rules"));
        assertFalse(r.get("inline_regular_rules").asBoolean(true), r.toString());
    }

    @Test
    void sourceRestrictsTheRunToThoseSources() throws Exception {
        Map<String, Map<String, Integer>> expected = expectedCounts();
        JsonNode r = maskbench(onSample("--source", "Handwritten,Synthesized"));
        assertEquals(Set.of("Handwritten", "Synthesized"), fieldNames(r.get("by_source")), r.toString());
        assertEquals(expected.get("Handwritten").get("schemas") + expected.get("Synthesized").get("schemas"),
                r.get("schemas").asInt(), r.toString());
        assertFigures(r.get("by_source").get("Handwritten"), expected.get("Handwritten"), "Handwritten");
        assertFigures(r.get("by_source").get("Synthesized"), expected.get("Synthesized"), "Synthesized");

        out.getBuffer().setLength(0);
        JsonNode repeated = maskbench(onSample("--source", "Synthesized", "--source", "Handwritten"));
        assertEquals(r.get("schemas"), repeated.get("schemas"));
        assertEquals(r.get("compile_errors"), repeated.get("compile_errors"));
        assertEquals(r.get("documents"), repeated.get("documents"));
    }

    @Test
    void limitPicksThatManySchemasWithTheSeed() throws Exception {
        JsonNode r = maskbench(onSample("--limit", "5", "--seed", "1"));
        assertEquals(5, r.get("schemas").asInt(), r.toString());
        assertEquals(5, r.get("limit").asInt());
        assertEquals(1, r.get("seed").asLong());
        Path sample = MaskBenchSampleTest.sample();
        List<MaskBenchSuite.Schema> picked = MaskBenchSuite.read(sample.resolve("schemas"), sample.resolve("corpus"),
                Vocabulary.load("cl100k"), t -> CL100K.encodeOrdinary(t).toArray(), Set.of(), 5, 1);
        Set<String> files = new TreeSet<>();
        for (MaskBenchSuite.Schema s : picked) {
            files.add(s.file());
        }
        assertEquals(5, files.size(), files.toString());
        Map<String, Map<String, Integer>> expected = expectedCounts(files);
        assertFigures(r, expected.remove("*"), "overall");
        assertEquals(expected.keySet(), fieldNames(r.get("by_source")), r.toString());
        for (Map.Entry<String, Map<String, Integer>> e : expected.entrySet()) {
            assertFigures(r.get("by_source").get(e.getKey()), e.getValue(), e.getKey());
        }
    }

    @Test
    void givenTokenIdsAreReplayedAsIs() throws Exception {
        Path schemas = Files.createDirectories(dir.resolve("schemas"));
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        Files.writeString(schemas.resolve("tiny.jsonl"), "{\"file\":\"int.json\",\"schema\":{\"type\":\"integer\"}}\n");
        Files.writeString(corpus.resolve("tiny.jsonl"), ids("int.json", true, CL100K.encodeOrdinary("12345")
                .toArray()) + ids("int.json", false, CL100K.encodeOrdinary("12.5").toArray()));
        JsonNode r = maskbench("maskbench", "--schemas", schemas.toString(), "--corpus", corpus.toString(), "--vocab",
                "cl100k", "--no-progress");
        assertEquals(1, r.get("passing").asInt(), r.toString());
        assertEquals(2, r.get("documents").asInt(), r.toString());
        assertEquals("", err());
    }

    /** Regression: documents were read only from the corpus files named like a --source, not joined by "file". */
    @Test
    void sourceKeepsTheDocumentsOfItsSchemasWhateverFileHoldsThem() throws Exception {
        Path schemas = Files.createDirectories(dir.resolve("schemas"));
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        Files.writeString(schemas.resolve("src.jsonl"), "{\"file\":\"int.json\",\"schema\":{\"type\":\"integer\"}}\n");
        Files.writeString(corpus.resolve("all.jsonl"), "{\"file\":\"int.json\",\"test\":0,\"valid\":false,\"text\":\"1.5\"}\n");
        JsonNode r = maskbench("maskbench", "--schemas", schemas.toString(), "--corpus", corpus.toString(), "--vocab",
                "cl100k", "--source", "src", "--no-progress");
        assertEquals(1, r.get("documents").asInt(), r.toString());
        assertEquals(1, r.get("passing").asInt(), r.toString());
    }

    @Test
    void detailsListEverySchemaWithItsOutcomeAndVerdicts() throws Exception {
        Path file = dir.resolve("details.jsonl");
        JsonNode r = maskbench(onSample("--source", "Handwritten", "--details", file.toString()));
        List<String> lines = Files.readAllLines(file);
        assertEquals(r.get("schemas").asInt(), lines.size(), String.join("\n", lines));
        int documents = 0;
        int refused = 0;
        for (String line : lines) {
            JsonNode d = MAPPER.readTree(line);
            assertTrue(d.get("file").asText().startsWith("Handwritten---"), line);
            assertEquals("Handwritten", d.get("source").asText(), line);
            if (d.get("outcome").asText().equals("compile_error")) {
                refused++;
                assertFalse(d.get("message").asText().isEmpty(), line);
                assertTrue(d.get("ttfm_us").isNull(), line);
            } else {
                assertTrue(d.get("ttfm_us").asDouble() > 0, line);
            }
            for (JsonNode doc : d.get("documents")) {
                assertTrue(doc.has("test") && doc.has("valid") && doc.has("verdict"), line);
                documents += doc.get("verdict").asText().equals("not_run") ? 0 : 1;
            }
        }
        assertEquals(r.get("compile_errors").asInt(), refused);
        assertEquals(r.get("documents").asInt(), documents);
    }

    /** Regression: a run of 100 schemas or fewer printed ttfm_us as zeros; now its count is 0 and its figures null. */
    @Test
    void ttfmAfterTheFirstHundredIsNullWithoutSuchSchemas() throws Exception {
        JsonNode r = maskbench(onSample("--source", "Handwritten"));
        assertEquals(0, r.get("ttfm_us").get("count").asInt(), r.toString());
        assertTrue(r.get("ttfm_us").get("p50").isNull(), r.toString());
        assertTrue(r.get("ttfm_us_first").get("count").asInt() > 0, r.toString());
    }

    private static String ids(String file, boolean valid, int... ids) {
        return "{\"file\":\"" + file + "\",\"test\":0,\"valid\":" + valid + ",\"text\":\"(ignored)\",\"token_ids\":"
                + Arrays.toString(ids) + "}\n";
    }

    // ------------------------------------------------------------------ usage errors: exit 2, one line

    @Test
    void usageErrorsExit2WithOneLine() throws Exception {
        assertTrue(usageError(onSample("--source", "Nope")).contains("--source Nope: no such source in "), err());
        assertTrue(usageError(onSample("--source", "Handwritten,Nope")).contains("--source Nope: "), err());
        assertTrue(usageError(onSample("--limit", "-1")).contains("--limit must not be negative, was -1"));
        assertTrue(usageError(onSample("--timeout", "0")).contains("--timeout must be between 0 and 86400 seconds"));
        assertTrue(usageError(onSample("--timeout", "-5")).contains("--timeout must be between"));
        assertTrue(usageError(onSample("--oracle-rate", "2")).contains("--oracle-rate must be between 0 and 1"));
        assertTrue(usageError(onSample("--oracle-rate", "-0.1")).contains("--oracle-rate must be between 0 and 1"));
        assertTrue(usageError(onSample("--mask-cache-mb", "-1")).contains("--mask-cache-mb must be 0 or more"));
        assertTrue(usageError(onSample("--table-cache-mb", "-1")).contains("--table-cache-mb must be 0 or more"));
        Path nowhere = dir.resolve("nowhere");
        Path sample = MaskBenchSampleTest.sample();
        assertTrue(usageError("maskbench", "--schemas", nowhere.toString(), "--corpus",
                sample.resolve("corpus").toString(), "--vocab", "cl100k").contains(nowhere + ": not a folder"));
        assertTrue(usageError("maskbench", "--schemas", sample.resolve("schemas").toString(), "--corpus",
                nowhere.toString(), "--vocab", "cl100k").contains(nowhere + ": not a folder"));
        assertTrue(usageError("maskbench", "--schemas", dir.toString(), "--corpus", dir.toString(), "--vocab",
                "cl100k").contains(dir + ": no *.jsonl files"));
        assertTrue(usageError("maskbench", "--schemas", sample.resolve("schemas").toString(), "--corpus",
                sample.resolve("corpus").toString(), "--vocab", "nope")
                .startsWith("kbnf4j maskbench: cannot load vocabulary nope"));
    }

    @Test
    void aCorpusLineWithABadTokenIdIsAUsageErrorNamingTheLine() throws Exception {
        Path schemas = Files.createDirectories(dir.resolve("schemas"));
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        Files.writeString(schemas.resolve("tiny.jsonl"), "{\"file\":\"int.json\",\"schema\":{\"type\":\"integer\"}}\n");
        String[] args = {"maskbench", "--schemas", schemas.toString(), "--corpus", corpus.toString(), "--vocab",
            "cl100k", "--eos", "100257"};
        Path c = corpus.resolve("tiny.jsonl");
        int size = Vocabulary.load("cl100k").size();
        Files.writeString(c, ids("int.json", true, 16) + ids("int.json", true, 16, size));
        assertTrue(usageError(args).contains(c + ":2: token_ids[1] = " + size + " is not an id of "), err());
        Files.writeString(c, ids("int.json", true, -1));
        assertTrue(usageError(args).contains(c + ":1: token_ids[0] = -1 is not an id of "), err());
        Files.writeString(c, "{\"file\":\"int.json\",\"valid\":true,\"token_ids\":[16,\"x\"]}\n");
        assertTrue(usageError(args).contains(c + ":1: token_ids[1] is not an integer"), err());
        Files.writeString(c, "{\"file\":\"int.json\",\"valid\":true,\"token_ids\":[16.9, 17]}\n"); // was read as 16
        assertTrue(usageError(args).contains(c + ":1: token_ids[0] is not an integer"), err());
        Files.writeString(c, "{\"file\":\"int.json\",\"valid\":true,\"token_ids\":[16, 1e30]}\n");
        assertTrue(usageError(args).contains(c + ":1: token_ids[1] is not an integer"), err());
        Files.writeString(c, "{\"file\":\"int.json\",\"valid\":\"yes\",\"text\":\"1\"}\n");
        assertTrue(usageError(args).contains(c + ":1: \"valid\" must be true or false"), err());
        Files.writeString(c, "{\"file\":\"int.json\",\"valid\":true,\"text\":\"1\"\n");
        assertTrue(usageError(args).contains(c + ":1: not JSON: "), err());
    }
}
