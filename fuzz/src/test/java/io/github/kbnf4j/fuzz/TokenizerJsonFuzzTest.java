package io.github.kbnf4j.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Any bytes as a Hugging Face tokenizer.json: a vocabulary, or an {@link IOException} whose message
 * names the file; nothing else.
 */
class TokenizerJsonFuzzTest {
    private static final String SOURCE = "fuzz-tokenizer.json";

    @FuzzTest(maxDuration = "5m")
    void loadsOrThrowsIoExceptionNamingTheFile(byte[] file) {
        try {
            Vocabulary v = Vocabulary.fromTokenizerJson(SOURCE, new ByteArrayInputStream(file), null);
            for (int id = 0; id < v.size(); id++) {
                v.tokenBytes(id);  // every id of a loaded vocabulary has bytes (empty for a gap)
            }
        } catch (IOException e) {
            Expected.namesSource(e, SOURCE);
        }
    }
}
