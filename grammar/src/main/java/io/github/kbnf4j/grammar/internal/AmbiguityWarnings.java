package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Except;
import io.github.kbnf4j.grammar.internal.ast.Expr.Literal;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.Expr.Regex;
import io.github.kbnf4j.grammar.internal.ast.Expr.RegexKind;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.hir.StronglyConnectedComponents;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Warnings for the two shapes of rule that make a grammar ambiguous in an obviously costly way,
 * found on the grammar as written:
 * <ul>
 *   <li>two references of a rule to itself side by side ({@code s ::= s s | "a";}, or with only
 *       rules that may be empty between them): every way of splitting the input between the two
 *       is a parse, so the recognizer's work per byte grows with the input (quadratically for
 *       {@code s s}) until {@code maxWorkPerByte} stops it;
 *   <li>a rule that derives itself with nothing else around it ({@code a ::= b; b ::= a | "x";},
 *       or through rules that may be empty): every sentence it matches then has infinitely many
 *       parses.
 * </ul>
 * Both are legal, so they are warnings, naming the rule and where it is defined. The checks are
 * syntactic: regex terminals count as non-empty (even one that matches the empty string), so a
 * cycle through such a regex is not reported.
 */
final class AmbiguityWarnings {
    private final Map<String, List<Rule>> definitions;
    private final Diagnostics diagnostics;
    /** The rules that may derive the empty string (fixpoint over the definitions). */
    private final Set<String> nullable = new HashSet<>();

    private AmbiguityWarnings(Map<String, List<Rule>> definitions, Diagnostics diagnostics) {
        this.definitions = definitions;
        this.diagnostics = diagnostics;
    }

    /** Records the warnings for the rules in {@code definitions} (name → its definitions, in source order). */
    static void check(Map<String, List<Rule>> definitions, Diagnostics diagnostics) {
        AmbiguityWarnings w = new AmbiguityWarnings(definitions, diagnostics);
        w.computeNullable();
        w.warnAdjacentSelfReferences();
        w.warnCycles();
    }

    /**
     * The nullable rules, by a worklist: a rule is looked at again only when a rule it uses has
     * just become nullable. (Sweeping all rules until nothing changes took one sweep per link of a
     * chain of optional rules, as a JSON Schema object's members make, so time quadratic in the
     * grammar.)
     */
    private void computeNullable() {
        Map<String, List<String>> users = new HashMap<>();
        Deque<Expr> walk = new ArrayDeque<>();
        for (Map.Entry<String, List<Rule>> e : definitions.entrySet()) {
            String user = e.getKey();
            for (Rule r : e.getValue()) {
                walk.push(r.body());
                while (!walk.isEmpty()) {
                    Expr x = walk.pop();
                    if (x instanceof Ref ref) {
                        users.computeIfAbsent(ref.name(), k -> new ArrayList<>()).add(user);
                    } else {
                        Validator.children(x).forEach(walk::push);
                    }
                }
            }
        }
        Deque<String> work = new ArrayDeque<>(definitions.keySet());
        while (!work.isEmpty()) {
            String name = work.pop();
            if (nullable.contains(name) || !anyNullable(definitions.get(name))) {
                continue;
            }
            nullable.add(name);
            for (String user : users.getOrDefault(name, List.of())) {
                if (!nullable.contains(user)) {
                    work.push(user);
                }
            }
        }
    }

    private boolean anyNullable(List<Rule> rules) {
        if (rules == null) {
            return false; // an undefined rule (reported by the validator)
        }
        for (Rule r : rules) {
            if (nullable(r.body())) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code e} may match the empty string, given the rules known to be nullable so far. */
    private boolean nullable(Expr e) {
        if (e instanceof Literal lit) {
            return lit.text().isEmpty();
        } else if (e instanceof Ref ref) {
            return nullable.contains(ref.name());
        } else if (e instanceof Seq seq) {
            for (Expr item : seq.items()) {
                if (!nullable(item)) {
                    return false;
                }
            }
            return true;
        } else if (e instanceof Alt alt) {
            for (Expr a : alt.alternatives()) {
                if (nullable(a)) {
                    return true;
                }
            }
            return false;
        } else if (e instanceof Repeat rep) {
            return rep.min() == 0 || nullable(rep.inner());
        } else if (e instanceof Regex rx) {
            return rx.kind() == RegexKind.SUBSTRINGS;
        } else if (e instanceof Except) {
            return false; // matches non-empty strings only
        }
        return false; // an automaton terminal: never empty in a compiled grammar
    }

    private void warnAdjacentSelfReferences() {
        for (Map.Entry<String, List<Rule>> e : definitions.entrySet()) {
            String name = e.getKey();
            for (Rule r : e.getValue()) {
                Deque<Expr> work = new ArrayDeque<>();
                work.push(r.body());
                boolean reported = false;
                while (!work.isEmpty() && !reported) {
                    Expr x = work.pop();
                    if (x instanceof Seq seq && hasAdjacentSelfReferences(seq.items(), name)) {
                        diagnostics.warning(seq.span(), "rule '" + name + "' refers to itself twice side by side ('"
                                + name + " " + name + "'): every split of the input between the two is a parse, so"
                                + " the recognizer's work per byte grows with the input (see maxWorkPerByte);"
                                + " write it as a repetition, e.g. '" + name + " ::= item+'");
                        reported = true;
                    }
                    Validator.children(x).forEach(work::push);
                }
            }
        }
    }

    /** Whether two references to {@code name} follow each other in {@code items}, with only nullable items between. */
    private boolean hasAdjacentSelfReferences(List<Expr> items, String name) {
        boolean afterSelf = false;
        for (Expr item : items) {
            if (item instanceof Ref ref && ref.name().equals(name)) {
                if (afterSelf) {
                    return true;
                }
                afterSelf = true;
            } else if (!nullable(item)) {
                afterSelf = false;
            }
        }
        return false;
    }

    /**
     * Warns once per cycle of "derives with nothing else around it" (A → B when some alternative
     * of A is B with only nullable items beside it), naming its first rule in source order.
     */
    private void warnCycles() {
        Map<String, Set<String>> edges = new LinkedHashMap<>();
        for (Map.Entry<String, List<Rule>> e : definitions.entrySet()) {
            Set<String> to = new HashSet<>();
            for (Rule r : e.getValue()) {
                collectUnitTargets(r.body(), to);
            }
            to.retainAll(definitions.keySet());
            edges.put(e.getKey(), to);
        }
        Map<String, Integer> component = components(edges);
        Set<Integer> reported = new HashSet<>();
        for (Map.Entry<String, Set<String>> e : edges.entrySet()) {
            String a = e.getKey();
            int c = component.get(a);
            boolean cyclic = e.getValue().contains(a)
                    || e.getValue().stream().anyMatch(b -> component.get(b).intValue() == c && !b.equals(a));
            if (cyclic && reported.add(c)) {
                List<String> members = new ArrayList<>();
                for (String n : edges.keySet()) {
                    if (component.get(n).intValue() == c) {
                        members.add("'" + n + "'");
                    }
                }
                diagnostics.warning(definitions.get(a).get(0).span(), "rule '" + a + "' derives itself with nothing"
                        + " else around it (through " + String.join(", ", members) + ", where the rest may be"
                        + " empty): every sentence it matches has infinitely many parses; remove the cycle");
            }
        }
    }

    /** Adds to {@code into} the rules {@code e} can derive alone (everything else beside them nullable). */
    private void collectUnitTargets(Expr e, Set<String> into) {
        if (e instanceof Ref ref) {
            into.add(ref.name());
        } else if (e instanceof Alt alt) {
            alt.alternatives().forEach(x -> collectUnitTargets(x, into));
        } else if (e instanceof Repeat rep && rep.max() != 0) {
            collectUnitTargets(rep.inner(), into);
        } else if (e instanceof Seq seq) {
            // an item stands alone when every other item is nullable: when no item is non-nullable,
            // every item; when exactly one is, that one (linear, not a scan of the rest per item)
            List<Expr> items = seq.items();
            int nonNullable = -1;
            int nonNullableCount = 0;
            for (int i = 0; i < items.size() && nonNullableCount < 2; i++) {
                if (!nullable(items.get(i))) {
                    nonNullable = i;
                    nonNullableCount++;
                }
            }
            if (nonNullableCount == 0) {
                items.forEach(x -> collectUnitTargets(x, into));
            } else if (nonNullableCount == 1) {
                collectUnitTargets(items.get(nonNullable), into);
            }
        }
    }

    /** Strongly connected components of {@code edges}: rule → component number. */
    private static Map<String, Integer> components(Map<String, Set<String>> edges) {
        List<String> names = new ArrayList<>(edges.keySet());
        Map<String, Integer> number = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            number.put(names.get(i), i);
        }
        IntArrayList[] graph = new IntArrayList[names.size()];
        for (int i = 0; i < names.size(); i++) {
            graph[i] = new IntArrayList();
            for (String to : edges.get(names.get(i))) {
                graph[i].add((int) number.get(to));
            }
        }
        int[] scc = StronglyConnectedComponents.of(graph);
        Map<String, Integer> component = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            component.put(names.get(i), scc[i]);
        }
        return component;
    }
}
