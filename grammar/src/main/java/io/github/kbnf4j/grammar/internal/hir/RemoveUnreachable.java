package io.github.kbnf4j.grammar.internal.hir;

import it.unimi.dsi.fastutil.ints.IntArrayList;

/**
 * Drops the nonterminals that the start symbol cannot reach (through alternatives or a pending
 * repetition) and renumbers the others densely, in their old order. The language is unchanged.
 *
 * <p>Several passes leave unreachable rules behind: {@link InlineRegularRules} the rules inside
 * a new terminal, {@link RemoveUnitRules} the targets of unit alternatives,
 * {@link MergeIdenticalNonterminals} the merged-away twins. The passes after them cost time in
 * proportion to every rule they visit, so the compiler drops these early, not only at the end
 * ({@link RemoveUseless}).
 *
 * <p>Complexity: linear in the grammar.
 */
public final class RemoveUnreachable {
    private RemoveUnreachable() {
    }

    /** Applies the pass to {@code hir}; returns whether a nonterminal was dropped. */
    public static boolean apply(Hir hir) {
        int count = hir.nonterminalCount();
        boolean[] reachable = new boolean[count];
        IntArrayList work = new IntArrayList();
        reachable[hir.start()] = true;
        work.add(hir.start());
        int reached = 1;
        while (!work.isEmpty()) {
            int n = work.popInt();
            Hir.Repetition r = hir.repetition(n);
            if (r != null && !Hir.isTerminal(r.symbol()) && !reachable[r.symbol()]) {
                reachable[r.symbol()] = true;
                work.add(r.symbol());
                reached++;
            }
            for (int[] alt : hir.alternatives(n)) {
                for (int s : alt) {
                    if (!Hir.isTerminal(s) && !reachable[s]) {
                        reachable[s] = true;
                        work.add(s);
                        reached++;
                    }
                }
            }
        }
        if (reached == count) {
            return false;
        }
        hir.compact(reachable);
        return true;
    }
}
