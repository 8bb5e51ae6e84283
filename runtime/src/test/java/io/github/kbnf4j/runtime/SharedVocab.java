package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.kbnf4j.testdata.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The real tokenizer files of the project's shared folder ({@code shared/vocab/NAME/tokenizer.json},
 * found by walking up from the working directory to a folder that has {@code shared/vocab}).
 * Tests that need them are skipped when they are absent.
 */
final class SharedVocab {
    private SharedVocab() {
    }

    /**
     * The {@code shared/vocab} folder, or null if no ancestor of the working directory has one (then
     * a line says that {@code testClass} runs without it).
     */
    static Path root(Class<?> testClass) {
        return SharedFiles.locate("shared/vocab", testClass);
    }

    /** {@code shared/vocab/name/tokenizer.json}; skips the calling test of {@code testClass} if it is absent. */
    static Path tokenizerJson(Class<?> testClass, String name) {
        Path root = root(testClass);
        assumeTrue(root != null, "no shared/vocab folder above " + Path.of("").toAbsolutePath());
        Path file = root.resolve(name).resolve("tokenizer.json");
        assumeTrue(Files.isRegularFile(file), "absent: " + file);
        return file;
    }
}
