package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.automata.IntArrayKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Pass 4: removes repeated alternatives of a nonterminal, keeping the first of each. */
public final class DeduplicateAlternatives {
    /**
     * Up to this many alternatives, repeats are found by comparing every pair: no hashing and no
     * allocation, and most rules are this small. Several passes call {@link #distinct} on every
     * rule of a schema's grammar, and hashing each alternative there was a tenth of compiling it.
     */
    static final int PAIRWISE_MAX = 16;

    private DeduplicateAlternatives() {
    }

    /** Applies the pass to every nonterminal of {@code hir}. */
    public static void apply(Hir hir) {
        for (int n = 0; n < hir.nonterminalCount(); n++) {
            List<int[]> alts = hir.alternatives(n);
            List<int[]> distinct = distinct(alts);
            if (distinct != alts) {
                hir.setAlternatives(n, distinct);
            }
        }
    }

    /**
     * The alternatives without repeats, in their first-seen order: {@code alts} itself when it has
     * no repeats (callers copy what they keep), else a new list.
     */
    static List<int[]> distinct(List<int[]> alts) {
        int n = alts.size();
        if (n < 2) {
            return alts;
        }
        if (n <= PAIRWISE_MAX) {
            for (int i = 1; i < n; i++) {
                if (repeated(alts, i)) {
                    return withoutRepeatsPairwise(alts);
                }
            }
            return alts;
        }
        Set<IntArrayKey> seen = new HashSet<>(2 * n);
        List<int[]> out = new ArrayList<>(n);
        for (int[] a : alts) {
            if (seen.add(new IntArrayKey(a))) {
                out.add(a);
            }
        }
        return out.size() == n ? alts : out;
    }

    /** Whether alternative {@code i} equals an earlier one. */
    private static boolean repeated(List<int[]> alts, int i) {
        int[] a = alts.get(i);
        for (int j = 0; j < i; j++) {
            if (Arrays.equals(alts.get(j), a)) {
                return true;
            }
        }
        return false;
    }

    private static List<int[]> withoutRepeatsPairwise(List<int[]> alts) {
        List<int[]> out = new ArrayList<>(alts.size());
        for (int i = 0; i < alts.size(); i++) {
            if (!repeated(alts, i)) {
                out.add(alts.get(i));
            }
        }
        return out;
    }
}
