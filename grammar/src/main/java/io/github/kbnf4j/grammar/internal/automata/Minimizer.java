package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * Turns any partial byte DFA into a canonical {@link ByteDfa}: trim (reachable and co-reachable
 * states only), minimize, number the states canonically (breadth-first from the start, bytes in
 * order 0..255) and group the bytes of the result into classes.
 *
 * <p>Only the first pass reads all 256 bytes of a state (or all its columns, for a table that a
 * construction wrote with a column per interval of bytes its inputs treat alike: see
 * {@link #minimize(int, int[], int[], boolean[], int)}): it finds the reachable states and the
 * bytes where a run of equal targets starts in some row. The bytes from one such start to the next
 * (an <em>interval</em>) behave alike in every state, so the rest works on intervals. The
 * transitions that exist (state, interval, target) are minimized by Valmari's algorithm for partial
 * DFAs (A. Valmari, "Fast brief practical DFA minimization", IPL 112(6), 2012), a Hopcroft-like
 * refinement of both states and transitions whose cost depends on the transitions there are, not
 * on states × byte classes: rows typically have a few live transitions among tens of classes, and
 * no sink state is needed.
 *
 * <p>Complexity: O(n·256) for the first pass (O(n·w) with w columns), then O(n·m + t·log t) for m intervals and t
 * transitions. Memory O(n·m). {@link #ofMinimal} skips the refinement for an automaton its builder
 * knows to be minimal already (the first pass and the canonical numbering remain). Stateless,
 * thread-safe.
 */
final class Minimizer {
    /** The column starts of a table with a column per byte. */
    static final int[] BYTES = new int[257];

    static {
        for (int b = 0; b <= 256; b++) {
            BYTES[b] = b;
        }
    }

    private Minimizer() {
    }

    /**
     * @param n number of states
     * @param table {@code table[s * 256 + b]} = target or -1 (not modified; rows from {@code n} on
     *     are not read)
     * @param accept accepting flags, length ≥ n
     * @param start the start state
     */
    static ByteDfa minimize(int n, int[] table, boolean[] accept, int start) {
        return minimize(n, table, BYTES, accept, start);
    }

    /**
     * {@link #minimize(int, int[], boolean[], int)} of a table whose rows have a column per
     * interval of bytes: column {@code j} of a row is the target on the bytes
     * {@code columnStart[j] .. columnStart[j + 1] - 1} ({@code columnStart} starts at 0 and ends
     * with 256), so {@code table[s * w + j]} with {@code w = columnStart.length - 1}. A construction
     * that knows which bytes its inputs treat alike writes a row per state of that width instead of
     * 256 ints.
     */
    static ByteDfa minimize(int n, int[] table, int[] columnStart, boolean[] accept, int start) {
        Rows rows = new Rows(n, table, columnStart, start);
        int[] order = rows.order;
        int r = rows.reached;
        int[] intervalStart = rows.intervalStart;
        int m = rows.intervals;
        // The transitions (tail and head by reachable number, the interval as the label) come in
        // order of tail, then label; those of state q are outStart[q] .. outStart[q + 1].
        Transitions tr = new Transitions(4 * r + 16);
        int[] outStart = new int[r + 1];
        for (int i = 0; i < r; i++) {
            outStart[i] = tr.count;
            for (int x = rows.rowRuns[i]; x < rows.rowRuns[i + 1]; x++) {
                int t = rows.runTarget[x];
                if (t >= 0) {
                    int to = rows.id[t];
                    for (int j = rows.intervalAt(rows.runByte[x]), end = rows.intervalAfter(i, x); j < end; j++) {
                        tr.add(i, j, to);
                    }
                }
            }
        }
        outStart[r] = tr.count;
        int tc = tr.count;
        int[] tail = tr.tail;
        int[] label = tr.label;
        int[] head = tr.head;
        // 3. Trim: the live states reach an accepting one, found backwards from the accepting ones.
        // incoming[inStart[q] .. inStart[q + 1]) are the transitions into q.
        int[] inStart = new int[r + 1];
        for (int e = 0; e < tc; e++) {
            inStart[head[e] + 1]++;
        }
        for (int q = 0; q < r; q++) {
            inStart[q + 1] += inStart[q];
        }
        int[] incoming = new int[tc];
        int[] inFill = Arrays.copyOf(inStart, r);
        for (int e = 0; e < tc; e++) {
            incoming[inFill[head[e]]++] = e;
        }
        boolean[] live = new boolean[r];
        int[] liveStates = new int[r];
        int lc = 0;
        for (int q = 0; q < r; q++) {
            if (accept[order[q]]) {
                live[q] = true;
                liveStates[lc++] = q;
            }
        }
        for (int h = 0; h < lc; h++) {
            int q = liveStates[h];
            for (int x = inStart[q]; x < inStart[q + 1]; x++) {
                int p = tail[incoming[x]];
                if (!live[p]) {
                    live[p] = true;
                    liveStates[lc++] = p;
                }
            }
        }
        if (!live[0]) {
            return ByteDfa.emptyLanguage();
        }
        // 4. Blocks of live states, first split into accepting and not; cords of live transitions
        // (those into live states, hence also from them), first grouped by interval.
        Partition blocks = new Partition(r, liveStates, lc);
        blocks.addSet(0, lc);
        for (int h = 0; h < lc; h++) {
            if (accept[order[liveStates[h]]]) {
                blocks.mark(liveStates[h]);
            }
        }
        blocks.split();
        int[] labelStart = new int[m + 1];
        int liveTransitions = 0;
        for (int e = 0; e < tc; e++) {
            if (live[head[e]]) {
                labelStart[label[e] + 1]++;
                liveTransitions++;
            }
        }
        for (int j = 0; j < m; j++) {
            labelStart[j + 1] += labelStart[j];
        }
        int[] byLabel = new int[liveTransitions];
        int[] labelFill = Arrays.copyOf(labelStart, m);
        for (int e = 0; e < tc; e++) {
            if (live[head[e]]) {
                byLabel[labelFill[label[e]]++] = e;
            }
        }
        Partition cords = new Partition(tc, byLabel, liveTransitions);
        for (int j = 0; j < m; j++) {
            if (labelStart[j] < labelStart[j + 1]) {
                cords.addSet(labelStart[j], labelStart[j + 1]);
            }
        }
        // 5. Refine: each cord splits the blocks by which states have a transition in it; each new
        // block splits the cords by which transitions enter it. Block 0 never splits cords, and a
        // split keeps the larger part under the old number: Hopcroft's "all but the largest". No
        // element is marked twice before a split: the transitions of a cord share a label, so their
        // tails differ, and a transition enters one state.
        int b = 1;
        for (int c = 0; c < cords.count; c++) {
            for (int x = cords.first[c]; x < cords.end[c]; x++) {
                blocks.mark(tail[cords.elems[x]]);
            }
            blocks.split();
            for (; b < blocks.count; b++) {
                for (int x = blocks.first[b]; x < blocks.end[b]; x++) {
                    int q = blocks.elems[x];
                    for (int y = inStart[q]; y < inStart[q + 1]; y++) {
                        cords.mark(incoming[y]);
                    }
                }
                cords.split();
            }
        }
        // 6. Canonical breadth-first numbering of the blocks. A state's transitions are in order of
        // interval, hence of byte, so they meet new targets as bytes 0..255 would.
        int count = blocks.count; // every block holds reachable states, so all are numbered
        int[] canon = new int[count];
        Arrays.fill(canon, -1);
        int[] blockAt = new int[count];
        int found = 0;
        canon[blocks.setOf[0]] = found;
        blockAt[found++] = blocks.setOf[0];
        int[] out = new int[count * m];
        boolean[] finalAcc = new boolean[count];
        for (int i = 0; i < count; i++) {
            int q = blocks.elems[blocks.first[blockAt[i]]];
            finalAcc[i] = accept[order[q]];
            Arrays.fill(out, i * m, i * m + m, -1);
            for (int e = outStart[q]; e < outStart[q + 1]; e++) {
                if (live[head[e]]) {
                    int tb = blocks.setOf[head[e]];
                    if (canon[tb] < 0) {
                        canon[tb] = found;
                        blockAt[found++] = tb;
                    }
                    out[i * m + label[e]] = canon[tb];
                }
            }
        }
        assert found == count;
        return withByteClasses(count, m, intervalStart, out, finalAcc);
    }

    /**
     * The {@link ByteDfa} of a DFA its builder knows to be minimal and trimmed once its unreachable
     * states are left out (no two reachable states accept the same language, and every one of them
     * can reach an accepting state): {@link #minimize} without the work of trimming and refining
     * (steps 3 to 5), since the breadth-first numbering of step 1 is then the canonical one. With
     * assertions on (the tests), the result is checked against {@link #minimize}.
     *
     * @param n number of states
     * @param table {@code table[s * 256 + b]} = target or -1 (not modified)
     * @param accept accepting flags, length ≥ n
     * @param start the start state
     */
    static ByteDfa ofMinimal(int n, int[] table, boolean[] accept, int start) {
        return ofMinimal(n, table, BYTES, accept, start);
    }

    /** {@link #ofMinimal(int, int[], boolean[], int)} of a table with a column per interval (see {@link #minimize(int, int[], int[], boolean[], int)}). */
    static ByteDfa ofMinimal(int n, int[] table, int[] columnStart, boolean[] accept, int start) {
        Rows rows = new Rows(n, table, columnStart, start);
        int r = rows.reached;
        int m = rows.intervals;
        int[] out = new int[r * m];
        Arrays.fill(out, -1);
        boolean[] acc = new boolean[r];
        for (int i = 0; i < r; i++) {
            acc[i] = accept[rows.order[i]];
            for (int x = rows.rowRuns[i]; x < rows.rowRuns[i + 1]; x++) {
                int t = rows.runTarget[x];
                if (t >= 0) {
                    Arrays.fill(out, i * m + rows.intervalAt(rows.runByte[x]), i * m + rows.intervalAfter(i, x),
                            rows.id[t]);
                }
            }
        }
        ByteDfa dfa = withByteClasses(r, m, rows.intervalStart, out, acc);
        assert dfa.equals(minimize(n, table, columnStart, accept, start)) : "not minimal and trimmed: " + dfa;
        return dfa;
    }

    /**
     * 7. The {@link ByteDfa} of a minimal DFA numbered canonically, given over intervals of bytes
     * (interval {@code j} is the bytes {@code intervalStart[j] .. intervalStart[j + 1] - 1}, all
     * alike in every state; {@code out[i * m + j]} the target of state {@code i} on interval
     * {@code j}, or -1): its byte classes are the intervals whose columns are equal, numbered by
     * first interval (hence by first byte). Intervals finer than needed only cost time.
     */
    static ByteDfa withByteClasses(int count, int m, int[] intervalStart, int[] out, boolean[] accept) {
        int[] columnOf = new int[256];
        for (int j = 0; j < m; j++) {
            Arrays.fill(columnOf, intervalStart[j], intervalStart[j + 1], j);
        }
        return withColumnClasses(count, m, columnOf, out, accept);
    }

    /**
     * {@link #withByteClasses(int, int, int[], int[], boolean[])} over columns that need not be
     * intervals: column {@code columnOf[b]} holds byte b, and the columns are numbered by their
     * first byte (so the classes come out numbered by first byte).
     */
    static ByteDfa withColumnClasses(int count, int m, int[] columnOf, int[] out, boolean[] accept) {
        ColumnClasses classes = new ColumnClasses(m, count);
        for (int i = 0; i < count; i++) {
            classes.refine(out, i * m);
        }
        classes.renumber();
        int[] classOf = new int[256];
        for (int b = 0; b < 256; b++) {
            classOf[b] = classes.classOf[columnOf[b]];
        }
        return new ByteDfa(count, classes.count, classOf, classes.compress(out, count), accept);
    }

    /**
     * Steps 1 and 2: the states reachable from the start, numbered breadth-first (bytes in order),
     * and the intervals of bytes that behave alike in every one of their rows. For a minimal and
     * trimmed DFA this numbering is already the canonical one.
     */
    private static final class Rows {
        /** Reachable number of each state, -1 if unreachable. */
        final int[] id;
        /** The state of each reachable number. */
        final int[] order;
        final int reached;
        /** The runs of row i (number i) are rowRuns[i] .. rowRuns[i + 1] - 1. */
        final int[] rowRuns;
        /** Run x starts at byte runByte[x] and goes to runTarget[x]. */
        int[] runByte;
        int[] runTarget;
        /** The bytes where a run starts in some row, as bits. */
        final long[] runStarts = new long[4];
        /** Interval j is the bytes intervalStart[j] .. intervalStart[j + 1] - 1. */
        final int[] intervalStart = new int[257];
        /** The number of intervals starting before byte 64 * w. */
        final int[] rank = new int[4];
        final int intervals;

        Rows(int n, int[] table, int[] columnStart, int start) {
            id = new int[n];
            Arrays.fill(id, -1);
            order = new int[n];
            int r = 0;
            id[start] = r;
            order[r++] = start;
            rowRuns = new int[n + 1];
            runByte = new int[8 * n + 256];
            runTarget = new int[8 * n + 256];
            int width = columnStart.length - 1;
            int runs = 0;
            for (int i = 0; i < r; i++) {
                rowRuns[i] = runs;
                if (runs + width > runByte.length) {
                    runByte = Arrays.copyOf(runByte, runs * 2 + width);
                    runTarget = Arrays.copyOf(runTarget, runs * 2 + width);
                }
                if (columnStart == BYTES) {
                    runs = byteRuns(table, order[i] * 256, runs);
                } else {
                    runs = intervalRuns(table, order[i] * width, columnStart, runs);
                }
                for (int x = rowRuns[i]; x < runs; x++) { // new targets numbered as the bytes meet them
                    int t = runTarget[x];
                    if (t >= 0 && id[t] < 0) {
                        id[t] = r;
                        order[r++] = t;
                    }
                }
            }
            rowRuns[r] = runs;
            reached = r;
            int m = 0;
            for (int w = 0; w < 4; w++) {
                rank[w] = m;
                for (long bits = runStarts[w]; bits != 0; bits &= bits - 1) {
                    intervalStart[m++] = w * 64 + Long.numberOfTrailingZeros(bits);
                }
            }
            intervalStart[m] = 256;
            intervals = m;
        }

        /** The interval that starts at byte {@code b} (a run start). */
        int intervalAt(int b) {
            return rank[b >> 6] + Long.bitCount(runStarts[b >> 6] & ((1L << b) - 1));
        }

        /** The interval after the last of run x of row i: where the next run starts, or the end. */
        int intervalAfter(int i, int x) {
            return x + 1 < rowRuns[i + 1] ? intervalAt(runByte[x + 1]) : intervals;
        }

        /** Appends the runs of the 256-byte row at {@code table[base ..]} from run {@code runs} on; the new run count. */
        private int byteRuns(int[] table, int base, int runs) {
            int prev = ~table[base]; // unlike byte 0's target, so byte 0 starts a run
            for (int w = 0; w < 4; w++) {
                // The starts of runs as bits first, without a branch per byte.
                long bits = 0;
                for (int j = 0; j < 64; j++) {
                    int t = table[base + w * 64 + j];
                    bits |= (t != prev ? 1L : 0L) << j;
                    prev = t;
                }
                runStarts[w] |= bits;
                for (; bits != 0; bits &= bits - 1) {
                    int b = w * 64 + Long.numberOfTrailingZeros(bits);
                    runByte[runs] = b;
                    runTarget[runs++] = table[base + b];
                }
            }
            return runs;
        }

        /** As {@link #byteRuns}, for a row with a column per interval of bytes starting at {@code columnStart}. */
        private int intervalRuns(int[] table, int base, int[] columnStart, int runs) {
            int prev = ~table[base];
            for (int j = 0, width = columnStart.length - 1; j < width; j++) {
                int t = table[base + j];
                if (t != prev) {
                    int b = columnStart[j];
                    runStarts[b >>> 6] |= 1L << b;
                    runByte[runs] = b;
                    runTarget[runs++] = t;
                    prev = t;
                }
            }
            return runs;
        }
    }

    /** A growable list of transitions (tail, label, head). */
    private static final class Transitions {
        int[] tail;
        int[] label;
        int[] head;
        int count;

        Transitions(int capacity) {
            tail = new int[capacity];
            label = new int[capacity];
            head = new int[capacity];
        }

        void add(int from, int on, int to) {
            if (count == tail.length) {
                tail = Arrays.copyOf(tail, count * 2);
                label = Arrays.copyOf(label, count * 2);
                head = Arrays.copyOf(head, count * 2);
            }
            tail[count] = from;
            label[count] = on;
            head[count] = to;
            count++;
        }
    }

    /**
     * A partition of some elements of {@code 0..universe-1} into sets, refined by marking elements
     * and then splitting every set with marked elements into its marked and unmarked parts
     * (Valmari and Lehtinen's refinable partition). The elements of set {@code s} are
     * {@code elems[first[s] .. end[s])}, its marked ones at the front. A split gives the new number
     * to the smaller part.
     */
    private static final class Partition {
        final int[] elems;
        /** The position of each element in {@link #elems}. */
        private final int[] loc;
        final int[] setOf;
        final int[] first;
        final int[] end;
        /** How many elements of each set are marked. */
        private final int[] marked;
        /** The sets with marked elements. */
        private final int[] touched;
        private int touchedCount;
        int count;

        /** Takes ownership of {@code elements[0..size)}; {@link #addSet} then groups them. */
        Partition(int universe, int[] elements, int size) {
            elems = elements;
            loc = new int[universe];
            setOf = new int[universe];
            for (int i = 0; i < size; i++) {
                loc[elements[i]] = i;
            }
            first = new int[size];
            end = new int[size];
            marked = new int[size];
            touched = new int[size];
        }

        /** Makes {@code elems[from..to)} (not empty) the next set. */
        void addSet(int from, int to) {
            first[count] = from;
            end[count] = to;
            for (int i = from; i < to; i++) {
                setOf[elems[i]] = count;
            }
            count++;
        }

        /** Marks an element; each element is marked at most once between two splits. */
        void mark(int e) {
            int s = setOf[e];
            int i = loc[e];
            int j = first[s] + marked[s];
            elems[i] = elems[j];
            loc[elems[i]] = i;
            elems[j] = e;
            loc[e] = j;
            if (marked[s]++ == 0) {
                touched[touchedCount++] = s;
            }
        }

        /** Splits every set with marked elements, unless all its elements are marked. */
        void split() {
            while (touchedCount > 0) {
                int s = touched[--touchedCount];
                int j = first[s] + marked[s];
                marked[s] = 0;
                if (j == end[s]) {
                    continue;
                }
                int z = count++;
                if (j - first[s] <= end[s] - j) {
                    first[z] = first[s];
                    end[z] = j;
                    first[s] = j;
                } else {
                    first[z] = j;
                    end[z] = end[s];
                    end[s] = j;
                }
                for (int i = first[z]; i < end[z]; i++) {
                    setOf[elems[i]] = z;
                }
            }
        }
    }

    /**
     * The columns {@code 0..width-1} of a table whose values are {@code -1..values-1},
     * partitioned into classes of columns that are equal in every row refined so far; at first one
     * class. A class's representative is its first column, which never leaves it.
     */
    private static final class ColumnClasses {
        private final int width;
        /** The class of each column. */
        final int[] classOf;
        /** The representative of each column's class. */
        private final int[] repOf;
        /** The representative of each class. */
        private final int[] rep;
        /** During a split, the class each new class came from; in {@link #renumber}, new numbers. */
        private final int[] parent;
        /** During a split: by value + 1, 1 + the last new class with that value, or 0. */
        private final int[] newByValue;
        /** During a split: the previous new class with the same value, or -1. */
        private final int[] sameValue;
        int count = 1;

        ColumnClasses(int width, int values) {
            this.width = width;
            classOf = new int[width];
            repOf = new int[width];
            rep = new int[width];
            parent = new int[width];
            sameValue = new int[width];
            newByValue = new int[values + 1];
        }

        /** Splits the classes by the values of row {@code row[base..base+width)}. */
        void refine(int[] row, int base) {
            for (int j = 1; j < width; j++) {
                if (row[base + j] != row[base + repOf[j]]) {
                    split(row, base, j);
                    return;
                }
            }
        }

        /**
         * Splits the classes by the values of a row whose columns before {@code from} equal their
         * representatives'. A column that differs from its representative moves to the new class
         * made for (its class, its value) in this split.
         */
        private void split(int[] row, int base, int from) {
            int old = count;
            for (int j = from; j < width; j++) {
                int v = row[base + j];
                if (v == row[base + repOf[j]]) {
                    continue;
                }
                int c = classOf[j];
                int d = newByValue[v + 1] - 1;
                while (d >= 0 && parent[d] != c) {
                    d = sameValue[d];
                }
                if (d < 0) {
                    d = count++;
                    parent[d] = c;
                    rep[d] = j;
                    sameValue[d] = newByValue[v + 1] - 1;
                    newByValue[v + 1] = d + 1;
                }
                classOf[j] = d;
                repOf[j] = rep[d];
            }
            for (int d = old; d < count; d++) {
                newByValue[row[base + rep[d]] + 1] = 0;
            }
        }

        /** Renumbers the classes by their first column. */
        void renumber() {
            int next = 0;
            for (int j = 0; j < width; j++) {
                if (repOf[j] == j) {
                    parent[classOf[j]] = next;
                    rep[next++] = j;
                }
                classOf[j] = parent[classOf[j]];
            }
        }

        /** The table's {@code rows} rows reduced to one column per class ({@code table} if no merges). */
        int[] compress(int[] table, int rows) {
            if (count == width) {
                return table;
            }
            int[] out = new int[rows * count];
            for (int i = 0; i < rows; i++) {
                for (int c = 0; c < count; c++) {
                    out[i * count + c] = table[i * width + rep[c]];
                }
            }
            return out;
        }
    }
}
