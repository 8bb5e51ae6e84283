package io.github.kbnf4j.grammar.internal.hir;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pass 7: nonterminals with the same set of alternatives are merged into one (the start symbol,
 * or else the lowest id, survives), repeatedly, since a merge can make more nonterminals equal.
 * Merged-away nonterminals keep no alternatives and are removed by {@link RemoveUseless}.
 */
public final class MergeIdenticalNonterminals {
    private MergeIdenticalNonterminals() {
    }

    /** Applies the pass to {@code hir}. */
    public static void apply(Hir hir) {
        int count = hir.nonterminalCount();
        int[] target = new int[count]; // the nonterminal each one is now merged into (itself if not merged)
        for (int n = 0; n < count; n++) {
            target[n] = n;
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            Map<List<IntArrayList>, Integer> byKey = new HashMap<>();
            for (int pass = 0; pass < 2; pass++) { // the start symbol claims its key first
                for (int n = 0; n < count; n++) {
                    if ((pass == 0) != (n == hir.start()) || target[n] != n
                            || hir.repetition(n) != null || hir.alternatives(n).isEmpty()) {
                        continue;
                    }
                    Integer existing = byKey.putIfAbsent(key(hir.alternatives(n)), n);
                    if (existing != null) {
                        target[n] = existing;
                        hir.setAlternatives(n, List.of());
                        changed = true;
                    }
                }
            }
            if (changed) {
                redirect(hir, target);
            }
        }
    }

    private static void redirect(Hir hir, int[] target) {
        for (int n = 0; n < hir.nonterminalCount(); n++) {
            hir.setAlternatives(n, DeduplicateAlternatives.distinct(Hir.renumbered(hir.alternatives(n), target)));
            Hir.Repetition r = hir.repetition(n);
            if (r != null && !Hir.isTerminal(r.symbol())) {
                hir.setRepetition(n, new Hir.Repetition(target[r.symbol()], r.min(), r.max()));
            }
        }
    }

    /** The alternatives as an order-independent key. */
    private static List<IntArrayList> key(List<int[]> alts) {
        List<int[]> sorted = new ArrayList<>(alts);
        sorted.sort(Arrays::compare);
        List<IntArrayList> key = new ArrayList<>(sorted.size());
        for (int[] a : sorted) {
            key.add(IntArrayList.wrap(a.clone()));
        }
        return key;
    }
}
