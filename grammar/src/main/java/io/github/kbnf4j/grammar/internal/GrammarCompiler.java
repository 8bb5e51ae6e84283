package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Span;
import io.github.kbnf4j.grammar.internal.hir.CountedRepetitions;
import io.github.kbnf4j.grammar.internal.hir.DeduplicateAlternatives;
import io.github.kbnf4j.grammar.internal.hir.EliminateNullable;
import io.github.kbnf4j.grammar.internal.hir.ExpandRepetitions;
import io.github.kbnf4j.grammar.internal.hir.Flatten;
import io.github.kbnf4j.grammar.internal.hir.FoldRepetitions;
import io.github.kbnf4j.grammar.internal.hir.GroupByName;
import io.github.kbnf4j.grammar.internal.hir.GroupByName.GroupedRule;
import io.github.kbnf4j.grammar.internal.hir.Hir;
import io.github.kbnf4j.grammar.internal.hir.InlineRegularRules;
import io.github.kbnf4j.grammar.internal.hir.MergeIdenticalNonterminals;
import io.github.kbnf4j.grammar.internal.hir.MergeTerminals;
import io.github.kbnf4j.grammar.internal.hir.PackedGrammar;
import io.github.kbnf4j.grammar.internal.hir.Packer;
import io.github.kbnf4j.grammar.internal.hir.RemoveUnitRules;
import io.github.kbnf4j.grammar.internal.hir.RemoveUnreachable;
import io.github.kbnf4j.grammar.internal.hir.RemoveUseless;
import io.github.kbnf4j.grammar.Diagnostic;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The compilation pipeline: UTF-8 text, AST, validation, HIR, the simplification passes of
 * the README's "The grammar language", packed arrays. Every error is collected and thrown once.
 *
 * <p>Pass order: group by name, flatten, fold nested repetitions ({@code (x*)*} becomes
 * {@code x*}, in both dialects), merge terminals, deduplicate, inline regular rules
 * (rules that describe a regular language become one terminal), build repetitions of terminals
 * beyond maxRepetition into automata, expand the other repetitions,
 * remove unit rules, merge identical nonterminals, drop unreachable rules (also right after
 * inlining: the passes in between cost time per rule, reachable or not), eliminate nullable symbols, then unit
 * removal, deduplication and merging once more (nullable elimination makes new unit rules and
 * twins), and finally remove useless rules.
 */
public final class GrammarCompiler {
    /** The terminals of one grammar together may have this many times {@code maxDfaStates} states. */
    static final int TOTAL_STATES_FACTOR = 4;

    private GrammarCompiler() {
    }

    /**
     * Compiles UTF-8 grammar text.
     *
     * @throws io.github.kbnf4j.grammar.GrammarException with every error found
     */
    public static PackedGrammar compile(String source, byte[] utf8, Dialect dialect, GrammarOptions options) {
        Diagnostics diagnostics = new Diagnostics();
        Hir hir = simplify(source, utf8, dialect, options, diagnostics, null);
        return pack(source, hir, options, diagnostics);
    }

    /**
     * Compiles a grammar built by a program rather than read from text (the JSON Schema compiler
     * builds its AST directly, with {@link io.github.kbnf4j.grammar.internal.ast.Expr.Automaton}
     * terminals). {@code warnings} are the builder's own, reported with the grammar's.
     *
     * @param start the start rule's name
     * @throws io.github.kbnf4j.grammar.GrammarException with every error found
     */
    public static PackedGrammar compile(GrammarAst ast, String start, GrammarOptions options,
            List<Diagnostic> warnings) {
        Diagnostics diagnostics = new Diagnostics();
        warnings.forEach(diagnostics::add);
        // No lint: the program's tests check its grammars (ProgramGrammars.lint); its users did
        // not write those rules and could do nothing about a warning on one.
        Hir hir = simplify(ast, start, options, diagnostics, null, false);
        return pack(ast.source(), hir, options, diagnostics);
    }

    private static PackedGrammar pack(String source, Hir hir, GrammarOptions options, Diagnostics diagnostics) {
        long maxTotal = (long) TOTAL_STATES_FACTOR * options.maxDfaStates();
        PackedGrammar packed = Packer.pack(hir, diagnostics.warnings(), (int) Math.min(Integer.MAX_VALUE >> 8, maxTotal));
        if (packed == null) {
            diagnostics.error(new Span(source, 1, 1), "the terminals together need more than " + maxTotal
                    + " automaton states (" + TOTAL_STATES_FACTOR + " x the limit GrammarOptions.maxDfaStates, CLI --max-dfa-states)");
            diagnostics.throwIfErrors();
        }
        return packed;
    }

    /**
     * Runs everything up to and including the last pass.
     *
     * @param observer if not null, receives the name of each pass and a copy of the HIR after it
     *     (tests use this to check that every pass keeps the language)
     * @throws io.github.kbnf4j.grammar.GrammarException with every error found
     */
    public static Hir simplify(String source, byte[] utf8, Dialect dialect, GrammarOptions options,
            Diagnostics diagnostics, BiConsumer<String, Hir> observer) {
        String text = SourceText.decode(source, utf8, diagnostics);
        diagnostics.throwIfErrors();
        String start = options.startSymbolFor(dialect);
        GrammarAst ast = read(source, text, dialect, options, diagnostics);
        if (ast == null) { // syntax errors: nothing more can be checked
            diagnostics.throwIfErrors();
        }
        return simplify(ast, start, options, diagnostics, observer);
    }

    /**
     * Runs everything after reading: validation, the HIR passes, removal of useless rules.
     *
     * @throws io.github.kbnf4j.grammar.GrammarException with every error found
     */
    public static Hir simplify(GrammarAst ast, String start, GrammarOptions options, Diagnostics diagnostics,
            BiConsumer<String, Hir> observer) {
        return simplify(ast, start, options, diagnostics, observer, true);
    }

    /**
     * The warnings about a grammar as written (rules never used, rules that make it ambiguous),
     * which {@link #compile(GrammarAst, String, GrammarOptions, List)} leaves out.
     */
    static List<Diagnostic> lint(GrammarAst ast, String start, GrammarOptions options) {
        Diagnostics diagnostics = new Diagnostics();
        Validator.validate(ast, start, options, diagnostics, true);
        return diagnostics.warnings();
    }

    private static Hir simplify(GrammarAst ast, String start, GrammarOptions options, Diagnostics diagnostics,
            BiConsumer<String, Hir> observer, boolean lint) {
        Map<String, GroupedRule> grouped = GroupByName.apply(Validator.validate(ast, start, options, diagnostics, lint));
        if (grouped.isEmpty()) {
            diagnostics.throwIfErrors(); // no rules at all: the missing start rule is the only thing to say
        }
        // Flattening builds every terminal, so invalid regexes are reported with the validator's errors.
        boolean valid = !diagnostics.hasErrors();
        Hir hir = Flatten.apply(grouped, start,
                new TerminalBuilder(grouped, options, diagnostics, valid));
        diagnostics.throwIfErrors();
        notify(observer, "flatten", hir);
        FoldRepetitions.apply(hir, options.maxRepetition());
        notify(observer, "fold-repetitions", hir);
        MergeTerminals.apply(hir);
        notify(observer, "merge-terminals", hir);
        DeduplicateAlternatives.apply(hir);
        notify(observer, "deduplicate", hir);
        if (options.inlineRegularRules()) {
            InlineRegularRules.apply(hir, options.maxDfaStates());
            notify(observer, "inline-regular", hir);
            RemoveUnreachable.apply(hir); // the rules inside the new terminals
            notify(observer, "remove-unreachable", hir);
        }
        CountedRepetitions.apply(hir, options.maxDfaStates(), options.maxRepetition());
        notify(observer, "counted-repetitions", hir);
        for (int n : ExpandRepetitions.apply(hir, options.maxRepetition())) {
            Hir.Repetition r = hir.repetition(n);
            boolean terminal = Hir.isTerminal(r.symbol());
            long bound = r.max() < 0 ? r.min() : r.max();
            diagnostics.error(hir.span(n), "repetition bound " + bound + " exceeds the maximum allowed ("
                    + options.maxRepetition() + ", from GrammarOptions.maxRepetition, CLI --max-repetition): "
                    + (terminal
                            ? "its automaton needs more than " + options.maxDfaStates() + " states (GrammarOptions"
                                    + ".maxDfaStates, CLI --max-dfa-states) and written out it needs more copies than"
                                    + " that; raise either limit"
                            : "a repetition of a rule that is not regular (recursive, or too large to be one"
                                    + " automaton) is written out as that many copies"));
            hir.setRepetition(n, null);
        }
        diagnostics.throwIfErrors();
        notify(observer, "expand-repetitions", hir);
        RemoveUnitRules.apply(hir);
        notify(observer, "remove-unit-rules", hir);
        MergeIdenticalNonterminals.apply(hir);
        notify(observer, "merge-identical", hir);
        RemoveUnreachable.apply(hir); // unit targets and merged twins, before nullable elimination copies them
        notify(observer, "remove-unreachable-2", hir);
        EliminateNullable.apply(hir);
        notify(observer, "eliminate-nullable", hir);
        RemoveUnitRules.apply(hir);
        DeduplicateAlternatives.apply(hir);
        MergeIdenticalNonterminals.apply(hir);
        notify(observer, "cleanup", hir);

        Span startSpan = hir.span(hir.start());
        switch (RemoveUseless.apply(hir)) {
            case DEAD -> diagnostics.error(startSpan, "start rule '" + start + "' can never consume a byte (it only "
                    + "refers to itself or to rules that match nothing)");
            case EMPTY -> diagnostics.warning(startSpan, "start rule '" + start + "' matches only the empty string:"
                    + " the one sentence is empty (a decoder can only end at once)");
            case ENDLESS -> diagnostics.warning(startSpan, "start rule '" + start + "' never completes: "
                    + "no input is a complete sentence (legal for an endless stream)");
            case PRODUCTIVE -> {
            }
        }
        diagnostics.throwIfErrors();
        notify(observer, "remove-useless", hir);
        return hir;
    }

    /** The AST of {@code text} in {@code dialect}, or null after syntax errors (recorded in {@code diagnostics}). */
    private static GrammarAst read(String source, String text, Dialect dialect, GrammarOptions options,
            Diagnostics diagnostics) {
        return switch (dialect) {
            case KBNF -> KbnfReader.read(source, text, options, diagnostics);
            case GBNF -> GbnfReader.read(source, text, options, diagnostics);
        };
    }

    private static void notify(BiConsumer<String, Hir> observer, String pass, Hir hir) {
        if (observer != null) {
            observer.accept(pass, hir.copy());
        }
    }
}
