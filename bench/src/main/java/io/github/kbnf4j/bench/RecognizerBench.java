package io.github.kbnf4j.bench;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The recognizer's complexity in input length: the time and chart memory of pushing a whole
 * input, for a right-recursive list, a left-recursive list and a JSON array (all LR(k), so
 * the README's "How it works" promises linear time and memory), at 1 KiB, 100 KiB and 1 MiB.
 *
 * <p>Results: the primary score {@code push} is the time of one whole input (reset, push every
 * byte, ask {@link Recognizer#isAccepting()}); the secondary score {@code push:bytes} is the same
 * time per input byte (an {@link AuxCounters} counter of the bytes pushed, which JMH normalizes
 * like the primary score). Linear time means {@code push:bytes} stays flat from 1 KiB to
 * 1 MiB. The chart's size after the push ({@link Recognizer#chartBytes()}, also per input byte)
 * is printed at the end of each trial; run with {@code -prof gc} for the allocation rate.
 *
 * <pre>
 * mvn -B -q -DskipTests -pl bench -am package
 * java -jar bench/target/benchmarks.jar RecognizerBench -f 1 -wi 3 -i 5 -w 2s -r 2s -prof gc
 * </pre>
 *
 * <p>The inputs are generated deterministically (fixed seed) once per trial; every input is a
 * complete sentence of its grammar of exactly {@code size} bytes, which the setup checks.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class RecognizerBench {
    /** {@code start ::= item start | item} — right recursion, linear only with Leo items. */
    static final String RIGHT = "start ::= item start | item ;\nitem ::= \"a,\" ;\n";
    /** {@code start ::= start item | item} — left recursion, linear in plain Earley. */
    static final String LEFT = "start ::= start item | item ;\nitem ::= \"a,\" ;\n";

    /**
     * The default limits hold every input here (the chart of 1 MiB stays far below
     * {@code maxChartBytes} = 1 GiB: see the printed chart sizes).
     */
    static final RecognizerOptions OPTIONS = RecognizerOptions.DEFAULT;

    /** The grammar: {@code right}, {@code left} or {@code json} (the built-in grammar). */
    @Param({"right", "left", "json"})
    public String grammar;

    /** The input's length in bytes. */
    @Param({"1024", "102400", "1048576"})
    public int size;

    private byte[] input;
    private Recognizer recognizer;

    /** Counts the bytes pushed; JMH reports its time per byte as {@code push:bytes}. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Bytes {
        /** The bytes pushed in this iteration. */
        public long bytes;

        @Setup(Level.Iteration)
        public void clear() {
            bytes = 0;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        input = input(grammar, size);
        recognizer = new Recognizer(compile(grammar), OPTIONS);
        int n = recognizer.push(input, 0, input.length);
        if (n != input.length || !recognizer.isAccepting()) {
            throw new IllegalStateException(grammar + " input of " + size + " bytes: " + n + " bytes consumed, accepting "
                    + recognizer.isAccepting() + "; the benchmark input must be a sentence");
        }
    }

    @Benchmark
    public boolean push(Bytes counter) {
        Recognizer r = recognizer;
        r.reset();
        int n = r.push(input, 0, input.length);
        counter.bytes += n;
        return r.isAccepting();
    }

    @TearDown(Level.Trial)
    public void report() {
        Recognizer r = recognizer;
        r.reset();
        r.push(input, 0, input.length);
        System.out.printf("%nchart after %s %d bytes: %d bytes (%.1f per input byte), %d items (%.2f per input byte)%n",
                grammar, size, r.chartBytes(), (double) r.chartBytes() / size, r.itemCount(),
                (double) r.itemCount() / size);
    }

    static CompiledGrammar compile(String kind) {
        if (kind.equals("right")) {
            return Grammar.compile("right.kbnf", RIGHT, GrammarOptions.DEFAULT);
        }
        if (kind.equals("left")) {
            return Grammar.compile("left.kbnf", LEFT, GrammarOptions.DEFAULT);
        }
        if (kind.equals("json")) {
            return Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT);
        }
        throw new IllegalArgumentException("unknown grammar kind " + kind);
    }

    /** A sentence of exactly {@code size} bytes (even, at least 16) of grammar {@code kind}. */
    static byte[] input(String kind, int size) {
        if (size < 16 || size % 2 != 0) {
            throw new IllegalArgumentException("size must be even and at least 16, was " + size);
        }
        if (kind.equals("right") || kind.equals("left")) {
            byte[] b = new byte[size];
            for (int i = 0; i < size; i += 2) {
                b[i] = 'a';
                b[i + 1] = ',';
            }
            return b;
        }
        if (kind.equals("json")) {
            return jsonArray(size, new SplittableRandom(20240611L));
        }
        throw new IllegalArgumentException("unknown grammar kind " + kind);
    }

    /**
     * A JSON array of mixed values (numbers, strings with escapes and multi-byte characters,
     * literals, small objects and arrays), padded with spaces before the closing bracket to
     * exactly {@code size} bytes.
     */
    static byte[] jsonArray(int size, SplittableRandom random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(size);
        out.write('[');
        boolean first = true;
        while (true) {
            byte[] value = jsonValue(random, 0).getBytes(StandardCharsets.UTF_8);
            int separator = first ? 0 : 2;
            if (out.size() + separator + value.length + 1 > size) {
                break;
            }
            if (!first) {
                out.write(',');
                out.write(' ');
            }
            out.writeBytes(value);
            first = false;
        }
        byte[] b = Arrays.copyOf(out.toByteArray(), size);
        Arrays.fill(b, out.size(), size - 1, (byte) ' ');
        b[size - 1] = ']';
        return b;
    }

    private static String jsonValue(SplittableRandom random, int depth) {
        int k = random.nextInt(depth < 2 ? 8 : 6);
        switch (k) {
            case 0:
                return Integer.toString(random.nextInt(-100_000, 100_000));
            case 1:
                return random.nextInt(1000) + "." + random.nextInt(1000) + "e" + (random.nextInt(20) - 10);
            case 2:
                return jsonString(random);
            case 3:
                return "true";
            case 4:
                return random.nextBoolean() ? "false" : "null";
            case 5:
                return jsonString(random);
            case 6: {
                StringBuilder sb = new StringBuilder("{");
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    sb.append(i == 0 ? "" : ", ").append(jsonString(random)).append(": ").append(jsonValue(random, depth + 1));
                }
                return sb.append('}').toString();
            }
            default: {
                StringBuilder sb = new StringBuilder("[");
                int n = random.nextInt(5);
                for (int i = 0; i < n; i++) {
                    sb.append(i == 0 ? "" : ",").append(jsonValue(random, depth + 1));
                }
                return sb.append(']').toString();
            }
        }
    }

    private static String jsonString(SplittableRandom random) {
        StringBuilder sb = new StringBuilder("\"");
        int n = random.nextInt(12);
        for (int i = 0; i < n; i++) {
            int k = random.nextInt(20);
            if (k == 0) {
                sb.append("\\n");
            } else if (k == 1) {
                sb.append("\\\"");
            } else if (k == 2) {
                sb.append((char) 0xE9); // two UTF-8 bytes
            } else if (k == 3) {
                sb.append((char) 0x20AC); // three UTF-8 bytes
            } else {
                sb.append((char) ('a' + random.nextInt(26)));
            }
        }
        return sb.append('"').toString();
    }
}
