package io.github.kbnf4j.bench;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Vocabulary;
import io.github.kbnf4j.runtime.internal.TokenTrie;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Preparing a vocabulary, in steady state (warm JIT; for the first load in a fresh JVM run with
 * {@code -bm ss -wi 0 -i 1 -f 10}):
 * <ul>
 * <li>{@code load}: reading the vocabulary file into a {@link Vocabulary} — for {@code cl100k}
 *     jtokkit's rank file copied to a temporary {@code cl100k_base.tiktoken} ({@link Vocabulary#load}
 *     would otherwise return its cached shared instance), for {@code llama3} its
 *     {@code tokenizer.json} (9 MB, the merges skipped);
 * <li>{@code trie}: building the token trie of the vocabulary (done once per vocabulary, on the
 *     first {@link Constraint#of});
 * <li>{@code constraint}: {@link Constraint#of} for the built-in {@code json} grammar when the
 *     vocabulary's trie already exists (the per-grammar cost);
 * <li>{@code constraintNewVocabulary}: {@link Constraint#of} on a vocabulary instance seen for
 *     the first time (trie included: what the first constraint on a vocabulary costs).
 * </ul>
 *
 * <pre>
 * java -jar bench/target/benchmarks.jar VocabularyBench -f 1 -wi 3 -i 5 -w 2s -r 2s -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class VocabularyBench {
    /** The vocabulary: {@code cl100k} or {@code llama3} (see {@link BenchVocabularies}). */
    @Param({"cl100k", "llama3"})
    public String vocab;

    private Path file;
    private Path tempDir;
    private Vocabulary vocabulary;
    private CompiledGrammar json;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        if (vocab.equals("cl100k")) {
            tempDir = Files.createTempDirectory("kbnf4j-bench");
            file = tempDir.resolve("cl100k_base.tiktoken");
            try (InputStream in = com.knuddels.jtokkit.api.Encoding.class
                    .getResourceAsStream("/com/knuddels/jtokkit/cl100k_base.tiktoken")) {
                if (in == null) {
                    throw new IllegalStateException("jtokkit's jar has no cl100k_base.tiktoken");
                }
                Files.copy(in, file);
            }
        } else {
            file = BenchVocabularies.llama3();
        }
        vocabulary = Vocabulary.load(file.toString());
        json = Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT);
        Constraint.of(json, vocabulary); // builds the trie of this instance, for constraint()
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (tempDir != null) {
            Files.deleteIfExists(file);
            Files.deleteIfExists(tempDir);
        }
    }

    @Benchmark
    public Vocabulary load() throws IOException {
        return Vocabulary.load(file.toString());
    }

    @Benchmark
    public TokenTrie trie() {
        return new TokenTrie(vocabulary.packed());
    }

    @Benchmark
    public Constraint constraint() {
        return Constraint.of(json, vocabulary);
    }

    @Benchmark
    public Constraint constraintNewVocabulary() {
        // withEos makes a new instance (linear in the ids, bytes shared), so the trie is built again
        return Constraint.of(json, vocabulary.withEos(vocabulary.eosIds()));
    }
}
