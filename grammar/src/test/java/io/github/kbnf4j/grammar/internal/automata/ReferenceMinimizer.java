package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The minimizer as it was before {@link Minimizer} was rewritten for speed, kept unchanged as the
 * slow reference of {@code MinimizerProperties}: trim (reachable and co-reachable states), byte
 * classes by hashing every column, Hopcroft, breadth-first canonical numbering, byte classes again.
 */
final class ReferenceMinimizer {
    private ReferenceMinimizer() {
    }

    /**
     * @param n number of states
     * @param table {@code table[s * 256 + b]} = target or -1 (not modified)
     * @param accept accepting flags, length ≥ n
     * @param start the start state
     */
    static ByteDfa minimize(int n, int[] table, boolean[] accept, int start) {
        // 1. Trim: forward reachability, then backward from accepting states.
        boolean[] reach = new boolean[n];
        int[] queue = new int[n];
        int qh = 0;
        int qt = 0;
        reach[start] = true;
        queue[qt++] = start;
        int edges = 0;
        while (qh < qt) {
            int s = queue[qh++];
            for (int b = 0; b < 256; b++) {
                int t = table[s * 256 + b];
                if (t >= 0) {
                    edges++;
                    if (!reach[t]) {
                        reach[t] = true;
                        queue[qt++] = t;
                    }
                }
            }
        }
        int[] revStart = new int[n + 1];
        for (int s = 0; s < n; s++) {
            if (reach[s]) {
                for (int b = 0; b < 256; b++) {
                    int t = table[s * 256 + b];
                    if (t >= 0) {
                        revStart[t + 1]++;
                    }
                }
            }
        }
        for (int i = 0; i < n; i++) {
            revStart[i + 1] += revStart[i];
        }
        int[] rev = new int[edges];
        int[] fill = Arrays.copyOf(revStart, n);
        for (int s = 0; s < n; s++) {
            if (reach[s]) {
                for (int b = 0; b < 256; b++) {
                    int t = table[s * 256 + b];
                    if (t >= 0) {
                        rev[fill[t]++] = s;
                    }
                }
            }
        }
        boolean[] live = new boolean[n];
        qh = 0;
        qt = 0;
        for (int s = 0; s < n; s++) {
            if (reach[s] && accept[s]) {
                live[s] = true;
                queue[qt++] = s;
            }
        }
        while (qh < qt) {
            int t = queue[qh++];
            for (int i = revStart[t]; i < revStart[t + 1]; i++) {
                int s = rev[i];
                if (!live[s]) {
                    live[s] = true;
                    queue[qt++] = s;
                }
            }
        }
        if (!live[start]) {
            return ByteDfa.emptyLanguage();
        }
        // 2. Renumber live states; m is the total sink that stands for every dead target.
        int[] id = new int[n];
        int m = 0;
        for (int s = 0; s < n; s++) {
            id[s] = live[s] ? m++ : -1;
        }
        int sink = m;
        int bigN = m + 1;
        int[] dense = new int[bigN * 256];
        Arrays.fill(dense, sink);
        boolean[] acc = new boolean[bigN];
        for (int s = 0; s < n; s++) {
            if (live[s]) {
                acc[id[s]] = accept[s];
                for (int b = 0; b < 256; b++) {
                    int t = table[s * 256 + b];
                    dense[id[s] * 256 + b] = t >= 0 && live[t] ? id[t] : sink;
                }
            }
        }
        int[] classOf = new int[256];
        int k = byteClasses(bigN, dense, classOf);
        int[] rep = new int[k];
        for (int b = 255; b >= 0; b--) {
            rep[classOf[b]] = b;
        }
        int[] trans = new int[bigN * k];
        for (int s = 0; s < bigN; s++) {
            for (int c = 0; c < k; c++) {
                trans[s * k + c] = dense[s * 256 + rep[c]];
            }
        }
        // 3. Hopcroft.
        int[] blockOf = hopcroft(bigN, k, trans, acc);
        // 4. Canonical breadth-first numbering of the quotient (bytes in order 0..255).
        int blocks = 0;
        for (int b : blockOf) {
            blocks = Math.max(blocks, b + 1);
        }
        int[] repState = new int[blocks];
        Arrays.fill(repState, -1);
        for (int s = 0; s < bigN; s++) {
            if (repState[blockOf[s]] < 0) {
                repState[blockOf[s]] = s;
            }
        }
        int sinkBlock = blockOf[sink];
        int[] canon = new int[blocks];
        Arrays.fill(canon, -1);
        int[] order = new int[blocks];
        int count = 0;
        int startBlock = blockOf[id[start]];
        canon[startBlock] = count;
        order[count++] = startBlock;
        int[] out = new int[blocks * 256];
        for (int i = 0; i < count; i++) {
            int s = repState[order[i]];
            for (int b = 0; b < 256; b++) {
                int tb = blockOf[trans[s * k + classOf[b]]];
                if (tb == sinkBlock) {
                    out[i * 256 + b] = -1;
                    continue;
                }
                if (canon[tb] < 0) {
                    canon[tb] = count;
                    order[count++] = tb;
                }
                out[i * 256 + b] = canon[tb];
            }
        }
        boolean[] finalAcc = new boolean[count];
        for (int i = 0; i < count; i++) {
            finalAcc[i] = acc[repState[order[i]]];
        }
        return pack(count, out, finalAcc);
    }

    /** Compresses a canonical dense table into the {@link ByteDfa} layout. */
    static ByteDfa pack(int n, int[] dense, boolean[] accept) {
        int[] classOf = new int[256];
        int k = byteClasses(n, dense, classOf);
        int[] next = new int[n * k];
        int[] rep = new int[k];
        for (int b = 255; b >= 0; b--) {
            rep[classOf[b]] = b;
        }
        for (int s = 0; s < n; s++) {
            for (int c = 0; c < k; c++) {
                next[s * k + c] = dense[s * 256 + rep[c]];
            }
        }
        return new ByteDfa(n, k, classOf, next, Arrays.copyOf(accept, n));
    }

    /**
     * Groups bytes whose columns are identical in every state; classes are numbered by the first
     * byte that has them, so the result is canonical. Returns the number of classes.
     */
    static int byteClasses(int n, int[] dense, int[] classOf) {
        Map<IntArrayKey, Integer> seen = new HashMap<>();
        int k = 0;
        for (int b = 0; b < 256; b++) {
            int[] col = new int[n];
            for (int s = 0; s < n; s++) {
                col[s] = dense[s * 256 + b];
            }
            IntArrayKey key = new IntArrayKey(col);
            Integer c = seen.get(key);
            if (c == null) {
                c = k++;
                seen.put(key, c);
            }
            classOf[b] = c;
        }
        return k;
    }

    /**
     * Hopcroft's partition refinement on a total DFA ({@code trans[s * k + c]} always valid).
     * Returns the block of every state. The partition is the classic refinable array: the states
     * of a block are contiguous in {@code elems}, marked ones moved to the block's front.
     */
    static int[] hopcroft(int n, int k, int[] trans, boolean[] acc) {
        int[] invStart = new int[k * n + 1];
        for (int s = 0; s < n; s++) {
            for (int c = 0; c < k; c++) {
                invStart[c * n + trans[s * k + c] + 1]++;
            }
        }
        for (int i = 0; i < k * n; i++) {
            invStart[i + 1] += invStart[i];
        }
        int[] inv = new int[n * k];
        int[] fill = Arrays.copyOf(invStart, k * n);
        for (int s = 0; s < n; s++) {
            for (int c = 0; c < k; c++) {
                inv[fill[c * n + trans[s * k + c]]++] = s;
            }
        }
        int[] elems = new int[n];
        int[] loc = new int[n];
        int[] blockOf = new int[n];
        int[] bStart = new int[n];
        int[] bEnd = new int[n];
        int[] bMark = new int[n];
        int pos = 0;
        for (int s = 0; s < n; s++) {
            if (acc[s]) {
                elems[pos] = s;
                loc[s] = pos++;
            }
        }
        int accCount = pos;
        for (int s = 0; s < n; s++) {
            if (!acc[s]) {
                elems[pos] = s;
                loc[s] = pos++;
            }
        }
        int blocks;
        if (accCount == 0 || accCount == n) {
            blocks = 1;
            bStart[0] = 0;
            bEnd[0] = n;
            return blockOf;
        }
        blocks = 2;
        bStart[0] = 0;
        bEnd[0] = accCount;
        bStart[1] = accCount;
        bEnd[1] = n;
        bMark[0] = 0;
        bMark[1] = accCount;
        for (int s = 0; s < n; s++) {
            blockOf[s] = acc[s] ? 0 : 1;
        }
        boolean[] inWork = new boolean[n * k];
        int[] work = new int[n * k];
        int wl = 0;
        int smaller = accCount <= n - accCount ? 0 : 1;
        for (int c = 0; c < k; c++) {
            inWork[smaller * k + c] = true;
            work[wl++] = smaller * k + c;
        }
        int[] preds = new int[n];
        int[] touched = new int[n];
        while (wl > 0) {
            int x = work[--wl];
            inWork[x] = false;
            int bl = x / k;
            int c = x % k;
            int np = 0;
            for (int i = bStart[bl]; i < bEnd[bl]; i++) {
                int t = elems[i];
                for (int j = invStart[c * n + t]; j < invStart[c * n + t + 1]; j++) {
                    preds[np++] = inv[j];
                }
            }
            int nt = 0;
            for (int i = 0; i < np; i++) {
                int s = preds[i];
                int xb = blockOf[s];
                int p = loc[s];
                if (p < bMark[xb]) {
                    continue;
                }
                if (bMark[xb] == bStart[xb]) {
                    touched[nt++] = xb;
                }
                int q = bMark[xb]++;
                int other = elems[q];
                elems[q] = s;
                loc[s] = q;
                elems[p] = other;
                loc[other] = p;
            }
            for (int i = 0; i < nt; i++) {
                int xb = touched[i];
                if (bMark[xb] == bEnd[xb]) {
                    bMark[xb] = bStart[xb];
                    continue;
                }
                int y = blocks++;
                bStart[y] = bStart[xb];
                bEnd[y] = bMark[xb];
                bMark[y] = bStart[y];
                bStart[xb] = bEnd[y];
                bMark[xb] = bStart[xb];
                for (int j = bStart[y]; j < bEnd[y]; j++) {
                    blockOf[elems[j]] = y;
                }
                boolean ySmaller = bEnd[y] - bStart[y] <= bEnd[xb] - bStart[xb];
                for (int d = 0; d < k; d++) {
                    int add = inWork[xb * k + d] || ySmaller ? y : xb;
                    if (!inWork[add * k + d]) {
                        inWork[add * k + d] = true;
                        work[wl++] = add * k + d;
                    }
                }
            }
        }
        return blockOf;
    }
}
