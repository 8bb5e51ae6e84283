package io.github.kbnf4j.jsonschema.internal;

import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import java.util.ArrayList;
import java.util.List;

/**
 * Where refusals go: thrown as {@link JsonSchemaException}, or, with the lenient option, kept as
 * warnings while the keyword is dropped (the grammar then accepts a superset).
 */
final class Refusals {
    private final String source;
    private final boolean lenient;
    private final List<Diagnostic> warnings = new ArrayList<>();

    Refusals(String source, boolean lenient) {
        this.source = source;
        this.lenient = lenient;
    }

    /**
     * A keyword that cannot be compiled exactly. Returns normally (the caller drops the keyword)
     * only in lenient mode.
     *
     * @throws JsonSchemaException unless lenient
     */
    void refuse(String pointer, String reason) {
        if (!lenient) {
            throw new JsonSchemaException(source, pointer, reason);
        }
        warn(pointer, reason + " (dropped: lenient mode accepts a superset)");
    }

    /** A schema error that no option excuses (an invalid keyword value, a dangling reference). */
    JsonSchemaException invalid(String pointer, String reason) {
        return new JsonSchemaException(source, pointer, reason);
    }

    void warn(String pointer, String message) {
        warnings.add(new Diagnostic(source + "#" + pointer, 1, 1, Diagnostic.Severity.WARNING, message));
    }

    String source() {
        return source;
    }

    List<Diagnostic> warnings() {
        return warnings;
    }
}
