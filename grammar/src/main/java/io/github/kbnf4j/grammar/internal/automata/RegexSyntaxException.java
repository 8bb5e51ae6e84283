package io.github.kbnf4j.grammar.internal.automata;

/**
 * A regular expression that does not parse or uses an unsupported construct. The message is
 * {@code description + " at index " + index}; callers map the index to a grammar position.
 */
public final class RegexSyntaxException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String description;
    private final int index;

    /**
     * @param description what is wrong, without position
     * @param index 0-based char index in the pattern where the problem is
     */
    public RegexSyntaxException(String description, int index) {
        super(description + " at index " + index);
        this.description = description;
        this.index = index;
    }

    /** What is wrong, without position. */
    public String description() {
        return description;
    }

    /** 0-based char (UTF-16 unit) index in the pattern. */
    public int index() {
        return index;
    }
}
