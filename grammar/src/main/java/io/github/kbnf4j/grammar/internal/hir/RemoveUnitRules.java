package io.github.kbnf4j.grammar.internal.hir;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;

/**
 * Pass 6: removes unit alternatives {@code A ::= B} by giving {@code A} the other alternatives
 * of every nonterminal it reaches through unit alternatives (cycles such as {@code A ::= B;
 * B ::= A;} included). Nonterminals that become unused are removed by {@link RemoveUseless}.
 *
 * <p>A nonterminal whose unit closure holds more than {@link #MAX_INLINED_ALTERNATIVES}
 * alternatives keeps its unit alternatives: inlining long unit chains (such as the ones nested
 * counted repetitions of a nullable item make) would grow the grammar quadratically, while the
 * recognizer handles unit rules correctly anyway.
 *
 * <p>Complexity: for each nonterminal, linear in the alternatives of its unit closure, and at
 * most {@code MAX_INLINED_ALTERNATIVES} alternatives more per nonterminal.
 */
public final class RemoveUnitRules {
    static final int MAX_INLINED_ALTERNATIVES = 64;

    private RemoveUnitRules() {
    }

    /** Applies the pass to {@code hir}. */
    public static void apply(Hir hir) {
        int count = hir.nonterminalCount();
        List<List<int[]>> result = new ArrayList<>(count);
        int[] seenStamp = new int[count];
        for (int a = 0; a < count; a++) {
            if (!hasUnitAlternative(hir.alternatives(a))) {
                result.add(null); // keeps its alternatives
                continue;
            }
            int stamp = a + 1;
            IntArrayList closure = new IntArrayList();
            closure.add(a);
            seenStamp[a] = stamp;
            List<int[]> alts = new ArrayList<>();
            for (int i = 0; i < closure.size() && alts.size() <= MAX_INLINED_ALTERNATIVES; i++) {
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
            result.add(alts.size() <= MAX_INLINED_ALTERNATIVES ? alts : hir.alternatives(a));
        }
        for (int a = 0; a < count; a++) {
            List<int[]> alts = result.get(a) == null ? hir.alternatives(a) : result.get(a);
            List<int[]> distinct = DeduplicateAlternatives.distinct(alts);
            if (distinct != alts || result.get(a) != null) {
                hir.setAlternatives(a, distinct);
            }
        }
    }

    private static boolean hasUnitAlternative(List<int[]> alts) {
        for (int[] alt : alts) {
            if (alt.length == 1 && !Hir.isTerminal(alt[0])) {
                return true;
            }
        }
        return false;
    }
}
