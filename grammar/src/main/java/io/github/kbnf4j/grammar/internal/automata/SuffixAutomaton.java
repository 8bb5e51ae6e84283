package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * The suffix automaton (Blumer et al.) of a byte string: at most 2·len states, and the strings
 * spelled by paths from state 0 are exactly the byte substrings of the text (every state accepts).
 * Transitions are stored over the text's own byte alphabet, so memory is O(len · distinct bytes).
 * Built in linear time; immutable after construction.
 */
final class SuffixAutomaton {
    private final int[] classOf = new int[256];
    private final int k;
    private int[] next;
    private final int[] len;
    private final int[] link;
    private int size;

    SuffixAutomaton(byte[] text) {
        Arrays.fill(classOf, -1);
        int kk = 0;
        for (byte b : text) {
            if (classOf[b & 0xFF] < 0) {
                classOf[b & 0xFF] = kk++;
            }
        }
        k = Math.max(kk, 1);
        int cap = 2 * text.length + 2;
        next = new int[cap * k];
        Arrays.fill(next, -1);
        len = new int[cap];
        link = new int[cap];
        link[0] = -1;
        size = 1;
        int last = 0;
        for (byte bb : text) {
            int c = classOf[bb & 0xFF];
            int cur = size++;
            len[cur] = len[last] + 1;
            int p = last;
            while (p >= 0 && next[p * k + c] < 0) {
                next[p * k + c] = cur;
                p = link[p];
            }
            if (p < 0) {
                link[cur] = 0;
            } else {
                int q = next[p * k + c];
                if (len[p] + 1 == len[q]) {
                    link[cur] = q;
                } else {
                    int clone = size++;
                    len[clone] = len[p] + 1;
                    System.arraycopy(next, q * k, next, clone * k, k);
                    link[clone] = link[q];
                    while (p >= 0 && next[p * k + c] == q) {
                        next[p * k + c] = clone;
                        p = link[p];
                    }
                    link[q] = clone;
                    link[cur] = clone;
                }
            }
            last = cur;
        }
    }

    /** Target of {@code state} on byte {@code b}, or -1. */
    int next(int state, int b) {
        int c = classOf[b];
        return c < 0 ? -1 : next[state * k + c];
    }
}
