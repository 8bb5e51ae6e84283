package io.github.kbnf4j.decode;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A model runtime that loads models from a directory, found with {@link java.util.ServiceLoader}
 * (the CLI's {@code run} command uses the first one on the class or module path).
 */
public interface LanguageModelProvider {

    /** A short name of the runtime, such as {@code jlama}. */
    String name();

    /**
     * Loads the model in {@code directory} (for a Hugging Face layout: {@code config.json},
     * {@code tokenizer.json}, {@code *.safetensors}).
     *
     * @throws IOException if a file is missing or unreadable (the message names it)
     */
    LanguageModel load(Path directory) throws IOException;
}
