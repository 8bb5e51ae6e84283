package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.internal.automata.TransitionTable;
import java.util.List;

/**
 * The arrays of a {@link io.github.kbnf4j.grammar.CompiledGrammar}, as {@link Packer} makes
 * them; see that class for what each holds. Only handed from the compiler to the
 * {@code CompiledGrammar} constructor, which takes ownership of the arrays.
 */
public record PackedGrammar(String[] nonterminalNames, int startNonterminal, boolean acceptsEmpty,
        int[] firstProduction, int[] productionLhs, int[] productionDot0, int[] rhs, int[] dotProduction,
        int[] terminalStartState, TransitionTable dfaNext, long[] dfaAccepting,
        String[] terminalDescriptions, List<Diagnostic> warnings) {
}
