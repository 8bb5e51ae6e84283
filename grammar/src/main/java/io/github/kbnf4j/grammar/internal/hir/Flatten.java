package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.hir.GroupByName.GroupedRule;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pass 2: turns grouped rules into a {@link Hir} whose alternatives are flat symbol sequences.
 * A nested alternation, or a group that is not a single symbol, gets a fresh nonterminal named
 * after its rule ({@code value#3}); a repetition gets a fresh nonterminal marked with a pending
 * {@link Hir.Repetition} ({@link FoldRepetitions} folds nests of them, {@link ExpandRepetitions}
 * writes them out), numbered after any fresh nonterminal made for its item. Nested sequences
 * are spliced into their parent. Terminals (literals, regexes, {@code except!}) come from the
 * {@link TerminalFactory}.
 *
 * <p>Recursion depth is the nesting depth of the expression, which the parser bounds.
 */
public final class Flatten {
    /** Makes the terminal symbol for a literal, regex or {@code except!} expression. */
    public interface TerminalFactory {
        /** The terminal symbol ({@code < 0}) of {@code terminal} in {@code hir}. */
        int symbol(Expr terminal, Hir hir);
    }

    private final Hir hir = new Hir();
    private final Map<String, Integer> ids = new HashMap<>();
    private final Map<String, Integer> freshCounters = new HashMap<>();
    private final TerminalFactory terminals;

    private Flatten(TerminalFactory terminals) {
        this.terminals = terminals;
    }

    /** Flattens {@code rules}; {@code start} must be one of them. */
    public static Hir apply(Map<String, GroupedRule> rules, String start, TerminalFactory terminals) {
        Flatten f = new Flatten(terminals);
        for (GroupedRule r : rules.values()) {
            f.ids.put(r.name(), f.hir.addNonterminal(r.name(), r.span()));
        }
        for (GroupedRule r : rules.values()) {
            int n = f.ids.get(r.name());
            List<int[]> alts = new ArrayList<>();
            for (Expr body : r.definitions()) {
                f.addAlternatives(body, r.name(), alts);
            }
            f.hir.setAlternatives(n, alts);
        }
        f.hir.setStart(f.ids.getOrDefault(start, 0));
        return f.hir;
    }

    private void addAlternatives(Expr e, String rule, List<int[]> out) {
        if (e instanceof Alt alt) {
            for (Expr a : alt.alternatives()) {
                addAlternatives(a, rule, out);
            }
        } else {
            IntArrayList seq = new IntArrayList();
            appendSequence(e, rule, seq);
            out.add(seq.toIntArray());
        }
    }

    private void appendSequence(Expr e, String rule, IntArrayList out) {
        if (e instanceof Seq seq) {
            for (Expr item : seq.items()) {
                appendSequence(item, rule, out);
            }
        } else {
            out.add(symbol(e, rule));
        }
    }

    /** The single symbol standing for {@code e}, making a fresh nonterminal if needed. */
    private int symbol(Expr e, String rule) {
        if (e instanceof Ref ref) {
            // An undefined name has been reported already; a nonterminal without alternatives
            // stands in for it so that the remaining checks (regexes) still run.
            return ids.computeIfAbsent(ref.name(), name -> hir.addNonterminal(name, ref.span()));
        } else if (e instanceof Repeat rep) {
            if (rep.min() == 1 && rep.max() == 1) {
                return symbol(rep.inner(), rule);
            }
            int inner = symbol(rep.inner(), rule);
            int n = fresh(rule, e);
            hir.setRepetition(n, new Hir.Repetition(inner, rep.min(), rep.max()));
            return n;
        } else if (e instanceof Alt || e instanceof Seq) {
            int n = fresh(rule, e);
            List<int[]> alts = new ArrayList<>();
            addAlternatives(e, rule, alts);
            hir.setAlternatives(n, alts);
            return n;
        }
        return terminals.symbol(e, hir);
    }

    private int fresh(String rule, Expr e) {
        int k = freshCounters.merge(rule, 1, Integer::sum);
        return hir.addNonterminal(rule + "#" + k, e.span());
    }
}
