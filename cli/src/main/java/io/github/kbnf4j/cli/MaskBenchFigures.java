package io.github.kbnf4j.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import io.github.kbnf4j.cli.MaskBenchRun.DocumentVerdict;
import io.github.kbnf4j.cli.MaskBenchRun.SchemaResult;
import io.github.kbnf4j.cli.ReplayBenchmark.Latency;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of a MaskBench run, for the whole run and per source: counts of outcomes and
 * verdicts, compile and first-mask times, and the latency of every step. Step times are kept, so
 * percentiles are exact (nearest rank).
 *
 * <p>TTFM is reported twice: {@code ttfm_us} over the schemas after the first
 * {@value #JIT_WARMUP_SCHEMAS} of the run (the JIT has compiled the engine by then, as in a
 * server that has been up a while) and {@code ttfm_us_first} over those first ones (a fresh JVM).
 * A source's {@code ttfm_us} leaves out the same first schemas of the run.
 */
final class MaskBenchFigures {
    /** The schemas at the start of a run whose TTFM counts as a fresh JVM's. */
    static final int JIT_WARMUP_SCHEMAS = 100;
    /** Refusal reasons listed. */
    static final int REASONS_LISTED = 20;

    /** The figures of a set of schemas. */
    static final class Tally {
        int schemas;
        int passing;
        int compileErrors;
        int timeouts;
        int crashes;
        int validationErrors;
        int invalidationErrors;
        int schemasWithValidationErrors;
        int schemasWithInvalidationErrors;
        int limitErrors;
        int acceptMismatches;
        long documents;
        long tokens;
        long oracleChecks;
        long oracleMismatches;
        final Map<String, Integer> reasons = new HashMap<>();
        final Times compile = new Times();
        final Times ttfm = new Times();
        final Times ttfmFirst = new Times();
        final Times tbm = new Times();

        void add(SchemaResult r, boolean warm) {
            schemas++;
            switch (r.outcome) {
                case PASSED -> passing++;
                case COMPILE_ERROR -> {
                    compileErrors++;
                    reasons.merge(reason(r.message), 1, Integer::sum);
                }
                case TIMEOUT -> timeouts++;
                case CRASH -> crashes++;
                case FAILED -> { }
            }
            int validation = r.count(DocumentVerdict.VALIDATION_ERROR);
            int invalidation = r.count(DocumentVerdict.INVALIDATION_ERROR);
            validationErrors += validation;
            invalidationErrors += invalidation;
            schemasWithValidationErrors += validation > 0 ? 1 : 0;
            schemasWithInvalidationErrors += invalidation > 0 ? 1 : 0;
            limitErrors += r.count(DocumentVerdict.LIMIT_ERROR);
            acceptMismatches += r.count(DocumentVerdict.ACCEPT_MISMATCH);
            documents += r.verdicts.length - r.count(DocumentVerdict.NOT_RUN);
            tokens += r.tokens;
            oracleChecks += r.oracleChecks;
            oracleMismatches += r.oracleMismatches;
            if (r.compileNanos >= 0) {
                compile.add(r.compileNanos);
            }
            if (r.ttfmNanos >= 0) {
                (warm ? ttfm : ttfmFirst).add(r.ttfmNanos);
            }
            tbm.addAll(r.stepNanos, r.steps);
        }

        void write(JsonGenerator g) throws IOException {
            g.writeNumberField("schemas", schemas);
            g.writeNumberField("passing", passing);
            g.writeNumberField("compile_errors", compileErrors);
            g.writeObjectFieldStart("compile_error_reasons");
            List<Map.Entry<String, Integer>> commonest = reasons.entrySet().stream()
                    .sorted((a, b) -> a.getValue().equals(b.getValue()) ? a.getKey().compareTo(b.getKey())
                            : b.getValue() - a.getValue())
                    .limit(REASONS_LISTED)
                    .toList();
            for (Map.Entry<String, Integer> e : commonest) {
                g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            g.writeNumberField("validation_errors", validationErrors);
            g.writeNumberField("invalidation_errors", invalidationErrors);
            g.writeNumberField("schemas_with_validation_errors", schemasWithValidationErrors);
            g.writeNumberField("schemas_with_invalidation_errors", schemasWithInvalidationErrors);
            g.writeNumberField("limit_errors", limitErrors);
            g.writeNumberField("accept_mismatches", acceptMismatches);
            g.writeNumberField("timeouts", timeouts);
            g.writeNumberField("crashes", crashes);
            g.writeNumberField("documents", documents);
            g.writeNumberField("tokens", tokens);
            g.writeNumberField("steps", tbm.size);
            g.writeNumberField("oracle_checks", oracleChecks);
            g.writeNumberField("oracle_mismatches", oracleMismatches);
            g.writeFieldName("compile_us");
            compile.write(g, false);
            g.writeFieldName("ttfm_us");
            ttfm.write(g, false);
            g.writeFieldName("ttfm_us_first");
            ttfmFirst.write(g, false);
            g.writeFieldName("tbm_us");
            tbm.write(g, true);
        }

        /** A refusal's reason with its particulars (quoted names, numbers) blanked, so alike ones count together. */
        static String reason(String message) {
            String m = message == null ? "(no message)" : message;
            int newline = m.indexOf('\n');
            if (newline >= 0) {
                m = m.substring(0, newline);
            }
            return m.replaceAll("'[^']*'", "'…'").replaceAll("\"[^\"]*\"", "\"…\"").replaceAll("\\d+", "N");
        }
    }

    /** A growing array of times in nanoseconds. */
    static final class Times {
        long[] nanos = new long[256];
        int size;

        void add(long t) {
            if (size == nanos.length) {
                nanos = Arrays.copyOf(nanos, size * 2);
            }
            nanos[size++] = t;
        }

        void addAll(long[] ts, int n) {
            if (size + n > nanos.length) {
                nanos = Arrays.copyOf(nanos, Math.max(size + n, nanos.length * 2));
            }
            System.arraycopy(ts, 0, nanos, size, n);
            size += n;
        }

        Latency latency() {
            return Latency.of(nanos, size);
        }

        /** Writes {@code count} and the statistics, which are null when there are no times. */
        void write(JsonGenerator g, boolean withTail) throws IOException {
            Latency l = latency();
            g.writeStartObject();
            g.writeNumberField("count", size);
            if (size == 0) {
                for (String name : withTail ? new String[] {"mean", "p50", "p90", "p99", "p999", "max"}
                        : new String[] {"mean", "p50", "p90", "p99", "max"}) {
                    g.writeNullField(name);
                }
                g.writeEndObject();
                return;
            }
            g.writeFieldName("mean");
            g.writeNumber(ReplayBenchmark.round(l.meanUs(), 2));
            g.writeFieldName("p50");
            g.writeNumber(ReplayBenchmark.round(l.p50Us(), 2));
            g.writeFieldName("p90");
            g.writeNumber(ReplayBenchmark.round(l.p90Us(), 2));
            g.writeFieldName("p99");
            g.writeNumber(ReplayBenchmark.round(l.p99Us(), 2));
            if (withTail) {
                g.writeFieldName("p999");
                g.writeNumber(ReplayBenchmark.round(l.p999Us(), 2));
            }
            g.writeFieldName("max");
            g.writeNumber(ReplayBenchmark.round(l.maxUs(), 2));
            g.writeEndObject();
        }
    }

    private final Tally overall = new Tally();
    private final Map<String, Tally> bySource = new TreeMap<>();

    /** Adds the result of the run's {@code index}-th schema (from 0). */
    void add(SchemaResult r, int index) {
        boolean warm = index >= JIT_WARMUP_SCHEMAS;
        overall.add(r, warm);
        bySource.computeIfAbsent(r.schema.source(), s -> new Tally()).add(r, warm);
    }

    Tally overall() {
        return overall;
    }

    Map<String, Tally> bySource() {
        return bySource;
    }
}
