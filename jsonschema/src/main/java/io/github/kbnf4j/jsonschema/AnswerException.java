package io.github.kbnf4j.jsonschema;

/**
 * A model's answer that {@link TypedGrammar#parse} cannot turn into its type: cut off before the
 * end ({@link Kind#INCOMPLETE}), not produced under the type's grammar ({@link Kind#REJECTED}), or a
 * sentence that Jackson could not bind ({@link Kind#NOT_BOUND}; the cause says why).
 */
public final class AnswerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Why the answer was not read. */
    public enum Kind {
        /** Every byte is allowed, but the answer stops before a complete value (a token limit, typically). */
        INCOMPLETE,
        /** A byte that the grammar does not allow there: the answer was not generated under its constraint. */
        REJECTED,
        /** A complete sentence of the grammar that Jackson failed to bind to the type. */
        NOT_BOUND
    }

    private final Kind kind;
    private final int offset;

    /**
     * @param kind why the answer was not read
     * @param offset the byte offset at fault: the rejected byte, or the answer's length
     * @param message the full message
     * @param cause Jackson's exception for {@link Kind#NOT_BOUND}, else null
     */
    public AnswerException(Kind kind, int offset, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.offset = offset;
    }

    /** Why the answer was not read. */
    public Kind kind() {
        return kind;
    }

    /** The byte offset at fault in the answer's UTF-8 bytes: the rejected byte, or the answer's length. */
    public int offset() {
        return offset;
    }
}
