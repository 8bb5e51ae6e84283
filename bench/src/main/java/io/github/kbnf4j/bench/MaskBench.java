package io.github.kbnf4j.bench;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.ConstraintOptions;
import io.github.kbnf4j.runtime.Matcher;
import io.github.kbnf4j.runtime.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The time of one {@link Matcher#fillMask(long[])} with the built-in {@code json} grammar at
 * representative states of a JSON decode, on a warm constraint (the lazily computed per-state
 * token tables are filled by one mask in the setup, as after the first documents of a decode).
 * With {@code cache=off} the constraint has no mask cache, so every mask is computed (layers 2 and
 * 3 of the README's "How it works" (Masks)); with {@code cache=on} (the default 64 MiB cache) the setup's mask is cached
 * and every measured mask is a cache hit (layer 1: the frontier key and a copy of the mask).
 *
 * <p>States ({@code @Param state}), each the matcher after a prefix:
 * <ul>
 * <li>{@code keyStart} {@code {"}: the first byte of a key (any string content, a closing quote);
 * <li>{@code inString} {@code {"name": "Joh}: inside a string value;
 * <li>{@code inNumber} {@code {"age": 12}: inside a number (digits, fraction, exponent, or the
 *     end of the value may follow);
 * <li>{@code afterValue} {@code {"a": true}: after a complete value that cannot go on, where only
 *     whitespace, {@code ,} and {@code }} may follow (a number such as {@code {"a": 1} would still be
 *     {@code inNumber}).
 * </ul>
 * Vocabularies ({@code @Param vocab}): {@code cl100k} and {@code llama3} (see
 * {@link BenchVocabularies}; absent, its runs fail with a message). The setup prints how many
 * tokens each mask allows.
 *
 * <pre>
 * mvn -B -q -DskipTests -pl bench -am package
 * java -jar bench/target/benchmarks.jar MaskBench -f 1 -wi 3 -i 5 -w 2s -r 2s -prof gc
 * </pre>
 * {@code gc.alloc.rate.norm} is the allocation per mask; it should be about 0 B/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class MaskBench {
    /** The vocabulary: {@code cl100k} or {@code llama3}. */
    @Param({"cl100k", "llama3"})
    public String vocab;

    /** The decode state: {@code keyStart}, {@code inString}, {@code inNumber}, {@code afterValue}. */
    @Param({"keyStart", "inString", "inNumber", "afterValue"})
    public String state;

    /** The mask cache: {@code off} (every mask computed) or {@code on} (every mask a cache hit). */
    @Param({"off", "on"})
    public String cache;

    private Matcher matcher;
    private long[] mask;

    /** The prefix that leads to {@code state}. */
    static String prefix(String state) {
        switch (state) {
            case "keyStart":
                return "{\"";
            case "inString":
                return "{\"name\": \"Joh";
            case "inNumber":
                return "{\"age\": 12";
            case "afterValue":
                return "{\"a\": true";
            default:
                throw new IllegalArgumentException("unknown state " + state);
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        Vocabulary v = BenchVocabularies.load(vocab);
        CompiledGrammar json = Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT);
        ConstraintOptions options = cache.equals("on") ? ConstraintOptions.DEFAULT
                : ConstraintOptions.DEFAULT.withMaskCacheBytes(0);
        Constraint constraint = Constraint.of(json, v, options);
        matcher = constraint.newMatcher();
        if (!matcher.acceptBytes(prefix(state).getBytes(StandardCharsets.UTF_8))) {
            throw new IllegalStateException("the prefix of " + state + " is not viable JSON");
        }
        mask = constraint.newMask();
        matcher.fillMask(mask); // fills the constraint's lazily computed tables: the benchmark is warm
        long allowed = 0;
        for (long w : mask) {
            allowed += Long.bitCount(w);
        }
        System.out.printf("%n%s %s after %s: %d of %d tokens allowed; cache %s%n", vocab, state, prefix(state), allowed,
                v.size(), constraint.cacheStats());
    }

    @Benchmark
    public long[] fillMask() {
        matcher.fillMask(mask);
        return mask;
    }
}
