package io.github.kbnf4j.grammar.internal.ast;

import java.util.List;

/** A parsed grammar: its rules in source order, before any validation. */
public record GrammarAst(String source, List<Rule> rules) {
    public GrammarAst {
        rules = List.copyOf(rules);
    }
}
