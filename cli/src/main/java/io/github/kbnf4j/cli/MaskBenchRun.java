package io.github.kbnf4j.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.earley.RecognizerLimitException;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.ConstraintOptions;
import io.github.kbnf4j.runtime.Matcher;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The MaskBench protocol (the README's "MaskBench"): every schema compiled on its own and its test
 * documents replayed token by token through the masks of a fresh {@link Constraint}, as a server
 * meets a request that brings its own schema.
 *
 * <h2>Per schema</h2>
 * <ol>
 *   <li><b>Compile</b>: the schema's text is parsed and compiled ({@link JsonSchemaGrammar}) and
 *       joined with the vocabulary ({@link Constraint#of}); {@code compile_us} is that time. A
 *       {@link JsonSchemaException} or {@link GrammarException} is a <i>compile error</i> (the
 *       schema is refused, with its reason).
 *   <li><b>First mask</b>: a matcher of the new constraint fills its first mask. {@code ttfm_us}
 *       (time to first mask) runs from the schema's text to that mask. Nothing is shared with
 *       the schemas before but the vocabulary (and what the engine itself shares per vocabulary).
 *   <li><b>Replay</b>: each document on a fresh matcher of that constraint. One step per token:
 *       fill the mask, then accept the token (timed together: TBM, time between masks); a token
 *       outside the mask ends the document. After the last token one more mask is filled (the
 *       step at which a decoder would sample end-of-sequence), timed too, and the document is
 *       <i>complete</i> when an end-of-sequence id is in it. A valid document must keep every
 *       token in its mask and be complete, else it is a <i>validation error</i>; an invalid one
 *       must meet a token outside its mask or end incomplete, else it is an <i>invalidation
 *       error</i>. A recognizer limit or a mask that disagrees with {@code acceptToken} ends the
 *       document as a <i>limit error</i> or an <i>accept mismatch</i>.
 * </ol>
 * A schema <i>passes</i> when it compiles and every document behaves (one without documents passes
 * when it compiles).
 *
 * <h2>Time limit, crashes</h2>
 * Each schema runs on a worker thread under a deadline ({@link Options#timeoutNanos}). The replay
 * checks the deadline at every step; a compile that overruns is abandoned: the run counts a
 * <i>timeout</i>, interrupts the thread, and goes on with a new worker (the old one may still
 * finish its compile in the background, competing for a core). An exception other than the
 * refusals above, or an {@link Error} ({@link StackOverflowError}, {@link OutOfMemoryError}), is
 * a <i>crash</i> of that schema; the run goes on.
 *
 * <h2>Oracle</h2>
 * With a rate r &gt; 0, each step is picked with probability r (one draw per step from a
 * {@link SplittableRandom} seeded once per run): its whole mask is compared, untimed, with the
 * brute-force answer ({@link Matcher#isAllowed(int)} for every id).
 *
 * <p>Not thread-safe; one run at a time.
 */
final class MaskBenchRun {
    /** Diagnostics of each kind printed at most this many times. */
    static final int MAX_REPORTED = 10;
    /** Seconds between two progress lines. */
    private static final long PROGRESS_NANOS = 10_000_000_000L;

    /**
     * How to run.
     *
     * @param schema how schemas compile
     * @param constraint the options of each schema's constraint
     * @param timeoutNanos the time limit per schema (compile and replay)
     * @param oracleRate the fraction of steps checked against the brute-force oracle, 0..1
     * @param oracleSeed the seed that picks them
     * @param progress where progress lines go, or null for none
     * @param diagnostics where the first errors of each kind are described
     */
    record Options(JsonSchemaOptions schema, ConstraintOptions constraint, long timeoutNanos, double oracleRate,
            long oracleSeed, PrintWriter progress, PrintWriter diagnostics) {
        Options {
            Objects.requireNonNull(schema, "schema");
            Objects.requireNonNull(constraint, "constraint");
            Objects.requireNonNull(diagnostics, "diagnostics");
            if (timeoutNanos <= 0) {
                throw new IllegalArgumentException("--timeout must be positive");
            }
            if (!(oracleRate >= 0 && oracleRate <= 1)) {
                throw new IllegalArgumentException("--oracle-rate must be between 0 and 1, was " + oracleRate);
            }
        }
    }

    /** What became of a schema. */
    enum Outcome {
        PASSED, COMPILE_ERROR, FAILED, TIMEOUT, CRASH
    }

    /** What became of a document. */
    enum DocumentVerdict {
        /** Valid and accepted, or invalid and rejected. */
        BEHAVED,
        /** Valid, but a token was outside its mask or it ended incomplete. */
        VALIDATION_ERROR,
        /** Invalid, but every token was in its mask and it ended complete. */
        INVALIDATION_ERROR,
        /** A recognizer limit ended it. */
        LIMIT_ERROR,
        /** A mask disagreed with {@code acceptToken}. */
        ACCEPT_MISMATCH,
        /** Not replayed (the schema did not compile, timed out or crashed first). */
        NOT_RUN
    }

    /** The result of one schema: its verdicts, times and step latencies. */
    static final class SchemaResult {
        final MaskBenchSuite.Schema schema;
        Outcome outcome;
        /** The refusal or crash message, null otherwise. */
        String message;
        long compileNanos = -1;
        long ttfmNanos = -1;
        /** The verdict of each document, in the order of {@code schema.documents()}. */
        final DocumentVerdict[] verdicts;
        /** Document tokens replayed (a document that fails early counts the tokens up to and including the failing one). */
        long tokens;
        /** The step times, {@code stepNanos[0 .. steps)}. */
        long[] stepNanos = new long[64];
        int steps;
        long oracleChecks;
        long oracleMismatches;

        SchemaResult(MaskBenchSuite.Schema schema) {
            this.schema = schema;
            this.verdicts = new DocumentVerdict[schema.documents().size()];
            Arrays.fill(verdicts, DocumentVerdict.NOT_RUN);
        }

        int count(DocumentVerdict v) {
            int n = 0;
            for (DocumentVerdict d : verdicts) {
                n += d == v ? 1 : 0;
            }
            return n;
        }

        void addStep(long nanos) {
            if (steps == stepNanos.length) {
                stepNanos = Arrays.copyOf(stepNanos, steps * 2);
            }
            stepNanos[steps++] = nanos;
        }
    }

    /** Thrown inside a replay that met its deadline. */
    private static final class DeadlineException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DeadlineException() {
            super(null, null, false, false);
        }
    }

    private final Vocabulary vocabulary;
    private final Options options;
    private final SplittableRandom oracleDraws;
    private final int[] eos;
    private int reportedValidation;
    private int reportedInvalidation;
    private int reportedOther;

    MaskBenchRun(Vocabulary vocabulary, Options options) {
        this.vocabulary = Objects.requireNonNull(vocabulary, "vocabulary");
        this.options = Objects.requireNonNull(options, "options");
        this.oracleDraws = new SplittableRandom(options.oracleSeed());
        this.eos = vocabulary.eosIds();
        if (eos.length == 0) {
            throw new IllegalArgumentException("the vocabulary has no end-of-sequence id; pass --eos");
        }
    }

    /** Runs every schema in order; {@code figures} receives each result as it is done. */
    List<SchemaResult> run(List<MaskBenchSuite.Schema> schemas, MaskBenchFigures figures) {
        List<SchemaResult> results = new ArrayList<>(schemas.size());
        ExecutorService worker = newWorker();
        long start = System.nanoTime();
        long lastProgress = start;
        try {
            for (int i = 0; i < schemas.size(); i++) {
                SchemaResult running = new SchemaResult(schemas.get(i));
                SchemaResult r = running;
                Future<?> f = worker.submit(() -> runSchema(running, System.nanoTime() + options.timeoutNanos()));
                try {
                    f.get(options.timeoutNanos() + 1_000_000_000L, TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    f.cancel(true);
                    worker.shutdownNow();
                    worker = newWorker(); // the old thread may be deep in a compile; leave it behind
                    r = new SchemaResult(schemas.get(i)); // the abandoned thread may still write into its own
                    r.outcome = Outcome.TIMEOUT;
                    r.message = "ran over the time limit (abandoned while still compiling or replaying)";
                } catch (ExecutionException e) {
                    r.outcome = Outcome.CRASH;
                    r.message = String.valueOf(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted", e);
                }
                if (r.outcome == Outcome.TIMEOUT || r.outcome == Outcome.CRASH) {
                    report(r.schema.file() + ": " + (r.outcome == Outcome.TIMEOUT ? "timeout: " : "crash: ")
                            + r.message);
                }
                results.add(r);
                figures.add(r, i);
                long now = System.nanoTime();
                if (options.progress() != null && (now - lastProgress >= PROGRESS_NANOS || i == schemas.size() - 1)) {
                    lastProgress = now;
                    options.progress().printf("kbnf4j maskbench: %d/%d schemas, %d passing, %d tokens, %.0f s%n",
                            i + 1, schemas.size(), figures.overall().passing, figures.overall().tokens,
                            (now - start) / 1e9);
                    options.progress().flush();
                }
            }
        } finally {
            worker.shutdownNow();
        }
        options.diagnostics().flush();
        return results;
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "kbnf4j-maskbench");
            t.setDaemon(true);
            return t;
        });
    }

    /** Compiles and replays one schema on the worker thread, filling in {@code r}. */
    private void runSchema(SchemaResult r, long deadline) {
        MaskBenchSuite.Schema s = r.schema;
        Constraint constraint;
        long[] mask;
        try {
            long t0 = System.nanoTime();
            try {
                JsonNode node = JsonSchemaGrammar.parse(s.file(), s.text());
                CompiledGrammar g = JsonSchemaGrammar.compile(s.file(), node, options.schema());
                constraint = Constraint.of(g, vocabulary, options.constraint());
            } catch (JsonSchemaException | GrammarException e) {
                r.outcome = Outcome.COMPILE_ERROR;
                r.message = e instanceof JsonSchemaException ? ((JsonSchemaException) e).reason() : e.getMessage();
                return;
            }
            r.compileNanos = System.nanoTime() - t0;
            mask = constraint.newMask();
            constraint.newMatcher().fillMask(mask);
            r.ttfmNanos = System.nanoTime() - t0;
            if (Thread.currentThread().isInterrupted() || System.nanoTime() > deadline) {
                throw new DeadlineException();
            }
            Matcher m = constraint.newMatcher();
            boolean all = true;
            for (int k = 0; k < s.documents().size(); k++) {
                MaskBenchSuite.Document d = s.documents().get(k);
                m.reset();
                DocumentVerdict v = replay(m, mask, d, r, deadline);
                r.verdicts[k] = v;
                all &= v == DocumentVerdict.BEHAVED;
            }
            r.outcome = all ? Outcome.PASSED : Outcome.FAILED;
        } catch (DeadlineException e) {
            r.outcome = Outcome.TIMEOUT;
            r.message = "ran over the time limit";
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            r.outcome = Outcome.CRASH;
            r.message = e.toString();
        }
    }

    private DocumentVerdict replay(Matcher m, long[] mask, MaskBenchSuite.Document d, SchemaResult r, long deadline) {
        int[] ids = d.tokens();
        boolean rejected = false;
        try {
            for (int k = 0; k < ids.length; k++) {
                int id = ids[k];
                if (System.nanoTime() > deadline || Thread.currentThread().isInterrupted()) {
                    throw new DeadlineException();
                }
                long fill = fillMask(m, mask, r, d, k);
                long a0 = System.nanoTime();
                boolean inMask = (mask[id >>> 6] & (1L << id)) != 0;
                boolean accepted = inMask && m.acceptToken(id);
                r.addStep(fill + System.nanoTime() - a0);
                r.tokens++;
                if (inMask != accepted) {
                    report(r.schema.file() + " test " + d.index() + ": token " + k + " "
                            + ReplayBenchmark.describe(vocabulary, id) + " is in the mask but acceptToken refused it");
                    return DocumentVerdict.ACCEPT_MISMATCH;
                }
                if (!inMask) {
                    rejected = true;
                    if (d.valid() && reportedValidation++ < MAX_REPORTED) {
                        options.diagnostics().println(r.schema.file() + " test " + d.index()
                                + ": validation error: token " + k + " " + ReplayBenchmark.describe(vocabulary, id)
                                + " is not in the mask");
                    }
                    break;
                }
            }
            if (!rejected) {
                long fill = fillMask(m, mask, r, d, ids.length);
                long e0 = System.nanoTime();
                boolean complete = false;
                for (int e : eos) {
                    complete |= (mask[e >>> 6] & (1L << e)) != 0;
                }
                r.addStep(fill + System.nanoTime() - e0);
                rejected = !complete;
                if (!complete && d.valid() && reportedValidation++ < MAX_REPORTED) {
                    options.diagnostics().println(r.schema.file() + " test " + d.index()
                            + ": validation error: incomplete after all " + ids.length + " tokens");
                }
            }
        } catch (RecognizerLimitException e) {
            report(r.schema.file() + " test " + d.index() + ": recognizer limit: " + e.getMessage());
            return DocumentVerdict.LIMIT_ERROR;
        }
        if (d.valid()) {
            return rejected ? DocumentVerdict.VALIDATION_ERROR : DocumentVerdict.BEHAVED;
        }
        if (!rejected && reportedInvalidation++ < MAX_REPORTED) {
            options.diagnostics().println(r.schema.file() + " test " + d.index()
                    + ": invalidation error: an invalid document was accepted");
        }
        return rejected ? DocumentVerdict.BEHAVED : DocumentVerdict.INVALIDATION_ERROR;
    }

    /**
     * Fills {@code mask} before token {@code k} and, at a step the oracle draws, compares it with
     * brute force; returns the nanoseconds of the fill alone (the oracle is not timed).
     */
    private long fillMask(Matcher m, long[] mask, SchemaResult r, MaskBenchSuite.Document d, int k) {
        double rate = options.oracleRate();
        boolean check = rate > 0 && oracleDraws.nextDouble() < rate;
        long t0 = System.nanoTime();
        m.fillMask(mask);
        long nanos = System.nanoTime() - t0;
        if (check) {
            oracle(m, mask, r, d, k);
        }
        return nanos;
    }

    private void oracle(Matcher m, long[] mask, SchemaResult r, MaskBenchSuite.Document d, int k) {
        r.oracleChecks++;
        String mismatch = ReplayBenchmark.oracleMismatch(m, mask);
        if (mismatch != null) {
            r.oracleMismatches++;
            report(r.schema.file() + " test " + d.index() + ": oracle mismatch before token " + k + ": " + mismatch);
        }
    }

    private void report(String message) {
        if (reportedOther++ < 5 * MAX_REPORTED) {
            options.diagnostics().println(message);
        }
    }
}
