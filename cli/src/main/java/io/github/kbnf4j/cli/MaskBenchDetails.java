package io.github.kbnf4j.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.github.kbnf4j.cli.MaskBenchRun.SchemaResult;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The per-schema results of a MaskBench run as JSON Lines ({@code kbnf4j maskbench --details
 * FILE}): one object per schema, in run order, with its outcome, its refusal or crash message,
 * its times and every document's verdict, for finding the schemas behind a figure.
 */
final class MaskBenchDetails {
    private static final JsonFactory JSON = new JsonFactory();

    private MaskBenchDetails() {
    }

    /** Writes {@code results} to {@code file}, replacing it. */
    static void write(Path file, List<SchemaResult> results) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (SchemaResult r : results) {
                try (JsonGenerator g = JSON.createGenerator(w)) {
                    g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                    g.writeStartObject();
                    g.writeStringField("file", r.schema.file());
                    g.writeStringField("source", r.schema.source());
                    g.writeStringField("outcome", r.outcome.name().toLowerCase(Locale.ROOT));
                    g.writeStringField("message", r.message);
                    writeMicros(g, "compile_us", r.compileNanos);
                    writeMicros(g, "ttfm_us", r.ttfmNanos);
                    g.writeNumberField("tokens", r.tokens);
                    g.writeNumberField("steps", r.steps);
                    long max = -1;
                    for (int k = 0; k < r.steps; k++) {
                        max = Math.max(max, r.stepNanos[k]);
                    }
                    writeMicros(g, "tbm_max_us", max);
                    g.writeArrayFieldStart("documents");
                    for (int k = 0; k < r.verdicts.length; k++) {
                        MaskBenchSuite.Document d = r.schema.documents().get(k);
                        g.writeStartObject();
                        g.writeNumberField("test", d.index());
                        g.writeBooleanField("valid", d.valid());
                        g.writeStringField("verdict", r.verdicts[k].name().toLowerCase(Locale.ROOT));
                        g.writeEndObject();
                    }
                    g.writeEndArray();
                    g.writeEndObject();
                }
                w.write('\n');
            }
        }
    }

    /** {@code nanos} in microseconds (two decimals), or null when negative (not measured). */
    private static void writeMicros(JsonGenerator g, String name, long nanos) throws IOException {
        g.writeFieldName(name);
        if (nanos < 0) {
            g.writeNull();
        } else {
            g.writeNumber(ReplayBenchmark.round(nanos / 1000.0, 2));
        }
    }
}
