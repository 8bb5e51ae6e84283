package io.github.kbnf4j.decode;

/**
 * One growing token sequence of a {@link LanguageModel}: the model's cache of past tokens (a KV
 * cache) and its position. Not thread-safe: one thread at a time.
 */
public interface LogitsSession extends AutoCloseable {

    /**
     * Appends {@code tokens[from..to)} to the sequence (a prompt, or the token just sampled) and
     * writes the logits of the token that follows them into {@code logits}, whose length is at
     * least {@link LanguageModel#logitsSize()}.
     *
     * @throws IllegalArgumentException if the range is empty, a token id is outside the model's
     *     vocabulary, or {@code logits} is too short
     * @throws IllegalStateException if the sequence would exceed the model's context length (the
     *     message names the length)
     */
    void append(int[] tokens, int from, int to, float[] logits);

    /** How many tokens the sequence holds. */
    int length();

    /** Releases the session's cache. */
    @Override
    void close();
}
