package io.github.kbnf4j.jlama;

import io.github.kbnf4j.jlama.SafetensorsWriter.DType;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The test models, each written and loaded once per test JVM into a temporary folder that is
 * deleted when the JVM exits: {@link #small()} with the small tokenizer made here, {@link
 * #llama3()} with Llama-3's tokenizer from {@code ../shared} (null without it).
 */
final class TestModels {
    private static Path root;
    private static JlamaLanguageModel small;
    private static JlamaLanguageModel llama3;
    private static boolean llama3Looked;

    private TestModels() {
    }

    /** {@link TinyLlama#TINY} with {@link TestTokenizer#smallByteLevel()}, F32 weights. */
    static synchronized JlamaLanguageModel small() {
        if (small == null) {
            small = load(write("small", TinyLlama.TINY, TestTokenizer.smallByteLevel(), DType.F32));
        }
        return small;
    }

    /**
     * {@link TinyLlama#TINY} with Llama-3's tokenizer and chat template, BF16 weights; null (after one
     * {@code [kbnf4j]} line for {@code testClass}) when {@code ../shared/vocab/llama3} is absent.
     */
    static synchronized JlamaLanguageModel llama3(Class<?> testClass) {
        Path folder = SharedFiles.locate("shared/vocab/llama3", testClass);
        if (!llama3Looked) {
            llama3Looked = true;
            if (folder != null) {
                try {
                    llama3 = load(write("llama3", TinyLlama.TINY, TestTokenizer.llama3(folder), DType.BF16));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return llama3;
    }

    /** Writes a model directory under this JVM's temporary folder. */
    static synchronized Path write(String name, TinyLlama shape, TestTokenizer tokenizer, DType dtype) {
        try {
            if (root == null) {
                root = Files.createTempDirectory("kbnf4j-jlama-test");
                Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteRecursively(root)));
            }
            return shape.write(root.resolve(name), tokenizer, dtype, 42);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JlamaLanguageModel load(Path dir) {
        try {
            return JlamaLanguageModel.load(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteRecursively(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // best effort: a temporary folder
        }
    }
}
