package io.github.kbnf4j.grammar.internal.hir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Pass 9: removes what can never take part in reading input, after nullable elimination (no
 * empty alternatives, every terminal and productive nonterminal consumes at least one byte).
 *
 * <p>A nonterminal is <em>productive</em> if it derives some finite string, and <em>endless</em>
 * if it derives an infinite one (it can consume bytes forever, like {@code b ::= "a" b;}). Input
 * can only pass through an alternative {@code X1 .. Xk} if all of it is productive, or if
 * {@code X1 .. Xj-1} are productive and {@code Xj} is endless. Other alternatives are dropped;
 * kept ones are cut after their first unproductive symbol (nothing after it is ever reached).
 * Then nonterminals not reachable from the start symbol are removed. Afterwards every reachable
 * item of the recognizer can consume another byte, so a viable prefix always has a continuation
 * unless the sentence is complete.
 *
 * <p>Complexity: linear in the grammar size (productive fixpoint by worklist, strongly connected
 * components by an iterative Tarjan).
 */
public final class RemoveUseless {
    /** What the pass found out about the start symbol. */
    public enum StartStatus {
        /** The start symbol derives finite sentences. */
        PRODUCTIVE,
        /** The start symbol consumes bytes but never completes a sentence. */
        ENDLESS,
        /**
         * The start symbol derives only the empty string: the grammar's one sentence is "" and
         * the start symbol is left without alternatives ({@link Hir#acceptsEmpty()} says the rest).
         */
        EMPTY,
        /** The start symbol can consume no byte at all, and not even the empty string is a sentence. */
        DEAD
    }

    private RemoveUseless() {
    }

    /**
     * Applies the pass. When the start symbol is {@link StartStatus#DEAD}, {@code hir} is left
     * as it was (compilation fails anyway); when it is {@link StartStatus#EMPTY}, every rule but
     * the start symbol is removed and the start symbol has no alternatives.
     */
    public static StartStatus apply(Hir hir) {
        int count = hir.nonterminalCount();
        boolean[] productive = productive(hir);
        boolean[] endless = endless(hir, productive);
        StartStatus status = productive[hir.start()] ? StartStatus.PRODUCTIVE
                : endless[hir.start()] ? StartStatus.ENDLESS
                : hir.acceptsEmpty() ? StartStatus.EMPTY : StartStatus.DEAD;
        if (status == StartStatus.DEAD) {
            return status;
        }
        for (int n = 0; n < count; n++) {
            // The alternatives are distinct already (the passes before leave them so); a rule is
            // only rewritten, and checked for repeats again, when an alternative goes or is cut.
            List<int[]> alts = hir.alternatives(n);
            List<int[]> kept = null;
            for (int i = 0; i < alts.size(); i++) {
                int[] alt = alts.get(i);
                int firstUnproductive = 0;
                while (firstUnproductive < alt.length && isProductive(alt[firstUnproductive], productive)) {
                    firstUnproductive++;
                }
                int[] keep = firstUnproductive == alt.length ? alt
                        : endless[alt[firstUnproductive]] ? Arrays.copyOf(alt, firstUnproductive + 1)
                        : null;
                if (keep != alt && kept == null) {
                    kept = new ArrayList<>(alts.subList(0, i));
                }
                if (kept != null && keep != null) {
                    kept.add(keep);
                }
            }
            if (kept != null) {
                hir.setAlternatives(n, DeduplicateAlternatives.distinct(kept));
            }
        }
        RemoveUnreachable.apply(hir);
        return status;
    }

    private static boolean isProductive(int symbol, boolean[] productive) {
        return Hir.isTerminal(symbol) || productive[symbol];
    }

    /** Least fixpoint: some alternative is made only of productive symbols. */
    static boolean[] productive(Hir hir) {
        return AlternativeFixpoint.of(hir, true);
    }

    /**
     * A nonterminal is endless if it can reach, along "can start reading at" edges
     * ({@code A -> Xj} where {@code X1..Xj-1} are productive), a cycle that has an edge with
     * {@code j > 1}: such an edge consumes at least one byte each time round.
     */
    static boolean[] endless(Hir hir, boolean[] productive) {
        int count = hir.nonterminalCount();
        // The edges in compressed rows: those of n are target[edgeStart[n] .. edgeStart[n + 1]),
        // consuming[e] when the edge is not the alternative's first symbol. Counted, then filled.
        int[] edgeStart = new int[count + 1];
        for (int n = 0; n < count; n++) {
            for (int[] alt : hir.alternatives(n)) {
                for (int j = 0; j < alt.length; j++) {
                    if (!Hir.isTerminal(alt[j])) {
                        edgeStart[n + 1]++;
                    }
                    if (!isProductive(alt[j], productive)) {
                        break;
                    }
                }
            }
        }
        for (int n = 0; n < count; n++) {
            edgeStart[n + 1] += edgeStart[n];
        }
        int[] target = new int[edgeStart[count]];
        boolean[] consuming = new boolean[edgeStart[count]];
        for (int n = 0, e = 0; n < count; n++) {
            for (int[] alt : hir.alternatives(n)) {
                for (int j = 0; j < alt.length; j++) {
                    if (!Hir.isTerminal(alt[j])) {
                        target[e] = alt[j];
                        consuming[e++] = j > 0;
                    }
                    if (!isProductive(alt[j], productive)) {
                        break;
                    }
                }
            }
        }
        int[] component = StronglyConnectedComponents.of(edgeStart, target);
        boolean[] cycleComponent = new boolean[count];
        for (int n = 0; n < count; n++) {
            for (int e = edgeStart[n]; e < edgeStart[n + 1]; e++) {
                if (consuming[e] && component[target[e]] == component[n]) {
                    cycleComponent[component[n]] = true;
                }
            }
        }
        // Backward reachability from the nonterminals on consuming cycles, over the reversed edges.
        int[] reverseStart = new int[count + 1];
        for (int t : target) {
            reverseStart[t + 1]++;
        }
        for (int n = 0; n < count; n++) {
            reverseStart[n + 1] += reverseStart[n];
        }
        int[] source = new int[target.length];
        int[] fill = Arrays.copyOf(reverseStart, count);
        for (int n = 0; n < count; n++) {
            for (int e = edgeStart[n]; e < edgeStart[n + 1]; e++) {
                source[fill[target[e]]++] = n;
            }
        }
        boolean[] endless = new boolean[count];
        int[] work = new int[count];
        int top = 0;
        for (int n = 0; n < count; n++) {
            if (cycleComponent[component[n]]) {
                endless[n] = true;
                work[top++] = n;
            }
        }
        while (top > 0) {
            int m = work[--top];
            for (int e = reverseStart[m]; e < reverseStart[m + 1]; e++) {
                int n = source[e];
                if (!endless[n]) {
                    endless[n] = true;
                    work[top++] = n;
                }
            }
        }
        return endless;
    }
}
