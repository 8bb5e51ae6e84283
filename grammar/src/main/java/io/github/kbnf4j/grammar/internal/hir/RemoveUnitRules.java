package io.github.kbnf4j.grammar.internal.hir;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;

/**
 * Pass 6: removes unit alternatives {@code A ::= B} by giving {@code A} the other alternatives
 * of every nonterminal it reaches through unit alternatives (cycles such as {@code A ::= B;
 * B ::= A;} included). Nonterminals that become unused are removed by {@link RemoveUseless}.
 *
 * <p>Complexity: for each nonterminal, linear in the alternatives of its unit closure.
 */
public final class RemoveUnitRules {
    private RemoveUnitRules() {
    }

    /** Applies the pass to {@code hir}. */
    public static void apply(Hir hir) {
        int count = hir.nonterminalCount();
        List<List<int[]>> result = new ArrayList<>(count);
        int[] seenStamp = new int[count];
        for (int a = 0; a < count; a++) {
            int stamp = a + 1;
            IntArrayList closure = new IntArrayList();
            closure.add(a);
            seenStamp[a] = stamp;
            List<int[]> alts = new ArrayList<>();
            for (int i = 0; i < closure.size(); i++) {
                for (int[] alt : hir.alternatives(closure.getInt(i))) {
                    if (alt.length == 1 && !Hir.isTerminal(alt[0])) {
                        if (seenStamp[alt[0]] != stamp) {
                            seenStamp[alt[0]] = stamp;
                            closure.add(alt[0]);
                        }
                    } else {
                        alts.add(alt);
                    }
                }
            }
            result.add(alts);
        }
        for (int a = 0; a < count; a++) {
            hir.setAlternatives(a, DeduplicateAlternatives.distinct(result.get(a)));
        }
    }
}
