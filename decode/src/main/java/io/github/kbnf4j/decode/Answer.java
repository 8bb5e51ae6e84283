package io.github.kbnf4j.decode;

import java.util.Objects;

/**
 * A typed answer: the value read from a generation, and the generation itself (its text, tokens,
 * stop reason and timing).
 *
 * @param value the answer read into its type
 * @param generation what the model generated
 * @param <T> the answer's type
 */
public record Answer<T>(T value, Generation generation) {

    /** Checks that neither part is null. */
    public Answer {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(generation, "generation");
    }
}
