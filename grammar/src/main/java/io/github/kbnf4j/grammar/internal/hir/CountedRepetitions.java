package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;

/**
 * Pass 4c (after {@link InlineRegularRules}, before {@link ExpandRepetitions}): a pending
 * repetition {@code t{m,n}} whose item is a terminal (a literal, a regex, or a regular rule that
 * the previous pass made one terminal) and whose bound is above {@code maxRepetition} is built in
 * the automaton, not written out as {@code n} copies of a rule; so {@code "a"{100,20000}} compiles
 * under the default limits, and its bounds are limited by the automaton's size
 * ({@code maxDfaStates}), not by {@code maxRepetition}.
 *
 * <p>When the automaton of {@code t{m,n}} fits in {@code maxDfaStates} states, it is one terminal.
 * Otherwise the repetition is cut into chunks of {@code c} copies, {@code c} as large as fits:
 * with {@code F = t{c}}, {@code S = t{0,c-1}} and {@code R = t{m mod c}}, it becomes
 * <pre>
 *   N    ::= F ... F R Q(n-m)          (m div c copies of F)
 *   Q(k) ::= S | F Q(k-c)              (k &gt;= c; Q(0) is left out)
 *   Q(k) ::= t{0,k}                    (k &lt; c, one terminal)
 * </pre>
 * which is exact for any language of {@code t}, since {@code t{0,k}} is {@code t{0,c-1}} or
 * {@code t{c} t{0,k-c}}. An unbounded {@code t{m,}} ends with {@code t*}. The rules made number
 * about {@code n / c}; when that exceeds {@code maxRepetition} the repetition is left pending, and
 * {@link ExpandRepetitions} reports it. For an item of fixed length (a literal, a class) the chunk
 * boundaries are fixed, so the recognizer keeps one terminal item per byte.
 *
 * <p>Repetitions of rules that are not regular are left to {@link ExpandRepetitions}: written out,
 * limited by {@code maxRepetition}.
 *
 * <p>Complexity: the automata built, each bounded by {@code maxDfaStates} states; a chunk size
 * that does not fit is halved, so at most {@code log2(c)} failed attempts per repetition.
 */
public final class CountedRepetitions {
    private final Hir hir;
    private final int maxStates;
    private final int maxRepetition;

    private CountedRepetitions(Hir hir, int maxStates, int maxRepetition) {
        this.hir = hir;
        this.maxStates = maxStates;
        this.maxRepetition = maxRepetition;
    }

    /**
     * Applies the pass to every pending repetition of a terminal whose bound ({@code max}, or
     * {@code min} when unbounded) is above {@code maxRepetition}. The others are compiled as
     * before this pass existed: inlined into an automaton by {@link InlineRegularRules} when small,
     * written out by {@link ExpandRepetitions} otherwise; so grammars within the limits keep
     * their compiled form and only those that the limit used to refuse change.
     *
     * @param maxStates the most states of one terminal's automaton ({@code GrammarOptions.maxDfaStates})
     * @param maxRepetition the most copies a written-out repetition may have; also bounds the
     *     number of rules one chunked repetition is cut into
     */
    public static void apply(Hir hir, int maxStates, int maxRepetition) {
        CountedRepetitions pass = new CountedRepetitions(hir, maxStates, maxRepetition);
        int count = hir.nonterminalCount(); // the chain rules made below need nothing more
        for (int n = 0; n < count; n++) {
            Hir.Repetition r = hir.repetition(n);
            if (r == null || !Hir.isTerminal(r.symbol())) {
                continue;
            }
            long bound = r.max() < 0 ? r.min() : r.max();
            if (bound > maxRepetition) {
                pass.build(n, r);
            }
        }
    }

    private void build(int n, Hir.Repetition r) {
        Hir.Terminal item = hir.terminal(Hir.terminalOf(r.symbol()));
        ByteDfa itemDfa = item.dfa();
        ByteDfa whole = repeat(itemDfa, r.min(), r.max());
        if (whole != null) {
            int t = hir.terminalSymbol(whole, null, item.description() + bounds(r.min(), r.max()));
            setSingle(n, new int[] {t});
            return;
        }
        // Chunks: as many copies as fit, halved until both chunk automata are built.
        long c = Math.max(1, (maxStates - 1L) / Math.max(1, item.dfa().stateCount()));
        c = Math.min(c, r.max() < 0 ? Math.max(1, r.min()) : r.max());
        while (c > 1) {
            if (chunked(n, r, item, itemDfa, (int) c)) {
                return;
            }
            c /= 2;
        }
        // Not even two copies fit: ExpandRepetitions writes it out (or reports it).
    }

    /** Builds the chunked form with chunks of {@code c} copies; false (nothing changed) if an automaton or the rule count does not fit. */
    private boolean chunked(int n, Hir.Repetition r, Hir.Terminal item, ByteDfa itemDfa, int c) {
        long required = r.min() / c;
        int rest = r.min() % c;
        long optional = r.max() < 0 ? 0 : (long) r.max() - r.min();
        long levels = (optional + c - 1) / c;
        if (required + levels > maxRepetition) {
            return false;
        }
        ByteDfa full = repeat(itemDfa, c, c);
        ByteDfa some = repeat(itemDfa, 0, c - 1);
        ByteDfa restDfa = rest == 0 ? null : repeat(itemDfa, rest, rest);
        ByteDfa lastDfa = null;
        long last = optional - (levels - 1) * c; // what the lowest level repeats: 1..c
        if (levels > 0 && last < c) {
            lastDfa = repeat(itemDfa, 0, (int) last);
        }
        ByteDfa star = r.max() < 0 ? repeat(itemDfa, 0, -1) : null;
        if (full == null || some == null || (rest != 0 && restDfa == null) || (levels > 0 && last < c && lastDfa == null)) {
            return false;
        }
        String d = item.description();
        int fullT = hir.terminalSymbol(full, null, d + bounds(c, c));
        int someT = hir.terminalSymbol(some, null, d + bounds(0, c - 1));
        IntArrayList body = new IntArrayList();
        for (long i = 0; i < required; i++) {
            body.add(fullT);
        }
        if (restDfa != null) {
            body.add(hir.terminalSymbol(restDfa, null, d + bounds(rest, rest)));
        }
        if (r.max() < 0) {
            if (star != null) {
                body.add(hir.terminalSymbol(star, null, d + "*"));
            } else {
                int loop = hir.addNonterminal(hir.name(n) + ".*", hir.span(n));
                hir.setRepetition(loop, new Hir.Repetition(r.symbol(), 0, -1));
                body.add(loop);
            }
        } else if (levels > 0) {
            // Bottom-up: the lowest level first, each one above it "S | F below".
            int below;
            if (lastDfa != null) {
                below = hir.terminalSymbol(lastDfa, null, d + bounds(0, (int) last));
            } else {
                below = hir.addNonterminal(hir.name(n) + ".1", hir.span(n));
                hir.setAlternatives(below, alternatives(new int[] {someT}, new int[] {fullT}));
            }
            for (long level = 2; level <= levels; level++) {
                int q = hir.addNonterminal(hir.name(n) + "." + level, hir.span(n));
                hir.setAlternatives(q, alternatives(new int[] {someT}, new int[] {fullT, below}));
                below = q;
            }
            body.add(below);
        }
        setSingle(n, body.toIntArray());
        return true;
    }

    /** The minimal DFA of the item repeated {@code min..max} times ({@code max} -1: unbounded), or null if over the limit. */
    private ByteDfa repeat(ByteDfa item, int min, int max) {
        try {
            return Constructions.repeat(item, min, max, maxStates);
        } catch (TooManyStatesException tooLarge) {
            return null;
        }
    }

    private void setSingle(int n, int[] alternative) {
        hir.setRepetition(n, null);
        hir.setAlternatives(n, alternatives(alternative));
    }

    private static List<int[]> alternatives(int[]... alts) {
        List<int[]> list = new ArrayList<>(alts.length);
        for (int[] a : alts) {
            list.add(a);
        }
        return list;
    }

    private static String bounds(long min, long max) {
        return max < 0 ? "{" + min + ",}" : min == max ? "{" + min + "}" : "{" + min + "," + max + "}";
    }
}
