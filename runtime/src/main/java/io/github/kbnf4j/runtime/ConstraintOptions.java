package io.github.kbnf4j.runtime;

import io.github.kbnf4j.earley.RecognizerOptions;
import java.util.Objects;

/**
 * Settings of a {@link Constraint}. Immutable; each {@code with…} method returns a copy.
 *
 * @param recognizer the limits of every matcher's recognizer
 * @param maskCacheBytes the bound, in bytes, of the constraint's shared mask cache (frontier keys
 *     and masks); 0 turns the cache off (default 64 MiB)
 */
public record ConstraintOptions(RecognizerOptions recognizer, long maskCacheBytes) {

    /** The defaults: default recognizer limits and a 64 MiB mask cache. */
    public static final ConstraintOptions DEFAULT = new ConstraintOptions(RecognizerOptions.DEFAULT, 64L << 20);

    public ConstraintOptions {
        Objects.requireNonNull(recognizer, "recognizer");
        if (maskCacheBytes < 0) {
            throw new IllegalArgumentException("maskCacheBytes must not be negative, was " + maskCacheBytes);
        }
    }

    /** A copy with other recognizer limits. */
    public ConstraintOptions withRecognizer(RecognizerOptions options) {
        return new ConstraintOptions(options, maskCacheBytes);
    }

    /** A copy with another mask cache bound (0: no cache). */
    public ConstraintOptions withMaskCacheBytes(long bytes) {
        return new ConstraintOptions(recognizer, bytes);
    }
}
