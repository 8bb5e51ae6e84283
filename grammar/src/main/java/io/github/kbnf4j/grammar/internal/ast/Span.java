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

    /**
     * The place reached from this one by reading {@code text} from index {@code from} to index
     * {@code to}: columns count code points, and a line feed starts a new line at column 1 (ANTLR's
     * count), so places inside a literal that runs over a line break are exact.
     */
    public Span advance(CharSequence text, int from, int to) {
        int l = line;
        int c = column;
        for (int i = from; i < to; i++) {
            char ch = text.charAt(i);
            if (ch == '\n') {
                l++;
                c = 1;
            } else if (!Character.isLowSurrogate(ch) || i == from || !Character.isHighSurrogate(text.charAt(i - 1))) {
                c++;
            }
        }
        return new Span(source, l, c);
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
