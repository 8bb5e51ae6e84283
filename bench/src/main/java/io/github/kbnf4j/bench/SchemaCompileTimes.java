package io.github.kbnf4j.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.cli.SeededSample;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * The CPU time of compiling JSON Schemas, by stage, for one or several builds of kbnf4j side by
 * side: a seeded sample of the MaskBench schemas (the same sample as {@code kbnf4j maskbench
 * --limit N --seed S}) is compiled by each build, schema by schema, alternating which build goes
 * first, after warm-up passes over the whole sample. Per stage (reading the JSON, translating the
 * schema into a grammar, compiling the grammar) it prints p50, p90, p99, max and the sum over the
 * schemas every build compiles, in milliseconds of the thread's CPU time (wall time is useless on a
 * shared machine). Schemas refused by a build are counted and left out.
 *
 * <p>Each build is a class path ({@code --build NAME=DIR:DIR...}: its grammar, earley and
 * jsonschema classes and this module's) loaded by its own {@link BuildClassLoader}; the libraries
 * come from this JVM's class path. Without {@code --build} the classes of this JVM are measured.
 * With two builds or more, the first warm-up pass also compares the KBNF text of each schema's
 * grammar across builds and prints how many differ (a change that should not alter grammars must
 * give 0). Before the timed pass the automata that compilations share are dropped, so that, as in
 * {@code kbnf4j maskbench}, a schema finds only what the schemas before it in the pass left.
 *
 * <pre>
 * mvn -o -q -pl bench -am compile
 * mvn -o -q -pl jsonschema -am compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java -Xss8m -cp bench/target/classes:cli/target/classes:jsonschema/target/classes:$(cat jsonschema/target/cp.txt) \
 *     io.github.kbnf4j.bench.SchemaCompileTimes --schemas ../shared/corpus/maskbench-schemas \
 *     --limit 600 --seed 7 --warmup 2 \
 *     --build before=OLD/grammar:OLD/earley:OLD/jsonschema:bench/target/classes \
 *     --build after=grammar/target/classes:earley/target/classes:jsonschema/target/classes:bench/target/classes
 * </pre>
 * where {@code OLD} holds copies of the three modules' {@code target/classes} built at the older
 * commit. Options: {@code --limit} (0: every schema; default 300), {@code --seed} (default 7),
 * {@code --warmup} passes (default 1), {@code --slowest} (how many of the slowest translations to
 * list, default 10).
 */
public final class SchemaCompileTimes {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String[] STAGES = {"parse", "translate", "parse+translate", "compile", "total"};

    private SchemaCompileTimes() {
    }

    /** One build under test: its name and its compiler. */
    private record Build(String name, BiFunction<String, Boolean, Object> worker) {
    }

    /** One schema of the sample: its MaskBench file name and its text. */
    private record Schema(String file, String text) {
    }

    public static void main(String[] args) throws Exception {
        Path schemaDir = null;
        int limit = 300;
        long seed = 7;
        int warmup = 1;
        int slowest = 10;
        Map<String, String> buildPaths = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + a + " needs a value");
            }
            String v = args[++i];
            switch (a) {
                case "--schemas" -> schemaDir = Path.of(v);
                case "--limit" -> limit = Integer.parseInt(v);
                case "--seed" -> seed = Long.parseLong(v);
                case "--warmup" -> warmup = Integer.parseInt(v);
                case "--slowest" -> slowest = Integer.parseInt(v);
                case "--build" -> {
                    int eq = v.indexOf('=');
                    if (eq <= 0) {
                        throw new IllegalArgumentException("--build takes NAME=CLASSPATH, got " + v);
                    }
                    buildPaths.put(v.substring(0, eq), v.substring(eq + 1));
                }
                default -> throw new IllegalArgumentException("unknown option " + a + " (options: --schemas DIR, "
                        + "--limit N, --seed S, --warmup PASSES, --slowest N, --build NAME=CLASSPATH ...)");
            }
        }
        if (schemaDir == null) {
            throw new IllegalArgumentException("--schemas DIR is required (the MaskBench schemas, one JSON Lines "
                    + "file per source)");
        }
        List<Build> builds = new ArrayList<>();
        if (buildPaths.isEmpty()) {
            builds.add(new Build("this", new SchemaCompileWorker()));
        }
        for (Map.Entry<String, String> e : buildPaths.entrySet()) {
            builds.add(new Build(e.getKey(), load(e.getKey(), e.getValue())));
        }
        List<Schema> sample = sample(schemaDir, limit, seed);
        System.out.printf(Locale.ROOT, "%d schemas (--limit %d --seed %d), builds %s, %d warm-up pass(es)%n",
                sample.size(), limit, seed, builds.stream().map(Build::name).toList(), warmup);

        for (int pass = 0; pass < warmup; pass++) {
            int differ = 0;
            for (Schema s : sample) {
                if (pass == 0 && builds.size() > 1) {
                    Object first = builds.get(0).worker().apply(s.text(), true);
                    for (Build b : builds.subList(1, builds.size())) {
                        if (!first.equals(b.worker().apply(s.text(), true))) {
                            differ++;
                            System.out.println("grammar differs: " + s.file() + " (" + builds.get(0).name()
                                    + " vs " + b.name() + ")");
                        }
                    }
                } else {
                    for (Build b : builds) {
                        b.worker().apply(s.text(), false);
                    }
                }
            }
            if (pass == 0 && builds.size() > 1) {
                System.out.printf(Locale.ROOT, "grammar text compared across builds: %d of %d schemas differ%n",
                        differ, sample.size());
            }
        }

        for (Build b : builds) {
            b.worker().apply(null, false); // the timed pass shares automata only between its own schemas
        }
        long[][][] times = new long[builds.size()][sample.size()][];
        int[] refused = new int[builds.size()];
        for (int i = 0; i < sample.size(); i++) {
            for (int k = 0; k < builds.size(); k++) {
                int b = (i + k) % builds.size(); // alternate which build goes first
                times[b][i] = (long[]) builds.get(b).worker().apply(sample.get(i).text(), false);
                if (times[b][i] == null) {
                    refused[b]++;
                }
            }
        }
        List<Integer> compiled = new ArrayList<>();
        for (int i = 0; i < sample.size(); i++) {
            boolean all = true;
            for (long[][] t : times) {
                all &= t[i] != null;
            }
            if (all) {
                compiled.add(i);
            }
        }
        System.out.printf(Locale.ROOT, "refused: %s; compiled by every build: %d%n", refusals(builds, refused),
                compiled.size());
        System.out.printf(Locale.ROOT, "%-10s %-16s %9s %9s %9s %9s %10s%n", "build", "stage (CPU ms)", "p50", "p90",
                "p99", "max", "sum");
        for (int b = 0; b < builds.size(); b++) {
            for (int stage = 0; stage < STAGES.length; stage++) {
                double[] ms = new double[compiled.size()];
                for (int j = 0; j < ms.length; j++) {
                    ms[j] = stageNanos(times[b][compiled.get(j)], stage) / 1e6;
                }
                Arrays.sort(ms);
                System.out.printf(Locale.ROOT, "%-10s %-16s %9.3f %9.3f %9.3f %9.2f %10.1f%n", builds.get(b).name(),
                        STAGES[stage], percentile(ms, 0.50), percentile(ms, 0.90), percentile(ms, 0.99),
                        ms.length == 0 ? 0 : ms[ms.length - 1], Arrays.stream(ms).sum());
            }
        }
        Build last = builds.get(builds.size() - 1);
        long[][] lastTimes = times[builds.size() - 1];
        List<Integer> bySlowest = new ArrayList<>(compiled);
        bySlowest.sort((x, y) -> Long.compare(stageNanos(lastTimes[y], 2), stageNanos(lastTimes[x], 2)));
        System.out.printf(Locale.ROOT, "slowest translations (%s): ms parse+translate / compile%n", last.name());
        for (int i : bySlowest.subList(0, Math.min(slowest, bySlowest.size()))) {
            System.out.printf(Locale.ROOT, "  %-40s %9.2f %9.2f%n", sample.get(i).file(),
                    stageNanos(lastTimes[i], 2) / 1e6, stageNanos(lastTimes[i], 3) / 1e6);
        }
    }

    private static String refusals(List<Build> builds, int[] refused) {
        StringBuilder sb = new StringBuilder();
        for (int b = 0; b < builds.size(); b++) {
            sb.append(b == 0 ? "" : ", ").append(builds.get(b).name()).append(' ').append(refused[b]);
        }
        return sb.toString();
    }

    /** The nanoseconds of a stage ({@link #STAGES}) from a worker's {parse, translate, compile}. */
    private static long stageNanos(long[] t, int stage) {
        return switch (stage) {
            case 0 -> t[0];
            case 1 -> t[1];
            case 2 -> t[0] + t[1];
            case 3 -> t[2];
            default -> t[0] + t[1] + t[2];
        };
    }

    /** Nearest rank: the smallest value with at least {@code p} of the values at or below it. */
    private static double percentile(double[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    @SuppressWarnings("unchecked")
    private static BiFunction<String, Boolean, Object> load(String name, String classPath)
            throws ReflectiveOperationException, MalformedURLException {
        String[] parts = classPath.split(File.pathSeparator);
        URL[] urls = new URL[parts.length];
        for (int i = 0; i < parts.length; i++) {
            urls[i] = Path.of(parts[i]).toUri().toURL();
        }
        ClassLoader loader = new BuildClassLoader(name, urls, SchemaCompileTimes.class.getClassLoader());
        Class<?> worker = Class.forName(SchemaCompileWorker.class.getName(), true, loader);
        if (worker.getClassLoader() != loader) {
            throw new IllegalArgumentException("--build " + name + ": " + SchemaCompileWorker.class.getName()
                    + " is not on its class path " + classPath);
        }
        return (BiFunction<String, Boolean, Object>) worker.getConstructor().newInstance();
    }

    /**
     * The schemas of {@code dir}'s {@code .jsonl} files in file-name order, then line order, and of
     * those (when {@code limit} is positive and smaller) the sample {@code kbnf4j maskbench} picks
     * ({@link SeededSample}).
     */
    static List<Schema> sample(Path dir, int limit, long seed) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".jsonl")).sorted().toList();
        }
        List<Schema> all = new ArrayList<>();
        for (Path f : files) {
            try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode n = MAPPER.readTree(line);
                    all.add(new Schema(n.path("file").asText(), MAPPER.writeValueAsString(n.get("schema"))));
                }
            }
        }
        return SeededSample.of(all, limit, seed);
    }
}
