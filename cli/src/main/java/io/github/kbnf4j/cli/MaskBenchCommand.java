package io.github.kbnf4j.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.github.kbnf4j.cli.GrammarArguments.UsageException;
import io.github.kbnf4j.jsonschema.AutomatonCacheStats;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.runtime.ConstraintOptions;
import io.github.kbnf4j.runtime.Vocabulary;
import io.github.kbnf4j.runtime.internal.SharedTokenTables;
import io.github.kbnf4j.runtime.internal.TokenTries;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code kbnf4j maskbench --schemas DIR --corpus DIR --vocab V}: the MaskBench protocol
 * ({@link MaskBenchRun}) over a folder of schemas and a folder of their tokenized test documents,
 * printing one JSON object ({@link MaskBenchFigures}) on stdout.
 *
 * <p>Exit 0 when the run completed, whatever it found; exit 2 for a usage, vocabulary or suite
 * error (a suite line that cannot be used is named as {@code FILE:LINE}).
 */
@Command(name = "maskbench", mixinStandardHelpOptions = true,
        description = {"MaskBench protocol: compile every JSON Schema of a suite on its own (a fresh constraint each, "
                + "no cache from other schemas) and replay its valid and invalid test documents token by token "
                + "through the masks; print one JSON object: passing schemas, compile errors and their reasons, "
                + "validation and invalidation errors, timeouts, crashes, time to first mask (TTFM) and time "
                + "between masks (TBM) percentiles, overall and by source.",
            "",
            "A valid document must keep every token in its mask and end where end-of-sequence is allowed; an "
                + "invalid one must meet a token outside its mask or end incomplete."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the run completed (what it found is in the JSON)",
            "2:usage, vocabulary or suite error"})
final class MaskBenchCommand extends Subcommand {
    private static final JsonFactory JSON = new JsonFactory();

    @Option(names = "--schemas", required = true, paramLabel = "DIR",
            description = "A folder of JSON Lines files, one per source, one schema per line: "
                    + "{\"file\": NAME, \"schema\": {...}}.")
    Path schemas;

    @Option(names = "--corpus", required = true, paramLabel = "DIR",
            description = "A folder of JSON Lines files, one test document per line: {\"file\": NAME, \"valid\": "
                    + "true|false, \"text\": ..., \"token_ids\": [...]} (without token_ids the text is tokenized, "
                    + "for the jtokkit vocabularies only).")
    Path corpus;

    @Mixin
    VocabularyArguments vocabulary;

    @Option(names = "--source", split = ",", paramLabel = "NAME",
            description = "Only these sources (file names without .jsonl), comma-separated or repeated.")
    List<String> sources = List.of();

    @Option(names = "--limit", paramLabel = "N",
            description = "A random sample of N schemas (picked with --seed), with their documents (default: all).")
    int limit;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of the --limit sample (default: ${DEFAULT-VALUE}).")
    long seed = 20261124L;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "Time limit per schema, compile and replay; a schema over it counts as a timeout and the run "
                    + "goes on (default: ${DEFAULT-VALUE}).")
    double timeoutSeconds = 60;

    @Mixin
    ReplayArguments replay;

    @Option(names = "--table-cache-mb", paramLabel = "MB",
            description = "Bound in MiB of the mask tables that the constraints of all schemas share (the vocabulary's "
                    + "table cache); 0 turns sharing off (default: the vocabulary's, 256 MiB or an eighth of the "
                    + "maximum heap if that is less).")
    Long tableCacheMb;

    @Mixin
    SchemaArguments schema;

    @Option(names = "--inline-regular-rules", negatable = true,
            description = "Compile each schema's regular rules into one terminal each (same language: to compare "
                    + "compile time against mask time; default: off, as for any JSON Schema).")
    Boolean inlineRegularRules;

    @Option(names = "--details", paramLabel = "FILE",
            description = "Also write one JSON line per schema to FILE: its outcome, refusal or crash message, times "
                    + "and every document's verdict.")
    Path details;

    @Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Print a progress line on stderr every 10 s (default: on).")
    boolean progress;

    @Override
    protected int run(PrintWriter out, PrintWriter err) {
        ReplayBenchmark.resetPeakHeap();
        MaskBenchRun.Options options;
        try {
            if (limit < 0) {
                throw new UsageException("--limit must not be negative, was " + limit);
            }
            if (!(timeoutSeconds > 0 && timeoutSeconds <= 86_400)) {
                throw new UsageException("--timeout must be between 0 and 86400 seconds, was " + timeoutSeconds);
            }
            if (replay.maskCacheMb < 0 || replay.maskCacheMb > (Long.MAX_VALUE >> 20)) {
                throw new UsageException("--mask-cache-mb must be 0 or more, and not absurdly large: "
                        + replay.maskCacheMb);
            }
            if (tableCacheMb != null && (tableCacheMb < 0 || tableCacheMb > (Long.MAX_VALUE >> 20))) {
                throw new UsageException("--table-cache-mb must be 0 or more, and not absurdly large: "
                        + tableCacheMb);
            }
            JsonSchemaOptions schemaOptions = schema.options(
                    JsonSchemaOptions.DEFAULT.grammarOptions().withInlineRegularRules(
                    SchemaArguments.inlineRegularRules(inlineRegularRules)));
            ConstraintOptions constraintOptions = ConstraintOptions.DEFAULT.withMaskCacheBytes(replay.maskCacheMb << 20);
            options = new MaskBenchRun.Options(schemaOptions, constraintOptions, (long) (timeoutSeconds * 1e9),
                    replay.oracleRate, replay.oracleSeed, progress ? err : null, err);
        } catch (UsageException | IllegalArgumentException e) {
            err.println("kbnf4j maskbench: " + e.getMessage());
            return Main.EXIT_GRAMMAR_ERROR;
        }

        long t0 = System.nanoTime();
        Vocabulary loaded = vocabulary.loadReporting(err, "maskbench", true);
        if (loaded == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        Vocabulary v = tableCacheMb == null ? loaded : loaded.withTableCacheBytes(tableCacheMb << 20);
        TokenTries.of(v); // built once per vocabulary; not part of any schema's TTFM
        double vocabMs = (System.nanoTime() - t0) / 1e6;

        t0 = System.nanoTime();
        List<MaskBenchSuite.Schema> suite;
        try {
            Set<String> wanted = new LinkedHashSet<>(sources);
            suite = MaskBenchSuite.read(schemas, corpus, v, vocabulary.encoder(v), wanted, limit, seed);
        } catch (MaskBenchSuite.SuiteException e) {
            err.println("kbnf4j maskbench: " + e.getMessage());
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (IOException | InvalidPathException e) {
            err.println("kbnf4j maskbench: cannot read the suite: " + e.getMessage());
            return Main.EXIT_GRAMMAR_ERROR;
        }
        double suiteMs = (System.nanoTime() - t0) / 1e6;
        if (progress) {
            err.printf("kbnf4j maskbench: %d schemas, %d documents read in %.0f ms%n", suite.size(),
                    suite.stream().mapToInt(s -> s.documents().size()).sum(), suiteMs);
            err.flush();
        }

        MaskBenchFigures figures = new MaskBenchFigures();
        AutomatonCacheStats automataBefore = JsonSchemaGrammar.automatonCacheStats();
        long start = System.nanoTime();
        List<MaskBenchRun.SchemaResult> results = new MaskBenchRun(v, options).run(suite, figures);
        double seconds = (System.nanoTime() - start) / 1e9;
        if (details != null) {
            try {
                MaskBenchDetails.write(details, results);
            } catch (IOException | InvalidPathException e) {
                err.println("kbnf4j maskbench: cannot write --details " + details + ": " + e.getMessage());
                return Main.EXIT_GRAMMAR_ERROR;
            }
        }
        out.println(toJson(figures, v, vocabMs, suiteMs, seconds, automataBefore));
        return 0;
    }

    private String toJson(MaskBenchFigures figures, Vocabulary v, double vocabMs, double suiteMs, double seconds,
            AutomatonCacheStats automataBefore) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("vocabulary", v.name());
            g.writeNumberField("vocabulary_size", v.size());
            g.writeFieldName("vocabulary_ms");
            g.writeNumber(ReplayBenchmark.round(vocabMs, 1));
            g.writeFieldName("suite_read_ms");
            g.writeNumber(ReplayBenchmark.round(suiteMs, 1));
            g.writeFieldName("run_seconds");
            g.writeNumber(ReplayBenchmark.round(seconds, 1));
            g.writeNumberField("limit", limit);
            g.writeNumberField("seed", seed);
            g.writeFieldName("timeout_seconds");
            g.writeNumber(timeoutSeconds);
            g.writeFieldName("oracle_rate");
            g.writeNumber(replay.oracleRate);
            g.writeBooleanField("inline_regular_rules", SchemaArguments.inlineRegularRules(inlineRegularRules));
            g.writeNumberField("ttfm_first_schemas", MaskBenchFigures.JIT_WARMUP_SCHEMAS);
            figures.overall().write(g);
            SharedTokenTables shared = SharedTokenTables.of(v);
            if (shared != null) {
                g.writeObjectFieldStart("shared_tables");
                g.writeNumberField("hits", shared.hits());
                g.writeNumberField("misses", shared.misses());
                g.writeFieldName("bound_mb");
                g.writeNumber(ReplayBenchmark.round(v.tableCacheBytes() / 1048576.0, 1));
                g.writeFieldName("mb");
                g.writeNumber(ReplayBenchmark.round(shared.weightedBytes() / 1048576.0, 1));
                g.writeEndObject();
            }
            // The automata the run's compilations looked up and built (the cache is the JVM's: the counts
            // before the run are subtracted).
            AutomatonCacheStats automata = JsonSchemaGrammar.automatonCacheStats();
            g.writeObjectFieldStart("automaton_cache");
            g.writeNumberField("hits", automata.hits() - automataBefore.hits());
            g.writeNumberField("misses", automata.misses() - automataBefore.misses());
            g.writeNumberField("evictions", automata.evictions() - automataBefore.evictions());
            g.writeFieldName("bound_mb");
            g.writeNumber(ReplayBenchmark.round(automata.maximumBytes() / 1048576.0, 1));
            g.writeFieldName("mb");
            g.writeNumber(ReplayBenchmark.round(automata.weightedBytes() / 1048576.0, 1));
            g.writeEndObject();
            g.writeFieldName("peak_heap_mb");
            g.writeNumber(ReplayBenchmark.round(ReplayBenchmark.peakHeapMb(), 1));
            g.writeStringField("jvm", ReplayBenchmark.jvm());
            ReplayBenchmark.writeJvmSettings(g);
            g.writeObjectFieldStart("by_source");
            for (Map.Entry<String, MaskBenchFigures.Tally> e : figures.bySource().entrySet()) {
                g.writeObjectFieldStart(e.getKey());
                e.getValue().write(g);
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w.toString();
    }
}
