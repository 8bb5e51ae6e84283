package io.github.kbnf4j.grammar;

import java.util.List;

/**
 * Thrown when a grammar cannot be compiled. It carries every error found, not just the first:
 * the message has one {@code source:line:col: message} line per error, sorted by position.
 */
public final class GrammarException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient List<Diagnostic> errors;

    /**
     * @param errors the errors, at least one
     * @throws IllegalArgumentException if {@code errors} is empty
     */
    public GrammarException(List<Diagnostic> errors) {
        super(format(errors));
        this.errors = List.copyOf(errors.stream().sorted().toList());
    }

    /** The errors, sorted by position; never empty. */
    public List<Diagnostic> errors() {
        return errors;
    }

    private static String format(List<Diagnostic> errors) {
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("a GrammarException needs at least one error");
        }
        StringBuilder sb = new StringBuilder();
        for (Diagnostic d : errors.stream().sorted().toList()) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(d);
        }
        return sb.toString();
    }
}
