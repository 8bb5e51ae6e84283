package io.github.kbnf4j.runtime;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.earley.RecognizerOptions;
import java.util.Objects;

/**
 * Settings of a {@link Constraint}. Immutable; each {@code with…} method returns a copy.
 *
 * @param recognizer the limits of every matcher's recognizer
 * @param maskCacheBytes the bound, in bytes, of the constraint's shared mask cache (frontier keys
 *     and masks); 0 turns the cache off (default 64 MiB)
 * @param maxWorkPerMask the most recognizer work units (see {@link Recognizer#work()}) that one mask
 *     may cost, all the bytes it pushes together (default {@value #DEFAULT_MAX_WORK_PER_MASK}): a
 *     mask over a highly ambiguous grammar would otherwise push hundreds of thousands of costly
 *     bytes, each within {@link RecognizerOptions#maxWorkPerByte()}
 */
public record ConstraintOptions(RecognizerOptions recognizer, long maskCacheBytes, long maxWorkPerMask) {

    /** The default of {@link #maxWorkPerMask()}. */
    public static final long DEFAULT_MAX_WORK_PER_MASK = 1_000_000_000;

    /** The defaults: default recognizer limits, a 64 MiB mask cache, {@value #DEFAULT_MAX_WORK_PER_MASK} work units per mask. */
    public static final ConstraintOptions DEFAULT =
            new ConstraintOptions(RecognizerOptions.DEFAULT, 64L << 20, DEFAULT_MAX_WORK_PER_MASK);

    public ConstraintOptions {
        Objects.requireNonNull(recognizer, "recognizer");
        if (maskCacheBytes < 0) {
            throw new IllegalArgumentException("maskCacheBytes must not be negative, was " + maskCacheBytes);
        }
        if (maxWorkPerMask < 1) {
            throw new IllegalArgumentException("maxWorkPerMask must be positive, was " + maxWorkPerMask);
        }
    }

    /** Settings with the default {@link #maxWorkPerMask()}. */
    public ConstraintOptions(RecognizerOptions recognizer, long maskCacheBytes) {
        this(recognizer, maskCacheBytes, DEFAULT_MAX_WORK_PER_MASK);
    }

    /** A copy with other recognizer limits. */
    public ConstraintOptions withRecognizer(RecognizerOptions options) {
        return new ConstraintOptions(options, maskCacheBytes, maxWorkPerMask);
    }

    /** A copy with another mask cache bound (0: no cache). */
    public ConstraintOptions withMaskCacheBytes(long bytes) {
        return new ConstraintOptions(recognizer, bytes, maxWorkPerMask);
    }

    /** A copy with another bound on the work of one mask. */
    public ConstraintOptions withMaxWorkPerMask(long units) {
        return new ConstraintOptions(recognizer, maskCacheBytes, units);
    }
}
