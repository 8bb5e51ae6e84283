package io.github.kbnf4j.testdata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The project's shared data folder ({@code ../shared} of a checkout: corpora, conformance suites,
 * real tokenizer files), found by walking up from the working directory. CI has it; a fresh
 * clone elsewhere does not, so the tests that need it skip themselves when it is absent.
 */
public final class SharedFiles {
    /** The (class, path) pairs already reported absent. */
    private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

    private SharedFiles() {
    }

    /**
     * The file or folder {@code relative} (for example {@code "shared/suites/llama.cpp.jsonl"}) in
     * the working directory or its nearest ancestor that has it, or null if none has.
     */
    public static Path locate(String relative) {
        return find(relative);
    }

    /**
     * {@link #locate(String)} for a test class: when {@code relative} is absent, prints one line
     * saying which class runs without it (once per class and path), so that a run without the
     * shared folder is visibly weaker in the build output, never silently green.
     */
    public static Path locate(String relative, Class<?> testClass) {
        Path found = find(relative);
        if (found == null && SAID.add(testClass.getName() + " " + relative)) {
            System.out.println("[kbnf4j] " + testClass.getSimpleName() + " runs without ../" + relative
                    + " (not found above " + Path.of("").toAbsolutePath() + "): the tests that need it are skipped"
                    + " or run on less data");
        }
        return found;
    }

    /**
     * Every non-blank line of the {@code *.jsonl} files in folder {@code dir}, parsed, files in
     * name order (as the shared corpora are kept: one JSON object a line, one file a source).
     */
    public static List<JsonNode> jsonLines(Path dir) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        List<Path> files;
        try (var listing = Files.list(dir)) {
            files = listing.filter(f -> f.getFileName().toString().endsWith(".jsonl")).sorted().toList();
        }
        for (Path f : files) {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    lines.add(mapper.readTree(line));
                }
            }
        }
        return lines;
    }

    private static Path find(String relative) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(relative);
            if (Files.exists(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
