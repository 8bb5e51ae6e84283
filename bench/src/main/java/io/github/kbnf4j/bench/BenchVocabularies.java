package io.github.kbnf4j.bench;

import io.github.kbnf4j.runtime.Vocabulary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The vocabularies the JMH benchmarks run on: {@code cl100k} (shipped in jtokkit, always there)
 * and {@code llama3}, Llama-3's 128,256-id {@code tokenizer.json}, found as
 * {@code shared/vocab/llama3/tokenizer.json} in the working directory or one of its parents, or
 * at the path in the system property {@value #LLAMA3_PROPERTY}. When it is not found, a benchmark
 * with {@code vocab=llama3} fails in its setup with a message saying so (JMH goes on with the
 * other parameters); run with {@code -p vocab=cl100k} to skip it.
 */
final class BenchVocabularies {
    /** The system property naming Llama-3's tokenizer.json (JMH: {@code -jvmArgsAppend -Dkbnf4j.llama3=PATH}). */
    static final String LLAMA3_PROPERTY = "kbnf4j.llama3";
    private static final Path LLAMA3_RELATIVE = Path.of("shared", "vocab", "llama3", "tokenizer.json");

    private BenchVocabularies() {
    }

    /** Llama-3's tokenizer.json, or null if it is not found (see the class comment). */
    static Path llama3OrNull() {
        String property = System.getProperty(LLAMA3_PROPERTY);
        if (property != null) {
            Path p = Path.of(property);
            return Files.isRegularFile(p) ? p : null;
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path p = dir.resolve(LLAMA3_RELATIVE);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    /** Llama-3's tokenizer.json. @throws IllegalStateException (naming what was searched) if it is not found */
    static Path llama3() {
        Path p = llama3OrNull();
        if (p == null) {
            throw new IllegalStateException("vocab=llama3: no " + LLAMA3_RELATIVE + " in " + Path.of("").toAbsolutePath()
                    + " or its parents, and -D" + LLAMA3_PROPERTY + " names no file; run with -p vocab=cl100k, or pass "
                    + "-jvmArgsAppend -D" + LLAMA3_PROPERTY + "=PATH/tokenizer.json");
        }
        return p;
    }

    /**
     * The vocabulary named {@code name}: {@code cl100k} (jtokkit's shared instance) or {@code llama3}
     * (loaded from its file, a new instance).
     */
    static Vocabulary load(String name) {
        if (name.equals("cl100k")) {
            return Vocabulary.jtokkit("cl100k");
        }
        if (name.equals("llama3")) {
            try {
                return Vocabulary.fromTokenizerJson(llama3());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalArgumentException("unknown vocab " + name + " (cl100k or llama3)");
    }
}
