package io.github.kbnf4j.jsonschema.internal;

/**
 * A JSON Schema {@code pattern} that {@link EcmaPattern} refuses: either not a regular expression
 * at all ({@link #invalid()}: ECMA-262 rejects it in every mode, so the schema itself is invalid),
 * or one whose language kbnf4j cannot reproduce exactly (a lookaround, a backreference, a word
 * boundary, an escape whose meaning depends on the regex mode, ...). The message is
 * {@code description + " at index " + index}.
 */
public final class EcmaPatternException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String description;
    private final int index;
    private final boolean invalid;

    /**
     * @param description what is wrong, without position
     * @param index 0-based char (UTF-16 unit) index in the pattern where the construct starts
     * @param invalid true if ECMA-262 rejects the pattern outright, false if it is only unsupported
     */
    public EcmaPatternException(String description, int index, boolean invalid) {
        super(description + " at index " + index);
        this.description = description;
        this.index = index;
        this.invalid = invalid;
    }

    /** What is wrong, without position: the text that refusal statistics group by. */
    public String description() {
        return description;
    }

    /** 0-based char (UTF-16 unit) index in the pattern. */
    public int index() {
        return index;
    }

    /**
     * True if the pattern is not an ECMA-262 regular expression in any mode (a schema error), false
     * if it is a valid pattern that kbnf4j cannot translate exactly.
     */
    public boolean invalid() {
        return invalid;
    }
}
