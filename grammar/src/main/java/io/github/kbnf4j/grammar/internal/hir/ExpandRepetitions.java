package io.github.kbnf4j.grammar.internal.hir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Pass 5: replaces each pending repetition {@code N = x{min,max}} by ordinary alternatives,
 * in size linear in {@code max}:
 * <ul>
 *   <li>unbounded: {@code N ::= N x | x^min} (left recursion, which Earley handles in linear time);
 *   <li>bounded: {@code N ::= x^min | x^min x O(k-1)} with {@code k = max - min} and the chain
 *       {@code O(j) ::= ε | x O(j-1)}, {@code O(0)} omitted.
 * </ul>
 * The empty alternatives it makes are removed by {@link EliminateNullable}. A repetition whose
 * largest finite bound ({@code max}, or {@code min} when unbounded) exceeds {@code maxRepetition}
 * is not expanded: it is returned for the caller to report, and left pending.
 */
public final class ExpandRepetitions {
    private ExpandRepetitions() {
    }

    /**
     * Expands every pending repetition of {@code hir} within the limit.
     *
     * @return the nonterminals whose repetition exceeds {@code maxRepetition}, still pending
     */
    public static List<Integer> apply(Hir hir, int maxRepetition) {
        List<Integer> tooLarge = new ArrayList<>();
        int count = hir.nonterminalCount(); // chain nonterminals added below need no expansion
        for (int n = 0; n < count; n++) {
            Hir.Repetition r = hir.repetition(n);
            if (r == null) {
                continue;
            }
            if ((r.max() < 0 ? r.min() : r.max()) > maxRepetition) {
                tooLarge.add(n);
                continue;
            }
            hir.setRepetition(n, null);
            int x = r.symbol();
            int[] base = new int[r.min()];
            Arrays.fill(base, x);
            List<int[]> alts = new ArrayList<>();
            if (r.max() < 0) {
                alts.add(new int[] {n, x});
                alts.add(base);
            } else {
                alts.add(base);
                int k = r.max() - r.min();
                if (k > 0) {
                    int previous = -1; // O(j-1); -1 for O(0), which is left out
                    for (int j = 1; j < k; j++) {
                        int o = hir.addNonterminal(hir.name(n) + "." + j, hir.span(n));
                        List<int[]> chain = new ArrayList<>();
                        chain.add(new int[0]);
                        chain.add(previous < 0 ? new int[] {x} : new int[] {x, previous});
                        hir.setAlternatives(o, chain);
                        previous = o;
                    }
                    int[] longer = Arrays.copyOf(base, base.length + (previous < 0 ? 1 : 2));
                    longer[base.length] = x;
                    if (previous >= 0) {
                        longer[base.length + 1] = previous;
                    }
                    alts.add(longer);
                }
            }
            hir.setAlternatives(n, alts);
        }
        return tooLarge;
    }
}
