package io.github.kbnf4j.grammar;

import java.util.Objects;

/**
 * One error or warning about a grammar, anchored at a place in its source text.
 *
 * <p>{@link #toString()} gives the conventional {@code source:line:col: message} form that
 * compilers and editors understand; warnings carry a {@code warning: } prefix before the message.
 *
 * @param source the grammar's source name (a file name, or a name the caller chose)
 * @param line 1-based line of the offending text
 * @param column 1-based column (in code points) of the offending text
 * @param severity whether compilation failed because of it
 * @param message what is wrong, in one line
 */
public record Diagnostic(String source, int line, int column, Severity severity, String message)
        implements Comparable<Diagnostic> {

    /** Whether a diagnostic stops compilation. */
    public enum Severity {
        /** The grammar cannot be compiled. */
        ERROR,
        /** The grammar compiles, but probably not as its author meant. */
        WARNING
    }

    public Diagnostic {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(message, "message");
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("line and column are 1-based: " + line + ":" + column);
        }
    }

    /** Orders by line, then column, then message, so reports read top to bottom. */
    @Override
    public int compareTo(Diagnostic o) {
        int c = Integer.compare(line, o.line);
        if (c == 0) {
            c = Integer.compare(column, o.column);
        }
        return c != 0 ? c : message.compareTo(o.message);
    }

    @Override
    public String toString() {
        return source + ":" + line + ":" + column + ": "
                + (severity == Severity.WARNING ? "warning: " : "") + message;
    }
}
