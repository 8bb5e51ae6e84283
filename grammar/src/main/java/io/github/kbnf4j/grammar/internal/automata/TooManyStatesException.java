package io.github.kbnf4j.grammar.internal.automata;

/**
 * Thrown when an automaton construction would exceed its state limit (or the work limit derived
 * from it). The limit is the {@code maxStates} argument the caller passed, so the message names
 * the setting to raise.
 */
public final class TooManyStatesException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int limit;

    /** @param limit the {@code maxStates} setting that was exceeded */
    public TooManyStatesException(int limit) {
        super("automaton too large: it exceeds the state limit (maxStates = " + limit + ")");
        this.limit = limit;
    }

    /** The {@code maxStates} setting that was exceeded. */
    public int limit() {
        return limit;
    }
}
