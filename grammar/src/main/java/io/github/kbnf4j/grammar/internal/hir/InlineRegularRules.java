package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.ByteNfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.automata.IntArrayKey;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * <p>Work is not repeated, and work that cannot pay is not started:
 * <ul>
 *   <li>Rules with the same body (the same terminals, and used rules of the same language, in the
 *       same places) have the same language: they share one <em>class</em>, determinized at most
 *       once. JSON Schema grammars have many such twins (the "other keys" repetition of every
 *       state of an object, the same member in several states).
 *   <li>A class that is used in several places inside several of the largest regular rules is
 *       determinized on its own, and its users are composed from its minimal automaton instead of a
 *       copy of its NFA. (A large class used once is not: its users would determinize it again,
 *       one after the other.) The NFA of a rule over a lattice of shared rules (an object whose
 *       properties come in any order: a rule per set of properties seen) is otherwise a tree of
 *       copies of copies, exponentially redundant, which the subset construction merges back at
 *       great cost.
 *   <li>A rule that uses a rule or a terminal whose automaton alone is over the limit stays a rule
 *       without being determinized: its automaton is presumed over the limit too (true unless the
 *       rest of the rule makes the large part irrelevant, as in {@code [^x]* | big}; then the rule
 *       stays a rule, correct and slower). Failures are remembered per class, for the limit they
 *       met.
 *   <li>A terminal already made by this pass is free: a second rule of that language adds no
 *       states to the {@code maxNewStates} budget.
 *   <li>Inlining goes where it pays: a rule whose automaton would hold a copy of a rule that is
 *       also inside another of the largest regular rules (or, when the rule's composed NFA is
 *       mostly copies, {@link #SHARED_COPIES_NFA_STATES}, one used in several places), is more than
 *       one terminal, and is not small ({@link #SHARED_COPY_NFA_STATES}), stays a rule, decided
 *       before any automaton work; the shared rule may then become one terminal that all its users
 *       share. Without this, the rules of an object whose properties come in any order would each
 *       become an automaton holding copies of those of every later state: exponentially many
 *       states in all, for no gain (a state's rule only chooses the next property).
 * </ul>
 * What an inlined rule becomes does not depend on how it was built: every automaton is the
 * canonical minimal DFA of the rule's language.
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

    /**
     * A class used in several places, inside several of the largest regular rules, is determinized on
     * its own when its composed NFA has at least this many states. (Inside one, it is copied: the one
     * determinization of that rule merges the copies.)
     */
    static final int SHARED_AUTOMATON_NFA_STATES = 16;

    /**
     * A rule stays a rule rather than copy into its automaton a rule used in other places too, when
     * that one's composed NFA has at least this many states ({@link #copiesASharedAutomaton}).
     */
    static final int SHARED_COPY_NFA_STATES = 64;

    /**
     * A rule whose composed NFA (every used rule copied in) has at least this many states stays a
     * rule when it copies a shared rule ({@link #SHARED_COPY_NFA_STATES}) even inside one of the
     * largest regular rules: its NFA is then mostly copies of copies, and its automaton would be
     * built from a lattice of determinizations, one per shared rule.
     */
    static final int SHARED_COPIES_NFA_STATES = 1024;

    private final Hir hir;
    private final int count;
    /**
     * The state count of each rule's composed NFA, found bottom-up without building it; -1 when the
     * rule is not regular (or over a bound) and stays a rule.
     */
    private final long[] nfaSize;
    /** The NFA of each terminal, made once: combinators copy their arguments, so sharing is safe. */
    private final ByteNfa[] terminalNfa;
    /** The automaton of a rule that is exactly one terminal (directly or through such rules), else null. */
    private final ByteDfa[] single;
    private long nfaStates;

    /** The class of each regular rule (rules of one class have the same language), else -1. */
    private final int[] classOf;
    /** Per class: a rule of it, whose body stands for the class. */
    private final IntArrayList representative = new IntArrayList();
    /** Per class: the state count of its composed NFA were every used rule copied in ({@link #composedSize}). */
    private final IntArrayList classSize = new IntArrayList();
    /** Per class: the places it is used in the bodies of (distinct) regular classes. */
    private final IntArrayList uses = new IntArrayList();
    /** Per class: the most states of a terminal automaton inside it (through used rules too). */
    private final IntArrayList largestPart = new IntArrayList();
    /** Per class: its NFA, composed on first need. */
    private final List<ByteNfa> classNfa = new ArrayList<>();
    /** Per class: its minimal automaton, once determinized, else null. */
    private final List<ByteDfa> classDfa = new ArrayList<>();
    /** Per class: the NFA of {@link #classDfa}, the piece its users are composed from when it has its own automaton. */
    private final List<ByteNfa> classDfaNfa = new ArrayList<>();
    /**
     * Per class: whether it is inside several of the largest regular rules ({@link #inSeveralCandidates});
     * set before any automaton is built.
     */
    private boolean[] several;
    /** Per class: the largest limit it was found over (every limit up to this one fails too), 0 if none. */
    private final IntArrayList failedAt = new IntArrayList();

    private InlineRegularRules(Hir hir) {
        this.hir = hir;
        this.count = hir.nonterminalCount();
        this.nfaSize = new long[count];
        this.terminalNfa = new ByteNfa[hir.terminalCount()];
        this.single = new ByteDfa[count];
        this.classOf = new int[count];
        Arrays.fill(classOf, -1);
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
        IntArrayList[] used = new IntArrayList[count];
        for (int n = 0; n < count; n++) {
            used[n] = new IntArrayList();
            for (int u : nonterminalsUsedBy(n)) {
                used[n].add(u);
            }
        }
        int[] component = StronglyConnectedComponents.of(used);
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
        Map<IntArrayKey, Integer> classes = new HashMap<>();
        for (int n : order) {
            boolean recursive = componentSize[component[n]] > 1 || used[n].contains(n);
            nfaSize[n] = recursive ? -1 : composedSize(n);
            if (nfaSize[n] >= 0) {
                single[n] = singleTerminal(n);
                classOf[n] = classify(n, classes);
            }
        }
        replaceLargest(order, used, maxNewStates);
    }

    /**
     * The class of regular rule {@code n}, whose used rules have theirs: found by its body with
     * each used rule replaced by its class, or a new class.
     */
    private int classify(int n, Map<IntArrayKey, Integer> classes) {
        IntArrayList key = new IntArrayList();
        Hir.Repetition r = hir.repetition(n);
        if (r != null) {
            key.add(-1); // no alternative has a negative length: a repetition key differs from all others
            key.add(symbolKey(r.symbol()));
            key.add(r.min());
            key.add(r.max());
        } else {
            for (int[] alt : hir.alternatives(n)) {
                key.add(alt.length);
                for (int symbol : alt) {
                    key.add(symbolKey(symbol));
                }
            }
        }
        int next = representative.size();
        Integer known = classes.putIfAbsent(new IntArrayKey(key.toIntArray()), next);
        if (known != null) {
            return known;
        }
        representative.add(n);
        classSize.add((int) nfaSize[n]);
        uses.add(0);
        classNfa.add(null);
        classDfa.add(null);
        classDfaNfa.add(null);
        failedAt.add(0);
        int largest = 0;
        // Count the places each used class appears in this (new) class's body.
        if (r != null) {
            largest = countPart(r.symbol(), largest);
            if (r.symbol() >= 0 && r.max() != 1) {
                uses.set(classOf[r.symbol()], uses.getInt(classOf[r.symbol()]) + 1); // a repetition copies it
            }
        } else {
            for (int[] alt : hir.alternatives(n)) {
                for (int symbol : alt) {
                    largest = countPart(symbol, largest);
                }
            }
        }
        largestPart.add(largest);
        return next;
    }

    /** Counts one use of {@code symbol}; returns {@code largest} or its largest terminal automaton if larger. */
    private int countPart(int symbol, int largest) {
        if (Hir.isTerminal(symbol)) {
            return Math.max(largest, hir.terminal(Hir.terminalOf(symbol)).dfa().stateCount());
        }
        int c = classOf[symbol];
        uses.set(c, uses.getInt(c) + 1);
        return Math.max(largest, largestPart.getInt(c));
    }

    /** A terminal stands for itself in a class key (negative); a rule for its class. */
    private int symbolKey(int symbol) {
        return Hir.isTerminal(symbol) ? symbol : classOf[symbol];
    }

    /** Whether class {@code c} is determinized on its own and its users composed from its automaton. */
    private boolean ownAutomaton(int c) {
        int size = classSize.getInt(c);
        return several[c] && uses.getInt(c) > 1 && size >= SHARED_AUTOMATON_NFA_STATES;
    }

    /**
     * Top-down: a regular rule used by a rule that stays a rule (or the start rule) becomes a
     * terminal; when its automaton is too large, it stays a rule and the same question is asked
     * of the rules it uses. A rule that is exactly one terminal is decided without any automaton
     * work (JSON Schema grammars have many: a property's value rule is often one string or number
     * automaton, which may be larger than {@link #MAX_DFA_STATES}, and was determinized in vain).
     */
    private void replaceLargest(Integer[] bottomUp, IntArrayList[] used, int maxNewStates) {
        boolean[] usedByRule = new boolean[count];
        usedByRule[hir.start()] = true;
        for (int n = 0; n < count; n++) {
            if (nfaSize[n] < 0) {
                for (int u : used[n]) {
                    usedByRule[u] = true;
                }
            }
        }
        several = inSeveralCandidates(usedByRule);
        boolean[] copiesShared = copiesASharedAutomaton(several);
        int[] terminal = new int[count]; // 0: not replaced; terminal symbols are negative
        Set<ByteDfa> made = new HashSet<>(); // the automata counted in newStates
        long newStates = 0;
        for (int i = bottomUp.length - 1; i >= 0; i--) {
            int n = bottomUp[i];
            if (nfaSize[n] < 0 || !usedByRule[n]) {
                continue;
            }
            ByteDfa known = single[n] != null ? single[n] : classDfa.get(classOf[n]);
            ByteDfa dfa = null;
            if (known != null && made.contains(known)) {
                dfa = known; // a terminal this pass made already: free
            } else if (newStates < maxNewStates) {
                int limit = (int) Math.min(MAX_DFA_STATES, maxNewStates - newStates);
                if (single[n] != null) {
                    // Determinizing would give this automaton back, and fail over the same limit.
                    dfa = single[n].stateCount() <= limit ? single[n] : null;
                } else if (!copiesShared[classOf[n]]) {
                    dfa = automaton(classOf[n], limit);
                }
            }
            if (dfa == null) { // stays a rule: the rules it uses are now used by a rule
                for (int u : used[n]) {
                    usedByRule[u] = true;
                }
                nfaSize[n] = -1;
                continue;
            }
            if (made.add(dfa)) {
                newStates += dfa.stateCount();
            }
            terminal[n] = hir.terminalSymbol(dfa, null, "<" + hir.name(n) + ">");
        }
        for (int n = 0; n < count; n++) {
            if (terminal[n] != 0) {
                List<int[]> one = new ArrayList<>(1);
                one.add(new int[] {terminal[n]});
                hir.setRepetition(n, null);
                hir.setAlternatives(n, one);
            } else {
                substitute(n, terminal);
            }
        }
    }

    /**
     * Marks the classes inside more than one of the first candidates (the regular rules used by a
     * rule that is not regular, or the start rule): each of those would hold a copy of them. A class
     * inside one candidate only is copied once, whatever it is used by within it.
     */
    private boolean[] inSeveralCandidates(boolean[] usedByRule) {
        int classes = representative.size();
        int[] mark = new int[classes]; // 0: in none yet; c + 1: in candidate class c only; -1: in several
        for (int n = 0; n < count; n++) {
            if (nfaSize[n] >= 0 && usedByRule[n]) {
                markInside(classOf[n], classOf[n] + 1, mark);
            }
        }
        boolean[] several = new boolean[classes];
        for (int c = 0; c < classes; c++) {
            several[c] = mark[c] == -1;
        }
        return several;
    }

    /**
     * Marks class {@code c} and the classes it uses as inside candidate {@code candidate}. Each class
     * is walked at most twice (unmarked to one candidate, one candidate to several), so the walk is
     * linear in the classes' bodies.
     */
    private void markInside(int c, int candidate, int[] mark) {
        if (mark[c] == candidate || mark[c] == -1) {
            return; // the classes below carry this mark, or are in several already
        }
        mark[c] = mark[c] == 0 ? candidate : -1;
        int below = mark[c]; // what the classes it uses are inside of, as far as this walk knows
        int n = representative.getInt(c);
        Hir.Repetition r = hir.repetition(n);
        if (r != null) {
            if (r.symbol() >= 0) {
                markInside(classOf[r.symbol()], below, mark);
            }
            return;
        }
        for (int[] alt : hir.alternatives(n)) {
            for (int symbol : alt) {
                if (symbol >= 0) {
                    markInside(classOf[symbol], below, mark);
                }
            }
        }
    }

    /**
     * Marks, bottom-up, the classes whose automaton would hold a copy of a class that is inside
     * several candidates ({@link #inSeveralCandidates}) (or, for a class whose composed NFA has
     * {@link #SHARED_COPIES_NFA_STATES} states or more, used in several places), is not just one
     * terminal, and whose
     * composed NFA has at least {@link #SHARED_COPY_NFA_STATES} states (directly, or through the
     * classes they use). Such a class stays a rule, decided without automaton work, and the shared
     * class may become one terminal used by all: as terminals, each candidate would hold a copy of
     * it. Objects whose properties come in any order are the case in point: a rule per set of
     * properties seen, each using the rules of the larger sets; as terminals, each automaton would
     * copy the automata of all the sets after it (exponentially many states in all, and as many
     * determinizations). A whole regular object, by contrast, is one candidate, and becomes one
     * automaton.
     */
    private boolean[] copiesASharedAutomaton(boolean[] several) {
        int classes = representative.size();
        boolean[] copies = new boolean[classes];
        for (int c = 0; c < classes; c++) { // a class's used classes were made before it
            int n = representative.getInt(c);
            Hir.Repetition r = hir.repetition(n);
            // Copies within one rule are merged by its one determinization, unless they are many.
            boolean many = classSize.getInt(c) >= SHARED_COPIES_NFA_STATES;
            if (r != null) {
                copies[c] = copiesShared(r.symbol(), copies, several, many);
            } else {
                for (int[] alt : hir.alternatives(n)) {
                    for (int symbol : alt) {
                        copies[c] |= copiesShared(symbol, copies, several, many);
                    }
                }
            }
        }
        return copies;
    }

    private boolean copiesShared(int symbol, boolean[] copies, boolean[] several, boolean many) {
        if (Hir.isTerminal(symbol)) {
            return false;
        }
        int k = classOf[symbol];
        // A rule that is one terminal is not counted: that terminal is shared as it is.
        return copies[k] || ((several[k] || (many && uses.getInt(k) > 1))
                && classSize.getInt(k) >= SHARED_COPY_NFA_STATES && single[representative.getInt(k)] == null);
    }

    /**
     * The minimal automaton of class {@code c}, or null when it is (or is presumed) over
     * {@code limit} states. Remembered: a class is determinized at most once, and a failure is
     * not repeated for a limit as small.
     */
    private ByteDfa automaton(int c, int limit) {
        ByteDfa dfa = classDfa.get(c);
        if (dfa != null) {
            return dfa.stateCount() <= limit ? dfa : null;
        }
        if (limit <= failedAt.getInt(c)) {
            return null;
        }
        ByteNfa nfa = largestPart.getInt(c) > limit ? null : nfa(c, limit);
        if (nfa != null) {
            try {
                dfa = Constructions.determinize(nfa, limit);
            } catch (TooManyStatesException tooLarge) {
                dfa = null;
            }
        }
        if (dfa == null) {
            failedAt.set(c, Math.max(failedAt.getInt(c), limit));
            return null;
        }
        classDfa.set(c, dfa);
        return dfa;
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
     * have their sizes already, were every used rule copied in as its own NFA; -1 when the rule is
     * not regular (it uses a rule that is not), has no alternatives, or is over a bound. This decides
     * which rules are regular; the NFA actually built may be smaller (used rules with an automaton
     * of their own come in as that automaton).
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

    /**
     * The NFA of class {@code c}, composed on first use from its terminals, the automata of the
     * classes it uses that have their own ({@link #ownAutomaton}), and the NFAs of the others; null
     * when a class it uses is over {@code limit}, or the NFA over {@link #MAX_NFA_STATES}.
     */
    private ByteNfa nfa(int c, int limit) {
        ByteNfa nfa = classNfa.get(c);
        if (nfa != null) {
            return nfa;
        }
        int n = representative.getInt(c);
        Hir.Repetition r = hir.repetition(n);
        if (r != null) {
            ByteNfa inner = part(r.symbol(), limit);
            if (inner == null) {
                return null;
            }
            try {
                nfa = ByteNfa.repeat(inner, r.min(), r.max(), MAX_NFA_STATES);
            } catch (TooManyStatesException tooLarge) {
                return null; // an item's own automaton can be larger than its NFA
            }
        } else {
            List<int[]> alternatives = hir.alternatives(n);
            List<ByteNfa> options = new ArrayList<>(alternatives.size());
            long states = 0;
            for (int[] alt : alternatives) {
                List<ByteNfa> parts = new ArrayList<>(alt.length);
                for (int symbol : alt) {
                    ByteNfa p = part(symbol, limit);
                    if (p == null) {
                        return null;
                    }
                    states += p.stateCount();
                    if (states > MAX_NFA_STATES) {
                        return null;
                    }
                    parts.add(p);
                }
                options.add(parts.size() == 1 ? parts.get(0) : ByteNfa.concat(parts));
            }
            nfa = options.size() == 1 ? options.get(0) : ByteNfa.union(options);
        }
        classNfa.set(c, nfa);
        return nfa;
    }

    /** The NFA of one symbol of a regular rule, or null when it is over {@code limit}. Combinators copy, so sharing is safe. */
    private ByteNfa part(int symbol, int limit) {
        if (Hir.isTerminal(symbol)) {
            int t = Hir.terminalOf(symbol);
            if (terminalNfa[t] == null) {
                terminalNfa[t] = ByteNfa.of(hir.terminal(t).dfa());
            }
            return terminalNfa[t];
        }
        int c = classOf[symbol];
        if (!ownAutomaton(c)) {
            return nfa(c, limit);
        }
        ByteDfa dfa = automaton(c, limit);
        if (dfa == null) {
            return null;
        }
        if (classDfaNfa.get(c) == null) {
            classDfaNfa.set(c, ByteNfa.of(dfa));
        }
        return classDfaNfa.get(c);
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
