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
 * {@link #MAX_NFA_STATES}) stays a rule, and so do its users; once the composed automata hold
 * {@link #NFA_STATE_BUDGET} NFA states, or the new terminals {@code maxNewStates} DFA
 * states, no further rule is inlined. A rule that stays a rule is correct, only slower.
 *
 * <p>Which rules are regular, and how large their composed NFAs are, is counted without building
 * them; an NFA is built only for a rule that is determinized. Most regular rules never are: only
 * the largest are replaced.
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
    /**
     * The state count of each rule's composed NFA, found bottom-up without building it; -1 when the
     * rule is not regular (or over a bound) and stays a rule.
     */
    private final long[] nfaSize;
    /** The NFA of each rule, built only when a rule is determinized (and then reused by its users). */
    private final ByteNfa[] nfa;
    /** The NFA of each terminal, made once: combinators copy their arguments, so sharing is safe. */
    private final ByteNfa[] terminalNfa;
    /** The automaton of a rule that is exactly one terminal (directly or through such rules), else null. */
    private final ByteDfa[] single;
    private long nfaStates;

    private InlineRegularRules(Hir hir) {
        this.hir = hir;
        this.count = hir.nonterminalCount();
        this.nfaSize = new long[count];
        this.nfa = new ByteNfa[count];
        this.terminalNfa = new ByteNfa[hir.terminalCount()];
        this.single = new ByteDfa[count];
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
            nfaSize[n] = recursive ? -1 : composedSize(n);
            if (nfaSize[n] >= 0) {
                single[n] = singleTerminal(n);
            }
        }
        replaceLargest(order, uses, maxNewStates);
    }

    /**
     * Top-down: a regular rule used by a rule that stays a rule (or the start rule) becomes a
     * terminal; when its automaton is too large, it stays a rule and the same question is asked
     * of the rules it uses. A rule that is exactly one terminal is decided without any automaton
     * work (JSON Schema grammars have many: a property's value rule is often one string or number
     * automaton, which may be larger than {@link #MAX_DFA_STATES}, and was determinized in vain).
     */
    private void replaceLargest(Integer[] bottomUp, IntArrayList[] uses, int maxNewStates) {
        boolean[] usedByRule = new boolean[count];
        usedByRule[hir.start()] = true;
        for (int n = 0; n < count; n++) {
            if (nfaSize[n] < 0) {
                for (int used : uses[n]) {
                    usedByRule[used] = true;
                }
            }
        }
        int[] terminal = new int[count]; // 0: not replaced; terminal symbols are negative
        long newStates = 0;
        for (int i = bottomUp.length - 1; i >= 0; i--) {
            int n = bottomUp[i];
            if (nfaSize[n] < 0 || !usedByRule[n]) {
                continue;
            }
            ByteDfa dfa = null;
            if (newStates < maxNewStates) {
                int limit = (int) Math.min(MAX_DFA_STATES, maxNewStates - newStates);
                if (single[n] != null) {
                    // Determinizing would give this automaton back, and fail over the same limit.
                    dfa = single[n].stateCount() <= limit ? single[n] : null;
                } else {
                    try {
                        dfa = Constructions.determinize(nfa(n), limit);
                    } catch (TooManyStatesException tooLarge) {
                        dfa = null;
                    }
                }
            }
            if (dfa == null) { // stays a rule: the rules it uses are now used by a rule
                for (int used : uses[n]) {
                    usedByRule[used] = true;
                }
                nfaSize[n] = -1;
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
     * The state count of the NFA {@link #nfa} would compose for rule {@code n}, whose used rules
     * have their sizes already; -1 when the rule is not regular (it uses a rule that is not), has
     * no alternatives, or is over a bound. Counts what building it would count, so the same rules
     * are regular as if every NFA were built.
     */
    private long composedSize(int n) {
        if (nfaStates >= NFA_STATE_BUDGET) {
            return -1;
        }
        long result;
        Hir.Repetition r = hir.repetition(n);
        if (r != null) {
            long inner = symbolSize(r.symbol());
            long copies = r.max() == -1 ? (long) r.min() + 1 : r.max();
            result = inner < 0 || copies * inner + 2 > MAX_NFA_STATES ? -1 : copies * inner + 2;
        } else {
            result = alternativesSize(hir.alternatives(n));
        }
        if (result < 0 || result > MAX_NFA_STATES) {
            return -1;
        }
        nfaStates += result;
        return result;
    }

    private long alternativesSize(List<int[]> alternatives) {
        if (alternatives.isEmpty()) {
            return -1; // an undefined or dead rule: RemoveUseless deals with it
        }
        long states = 0;
        long total = alternatives.size() == 1 ? 0 : 2; // a union adds a start and a final state
        for (int[] alt : alternatives) {
            long option = alt.length == 1 ? 0 : 1; // a concatenation adds a start state
            for (int symbol : alt) {
                long part = symbolSize(symbol);
                if (part < 0) {
                    return -1;
                }
                states += part;
                if (states > MAX_NFA_STATES) {
                    return -1;
                }
                option += part;
            }
            total += option;
        }
        return total;
    }

    private long symbolSize(int symbol) {
        return Hir.isTerminal(symbol) ? hir.terminal(Hir.terminalOf(symbol)).dfa().stateCount() + 1L : nfaSize[symbol];
    }

    /** The automaton of rule {@code n} when it is one alternative of one symbol whose automaton is known. */
    private ByteDfa singleTerminal(int n) {
        List<int[]> alts = hir.alternatives(n);
        if (hir.repetition(n) != null || alts.size() != 1 || alts.get(0).length != 1) {
            return null;
        }
        int symbol = alts.get(0)[0];
        return Hir.isTerminal(symbol) ? hir.terminal(Hir.terminalOf(symbol)).dfa() : single[symbol];
    }

    /** The composed NFA of regular rule {@code n}, built on first use. */
    private ByteNfa nfa(int n) {
        if (nfa[n] == null) {
            Hir.Repetition r = hir.repetition(n);
            nfa[n] = r != null ? ByteNfa.repeat(symbolNfa(r.symbol()), r.min(), r.max(), MAX_NFA_STATES)
                    : alternativesNfa(hir.alternatives(n));
            assert nfa[n].stateCount() == nfaSize[n] : "NFA size predicted " + nfaSize[n] + ", built " + nfa[n];
        }
        return nfa[n];
    }

    private ByteNfa alternativesNfa(List<int[]> alternatives) {
        List<ByteNfa> options = new ArrayList<>(alternatives.size());
        for (int[] alt : alternatives) {
            List<ByteNfa> parts = new ArrayList<>(alt.length);
            for (int symbol : alt) {
                parts.add(symbolNfa(symbol));
            }
            options.add(parts.size() == 1 ? parts.get(0) : ByteNfa.concat(parts));
        }
        return options.size() == 1 ? options.get(0) : ByteNfa.union(options);
    }

    /** The NFA of one symbol of a regular rule. Combinators copy, so sharing is safe. */
    private ByteNfa symbolNfa(int symbol) {
        if (Hir.isTerminal(symbol)) {
            int t = Hir.terminalOf(symbol);
            if (terminalNfa[t] == null) {
                terminalNfa[t] = ByteNfa.of(hir.terminal(t).dfa());
            }
            return terminalNfa[t];
        }
        return nfa(symbol);
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
