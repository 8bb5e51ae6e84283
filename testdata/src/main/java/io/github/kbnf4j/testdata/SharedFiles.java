package io.github.kbnf4j.testdata;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The project's shared data folder ({@code ../shared} of a checkout: corpora, conformance suites,
 * real tokenizer files), found by walking up from the working directory. CI has it; a fresh
 * clone elsewhere does not, so the tests that need it skip themselves when it is absent.
 */
public final class SharedFiles {
    private SharedFiles() {
    }

    /**
     * The file or folder {@code relative} (for example {@code "shared/suites/llama.cpp.jsonl"}) in
     * the working directory or its nearest ancestor that has it, or null if none has.
     */
    public static Path locate(String relative) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(relative);
            if (Files.exists(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
