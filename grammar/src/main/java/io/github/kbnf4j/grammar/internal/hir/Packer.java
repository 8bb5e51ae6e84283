package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.TransitionTable;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The last step: a simplified {@link Hir} into the packed arrays of a
 * {@link CompiledGrammar} (see its javadoc for the layout). Only terminals still referenced are
 * kept, renumbered in order of first use; their automata are laid end to end in one
 * {@link TransitionTable}.
 */
public final class Packer {
    private Packer() {
    }

    /**
     * Packs {@code hir}, which must have gone through every pass (no empty alternatives, no
     * pending repetitions).
     *
     * @param maxTotalStates the most automaton states all terminals together may have
     * @return the packed arrays, or null if the terminals need more than {@code maxTotalStates}
     */
    public static PackedGrammar pack(Hir hir, List<Diagnostic> warnings, int maxTotalStates) {
        int ntCount = hir.nonterminalCount();
        String[] names = new String[ntCount];
        int[] firstProduction = new int[ntCount + 1];
        // Sized in a first pass, so each array is written once (a grammar with objects in any
        // order has thousands of alternatives; growing lists showed in the compile profile).
        int productions = 0;
        int symbols = 0;
        for (int n = 0; n < ntCount; n++) {
            for (int[] alt : hir.mutableAlternatives(n)) {
                productions++;
                symbols += alt.length + 1;
            }
        }
        int[] lhs = new int[productions];
        int[] dot0 = new int[productions + 1];
        int[] rhs = new int[symbols];
        int[] dotProduction = new int[symbols];
        int[] terminalId = new int[hir.terminalCount()];
        Arrays.fill(terminalId, -1);
        IntArrayList usedTerminals = new IntArrayList();
        int p = 0;
        int d = 0;
        for (int n = 0; n < ntCount; n++) {
            names[n] = hir.name(n);
            firstProduction[n] = p;
            assert hir.repetition(n) == null;
            for (int[] alt : hir.mutableAlternatives(n)) {
                assert alt.length > 0;
                lhs[p] = n;
                dot0[p] = d;
                for (int s : alt) {
                    if (Hir.isTerminal(s)) {
                        int t = Hir.terminalOf(s);
                        if (terminalId[t] < 0) {
                            terminalId[t] = usedTerminals.size();
                            usedTerminals.add(t);
                        }
                        rhs[d] = CompiledGrammar.terminalSymbol(terminalId[t]);
                    } else {
                        rhs[d] = s;
                    }
                    dotProduction[d++] = p;
                }
                rhs[d] = CompiledGrammar.END;
                dotProduction[d++] = p;
                p++;
            }
        }
        firstProduction[ntCount] = p;
        dot0[p] = d;

        int terminals = usedTerminals.size();
        int[] startState = new int[terminals];
        String[] descriptions = new String[terminals];
        long totalStates = 0;
        for (int i = 0; i < terminals; i++) {
            totalStates += hir.terminal(usedTerminals.getInt(i)).dfa().stateCount();
        }
        if (totalStates > maxTotalStates) {
            return null;
        }
        ByteDfa[] dfas = new ByteDfa[terminals];
        for (int i = 0; i < terminals; i++) {
            Hir.Terminal terminal = hir.terminal(usedTerminals.getInt(i));
            dfas[i] = terminal.dfa();
            descriptions[i] = terminal.description();
        }
        // The table copies each state's live bytes from its automaton; the compiled grammar
        // computes the distances to acceptance from the table when they are first read.
        TransitionTable next = new TransitionTable(dfas);
        int states = next.stateCount();
        long[] accepting = new long[(states + 63) >>> 6];
        for (int i = 0; i < terminals; i++) {
            ByteDfa dfa = dfas[i];
            int offset = next.startOf(i);
            startState[i] = offset;
            for (int s = 0; s < dfa.stateCount(); s++) {
                int g = offset + s;
                if (dfa.isAccepting(s)) {
                    accepting[g >>> 6] |= 1L << g;
                }
            }
        }
        return new PackedGrammar(names, hir.start(), hir.acceptsEmpty(), firstProduction, lhs,
                dot0, rhs, dotProduction, startState, next, accepting, descriptions, warnings);
    }
}
