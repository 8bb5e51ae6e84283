package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
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

    /**
     * Groups rules already listed by name: each name's definitions in source order, names in the
     * order of their first definition (the validator finds this list as it checks the rules).
     */
    public static Map<String, GroupedRule> apply(Map<String, List<Rule>> byName) {
        Map<String, GroupedRule> grouped = new LinkedHashMap<>();
        for (Map.Entry<String, List<Rule>> e : byName.entrySet()) {
            List<Rule> definitions = e.getValue();
            // most names have one definition (all of a program's do): no stream for those
            List<Expr> bodies = definitions.size() == 1 ? List.of(definitions.get(0).body())
                    : definitions.stream().map(Rule::body).toList();
            grouped.put(e.getKey(), new GroupedRule(e.getKey(), bodies, definitions.get(0).span()));
        }
        return grouped;
    }
}
