package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pass 1: all definitions of one name become one rule whose body is the alternation of their
 * bodies, in source order. Names keep the order of their first definition.
 */
public final class GroupByName {
    /** One rule after grouping: the alternation of every definition, and where the first one is. */
    public record GroupedRule(String name, List<Expr> definitions, Span span) {
    }

    private GroupByName() {
    }

    /** Groups the rules of {@code ast} by name. */
    public static Map<String, GroupedRule> apply(GrammarAst ast) {
        Map<String, List<Rule>> byName = new LinkedHashMap<>();
        for (Rule r : ast.rules()) {
            byName.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
        }
        Map<String, GroupedRule> grouped = new LinkedHashMap<>();
        for (Map.Entry<String, List<Rule>> e : byName.entrySet()) {
            List<Expr> bodies = e.getValue().stream().map(Rule::body).toList();
            grouped.put(e.getKey(), new GroupedRule(e.getKey(), bodies, e.getValue().get(0).span()));
        }
        return grouped;
    }
}
