package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.ByteNfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Pass 4b (after deduplication, before {@link ExpandRepetitions}): a rule that is not recursive and uses only terminals and other such rules describes a
 * regular language; it becomes one terminal whose byte automaton accepts exactly that language.
 * GBNF has no regex terminals, so grammars written in it spell out identifiers, numbers,
 * whitespace and comments as rules over one-character classes ({@code ident ::= [a-z]
 * [a-z0-9_]*}); left as rules, the recognizer would predict, scan and complete a rule for every
 * byte, and a mask would have to run the parser over every token. As one terminal, the
 * recognizer keeps a single automaton state per byte, and masks look tokens up in per-state
 * tables instead.
 *
 * <p>Only the <em>largest</em> regular rules are replaced: those used by a rule that is not
 * regular, and the start rule. Their references are replaced by the terminal; the rules inside
 * them become unused and {@link RemoveUseless} drops them. Pending repetitions are folded into
 * the automaton ({@code [0-9]+} becomes a loop).
 *
 * <p>Bounds, so that the pass never costs more than it saves: a rule whose automaton would have
 * more than {@link #MAX_DFA_STATES} states (or whose composed NFA has more than
 * {@link #MAX_NFA_STATES}) stays a rule, and so do its users; once the automata built so far
 * hold {@link #NFA_STATE_BUDGET} NFA states, or the new terminals {@code maxNewStates} DFA
 * states, no further rule is inlined. A rule that stays a rule is correct, only slower.
 *
 * <p>Complexity: linear in the grammar plus the automata built, which the bounds limit.
 */
public final class InlineRegularRules {
    /** The most states of the automaton of one inlined rule. */
    static final int MAX_DFA_STATES = 2048;

    /** The most states of the composed NFA of one rule (the subset construction's input). */
    static final int MAX_NFA_STATES = 4 * MAX_DFA_STATES;

    /** The most NFA states kept at once by one run of the pass (bounds its memory). */
    static final int NFA_STATE_BUDGET = 1 << 21;

    private final Hir hir;
    private final int count;
    private final ByteNfa[] nfa;
    private long nfaStates;

    private InlineRegularRules(Hir hir) {
        this.hir = hir;
        this.count = hir.nonterminalCount();
        this.nfa = new ByteNfa[count];
    }

    /**
     * Applies the pass to {@code hir}.
     *
     * @param maxNewStates the most automaton states all terminals made by this pass may have
     *     together
     */
    public static void apply(Hir hir, int maxNewStates) {
        new InlineRegularRules(hir).run(maxNewStates);
    }

    private void run(int maxNewStates) {
        IntArrayList[] uses = new IntArrayList[count];
        for (int n = 0; n < count; n++) {
            uses[n] = new IntArrayList();
            for (int used : nonterminalsUsedBy(n)) {
                uses[n].add(used);
            }
        }
        int[] component = StronglyConnectedComponents.of(uses);
        int[] componentSize = new int[count];
        for (int n = 0; n < count; n++) {
            componentSize[component[n]]++;
        }
        // Tarjan numbers components in the order it completes them, so every rule a rule uses
        // (outside its own cycle) has a smaller number: ascending order is bottom-up.
        Integer[] order = new Integer[count];
        for (int n = 0; n < count; n++) {
            order[n] = n;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(component[a], component[b]));
        for (int n : order) {
            boolean recursive = componentSize[component[n]] > 1 || uses[n].contains(n);
            if (!recursive) {
                nfa[n] = compose(n);
            }
        }
        replaceLargest(order, uses, maxNewStates);
    }

    /**
     * Top-down: a regular rule used by a rule that stays a rule (or the start rule) becomes a
     * terminal; when its automaton is too large, it stays a rule and the same question is asked
     * of the rules it uses.
     */
    private void replaceLargest(Integer[] bottomUp, IntArrayList[] uses, int maxNewStates) {
        boolean[] usedByRule = new boolean[count];
        usedByRule[hir.start()] = true;
        for (int n = 0; n < count; n++) {
            if (nfa[n] == null) {
                for (int used : uses[n]) {
                    usedByRule[used] = true;
                }
            }
        }
        int[] terminal = new int[count]; // 0: not replaced; terminal symbols are negative
        long newStates = 0;
        for (int i = bottomUp.length - 1; i >= 0; i--) {
            int n = bottomUp[i];
            if (nfa[n] == null || !usedByRule[n]) {
                continue;
            }
            ByteDfa dfa = null;
            if (newStates < maxNewStates) {
                try {
                    dfa = Constructions.determinize(nfa[n], (int) Math.min(MAX_DFA_STATES, maxNewStates - newStates));
                } catch (TooManyStatesException tooLarge) {
                    dfa = null;
                }
            }
            if (dfa == null) { // stays a rule: the rules it uses are now used by a rule
                for (int used : uses[n]) {
                    usedByRule[used] = true;
                }
                nfa[n] = null;
                continue;
            }
            newStates += dfa.stateCount();
            terminal[n] = hir.terminalSymbol(dfa, null, "<" + hir.name(n) + ">");
        }
        for (int n = 0; n < count; n++) {
            if (terminal[n] != 0) {
                List<int[]> single = new ArrayList<>(1);
                single.add(new int[] {terminal[n]});
                hir.setRepetition(n, null);
                hir.setAlternatives(n, single);
            } else {
                substitute(n, terminal);
            }
        }
    }

    /** Replaces, in the alternatives and the repetition of rule {@code n}, every replaced rule by its terminal. */
    private void substitute(int n, int[] terminal) {
        List<int[]> alts = hir.mutableAlternatives(n);
        for (int[] alt : alts) {
            for (int k = 0; k < alt.length; k++) {
                if (alt[k] >= 0 && terminal[alt[k]] != 0) {
                    alt[k] = terminal[alt[k]];
                }
            }
        }
        Hir.Repetition r = hir.repetition(n);
        if (r != null && r.symbol() >= 0 && terminal[r.symbol()] != 0) {
            hir.setRepetition(n, new Hir.Repetition(terminal[r.symbol()], r.min(), r.max()));
        }
    }

    /**
     * The NFA of rule {@code n}, whose used rules have been composed already; null when the rule
     * is not regular (it uses a rule that is not), has no alternatives, or is over a bound.
     */
    private ByteNfa compose(int n) {
        if (nfaStates >= NFA_STATE_BUDGET) {
            return null;
        }
        ByteNfa result;
        try {
            Hir.Repetition r = hir.repetition(n);
            if (r != null) {
                ByteNfa inner = symbolNfa(r.symbol());
                result = inner == null ? null : ByteNfa.repeat(inner, r.min(), r.max(), MAX_NFA_STATES);
            } else {
                result = alternativesNfa(hir.alternatives(n));
            }
        } catch (TooManyStatesException tooLarge) {
            result = null;
        }
        if (result == null || result.stateCount() > MAX_NFA_STATES) {
            return null;
        }
        nfaStates += result.stateCount();
        return result;
    }

    private ByteNfa alternativesNfa(List<int[]> alternatives) {
        if (alternatives.isEmpty()) {
            return null; // an undefined or dead rule: RemoveUseless deals with it
        }
        List<ByteNfa> options = new ArrayList<>(alternatives.size());
        long states = 0;
        for (int[] alt : alternatives) {
            List<ByteNfa> parts = new ArrayList<>(alt.length);
            for (int symbol : alt) {
                ByteNfa part = symbolNfa(symbol);
                if (part == null) {
                    return null;
                }
                states += part.stateCount();
                if (states > MAX_NFA_STATES) {
                    return null;
                }
                parts.add(part);
            }
            options.add(parts.size() == 1 ? parts.get(0) : ByteNfa.concat(parts));
        }
        return options.size() == 1 ? options.get(0) : ByteNfa.union(options);
    }

    /** The NFA of one symbol; null for a rule that is not regular. Combinators copy, so sharing is safe. */
    private ByteNfa symbolNfa(int symbol) {
        if (Hir.isTerminal(symbol)) {
            return ByteNfa.of(hir.terminal(Hir.terminalOf(symbol)).dfa());
        }
        return nfa[symbol];
    }

    /** The distinct rules {@code n} refers to, its repetition's item included. */
    private int[] nonterminalsUsedBy(int n) {
        IntArrayList used = new IntArrayList();
        Hir.Repetition r = hir.repetition(n);
        if (r != null && r.symbol() >= 0) {
            used.add(r.symbol());
        }
        for (int[] alt : hir.alternatives(n)) {
            for (int s : alt) {
                if (s >= 0) {
                    used.add(s);
                }
            }
        }
        return used.intStream().distinct().toArray();
    }
}
