package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.ArrayList;
import java.util.List;

/**
 * Pass 8: removes the empty string from every nonterminal and terminal without changing the
 * language, so the recognizer never meets an empty production.
 *
 * <ol>
 *   <li>A terminal that matches the empty string is replaced, where it occurs, by a fresh
 *       nonterminal {@code E ::= t' | ε} with {@code t'} the terminal minus the empty string (or
 *       simply dropped when the empty string is all it matches).
 *   <li>An alternative with more than {@link #MAX_NULLABLE_PER_ALTERNATIVE} nullable symbols is
 *       split into a right-branching chain of two-symbol alternatives, so the next step makes at
 *       most 2^3 variants per alternative instead of 2^k.
 *   <li>Every alternative is replaced by its variants with each subset of its nullable symbols
 *       left out; empty variants are dropped. Whether the start symbol was nullable is kept in
 *       {@link Hir#acceptsEmpty()}.
 * </ol>
 * Nonterminals that could derive only the empty string are left without alternatives;
 * {@link RemoveUseless} removes them and whatever refers to them.
 */
public final class EliminateNullable {
    static final int MAX_NULLABLE_PER_ALTERNATIVE = 3;

    private EliminateNullable() {
    }

    /** Applies the pass to {@code hir}. */
    public static void apply(Hir hir) {
        boolean[] rewritten = replaceNullableTerminals(hir);
        boolean[] nullable = nullable(hir);
        if (splitLongAlternatives(hir, nullable)) {
            nullable = nullable(hir);
        }
        for (int n = 0; n < hir.nonterminalCount(); n++) {
            List<int[]> alts = hir.mutableAlternatives(n);
            if (!(n < rewritten.length && rewritten[n]) && !hasNullable(alts, nullable)) {
                // Every alternative is its own only variant, and they are distinct (the passes
                // before leave them so; a rewritten rule may have gained repeats): it stays.
                continue;
            }
            List<int[]> variants = new ArrayList<>();
            for (int[] alt : alts) {
                addVariants(alt, nullable, variants);
            }
            hir.setAlternatives(n, DeduplicateAlternatives.distinct(variants));
        }
        hir.setAcceptsEmpty(hir.acceptsEmpty() || nullable[hir.start()]);
    }

    /**
     * Replaces the terminals that match "" where they occur; returns which nonterminals had an
     * alternative rewritten (indexed by nonterminal, those added here included).
     */
    private static boolean[] replaceNullableTerminals(Hir hir) {
        int[] replacement = new int[hir.terminalCount()]; // 0: keep; 1: drop; else the nonterminal + 2
        for (int t = 0; t < replacement.length; t++) {
            ByteDfa dfa = hir.terminal(t).dfa();
            if (!dfa.acceptsEmpty()) {
                continue;
            }
            int symbol = hir.nonEmptyTerminal(t);
            if (symbol == Hir.NO_SYMBOL) {
                replacement[t] = 1;
                continue;
            }
            int e = hir.addNonterminal(hir.terminal(t).description() + "?", hir.span(hir.start()));
            List<int[]> alts = new ArrayList<>();
            alts.add(new int[] {symbol});
            alts.add(new int[0]);
            hir.setAlternatives(e, alts);
            replacement[t] = e + 2;
        }
        boolean[] rewritten = new boolean[hir.nonterminalCount()];
        for (int n = 0; n < hir.nonterminalCount(); n++) {
            List<int[]> alts = hir.mutableAlternatives(n);
            for (int i = 0; i < alts.size(); i++) {
                int[] alt = alts.get(i);
                if (!refersToReplaced(alt, replacement)) {
                    continue;
                }
                rewritten[n] = true;
                IntArrayList out = new IntArrayList(alt.length);
                for (int s : alt) {
                    int r = replacementOf(s, replacement);
                    if (r == 0) {
                        out.add(s);
                    } else if (r >= 2) {
                        out.add(r - 2);
                    }
                }
                alts.set(i, out.toIntArray());
            }
        }
        return rewritten;
    }

    private static boolean refersToReplaced(int[] alt, int[] replacement) {
        for (int s : alt) {
            if (replacementOf(s, replacement) != 0) {
                return true;
            }
        }
        return false;
    }

    /** What becomes of symbol {@code s}: 0 kept, 1 dropped, else the nonterminal + 2. */
    private static int replacementOf(int s, int[] replacement) {
        return Hir.isTerminal(s) && Hir.terminalOf(s) < replacement.length ? replacement[Hir.terminalOf(s)] : 0;
    }

    private static boolean hasNullable(List<int[]> alts, boolean[] nullable) {
        for (int[] alt : alts) {
            if (countNullable(alt, nullable) > 0 || alt.length == 0) {
                return true;
            }
        }
        return false;
    }

    /** The nonterminals that derive the empty string (terminals no longer do). */
    static boolean[] nullable(Hir hir) {
        return AlternativeFixpoint.of(hir, false);
    }

    private static int countNullable(int[] alt, boolean[] nullable) {
        int c = 0;
        for (int s : alt) {
            if (!Hir.isTerminal(s) && nullable[s]) {
                c++;
            }
        }
        return c;
    }

    /**
     * Splits the alternatives with more than {@link #MAX_NULLABLE_PER_ALTERNATIVE} nullable
     * symbols into right-branching chains. A link {@code B ::= X T} depends only on {@code X} and
     * the rest of the chain {@code T}, so equal tails are made once and shared: JSON Schema
     * objects repeat the same run of optional properties in many alternatives, and a chain per
     * alternative would make a rule per symbol of each.
     */
    private static boolean splitLongAlternatives(Hir hir, boolean[] nullable) {
        boolean split = false;
        int count = hir.nonterminalCount();
        Long2IntOpenHashMap links = new Long2IntOpenHashMap(); // (X, T) -> B
        links.defaultReturnValue(-1);
        for (int n = 0; n < count; n++) {
            List<int[]> alts = hir.mutableAlternatives(n);
            for (int i = 0; i < alts.size(); i++) {
                int[] alt = alts.get(i);
                if (countNullable(alt, nullable) <= MAX_NULLABLE_PER_ALTERNATIVE) {
                    continue;
                }
                split = true;
                // X1 X2 ... Xk  ->  X1 B1;  B1 ::= X2 B2; ... ; B(k-2) ::= X(k-1) Xk
                int tail = alt[alt.length - 1];
                for (int k = alt.length - 2; k >= 1; k--) {
                    long key = (long) alt[k] << 32 | (tail & 0xFFFFFFFFL);
                    int b = links.get(key);
                    if (b < 0) {
                        b = hir.addNonterminal(hir.name(n) + "+" + k, hir.span(n));
                        List<int[]> single = new ArrayList<>();
                        single.add(new int[] {alt[k], tail});
                        hir.setAlternatives(b, single);
                        links.put(key, b);
                    }
                    tail = b;
                }
                alts.set(i, new int[] {alt[0], tail});
            }
        }
        return split;
    }

    private static void addVariants(int[] alt, boolean[] nullable, List<int[]> out) {
        int[] positions = new int[alt.length];
        int k = 0;
        for (int i = 0; i < alt.length; i++) {
            if (!Hir.isTerminal(alt[i]) && nullable[alt[i]]) {
                positions[k++] = i;
            }
        }
        assert k <= MAX_NULLABLE_PER_ALTERNATIVE;
        if (k == 0) {
            if (alt.length > 0) {
                out.add(alt); // alternatives are never changed in place, so the array is shared
            }
            return;
        }
        for (int mask = 0; mask < (1 << k); mask++) { // bit set = leave that symbol out
            IntArrayList v = new IntArrayList(alt.length);
            int next = 0;
            for (int i = 0; i < alt.length; i++) {
                if (next < k && positions[next] == i) {
                    boolean omit = (mask & (1 << next)) != 0;
                    next++;
                    if (omit) {
                        continue;
                    }
                }
                v.add(alt[i]);
            }
            if (!v.isEmpty()) {
                out.add(v.toIntArray());
            }
        }
    }
}
