package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.kbnf4j.cli.MaskBenchRun.DocumentVerdict;
import io.github.kbnf4j.cli.MaskBenchRun.Outcome;
import io.github.kbnf4j.cli.MaskBenchRun.SchemaResult;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.runtime.ConstraintOptions;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The MaskBench protocol ({@link MaskBenchRun}) on a fixed sample of real MaskBench schemas and
 * documents kept in the test resources ({@code maskbench-sample/}, see its README.md), tokenized
 * with the embedded cl100k vocabulary: every document's verdict and every schema's outcome must be
 * the ones in {@code maskbench-sample/expected.tsv}, and 5% of the steps are checked against the
 * brute-force oracle.
 *
 * <p>The verdicts the current engine gives are written to
 * {@code target/maskbench-sample-actual.tsv} on every run; after a deliberate change of the
 * engine, review that file's differences and copy it over {@code expected.tsv}.
 */
class MaskBenchSampleTest {
    /** cl100k's {@code <|endoftext|>}. */
    static final int CL100K_EOS = 100257;
    private static final Path ACTUAL = Path.of("target", "maskbench-sample-actual.tsv");

    private static List<MaskBenchSuite.Schema> suite;
    private static List<SchemaResult> results;
    private static MaskBenchFigures figures;
    private static String diagnostics;

    /** The sample's folder in the test class path. */
    static Path sample() {
        try {
            return Path.of(MaskBenchSampleTest.class.getResource("/maskbench-sample").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    static void runTheSample() throws Exception {
        Vocabulary cl100k = Vocabulary.load("cl100k");
        assertArrayEquals(new int[] {CL100K_EOS}, cl100k.eosIds(), "cl100k's own EOS is <|endoftext|>");
        Vocabulary v = cl100k.withEos(CL100K_EOS);
        VocabularyArguments arguments = new VocabularyArguments();
        arguments.vocab = "cl100k";
        suite = MaskBenchSuite.read(sample().resolve("schemas"), sample().resolve("corpus"), v, arguments.encoder(v),
                Set.of(), 0, 0);
        StringWriter d = new StringWriter();
        MaskBenchRun.Options options = new MaskBenchRun.Options(JsonSchemaOptions.DEFAULT, ConstraintOptions.DEFAULT,
                60_000_000_000L, 0.05, 20250101L, null, new PrintWriter(d, true));
        figures = new MaskBenchFigures();
        results = new MaskBenchRun(v, options).run(suite, figures);
        diagnostics = d.toString();
        Files.createDirectories(ACTUAL.getParent());
        Files.write(ACTUAL, lines(results, true), StandardCharsets.UTF_8);
    }

    /**
     * One line per schema ({@code file, outcome}) followed by one per document ({@code file, test,
     * valid, verdict}), tab-separated, in suite order; with {@code comments}, a header and each
     * refusal's reason as {@code #} lines (ignored when comparing).
     */
    static List<String> lines(List<SchemaResult> results, boolean comments) {
        List<String> lines = new ArrayList<>();
        if (comments) {
            lines.add("# MaskBenchSampleTest: the verdicts of the MaskBench sample (README.md), cl100k, EOS "
                    + CL100K_EOS + ".");
            lines.add("# schema lines: file, outcome; document lines: file, test, valid, verdict. Lines with # are"
                    + " comments.");
        }
        for (SchemaResult r : results) {
            if (comments && r.message != null) {
                lines.add("# " + r.schema.file() + ": " + r.message.replace('\n', ' '));
            }
            lines.add(r.schema.file() + "\t" + r.outcome);
            for (int k = 0; k < r.schema.documents().size(); k++) {
                MaskBenchSuite.Document d = r.schema.documents().get(k);
                lines.add(r.schema.file() + "\t" + d.index() + "\t" + d.valid() + "\t" + r.verdicts[k]);
            }
        }
        return lines;
    }

    private static List<String> withoutComments(List<String> lines) {
        return lines.stream().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    }

    @Test
    void everyVerdictAndOutcomeIsTheExpectedOne() throws IOException {
        List<String> expected = withoutComments(Files.readAllLines(sample().resolve("expected.tsv"),
                StandardCharsets.UTF_8));
        List<String> actual = lines(results, false);
        if (!expected.equals(actual)) {
            Set<String> e = new TreeSet<>(expected);
            Set<String> a = new TreeSet<>(actual);
            StringBuilder m = new StringBuilder("the MaskBench sample's verdicts changed (all of them: " + ACTUAL
                    .toAbsolutePath() + ")\n");
            for (String l : expected) {
                if (!a.contains(l)) {
                    m.append("- expected: ").append(l).append('\n');
                }
            }
            for (String l : actual) {
                if (!e.contains(l)) {
                    m.append("+ actual:   ").append(l).append('\n');
                }
            }
            if (e.equals(a)) {
                m.append("(same lines, other order)\n");
            }
            fail(m.append("diagnostics:\n").append(diagnostics).toString());
        }
    }

    @Test
    void theOracleAgreesWithEveryCheckedMask() {
        MaskBenchFigures.Tally t = figures.overall();
        assertTrue(t.oracleChecks > 50, "5% of some thousands of steps: " + t.oracleChecks);
        assertEquals(0, t.oracleMismatches, diagnostics);
        assertEquals(0, t.acceptMismatches, diagnostics);
        assertEquals(0, t.limitErrors, diagnostics);
    }

    @Test
    void theFiguresAddUp() {
        Map<Outcome, Integer> outcomes = new EnumMap<>(Outcome.class);
        Map<DocumentVerdict, Integer> verdicts = new EnumMap<>(DocumentVerdict.class);
        int documents = 0;
        int compiled = 0;
        for (SchemaResult r : results) {
            outcomes.merge(r.outcome, 1, Integer::sum);
            compiled += r.ttfmNanos >= 0 ? 1 : 0;
            for (DocumentVerdict v : r.verdicts) {
                verdicts.merge(v, 1, Integer::sum);
                documents += v == DocumentVerdict.NOT_RUN ? 0 : 1;
            }
        }
        MaskBenchFigures.Tally t = figures.overall();
        int failed = outcomes.getOrDefault(Outcome.FAILED, 0);
        assertEquals(suite.size(), t.schemas);
        assertEquals(t.schemas, t.passing + t.compileErrors + failed + t.timeouts + t.crashes, outcomes.toString());
        assertEquals(outcomes.getOrDefault(Outcome.PASSED, 0), t.passing);
        assertEquals(outcomes.getOrDefault(Outcome.COMPILE_ERROR, 0), t.compileErrors);
        assertEquals(t.compileErrors, t.reasons.values().stream().mapToInt(Integer::intValue).sum(), t.reasons
                .toString());
        assertEquals(verdicts.getOrDefault(DocumentVerdict.VALIDATION_ERROR, 0), t.validationErrors);
        assertEquals(verdicts.getOrDefault(DocumentVerdict.INVALIDATION_ERROR, 0), t.invalidationErrors);
        assertEquals(documents, t.documents);
        assertTrue(t.tokens > 0, "tokens");
        // every compiled schema has a TTFM; a run this short has them all among the first (JIT) schemas
        assertEquals(compiled, t.ttfm.size + t.ttfmFirst.size);
        assertTrue(suite.size() <= MaskBenchFigures.JIT_WARMUP_SCHEMAS && t.ttfm.size == 0);
        assertPercentiles(t.ttfmFirst.latency(), "ttfm_us_first");
        assertPercentiles(t.tbm.latency(), "tbm_us");
        assertTrue(t.tbm.size >= t.tokens, "one step per token replayed, plus one per document read to its end");
        // per source: the same figures, summing to the overall ones
        Map<String, Integer> failedBySource = new TreeMap<>();
        for (SchemaResult r : results) {
            failedBySource.merge(r.schema.source(), r.outcome == Outcome.FAILED ? 1 : 0, Integer::sum);
        }
        int schemas = 0;
        long tokens = 0;
        long docs = 0;
        for (Map.Entry<String, MaskBenchFigures.Tally> e : figures.bySource().entrySet()) {
            MaskBenchFigures.Tally s = e.getValue();
            assertEquals(s.schemas, s.passing + s.compileErrors + failedBySource.get(e.getKey()) + s.timeouts
                    + s.crashes, e.getKey());
            schemas += s.schemas;
            tokens += s.tokens;
            docs += s.documents;
        }
        assertEquals(t.schemas, schemas);
        assertEquals(t.tokens, tokens);
        assertEquals(t.documents, docs);
    }

    private static void assertPercentiles(ReplayBenchmark.Latency l, String what) {
        String s = what + " " + l;
        assertTrue(l.p50Us() > 0, s);
        assertTrue(l.p50Us() <= l.p90Us() && l.p90Us() <= l.p99Us() && l.p99Us() <= l.p999Us()
                && l.p999Us() <= l.maxUs(), s);
        assertTrue(l.meanUs() > 0 && l.meanUs() <= l.maxUs(), s);
    }

    @Test
    void theSampleCoversEverySourceAndTheCasesItWasPickedFor() {
        Set<String> sources = new TreeSet<>();
        for (MaskBenchSuite.Schema s : suite) {
            sources.add(s.source());
        }
        assertEquals(21, sources.size(), sources.toString());
        assertEquals(sources, figures.bySource().keySet());
        long noDocuments = results.stream().filter(r -> r.schema.documents().isEmpty()).count();
        long withInvalid = results.stream()
                .filter(r -> r.schema.documents().stream().anyMatch(d -> !d.valid())).count();
        assertTrue(noDocuments >= 2 && withInvalid >= 10, noDocuments + " " + withInvalid);
        assertTrue(figures.overall().compileErrors >= 3, "refused schemas");
        assertTrue(figures.overall().validationErrors >= 2, "valid documents rejected");
    }
}
