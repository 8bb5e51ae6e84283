package io.github.kbnf4j.grammar.internal.writer;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Automaton;
import io.github.kbnf4j.grammar.internal.ast.Expr.Except;
import io.github.kbnf4j.grammar.internal.ast.Expr.Literal;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.Expr.Regex;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a grammar's syntax tree as KBNF text ({@code Kbnf.g4}) that reads back to the same
 * language: {@code Grammar.compile(source, text, options)} with the same start rule accepts
 * exactly the sentences the tree describes. For grammars built by a program (the JSON Schema
 * compiler), to show or save them.
 *
 * <p>Every rule is written as {@code name ::= body ;}, in the tree's order (a name defined
 * several times stays so). Literals, regexes, {@code except!}, repetitions and groups are
 * written as the reader reads them back: a literal's characters with JavaScript escapes, a
 * regex re-quoted as {@code #"..."}, parentheses only where precedence needs them. Spans are not
 * kept. An {@link Automaton} terminal becomes right-linear rules after the tree's own, one per DFA
 * state, named after the first rule that uses it ({@code value-dfa}, {@code value-dfa-s1}, ...,
 * made unique), preceded by its description as a comment ({@link AutomatonRules}); equal
 * automata share their rules, and one that is a single literal or regex is written in place. The
 * compiler's inlining of regular rules folds the rules of an acyclic automaton back into one
 * terminal; those of an automaton with a cycle are recursive, so they stay rules: the same
 * language, recognized rule by rule (slower than one terminal).
 *
 * <p>Complexity: linear in the size of the tree and of its automata. Thread-safe: each call of
 * {@link #write} has its own instance.
 */
public final class KbnfWriter {
    private final Set<String> usedNames = new HashSet<>();
    private final Map<ByteDfa, AutomatonRules> automata = new LinkedHashMap<>();
    /** The rule being written, whose name the automata it uses first are named after. */
    private String rule;
    /** Inside an {@code except!} argument, where no rule may be recursive. */
    private boolean inExcept;

    /** Where an expression stands: what it may be written as without parentheses. */
    private enum Place {
        /** A rule's body or an {@code except!} argument: anything. */
        TOP,
        /** An item of a sequence: anything but an alternation. */
        ITEM,
        /** The operand of a postfix operator: a primary (or a postfixed primary). */
        OPERAND
    }

    private KbnfWriter() {
    }

    /**
     * The KBNF text of {@code ast}.
     *
     * @throws IllegalArgumentException if a rule name is not a KBNF name
     *     ({@code [a-zA-Z_][a-zA-Z0-9_-]*}), an automaton accepts bytes that are not valid UTF-8,
     *     an automaton with a cycle is used inside an {@code except!} argument (its rules would be
     *     recursive), or the tree cannot be written (an alternation without alternatives, a
     *     negative repetition count, a regex that ends with a lone backslash)
     */
    public static String write(GrammarAst ast) {
        KbnfWriter w = new KbnfWriter();
        for (Rule r : ast.rules()) {
            w.usedNames.add(checkedName(r.name()));
        }
        StringBuilder sb = new StringBuilder();
        for (Rule r : ast.rules()) {
            w.rule = r.name();
            List<String> alternatives = new ArrayList<>();
            if (r.body() instanceof Alt alt && alt.alternatives().size() > 1) {
                for (Expr e : alt.alternatives()) {
                    alternatives.add(w.expr(e, Place.ITEM));
                }
            } else {
                alternatives.add(w.expr(r.body(), Place.TOP));
            }
            AutomatonRules.appendRule(sb, r.name(), alternatives);
        }
        for (AutomatonRules a : w.automata.values()) {
            if (!a.isInline()) {
                sb.append('\n');
                a.appendRules(sb);
            }
        }
        return sb.toString();
    }

    private static String checkedName(String name) {
        if (!KbnfSyntax.isName(name)) {
            throw new IllegalArgumentException("'" + name + "' is not a KBNF rule name ([a-zA-Z_][a-zA-Z0-9_-]*)");
        }
        return name;
    }

    private String expr(Expr e, Place place) {
        if (e instanceof Literal l) {
            return KbnfSyntax.literal(l.text());
        } else if (e instanceof Regex r) {
            return KbnfSyntax.regex(r.kind(), r.text());
        } else if (e instanceof Ref ref) {
            return checkedName(ref.name());
        } else if (e instanceof Automaton a) {
            return a.regex() != null ? KbnfSyntax.regex(Expr.RegexKind.REGEX, a.regex()) : automaton(a);
        } else if (e instanceof Except ex) {
            return except(ex);
        } else if (e instanceof Repeat rep) {
            return expr(rep.inner(), Place.OPERAND) + postfix(rep);
        } else if (e instanceof Seq seq) {
            return sequence(seq.items(), place);
        } else if (e instanceof Alt alt) {
            return alternation(alt.alternatives(), place);
        }
        throw new AssertionError("unknown expression " + e);
    }

    private String sequence(List<Expr> items, Place place) {
        if (items.isEmpty()) {
            return "\"\"";
        }
        if (items.size() == 1) {
            return expr(items.get(0), place);
        }
        List<String> parts = new ArrayList<>(items.size());
        for (Expr item : items) {
            parts.add(expr(item, Place.ITEM));
        }
        String text = String.join(" ", parts);
        return place == Place.OPERAND ? "(" + text + ")" : text;
    }

    private String alternation(List<Expr> alternatives, Place place) {
        if (alternatives.isEmpty()) {
            throw new IllegalArgumentException("an alternation without alternatives cannot be written in KBNF");
        }
        if (alternatives.size() == 1) {
            return expr(alternatives.get(0), place);
        }
        List<String> parts = new ArrayList<>(alternatives.size());
        for (Expr alt : alternatives) {
            parts.add(expr(alt, Place.ITEM));
        }
        String text = String.join(" | ", parts);
        return place == Place.TOP ? text : "(" + text + ")";
    }

    private static String postfix(Repeat rep) {
        int min = rep.min();
        int max = rep.max();
        if (min < 0 || max < Repeat.UNBOUNDED || (max >= 0 && max < min)) {
            throw new IllegalArgumentException("repetition {" + min + "," + max + "} cannot be written in KBNF");
        }
        if (rep.unbounded()) {
            return min == 0 ? "*" : min == 1 ? "+" : "{" + min + ",}";
        }
        if (min == 0 && max == 1) {
            return "?";
        }
        return min == max ? "{" + min + "}" : "{" + min + "," + max + "}";
    }

    private String except(Except ex) {
        boolean outer = inExcept;
        inExcept = true;
        try {
            String inner = expr(ex.inner(), Place.TOP);
            return "except!(" + inner + (ex.maxChars() == Except.NO_LIMIT ? "" : ", " + ex.maxChars()) + ")";
        } finally {
            inExcept = outer;
        }
    }

    private String automaton(Automaton a) {
        AutomatonRules rules = automata.get(a.dfa());
        if (rules == null) {
            rules = new AutomatonRules(a.dfa(), a.description());
            rules.assignNames(rule + "-dfa", this::unique);
            automata.put(a.dfa(), rules);
        }
        if (inExcept && !rules.isInline() && rules.isRecursive()) {
            throw new IllegalArgumentException("automaton '" + a.description() + "' inside an except! argument has a"
                    + " cycle: its rules would be recursive, which except! does not allow");
        }
        return rules.use();
    }

    /** {@code proposal}, or {@code proposal-2}, {@code proposal-3}, ... whichever is free first; marks it used. */
    private String unique(String proposal) {
        String name = proposal;
        for (int i = 2; !usedNames.add(name); i++) {
            name = proposal + "-" + i;
        }
        return name;
    }
}
