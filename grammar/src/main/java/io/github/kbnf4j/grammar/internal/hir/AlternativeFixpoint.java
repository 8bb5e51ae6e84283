package io.github.kbnf4j.grammar.internal.hir;

import java.util.List;

/**
 * The least set of nonterminals such that a nonterminal is in it when one of its alternatives
 * consists only of nonterminals in it and, if {@code terminalsQualify}, terminals: with
 * terminals qualifying that is "productive" (derives some finite string), without them
 * "nullable" (derives the empty string). Pending repetitions are not looked at.
 *
 * <p>Found by counting, for each alternative, its symbols not yet known to qualify, and
 * propagating from each nonterminal as it joins to the alternatives that use it, so each
 * occurrence of a symbol is visited once (a pass-by-pass fixpoint would visit the grammar once
 * per level of a long chain of rules).
 *
 * <p>Complexity: linear in the grammar.
 */
final class AlternativeFixpoint {
    private AlternativeFixpoint() {
    }

    static boolean[] of(Hir hir, boolean terminalsQualify) {
        int count = hir.nonterminalCount();
        int altCount = 0;
        int[] usesStart = new int[count + 1]; // occurrences of nonterminal m: uses[usesStart[m] .. usesStart[m + 1])
        for (int n = 0; n < count; n++) {
            for (int[] alt : hir.alternatives(n)) {
                altCount++;
                for (int s : alt) {
                    if (!Hir.isTerminal(s)) {
                        usesStart[s + 1]++;
                    }
                }
            }
        }
        for (int m = 0; m < count; m++) {
            usesStart[m + 1] += usesStart[m];
        }
        int[] uses = new int[usesStart[count]]; // the alternative of each occurrence
        int[] fill = new int[count];
        int[] pending = new int[altCount]; // nonterminals of the alternative not yet in the set; -1: never
        int[] owner = new int[altCount];
        boolean[] in = new boolean[count];
        int[] work = new int[count];
        int top = 0;
        int a = 0;
        for (int n = 0; n < count; n++) {
            List<int[]> alts = hir.alternatives(n);
            for (int[] alt : alts) {
                owner[a] = n;
                int p = 0;
                for (int s : alt) {
                    if (Hir.isTerminal(s)) {
                        if (!terminalsQualify) {
                            p = -1;
                        }
                    } else {
                        uses[usesStart[s] + fill[s]++] = a;
                        if (p >= 0) {
                            p++;
                        }
                    }
                }
                pending[a] = p;
                if (p == 0 && !in[n]) {
                    in[n] = true;
                    work[top++] = n;
                }
                a++;
            }
        }
        while (top > 0) {
            int m = work[--top];
            for (int i = usesStart[m]; i < usesStart[m + 1]; i++) {
                int alt = uses[i];
                if (pending[alt] > 0 && --pending[alt] == 0 && !in[owner[alt]]) {
                    in[owner[alt]] = true;
                    work[top++] = owner[alt];
                }
            }
        }
        return in;
    }
}
