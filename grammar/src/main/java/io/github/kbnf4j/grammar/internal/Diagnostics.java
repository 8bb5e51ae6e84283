package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.internal.ast.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects the errors and warnings of one compilation so that all of them are reported at once.
 * After {@link #MAX_ERRORS} errors further ones are dropped and a last line says so: a file of
 * random bytes must not produce a megabyte of messages.
 */
public final class Diagnostics {
    /** How many errors are kept before the rest are summarized. */
    public static final int MAX_ERRORS = 100;

    private final List<Diagnostic> errors = new ArrayList<>();
    private final List<Diagnostic> warnings = new ArrayList<>();
    private int droppedErrors;

    /** Records an error at {@code span}. */
    public void error(Span span, String message) {
        add(span.error(message));
    }

    /** Records an error diagnostic. */
    public void add(Diagnostic d) {
        if (d.severity() == Diagnostic.Severity.WARNING) {
            warnings.add(d);
        } else if (errors.size() < MAX_ERRORS) {
            errors.add(d);
        } else {
            droppedErrors++;
        }
    }

    /** Records a warning at {@code span}. */
    public void warning(Span span, String message) {
        warnings.add(span.warning(message));
    }

    /** Whether any error was recorded. */
    public boolean hasErrors() {
        return !errors.isEmpty();
    }

    /** Whether the error cap was reached (further checks would only add noise). */
    public boolean isFull() {
        return errors.size() >= MAX_ERRORS;
    }

    /** The warnings so far, sorted by position. */
    public List<Diagnostic> warnings() {
        return warnings.stream().sorted().toList();
    }

    /**
     * Throws a {@link GrammarException} with every error so far, if there is any.
     *
     * @throws GrammarException if an error was recorded
     */
    public void throwIfErrors() {
        if (errors.isEmpty()) {
            return;
        }
        List<Diagnostic> all = new ArrayList<>(errors.stream().sorted().toList());
        if (droppedErrors > 0) {
            Diagnostic last = all.get(all.size() - 1);
            all.add(new Diagnostic(last.source(), last.line(), last.column(), Diagnostic.Severity.ERROR,
                    "too many errors: " + droppedErrors + " more not shown"));
        }
        throw new GrammarException(all);
    }
}
