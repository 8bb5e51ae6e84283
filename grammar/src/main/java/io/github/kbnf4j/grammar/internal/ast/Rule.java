package io.github.kbnf4j.grammar.internal.ast;

import java.util.Objects;

/** One definition {@code name ::= body;} as written. A name may be defined several times. */
public record Rule(String name, Expr body, Span span) {
    public Rule {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(body, "body");
        Objects.requireNonNull(span, "span");
    }
}
