package io.github.kbnf4j.grammar.internal.ast;

import io.github.kbnf4j.grammar.Diagnostic;

/**
 * A place in a grammar's source text: the source name and the 1-based line and column (in code
 * points) where a construct starts.
 */
public record Span(String source, int line, int column) {

    /** The same source and line, {@code delta} columns further right. */
    public Span shift(int delta) {
        return new Span(source, line, column + delta);
    }

    /** An error diagnostic at this place. */
    public Diagnostic error(String message) {
        return new Diagnostic(source, line, column, Diagnostic.Severity.ERROR, message);
    }

    /** A warning diagnostic at this place. */
    public Diagnostic warning(String message) {
        return new Diagnostic(source, line, column, Diagnostic.Severity.WARNING, message);
    }

    @Override
    public String toString() {
        return source + ":" + line + ":" + column;
    }
}
