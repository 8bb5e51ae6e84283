package io.github.kbnf4j.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.github.kbnf4j.cache.MaskCacheStats;
import io.github.kbnf4j.earley.RecognizerLimitException;
import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.ConstraintOptions;
import io.github.kbnf4j.runtime.Matcher;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The replay benchmark (the README's "Replay benchmark"): real token sequences are replayed through a
 * {@link Matcher}, timing every decode step as a decode loop would run it.
 *
 * <h2>Method</h2>
 * The corpus is read completely first (so no parsing or I/O is timed, and a bad line fails the
 * run before any replay). Then, for each pass, on one {@link Constraint}: for each document, reset
 * a matcher; for each token, time {@link Matcher#fillMask(long[])} plus
 * {@link Matcher#acceptToken(int)} with {@link System#nanoTime()}, check that the token's bit was
 * set in the mask (a miss is a <i>violation</i>: the document stops there, since the matcher
 * cannot consume the token), and go on; at the end of a document replayed completely, check that
 * the matcher is accepting. Pass 1 runs on a freshly built constraint (its lazily computed tables
 * and its mask cache empty: <i>cold</i>); passes 2.. reuse it (<i>warm</i>). Counts (violations
 * and so on) come from pass 1; every later pass must reproduce them ({@code passes_agree}). The
 * mask cache's hit rate is reported for all passes, the cold one and the warm ones.
 *
 * <p>The mask and {@code acceptToken} must agree: a token outside the mask that is accepted
 * anyway (an incomplete mask) or a token in the mask that is refused (an unsound one) is counted
 * in {@code accept_mismatches} and ends the document.
 *
 * <h2>Oracle sample</h2>
 * With an oracle rate r &gt; 0, in pass 1 each step is picked with probability r (a
 * {@link SplittableRandom} with the given seed, one draw per step, so the sample depends only on
 * the seed and the corpus). At a picked step, before the token is accepted, every id's bit of the
 * mask is compared with {@link Matcher#isAllowed(int)} (the brute-force answer: it pushes that
 * token's bytes). This runs outside the timed region; its time is subtracted.
 *
 * <h2>Timing</h2>
 * Step times are kept in a {@code long[]} per pass (8 bytes a step: 51 MB for 6.4 M steps);
 * percentiles are exact (nearest rank on a sorted copy). Peak heap is the sum of the peaks of
 * the heap memory pools since {@link #resetPeakHeap()}, so it includes the corpus's token ids and
 * these arrays, and garbage not yet collected (it grows with {@code -Xmx}); the heap after a full
 * collection at the end ({@code heap_after_gc_mb}) is what stays live.
 *
 * <p>Not thread-safe; single-threaded by design (one decode loop).
 */
final class ReplayBenchmark {
    /** Messages of each kind (violation, oracle mismatch, ...) printed at most this many times. */
    static final int MAX_REPORTED = 10;
    /** Seconds between two progress lines. */
    private static final long PROGRESS_NANOS = 10_000_000_000L;

    private static final JsonFactory JSON = new JsonFactory();

    private ReplayBenchmark() {
    }

    /**
     * How to replay.
     *
     * @param passes the number of passes, at least 1 (pass 1 cold, the others warm)
     * @param jitWarmupSeconds how long to warm the JIT before the cold pass ({@link JitWarmup}), 0 for not
     * @param oracleRate the fraction of pass-1 steps checked against the brute-force oracle, 0..1
     * @param oracleSeed the seed that picks those steps
     * @param maskCacheBytes the bound of the constraint's mask cache, 0 for none
     * @param recognizer the recognizer limits of the constraint's matchers
     * @param progress where progress lines go, or null for none
     * @param diagnostics where violations, oracle mismatches and limit errors are reported
     */
    record Options(int passes, double jitWarmupSeconds, double oracleRate, long oracleSeed, long maskCacheBytes,
            RecognizerOptions recognizer, PrintWriter progress, PrintWriter diagnostics) {
        Options {
            if (maskCacheBytes < 0) {
                throw new IllegalArgumentException("--mask-cache-mb must not be negative, was " + (maskCacheBytes >> 20));
            }
            if (passes < 1) {
                throw new IllegalArgumentException("--passes must be at least 1, was " + passes);
            }
            if (!(jitWarmupSeconds >= 0 && jitWarmupSeconds <= 3600)) {
                throw new IllegalArgumentException("--jit-warmup must be between 0 and 3600 seconds, was "
                        + jitWarmupSeconds);
            }
            if (!(oracleRate >= 0 && oracleRate <= 1)) {
                throw new IllegalArgumentException("--oracle-rate must be between 0 and 1, was " + oracleRate);
            }
            Objects.requireNonNull(recognizer, "recognizer");
            Objects.requireNonNull(diagnostics, "diagnostics");
        }
    }

    /**
     * Times measured before the replay, in milliseconds.
     *
     * @param compileMs compiling the grammar (reading its file included)
     * @param vocabMs loading the vocabulary and building its token trie
     * @param corpusMs reading (and, without {@code token_ids}, tokenizing) the corpus
     */
    record Preparation(double compileMs, double vocabMs, double corpusMs) {
    }

    // ------------------------------------------------------------------ corpus

    /** A line of a corpus that cannot be replayed; the message starts with {@code FILE:LINE:}. */
    static final class CorpusException extends Exception {
        private static final long serialVersionUID = 1L;

        CorpusException(String message) {
            super(message);
        }
    }

    /**
     * The documents of a corpus, read and checked: token ids per document and where each came
     * from. Immutable after {@link #read}.
     */
    static final class Corpus {
        final List<Path> files;
        /** Token ids per replayed document (documents without tokens are not kept). */
        final int[][] tokens;
        /** Per document: the index of its file in {@link #files} and its 1-based line. */
        final int[] file;
        final int[] line;
        /** Documents without a token (counted, not replayed). */
        final int skipped;
        /** The sum of the documents' lengths. */
        final long steps;

        private Corpus(List<Path> files, int[][] tokens, int[] file, int[] line, int skipped) {
            this.files = files;
            this.tokens = tokens;
            this.file = file;
            this.line = line;
            this.skipped = skipped;
            long s = 0;
            for (int[] t : tokens) {
                s += t.length;
            }
            this.steps = s;
        }

        int documents() {
            return tokens.length;
        }

        /** Documents made in memory (the JIT warm-up's sentences), named {@code generated:N}. */
        static Corpus generated(int[][] tokens) {
            int[] file = new int[tokens.length];
            int[] line = new int[tokens.length];
            for (int d = 0; d < tokens.length; d++) {
                line[d] = d + 1;
            }
            return new Corpus(List.of(Path.of("generated")), tokens, file, line, 0);
        }

        /** {@code FILE:LINE} of document {@code d}. */
        String where(int d) {
            return files.get(file[d]) + ":" + line[d];
        }

        /**
         * The JSON Lines files named by {@code args}: each a file, or a directory whose
         * {@code *.jsonl} files are taken in name order.
         *
         * @throws IOException if a directory cannot be listed or a path does not exist
         *     ({@link java.nio.file.NoSuchFileException})
         */
        static List<Path> files(List<Path> args) throws IOException {
            List<Path> out = new ArrayList<>();
            for (Path p : args) {
                if (Files.isDirectory(p)) {
                    List<Path> inDir;
                    try (Stream<Path> s = Files.list(p)) {
                        inDir = s.filter(f -> f.getFileName().toString().endsWith(".jsonl") && Files.isRegularFile(f))
                                .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                                .collect(java.util.stream.Collectors.toList());
                    }
                    if (inDir.isEmpty()) {
                        throw new IOException(p + ": a directory without *.jsonl files");
                    }
                    out.addAll(inDir);
                } else if (Files.exists(p)) {
                    out.add(p);
                } else {
                    throw new java.nio.file.NoSuchFileException(p.toString(), null, "no such file or directory");
                }
            }
            return out;
        }

        /**
         * Reads the documents: one JSON object per non-blank line, {@code {"text": "...",
         * "token_ids": [..]}}; other fields are ignored. Without {@code token_ids} (or with
         * {@code null}) the text is tokenized by {@code encoder}, if there is one.
         *
         * @param vocabulary for the range of the ids and for messages
         * @param encoder tokenizes a text (a jtokkit vocabulary), or null
         * @param limit the most documents to read (blank lines do not count), 0 for all
         * @throws CorpusException for a line that is not such an object, an id outside the
         *     vocabulary, a document without ids that cannot be tokenized
         * @throws IOException if a file cannot be read (or is not UTF-8: a
         *     {@link CorpusException} naming the line)
         */
        static Corpus read(List<Path> files, Vocabulary vocabulary, Function<String, int[]> encoder, int limit)
                throws IOException, CorpusException {
            List<int[]> tokens = new ArrayList<>();
            int[] fileOf = new int[1024];
            int[] lineOf = new int[1024];
            int skipped = 0;
            int read = 0;
            reading:
            for (int f = 0; f < files.size(); f++) {
                Path path = files.get(f);
                int lineNo = 0;
                try (BufferedReader r = Files.newBufferedReader(path)) {
                    String text;
                    while (true) {
                        try {
                            text = r.readLine();
                        } catch (MalformedInputException e) {
                            throw new CorpusException(path + ":" + (lineNo + 1) + ": not valid UTF-8");
                        }
                        if (text == null) {
                            break;
                        }
                        lineNo++;
                        if (text.isBlank()) {
                            continue;
                        }
                        if (limit > 0 && read == limit) {
                            break reading;
                        }
                        read++;
                        int[] ids = parseLine(text, path + ":" + lineNo, vocabulary, encoder);
                        if (ids.length == 0) {
                            skipped++;
                            continue;
                        }
                        int d = tokens.size();
                        if (d == fileOf.length) {
                            fileOf = Arrays.copyOf(fileOf, 2 * d);
                            lineOf = Arrays.copyOf(lineOf, 2 * d);
                        }
                        fileOf[d] = f;
                        lineOf[d] = lineNo;
                        tokens.add(ids);
                    }
                }
            }
            int n = tokens.size();
            return new Corpus(List.copyOf(files), tokens.toArray(new int[0][]), Arrays.copyOf(fileOf, n),
                    Arrays.copyOf(lineOf, n), skipped);
        }

        private static int[] parseLine(String text, String where, Vocabulary vocabulary, Function<String, int[]> encoder)
                throws IOException, CorpusException {
            int[] ids = null;
            String docText = null;
            try (JsonParser p = JSON.createParser(text)) {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    throw new CorpusException(where + ": not a JSON object (a document is {\"text\": ..., \"token_ids\": [...]})");
                }
                JsonToken t;
                while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken value = p.nextToken();
                    if (name.equals("token_ids") && value != JsonToken.VALUE_NULL) {
                        ids = parseIds(p, value, where, vocabulary);
                    } else if (name.equals("text") && value != JsonToken.VALUE_NULL) {
                        if (value != JsonToken.VALUE_STRING) {
                            throw new CorpusException(where + ": \"text\" is not a string");
                        }
                        docText = p.getText();
                    } else {
                        p.skipChildren();
                    }
                }
                assert t == JsonToken.END_OBJECT : t;
                if (p.nextToken() != null) {
                    throw new CorpusException(where + ": more than one JSON value on the line");
                }
            } catch (JsonProcessingException e) {
                throw new CorpusException(where + ": malformed JSON: " + e.getOriginalMessage());
            }
            if (ids != null) {
                return ids;
            }
            if (docText == null) {
                throw new CorpusException(where + ": neither \"token_ids\" nor \"text\"");
            }
            if (encoder == null) {
                throw new CorpusException(where + ": no \"token_ids\", and the text can only be tokenized with a "
                        + "vocabulary shipped in jtokkit (cl100k, o200k, p50k, r50k), not " + vocabulary.name());
            }
            int[] encoded = encoder.apply(docText);
            for (int i = 0; i < encoded.length; i++) {
                checkId(encoded[i], i, where, vocabulary);
            }
            return encoded;
        }

        private static int[] parseIds(JsonParser p, JsonToken value, String where, Vocabulary vocabulary)
                throws IOException, CorpusException {
            if (value != JsonToken.START_ARRAY) {
                throw new CorpusException(where + ": \"token_ids\" is not an array");
            }
            int[] ids = new int[64];
            int n = 0;
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (t != JsonToken.VALUE_NUMBER_INT) {
                    throw new CorpusException(where + ": \"token_ids\"[" + n + "] is not an integer");
                }
                long id = p.getNumberType() == JsonParser.NumberType.INT ? p.getIntValue() : Long.MAX_VALUE;
                checkId(id, n, where, vocabulary);
                if (n == ids.length) {
                    ids = Arrays.copyOf(ids, 2 * n);
                }
                ids[n++] = (int) id;
            }
            return Arrays.copyOf(ids, n);
        }

        private static void checkId(long id, int index, String where, Vocabulary vocabulary) throws CorpusException {
            if (id < 0 || id >= vocabulary.size()) {
                throw new CorpusException(where + ": token id " + (id == Long.MAX_VALUE ? "beyond int range" : id)
                        + " (position " + index + ") is out of range: the vocabulary " + vocabulary.name() + " has ids 0.."
                        + (vocabulary.size() - 1));
            }
        }
    }

    // ------------------------------------------------------------------ replay

    /** The counts of one pass; its step times go into an array owned by the caller. */
    static final class Pass {
        long steps;
        int violations;
        int notAcceptingAtEnd;
        int acceptMismatches;
        int limitErrors;
        int failed;
        long oracleChecks;
        long oracleMismatches;
        /** Garbage collections during the pass, and their accumulated time in milliseconds. */
        long gcCount;
        long gcMs;

        boolean sameCounts(Pass o) {
            return steps == o.steps && violations == o.violations && notAcceptingAtEnd == o.notAcceptingAtEnd
                    && acceptMismatches == o.acceptMismatches && limitErrors == o.limitErrors && failed == o.failed;
        }

        String counts() {
            return "steps " + steps + ", violations " + violations + ", not accepting " + notAcceptingAtEnd
                    + ", accept mismatches " + acceptMismatches + ", limit errors " + limitErrors;
        }
    }

    /**
     * Step latencies in microseconds, rounded to 2 decimals: mean and exact percentiles (nearest
     * rank: the smallest time such that at least q of the steps took no longer).
     */
    record Latency(double meanUs, double p50Us, double p90Us, double p99Us, double p999Us, double maxUs) {
        /** The latencies of {@code nanos[0 .. n)}; all zero if {@code n == 0}. */
        static Latency of(long[] nanos, int n) {
            if (n == 0) {
                return new Latency(0, 0, 0, 0, 0, 0);
            }
            long[] sorted = Arrays.copyOf(nanos, n);
            Arrays.sort(sorted);
            double sum = 0;
            for (long x : sorted) {
                sum += x;
            }
            return new Latency(us(sum / n), us(rank(sorted, 0.50)), us(rank(sorted, 0.90)), us(rank(sorted, 0.99)),
                    us(rank(sorted, 0.999)), us(sorted[n - 1]));
        }

        private static long rank(long[] sorted, double q) {
            int i = (int) Math.ceil(q * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
        }

        private static double us(double nanos) {
            return nanos / 1000.0;
        }

        void write(JsonGenerator g) throws IOException {
            g.writeStartObject();
            g.writeFieldName("mean_us");
            g.writeNumber(round(meanUs, 2));
            g.writeFieldName("p50_us");
            g.writeNumber(round(p50Us, 2));
            g.writeFieldName("p90_us");
            g.writeNumber(round(p90Us, 2));
            g.writeFieldName("p99_us");
            g.writeNumber(round(p99Us, 2));
            g.writeFieldName("p999_us");
            g.writeNumber(round(p999Us, 2));
            g.writeFieldName("max_us");
            g.writeNumber(round(maxUs, 2));
            g.writeEndObject();
        }
    }

    /**
     * Garbage collections during the cold pass and during the warm passes together, and their
     * accumulated times in milliseconds ({@link #gcCount()}, {@link #gcMs()}): to tell whether the
     * slowest steps met a collection.
     */
    record GcSummary(long coldCount, long coldMs, long warmCount, long warmMs) {
    }

    /**
     * The mask cache's counters (the README's "How it works" (Masks), layer 1), cumulative since the constraint was made:
     * after the cold pass, and at the end. Hit rates are hits over lookups, null without lookups
     * (no cache, or no warm pass).
     *
     * @param boundBytes the cache's bound, 0 for no cache
     */
    record CacheSummary(long boundBytes, MaskCacheStats afterCold, MaskCacheStats atEnd) {
        static Double rate(long hits, long misses) {
            return hits + misses == 0 ? null : (double) hits / (hits + misses);
        }

        Double hitRate() {
            return rate(atEnd.hits(), atEnd.misses());
        }

        Double coldHitRate() {
            return rate(afterCold.hits(), afterCold.misses());
        }

        Double warmHitRate() {
            return rate(atEnd.hits() - afterCold.hits(), atEnd.misses() - afterCold.misses());
        }

        void write(JsonGenerator g) throws IOException {
            writeRate(g, "cache_hit_rate", hitRate());
            writeRate(g, "cache_hit_rate_cold", coldHitRate());
            writeRate(g, "cache_hit_rate_warm", warmHitRate());
            g.writeFieldName("cache_bound_mb");
            g.writeNumber(round(boundBytes / (1024.0 * 1024.0), 1));
            g.writeNumberField("cache_entries", atEnd.entries());
            g.writeFieldName("cache_mb");
            g.writeNumber(round(atEnd.weightBytes() / (1024.0 * 1024.0), 1));
            g.writeNumberField("cache_evictions", atEnd.evictions());
        }

        private static void writeRate(JsonGenerator g, String name, Double rate) throws IOException {
            g.writeFieldName(name);
            if (rate == null) {
                g.writeNull();
            } else {
                g.writeNumber(round(rate, 4));
            }
        }
    }

    /**
     * The result: one JSON object ({@link #toJson()}) with the fields of the README's "Replay benchmark" and a few
     * more (see the README's Benchmarks section).
     */
    record Result(String grammar, String vocabulary, int vocabularySize, int[] eos, int corpusFiles,
            int documents, int documentsSkipped, int documentsFailed, long steps, int violations,
            int notAcceptingAtEnd, int acceptMismatches, int limitErrors, int passes, boolean passesAgree,
            Preparation preparation, JitWarmup.Report warmup, boolean jitQuiet, double constraintMs, Latency cold,
            Latency warm, Double warmMaxOfMinUs, GcSummary gc, CacheSummary cache,
            double peakHeapMb, double heapAfterGcMb, double oracleRate, long oracleSeed, long oracleChecks,
            long oracleMismatches, String jvm) {

        /** One line of JSON (no line break). */
        String toJson() {
            StringWriter w = new StringWriter();
            try (JsonGenerator g = JSON.createGenerator(w)) {
                g.writeStartObject();
                g.writeStringField("grammar", grammar);
                g.writeStringField("vocab", vocabulary);
                g.writeNumberField("vocab_size", vocabularySize);
                g.writeFieldName("eos");
                g.writeArray(eos, 0, eos.length);
                g.writeNumberField("corpus_files", corpusFiles);
                g.writeNumberField("documents", documents);
                g.writeNumberField("documents_skipped", documentsSkipped);
                g.writeNumberField("documents_failed", documentsFailed);
                g.writeNumberField("steps", steps);
                g.writeNumberField("violations", violations);
                g.writeNumberField("not_accepting_at_end", notAcceptingAtEnd);
                g.writeNumberField("accept_mismatches", acceptMismatches);
                g.writeNumberField("limit_errors", limitErrors);
                g.writeNumberField("passes", passes);
                g.writeBooleanField("passes_agree", passesAgree);
                g.writeFieldName("compile_ms");
                g.writeNumber(round(preparation.compileMs(), 1));
                g.writeFieldName("vocab_ms");
                g.writeNumber(round(preparation.vocabMs(), 1));
                if (warmup != null) {
                    g.writeFieldName("jit_warmup_s");
                    g.writeNumber(round(warmup.seconds(), 1));
                    g.writeNumberField("jit_warmup_rounds", warmup.rounds());
                    g.writeNumberField("jit_warmup_steps", warmup.steps());
                }
                g.writeBooleanField("jit_quiet_before_passes", jitQuiet);
                g.writeFieldName("constraint_ms");
                g.writeNumber(round(constraintMs, 1));
                g.writeFieldName("corpus_ms");
                g.writeNumber(round(preparation.corpusMs(), 1));
                g.writeFieldName("cold");
                cold.write(g);
                g.writeFieldName("warm");
                if (warm == null) {
                    g.writeNull();
                } else {
                    warm.write(g);
                }
                g.writeFieldName("warm_max_of_step_min_us");
                if (warmMaxOfMinUs == null) {
                    g.writeNull();
                } else {
                    g.writeNumber(round(warmMaxOfMinUs, 2));
                }
                g.writeNumberField("gc_count_cold", gc.coldCount());
                g.writeNumberField("gc_ms_cold", gc.coldMs());
                if (warm == null) {
                    g.writeNullField("gc_count_warm");
                    g.writeNullField("gc_ms_warm");
                } else {
                    g.writeNumberField("gc_count_warm", gc.warmCount());
                    g.writeNumberField("gc_ms_warm", gc.warmMs());
                }
                cache.write(g);
                g.writeFieldName("peak_heap_mb");
                g.writeNumber(round(peakHeapMb, 1));
                g.writeFieldName("heap_after_gc_mb");
                g.writeNumber(round(heapAfterGcMb, 1));
                if (oracleRate > 0) {
                    g.writeNumberField("oracle_rate", oracleRate);
                    g.writeNumberField("oracle_seed", oracleSeed);
                    g.writeNumberField("oracle_checks", oracleChecks);
                    g.writeNumberField("oracle_mismatches", oracleMismatches);
                }
                g.writeStringField("jvm", jvm);
                writeJvmSettings(g);
                g.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e); // a StringWriter does not fail
            }
            return w.toString();
        }
    }

    /**
     * Replays the corpus (see the class comment).
     *
     * @param grammarName the grammar's name for the result
     * @throws IllegalArgumentException if the corpus has too many tokens to keep every step's time
     *     (more than about 2^31 over the warm passes)
     */
    static Result run(String grammarName, CompiledGrammar grammar, Vocabulary vocabulary, Corpus corpus,
            Preparation preparation, Options options) {
        long warmSteps = corpus.steps * (options.passes() - 1);
        if (Math.max(corpus.steps, warmSteps) > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a corpus of " + corpus.steps + " tokens is too large for " + options.passes()
                    + " passes in one run; use --limit-documents, fewer --corpus files or fewer --passes");
        }
        ConstraintOptions constraintOptions = new ConstraintOptions(options.recognizer(), options.maskCacheBytes());
        JitWarmup.Report warmup = options.jitWarmupSeconds() > 0
                ? warmUp(grammar, vocabulary, constraintOptions, options) : null;
        boolean jitQuiet = settle();
        long t0 = System.nanoTime();
        Constraint constraint = Constraint.of(grammar, vocabulary, constraintOptions);
        double constraintMs = (System.nanoTime() - t0) / 1e6;

        long[] coldNanos = new long[(int) corpus.steps];
        Pass first = replay(constraint, corpus, options, 1, coldNanos, 0);
        MaskCacheStats afterCold = constraint.cacheStats();
        Latency cold = Latency.of(coldNanos, (int) first.steps);
        coldNanos = null; // the warm passes may need the memory
        Latency warm = null;
        Double warmMaxOfMinUs = null;
        long warmGcCount = 0;
        long warmGcMs = 0;
        boolean agree = true;
        if (options.passes() > 1) {
            long[] warmNanos = new long[(int) warmSteps];
            int filled = 0;
            for (int pass = 2; pass <= options.passes(); pass++) {
                jitQuiet &= settle();
                Pass p = replay(constraint, corpus, options, pass, warmNanos, filled);
                filled += (int) p.steps;
                warmGcCount += p.gcCount;
                warmGcMs += p.gcMs;
                if (!p.sameCounts(first)) {
                    agree = false;
                    options.diagnostics().println("kbnf4j bench: pass " + pass + " differs from pass 1: " + p.counts()
                            + " versus " + first.counts());
                    options.diagnostics().flush();
                }
            }
            warm = Latency.of(warmNanos, filled);
            if (agree && options.passes() > 2) {
                warmMaxOfMinUs = maxOfStepMinimum(warmNanos, (int) first.steps, options.passes() - 1) / 1000.0;
            }
        }
        CacheSummary cache = new CacheSummary(options.maskCacheBytes(), afterCold, constraint.cacheStats());
        double peakHeapMb = peakHeapMb();
        double heapAfterGcMb = heapAfterGcMb();
        return new Result(grammarName, vocabulary.name(), vocabulary.size(), vocabulary.eosIds(), corpus.files.size(),
                corpus.documents(), corpus.skipped, first.failed, first.steps, first.violations,
                first.notAcceptingAtEnd, first.acceptMismatches, first.limitErrors, options.passes(), agree,
                preparation, warmup, jitQuiet, constraintMs, cold, warm, warmMaxOfMinUs,
                new GcSummary(first.gcCount, first.gcMs, warmGcCount, warmGcMs), cache,
                peakHeapMb, heapAfterGcMb, options.oracleRate(),
                options.oracleSeed(), first.oracleChecks, first.oracleMismatches, jvm());
    }

    /**
     * Untimed, before every pass: a full collection, so that the garbage of what ran before (the
     * previous pass, the statistics, the warm-up) is not the pass's, then {@link
     * JitWarmup#awaitQuiet}, so that queued compilations do not compete with it. Returns whether
     * the JIT was found quiet.
     */
    private static boolean settle() {
        System.gc();
        return JitWarmup.awaitQuiet();
    }

    /**
     * The slowest step when each step counts with its fastest warm pass: {@code nanos} holds
     * {@code passes} passes of {@code steps} steps each, one after the other. A step delayed in one
     * pass by something outside the engine (the thread descheduled, which on this kind of machine
     * happens for 1 to 20 ms a few times a minute, even to a loop that only reads the clock) is
     * not delayed in every pass; a step that is slow by its own work is.
     */
    static long maxOfStepMinimum(long[] nanos, int steps, int passes) {
        long max = 0;
        for (int i = 0; i < steps; i++) {
            long min = Long.MAX_VALUE;
            for (int p = 0; p < passes; p++) {
                min = Math.min(min, nanos[p * steps + i]);
            }
            max = Math.max(max, min);
        }
        return max;
    }

    /**
     * The JIT warm-up ({@link JitWarmup}): the warm-up sentences replayed by {@link #replay}
     * itself, so that the harness's loop is compiled too, round after round on throwaway
     * constraints, for about the configured time (at least one round). Nothing is reported.
     */
    private static JitWarmup.Report warmUp(CompiledGrammar grammar, Vocabulary vocabulary,
            ConstraintOptions constraintOptions, Options options) {
        Corpus sentences = Corpus.generated(JitWarmup.sentences(Constraint.of(grammar, vocabulary, constraintOptions)));
        Options quiet = new Options(1, 0, 0, 0, options.maskCacheBytes(), options.recognizer(), null,
                new PrintWriter(Writer.nullWriter()));
        long[] nanos = new long[(int) sentences.steps];
        long start = System.nanoTime();
        long deadline = start + (long) (options.jitWarmupSeconds() * 1e9);
        int rounds = 0;
        long steps = 0;
        do {
            Pass p = replay(Constraint.of(grammar, vocabulary, constraintOptions), sentences, quiet, 0, nanos, 0);
            if (p.failed > 0 && rounds == 0) { // a sentence the engine generated and then refused: say so once
                options.diagnostics().println("kbnf4j bench: jit warm-up: " + p.failed + " of " + sentences.documents()
                        + " generated sentences did not replay (" + p.counts() + ")");
                options.diagnostics().flush();
            }
            steps += p.steps;
            rounds++;
        } while (System.nanoTime() < deadline);
        return new JitWarmup.Report((System.nanoTime() - start) / 1e9, rounds, steps);
    }

    /**
     * One pass over the corpus on {@code constraint} with a new matcher, writing the step times
     * into {@code nanos} from {@code offset} on (room for {@code corpus.steps} of them). Pass 1
     * reports what it finds and runs the oracle; pass 0 is the JIT warm-up.
     */
    private static Pass replay(Constraint constraint, Corpus corpus, Options options, int pass, long[] nanos,
            int offset) {
        Pass p = new Pass();
        long gcCount0 = gcCount();
        long gcMs0 = gcMs();
        Matcher m = constraint.newMatcher();
        long[] mask = constraint.newMask();
        boolean report = pass == 1; // later passes repeat the same events
        boolean oracle = pass == 1 && options.oracleRate() > 0;
        double rate = options.oracleRate();
        SplittableRandom random = new SplittableRandom(options.oracleSeed());
        PrintWriter diag = options.diagnostics();
        PrintWriter progress = options.progress();
        long start = System.nanoTime();
        long lastProgress = start;
        int step = offset;
        for (int d = 0; d < corpus.documents(); d++) {
            int[] ids = corpus.tokens[d];
            m.reset();
            boolean complete = true;
            try {
                for (int k = 0; k < ids.length; k++) {
                    int id = ids[k];
                    boolean check = oracle && random.nextDouble() < rate;
                    long t0 = System.nanoTime();
                    m.fillMask(mask);
                    long excluded = 0;
                    if (check) {
                        long o0 = System.nanoTime();
                        oracleCheck(m, mask, p, report ? diag : null, corpus, d, k);
                        excluded = System.nanoTime() - o0;
                    }
                    boolean accepted = m.acceptToken(id);
                    nanos[step++] = System.nanoTime() - t0 - excluded;
                    boolean inMask = (mask[id >>> 6] & (1L << id)) != 0;
                    if (inMask != accepted) {
                        p.acceptMismatches++;
                        complete = false;
                        if (report && p.acceptMismatches <= MAX_REPORTED) {
                            diag.println(corpus.where(d) + ": token " + k + " " + describe(constraint.vocabulary(), id)
                                    + (inMask ? " is in the mask but acceptToken refused it"
                                            : " is not in the mask but acceptToken accepted it")
                                    + " (mask and acceptToken disagree)");
                        }
                        break;
                    }
                    if (!inMask) {
                        p.violations++;
                        complete = false;
                        if (report && p.violations <= MAX_REPORTED) {
                            diag.println(corpus.where(d) + ": violation: token " + k + " "
                                    + describe(constraint.vocabulary(), id) + " is not in the mask");
                        }
                        break;
                    }
                }
            } catch (RecognizerLimitException e) {
                // a step whose time was not recorded: the document ends here
                p.limitErrors++;
                complete = false;
                if (report && p.limitErrors <= MAX_REPORTED) {
                    diag.println(corpus.where(d) + ": recognizer limit: " + e.getMessage());
                }
            }
            if (!complete) {
                p.failed++;
            } else if (!m.isAccepting()) {
                p.notAcceptingAtEnd++;
                if (report && p.notAcceptingAtEnd <= MAX_REPORTED) {
                    diag.println(corpus.where(d) + ": the matcher is not accepting after the document's "
                            + ids.length + " tokens");
                }
            }
            if (progress != null) {
                long now = System.nanoTime();
                if (now - lastProgress >= PROGRESS_NANOS || d == corpus.documents() - 1) {
                    lastProgress = now;
                    double s = (now - start) / 1e9;
                    progress.printf("kbnf4j bench: pass %d (%s): %d/%d documents, %d steps, %.1f s, %.0f steps/s%n",
                            pass, pass == 1 ? "cold" : "warm", d + 1, corpus.documents(), step - offset, s,
                            (step - offset) / s);
                    progress.flush();
                }
            }
        }
        p.steps = step - offset;
        p.gcCount = gcCount() - gcCount0;
        p.gcMs = gcMs() - gcMs0;
        if (report) {
            reportTail(diag, "violations", p.violations);
            reportTail(diag, "accept mismatches", p.acceptMismatches);
            reportTail(diag, "recognizer limit errors", p.limitErrors);
            reportTail(diag, "documents not accepting at the end", p.notAcceptingAtEnd);
            reportTail(diag, "steps with oracle mismatches", p.oracleMismatches);
        }
        diag.flush();
        return p;
    }

    private static void reportTail(PrintWriter diag, String what, long count) {
        if (count > MAX_REPORTED) {
            diag.println("kbnf4j bench: ... " + (count - MAX_REPORTED) + " more " + what + " not shown (" + count
                    + " in all)");
        }
    }

    /** Compares every bit of {@code mask} with {@link Matcher#isAllowed(int)}. */
    private static void oracleCheck(Matcher m, long[] mask, Pass p, PrintWriter diag, Corpus corpus, int d, int k) {
        p.oracleChecks++;
        String mismatch = oracleMismatch(m, mask);
        if (mismatch != null) {
            p.oracleMismatches++;
            if (diag != null && p.oracleMismatches <= MAX_REPORTED) {
                diag.println(corpus.where(d) + ": oracle mismatch before token " + k + ": " + mismatch);
            }
        }
    }

    /**
     * Compares every id's bit of {@code mask} (just filled by {@code m}) with
     * {@link Matcher#isAllowed(int)}, the brute-force answer; null when they agree, else what
     * differs ({@code "2 allowed tokens missing from the mask (first ...), 0 refused tokens in it"}).
     */
    static String oracleMismatch(Matcher m, long[] mask) {
        Vocabulary v = m.constraint().vocabulary();
        int size = v.size();
        int missing = 0; // allowed by the oracle, not in the mask (incomplete)
        int extra = 0; // in the mask, refused by the oracle (unsound)
        int firstMissing = -1;
        int firstExtra = -1;
        for (int id = 0; id < size; id++) {
            boolean bit = (mask[id >>> 6] & (1L << id)) != 0;
            if (bit != m.isAllowed(id)) {
                if (bit) {
                    extra++;
                    firstExtra = firstExtra < 0 ? id : firstExtra;
                } else {
                    missing++;
                    firstMissing = firstMissing < 0 ? id : firstMissing;
                }
            }
        }
        if (missing + extra == 0) {
            return null;
        }
        return missing + " allowed tokens missing from the mask" + (firstMissing < 0 ? "" : " (first "
                + describe(v, firstMissing) + ")") + ", " + extra + " refused tokens in it"
                + (firstExtra < 0 ? "" : " (first " + describe(v, firstExtra) + ")");
    }

    /** {@code 123 "abc"}: an id and its bytes, printable ASCII as is, other bytes as {@code \xNN}. */
    static String describe(Vocabulary v, int id) {
        StringBuilder sb = new StringBuilder().append(id);
        if (v.isEos(id)) {
            return sb.append(" (end of sequence)").toString();
        }
        if (!v.hasBytes(id)) {
            return sb.append(" (special or without bytes)").toString();
        }
        sb.append(" \"");
        for (byte b : v.tokenBytes(id)) {
            int c = b & 0xFF;
            if (c == '"' || c == '\\') {
                sb.append('\\').append((char) c);
            } else if (c >= 0x20 && c < 0x7F) {
                sb.append((char) c);
            } else {
                sb.append(String.format("\\x%02X", c));
            }
        }
        return sb.append('"').toString();
    }

    // ------------------------------------------------------------------ JVM

    /** Resets the peak usage of every memory pool (call at the start of a run). */
    static void resetPeakHeap() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
    }

    /** The sum of the heap pools' peak usage since {@link #resetPeakHeap()}, in MiB. */
    static double peakHeapMb() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum / (1024.0 * 1024.0);
    }

    /**
     * The heap in use after a full collection ({@link System#gc()}, untimed, at the end of the run),
     * in MiB: what stays live — the grammar, vocabulary, trie, constraint with its filled tables,
     * and the corpus's token ids.
     */
    static double heapAfterGcMb() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024.0 * 1024.0);
    }

    /** Collections so far, summed over the JVM's collectors. */
    static long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    /**
     * Accumulated collection time so far in milliseconds, summed over the JVM's collectors (for
     * G1 this includes concurrent cycles, which do not stop the replay).
     */
    static long gcMs() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }

    /** The running JVM: version, name and vendor. */
    static String jvm() {
        return Runtime.version() + " (" + System.getProperty("java.vm.name") + ", " + System.getProperty("java.vm.vendor")
                + ")";
    }

    /**
     * The JVM's garbage collector ({@code gc}: its collectors' names, such as {@code "G1 Young
     * Generation, G1 Old Generation"}) and the options it was started with ({@code jvm_options}),
     * since both change the figures: a short-lived process runs two to three times faster with
     * {@code -XX:TieredStopAtLevel=1 -XX:+UseParallelGC} (the README's "Cold start").
     */
    static void writeJvmSettings(JsonGenerator g) throws IOException {
        g.writeStringField("gc", String.join(", ",
                ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList()));
        g.writeArrayFieldStart("jvm_options");
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            g.writeString(option);
        }
        g.writeEndArray();
    }

    static BigDecimal round(double x, int decimals) {
        return BigDecimal.valueOf(x).setScale(decimals, RoundingMode.HALF_UP);
    }
}
