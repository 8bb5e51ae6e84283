package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import java.util.Arrays;
import java.util.List;

/**
 * A deliberately simple membership test for a {@link Hir} at any stage of simplification
 * (pending repetitions and empty alternatives included): the least fixpoint of "nonterminal n
 * derives input[i..j)", as a bit mask of ends j per (n, i). Inputs up to 30 bytes.
 */
final class HirMatcher {
    private HirMatcher() {
    }

    static boolean matches(Hir hir, byte[] input) {
        int len = input.length;
        if (len > 30) {
            throw new IllegalArgumentException("inputs up to 30 bytes");
        }
        int[][] terminalEnds = new int[hir.terminalCount()][len + 1];
        for (int t = 0; t < hir.terminalCount(); t++) {
            ByteDfa dfa = hir.terminal(t).dfa();
            for (int i = 0; i <= len; i++) {
                for (int j = i; j <= len; j++) {
                    if (dfa.matches(Arrays.copyOfRange(input, i, j))) {
                        terminalEnds[t][i] |= 1 << j;
                    }
                }
            }
        }
        int[][] ends = new int[hir.nonterminalCount()][len + 1];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int n = 0; n < hir.nonterminalCount(); n++) {
                for (int i = 0; i <= len; i++) {
                    int reach = 0;
                    Hir.Repetition r = hir.repetition(n);
                    if (r != null) {
                        reach = repetition(r, i, len, ends, terminalEnds);
                    }
                    for (int[] alt : hir.alternatives(n)) {
                        reach |= sequence(alt, 1 << i, ends, terminalEnds);
                    }
                    if ((ends[n][i] | reach) != ends[n][i]) {
                        ends[n][i] |= reach;
                        changed = true;
                    }
                }
            }
        }
        boolean derived = (ends[hir.start()][0] & (1 << len)) != 0;
        return derived || (len == 0 && hir.acceptsEmpty());
    }

    private static int repetition(Hir.Repetition r, int i, int len, int[][] ends, int[][] terminalEnds) {
        // A run longer than min + len must contain an empty step, which can be dropped.
        int limit = r.max() < 0 ? r.min() + len + 1 : r.max();
        int current = 1 << i;
        int reach = r.min() == 0 ? current : 0;
        for (int k = 1; k <= limit && current != 0; k++) {
            current = step(r.symbol(), current, ends, terminalEnds);
            if (k >= r.min()) {
                reach |= current;
            }
        }
        return reach;
    }

    private static int sequence(int[] alt, int starts, int[][] ends, int[][] terminalEnds) {
        int current = starts;
        for (int s : alt) {
            current = step(s, current, ends, terminalEnds);
            if (current == 0) {
                break;
            }
        }
        return current;
    }

    private static int step(int symbol, int starts, int[][] ends, int[][] terminalEnds) {
        int[] table = Hir.isTerminal(symbol) ? terminalEnds[Hir.terminalOf(symbol)] : ends[symbol];
        int out = 0;
        for (int p = 0; p < table.length; p++) {
            if ((starts & (1 << p)) != 0) {
                out |= table[p];
            }
        }
        return out;
    }

    /** Every string over {@code alphabet} of length at most {@code maxLength}. */
    static List<byte[]> allStrings(byte[] alphabet, int maxLength) {
        List<byte[]> out = new java.util.ArrayList<>();
        out.add(new byte[0]);
        int from = 0;
        for (int length = 1; length <= maxLength; length++) {
            int to = out.size();
            for (int k = from; k < to; k++) {
                for (byte b : alphabet) {
                    byte[] longer = Arrays.copyOf(out.get(k), length);
                    longer[length - 1] = b;
                    out.add(longer);
                }
            }
            from = to;
        }
        return out;
    }
}
