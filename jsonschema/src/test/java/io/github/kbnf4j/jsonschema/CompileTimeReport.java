package io.github.kbnf4j.jsonschema;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Measurements, not a check: the CPU time of this thread (not wall time, which a loaded machine
 * makes useless) spent compiling JSON Schemas with properties in declared order and in any order.
 * (a) closed objects of 3 to 8 properties whose values are strings and numbers (the case that makes
 * any order expensive: every state of the object can become one automaton); (b) a seeded sample of
 * the MaskBench schemas, each compiled once per order after two passes that warm the JIT, with p50,
 * p90, p99 and the sum. The name keeps it out of {@code mvn verify}; run it with
 * {@code mvn -o -pl jsonschema -am test -Dtest=CompileTimeReport -Dsurefire.failIfNoSpecifiedTests=false},
 * or as a program ({@link #main}) with the classes of two builds on two class paths, to compare
 * them in interleaved runs. {@code -Dkbnf4j.compiletime.sample=N} sets the sample's size (default 400).
 */
class CompileTimeReport {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final long SEED = 20261124;

    @Test
    void report() throws IOException {
        Path schemas = SharedFiles.locate("shared/corpus/maskbench-schemas", CompileTimeReport.class);
        assumeTrue(schemas != null, "../shared/corpus is not here");
        run(schemas, Integer.getInteger("kbnf4j.compiletime.sample", 400));
    }

    /** {@code CompileTimeReport <maskbench-schemas folder> [sample size]}: prints the report. */
    public static void main(String[] args) throws IOException {
        run(Path.of(args[0]), args.length > 1 ? Integer.parseInt(args[1]) : 400);
    }

    static void run(Path schemaFolder, int sample) throws IOException {
        JsonSchemaOptions declared = JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.DECLARED);
        JsonSchemaOptions any = JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.ANY);
        List<JsonNode> all = sample(schemaFolder, sample);
        List<JsonNode> objects = new ArrayList<>();
        for (int n = 3; n <= 8; n++) {
            objects.add(MAPPER.readTree(objectSchema(n)));
        }
        for (int round = 0; round < 2; round++) { // warm the JIT on both orders
            for (JsonNode s : objects) {
                compileNanos(s, declared);
                compileNanos(s, any);
            }
            for (JsonNode s : all) {
                compileNanos(s, declared);
                compileNanos(s, any);
            }
        }
        System.out.println("objects of n properties (strings, integers, numbers; half required; closed),"
                + " median CPU ms of 9 compilations:");
        for (int n = 3; n <= 8; n++) {
            JsonNode s = objects.get(n - 3);
            System.out.printf("  n=%d  declared %8.2f ms  any %8.2f ms%n", n, medianMillis(s, declared),
                    medianMillis(s, any));
        }
        long[] d = new long[all.size()];
        long[] a = new long[all.size()];
        for (int i = 0; i < all.size(); i++) {
            d[i] = compileNanos(all.get(i), declared);
            a[i] = compileNanos(all.get(i), any);
        }
        System.out.println("MaskBench sample of " + all.size() + " schemas (seed " + SEED + "), compile CPU time:");
        System.out.println("  declared " + summary(d));
        System.out.println("  any      " + summary(a));
        Integer[] worst = new Integer[all.size()];
        for (int i = 0; i < worst.length; i++) {
            worst[i] = i;
        }
        Arrays.sort(worst, (x, y) -> Long.compare(a[y] - d[y], a[x] - d[x]));
        System.out.println("  largest any - declared:");
        for (int k = 0; k < Math.min(8, worst.length); k++) {
            int i = worst[k];
            System.out.printf("    %-50s declared %8.2f ms  any %8.2f ms%n", all.get(i).get("file").asText(),
                    d[i] / 1e6, a[i] / 1e6);
        }
    }

    /** A closed object of {@code n} properties: strings, integers and numbers in turn; the even ones required. */
    static String objectSchema(int n) {
        StringBuilder props = new StringBuilder();
        StringBuilder required = new StringBuilder();
        String[] types = {"string", "integer", "number"};
        for (int i = 0; i < n; i++) {
            props.append(i == 0 ? "" : ",").append("\"p").append(i).append("\":{\"type\":\"")
                    .append(types[i % 3]).append("\"}");
            if (i % 2 == 0) {
                required.append(required.length() == 0 ? "" : ",").append("\"p").append(i).append('"');
            }
        }
        return "{\"type\":\"object\",\"additionalProperties\":false,\"properties\":{" + props + "},\"required\":["
                + required + "]}";
    }

    private static double medianMillis(JsonNode schema, JsonSchemaOptions options) {
        long[] t = new long[9];
        for (int i = 0; i < t.length; i++) {
            t[i] = compileNanos(schema, options);
        }
        Arrays.sort(t);
        return t[t.length / 2] / 1e6;
    }

    /** The CPU time of one compilation; a refused schema counts the time until it was refused. */
    private static long compileNanos(JsonNode s, JsonSchemaOptions options) {
        JsonNode schema = s.has("schema") ? s.get("schema") : s;
        long t0 = THREADS.getCurrentThreadCpuTime();
        try {
            JsonSchemaGrammar.compile("schema.json", schema, options);
        } catch (JsonSchemaException refused) {
            // refusals are timed too: they are what the user waits for
        }
        return THREADS.getCurrentThreadCpuTime() - t0;
    }

    private static String summary(long[] nanos) {
        long[] t = nanos.clone();
        Arrays.sort(t);
        long sum = 0;
        for (long x : t) {
            sum += x;
        }
        return String.format("p50 %7.2f ms  p90 %7.2f ms  p99 %8.2f ms  max %8.2f ms  sum %8.1f ms", pct(t, 0.50),
                pct(t, 0.90), pct(t, 0.99), t[t.length - 1] / 1e6, sum / 1e6);
    }

    private static double pct(long[] sorted, double q) {
        return sorted[Math.min(sorted.length - 1, (int) Math.floor(q * sorted.length))] / 1e6;
    }

    private static List<JsonNode> sample(Path folder, int size) throws IOException {
        List<JsonNode> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
                for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        all.add(MAPPER.readTree(line));
                    }
                }
            }
        }
        Collections.shuffle(all, new Random(SEED));
        return all.subList(0, Math.min(size, all.size()));
    }
}
