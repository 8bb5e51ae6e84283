package io.github.kbnf4j.cli;

import io.github.kbnf4j.decode.LanguageModel;
import io.github.kbnf4j.decode.LanguageModelProvider;
import io.github.kbnf4j.decode.scripted.RandomLogitsModel;
import io.github.kbnf4j.decode.scripted.TestVocabularies;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The model runtime of the run command's tests (registered in this module's test resources): a
 * "model directory" holds {@code scripted.txt}, whose content is the model's seed; the model gives
 * random logits over a byte-level vocabulary.
 */
public final class ScriptedModelProvider implements LanguageModelProvider {
    @Override
    public String name() {
        return "scripted";
    }

    @Override
    public LanguageModel load(Path directory) throws IOException {
        Path file = directory.resolve("scripted.txt");
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "no scripted.txt");
        }
        long seed = Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).trim());
        return new RandomLogitsModel(TestVocabularies.byteLevel(), seed, 4f, 8f).favouring("\"}]1,", 4f);
    }
}
