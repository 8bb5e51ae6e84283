package io.github.kbnf4j.jlama;

import io.github.kbnf4j.decode.LanguageModel;
import io.github.kbnf4j.decode.LanguageModelProvider;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The {@code jlama} model runtime as a {@link java.util.ServiceLoader} service: loads a model
 * directory with {@link JlamaLanguageModel#load(Path)}. Registered in {@code META-INF/services}.
 * Stateless and thread-safe.
 */
public final class JlamaProvider implements LanguageModelProvider {

    /** For {@link java.util.ServiceLoader}. */
    public JlamaProvider() {
    }

    @Override
    public String name() {
        return "jlama";
    }

    @Override
    public LanguageModel load(Path directory) throws IOException {
        return JlamaLanguageModel.load(directory);
    }
}
