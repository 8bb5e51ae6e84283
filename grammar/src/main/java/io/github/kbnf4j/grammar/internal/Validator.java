package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Except;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The semantic checks on a parsed grammar that need no automata: undefined rules (with a "did
 * you mean"), a missing start rule, counted repetitions with the minimum above the maximum,
 * {@code except!} arguments that are recursive or not built of literals and regexes; the
 * warning for rules the start rule never reaches; and those of {@link AmbiguityWarnings}. Checks
 * on the language itself (a start rule that consumes no
 * byte, or only the empty string) need the simplified grammar and happen later.
 */
final class Validator {
    private final GrammarAst ast;
    private final GrammarOptions options;
    private final Diagnostics diagnostics;
    /** name -> its definitions, in source order. */
    private final Map<String, List<Rule>> definitions = new LinkedHashMap<>();

    private Validator(GrammarAst ast, GrammarOptions options, Diagnostics diagnostics) {
        this.ast = ast;
        this.options = options;
        this.diagnostics = diagnostics;
        for (Rule r : ast.rules()) {
            definitions.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r);
        }
    }

    /**
     * Runs every check, recording errors and warnings; with {@code lint}, also the warnings about
     * the grammar as written (unused rules, {@link AmbiguityWarnings}), which only help whoever
     * wrote its rules.
     *
     * @return each rule name's definitions, in source order, names in the order of their first
     *     definition: what grouping by name needs (see
     *     {@link io.github.kbnf4j.grammar.internal.hir.GroupByName}), found once here
     */
    static Map<String, List<Rule>> validate(GrammarAst ast, String start, GrammarOptions options,
            Diagnostics diagnostics, boolean lint) {
        Validator v = new Validator(ast, options, diagnostics);
        v.run(start, lint);
        return v.definitions;
    }

    private void run(String start, boolean lint) {
        for (Rule r : ast.rules()) {
            check(r.body());
        }
        if (!definitions.containsKey(start)) {
            String hint = suggestion(start);
            diagnostics.error(new Span(ast.source(), 1, 1), "no rule named '" + start + "' to start from"
                    + (hint == null ? "" : " (did you mean '" + hint + "'?)")
                    + "; the start rule is the dialect's ('start' in KBNF, 'root' in GBNF) unless another is chosen (GrammarOptions.startSymbol, CLI --start)");
            return;
        }
        if (lint) {
            warnUnreachable(start);
            AmbiguityWarnings.check(definitions, diagnostics);
        }
    }

    /** Checks one expression tree; iterative over sequences and alternatives, recursive in depth (bounded by the parser). */
    private void check(Expr e) {
        if (e instanceof Ref ref) {
            if (!definitions.containsKey(ref.name())) {
                String hint = suggestion(ref.name());
                diagnostics.error(ref.span(), "undefined rule '" + ref.name() + "'"
                        + (hint == null ? "" : " (did you mean '" + hint + "'?)"));
            }
        } else if (e instanceof Seq seq) {
            seq.items().forEach(this::check);
        } else if (e instanceof Alt alt) {
            alt.alternatives().forEach(this::check);
        } else if (e instanceof Repeat rep) {
            checkRepetition(rep);
            check(rep.inner());
        } else if (e instanceof Except ex) {
            if (ex.maxChars() == 0) {
                diagnostics.error(ex.span(), "except! with a length bound of 0 matches nothing (use 1 or more)");
            }
            if (ex.maxChars() > options.maxRepetition()) {
                diagnostics.error(ex.span(), "except! length bound " + ex.maxChars()
                        + " exceeds the maximum allowed (" + options.maxRepetition()
                        + ", from GrammarOptions.maxRepetition, CLI --max-repetition)");
            }
            check(ex.inner());
            checkExceptArgument(ex);
        }
    }

    private void checkRepetition(Repeat rep) {
        if (!rep.unbounded() && rep.min() > rep.max()) {
            diagnostics.error(rep.span(), "repetition {" + rep.min() + "," + rep.max() + "}: the minimum "
                    + rep.min() + " is greater than the maximum " + rep.max());
            return;
        }
        // The bound itself is checked where it costs: the automaton of a repetition of a terminal
        // (CountedRepetitions, maxDfaStates), the copies of a written-out one (maxRepetition).
    }

    /**
     * The argument of {@code except!} must denote a regular language given by literals and
     * regexes: no nested {@code except!}, and no rule reachable from it may refer back to itself.
     */
    private void checkExceptArgument(Except ex) {
        // Depth-first over rule references with an explicit stack; 'onPath' detects recursion.
        record Frame(Expr expr, String rule, boolean exit) {
        }
        Deque<Frame> stack = new ArrayDeque<>();
        Set<String> onPath = new HashSet<>();
        Set<String> done = new HashSet<>();
        stack.push(new Frame(ex.inner(), null, false));
        while (!stack.isEmpty()) {
            Frame f = stack.pop();
            if (f.exit()) {
                onPath.remove(f.rule());
                done.add(f.rule());
                continue;
            }
            Expr e = f.expr();
            if (e instanceof Ref ref) {
                List<Rule> defs = definitions.get(ref.name());
                if (defs == null || done.contains(ref.name())) {
                    continue;
                }
                if (onPath.contains(ref.name())) {
                    diagnostics.error(ex.span(), "except! argument is recursive (rule '" + ref.name()
                            + "' refers back to itself); it must be built only of literals and regexes");
                    return;
                }
                onPath.add(ref.name());
                stack.push(new Frame(null, ref.name(), true));
                for (Rule r : defs) {
                    stack.push(new Frame(r.body(), null, false));
                }
            } else if (e instanceof Except inner) {
                diagnostics.error(inner.span(), "except! argument must be built only of literals and regexes"
                        + (inner == ex.inner() ? "" : " (found a nested except!)"));
                return;
            } else {
                children(e).forEach(c -> stack.push(new Frame(c, null, false)));
            }
        }
    }

    /** The direct subexpressions of {@code e} (rule references are not followed). */
    static List<Expr> children(Expr e) {
        if (e instanceof Seq seq) {
            return seq.items();
        } else if (e instanceof Alt alt) {
            return alt.alternatives();
        } else if (e instanceof Repeat rep) {
            return List.of(rep.inner());
        } else if (e instanceof Except ex) {
            return List.of(ex.inner());
        }
        return List.of();
    }

    private void warnUnreachable(String start) {
        Set<String> reached = new HashSet<>();
        Deque<Expr> work = new ArrayDeque<>();
        reached.add(start);
        definitions.get(start).forEach(r -> work.push(r.body()));
        while (!work.isEmpty()) {
            Expr e = work.pop();
            if (e instanceof Ref ref) {
                if (definitions.containsKey(ref.name()) && reached.add(ref.name())) {
                    definitions.get(ref.name()).forEach(r -> work.push(r.body()));
                }
            } else {
                children(e).forEach(work::push);
            }
        }
        for (Map.Entry<String, List<Rule>> e : definitions.entrySet()) {
            if (!reached.contains(e.getKey())) {
                diagnostics.warning(e.getValue().get(0).span(), "rule '" + e.getKey()
                        + "' is never used (not reachable from '" + start + "')");
            }
        }
    }

    /** The defined name closest to {@code name} by edit distance, if close enough to be a likely typo. */
    private String suggestion(String name) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : definitions.keySet()) {
            int d = editDistance(name, candidate);
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        int allowed = Math.max(1, Math.min(3, name.length() / 3));
        return bestDistance <= allowed ? best : null;
    }

    /** Damerau-Levenshtein distance (adjacent transpositions count 1), two rows of memory each. */
    static int editDistance(String a, String b) {
        int[] prev2 = new int[b.length() + 1];
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int v = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    v = Math.min(v, prev2[j - 2] + 1);
                }
                cur[j] = v;
            }
            int[] t = prev2;
            prev2 = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
