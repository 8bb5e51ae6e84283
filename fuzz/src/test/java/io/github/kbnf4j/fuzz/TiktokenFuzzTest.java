package io.github.kbnf4j.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.kbnf4j.runtime.internal.TiktokenLoader;
import java.io.IOException;
import java.util.Map;

/**
 * Any bytes as a {@code .tiktoken} rank file (with one special token, as {@code Vocabulary.fromTiktoken}
 * is given): a token table, or an {@link IOException} whose message names the file; nothing else.
 */
class TiktokenFuzzTest {
    private static final String SOURCE = "fuzz.tiktoken";

    @FuzzTest(maxDuration = "5m")
    void loadsOrThrowsIoExceptionNamingTheFile(byte[] file) {
        try {
            TiktokenLoader.load(SOURCE, file, Map.of("<|endoftext|>", 1000));
        } catch (IOException e) {
            Expected.namesSource(e, SOURCE);
        }
    }
}
