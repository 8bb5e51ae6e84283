package io.github.kbnf4j.grammar.internal.hir;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Pass 4: removes repeated alternatives of a nonterminal, keeping the first of each. */
public final class DeduplicateAlternatives {
    private DeduplicateAlternatives() {
    }

    /** Applies the pass to every nonterminal of {@code hir}. */
    public static void apply(Hir hir) {
        for (int n = 0; n < hir.nonterminalCount(); n++) {
            hir.setAlternatives(n, distinct(hir.alternatives(n)));
        }
    }

    /** The alternatives without repeats, in their first-seen order. */
    static List<int[]> distinct(List<int[]> alts) {
        Set<IntArrayList> seen = new HashSet<>();
        List<int[]> out = new ArrayList<>(alts.size());
        for (int[] a : alts) {
            if (seen.add(IntArrayList.wrap(a))) {
                out.add(a);
            }
        }
        return out;
    }
}
