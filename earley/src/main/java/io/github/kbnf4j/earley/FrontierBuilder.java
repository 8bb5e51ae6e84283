package io.github.kbnf4j.earley;

import io.github.kbnf4j.earley.internal.Chart;
import io.github.kbnf4j.earley.internal.EarleyTables;
import io.github.kbnf4j.earley.internal.LeoChains;
import io.github.kbnf4j.earley.internal.PairIndex;
import it.unimi.dsi.fastutil.ints.IntArrays;
import it.unimi.dsi.fastutil.ints.IntComparator;
import java.util.Arrays;

/**
 * Writes a recognizer's {@link Frontier}: the last set's scan items, then every completion the
 * chart can still perform from them, each as a node {@code (nonterminal, origin)} with the waiting
 * items it advances (or, when the completion is deterministic, the Leo chain's topmost completion
 * it jumps to), origins replaced by ranks.
 *
 * <p>Canonical form, all ints: {@code [flags, rankOfPositionZero, scanCount, (dotted, state,
 * originRank) × scanCount sorted, nodeCount, nodes sorted by (originRank, nonterminal)]}; a node
 * is {@code nonterminal, originRank, kind}: kind {@code -1} is followed by the Leo top
 * {@code (nonterminal, originRank, acceptsOnTheWay)}, kind {@code k >= 0} by {@code k} waiting items
 * {@code (dotted, originRank)} sorted. Ranks number the distinct origin positions involved from
 * the most recent (0) back.
 *
 * <p>Cost: linear in the number of nodes and items reachable (a breadth-first walk), plus sorting
 * them; no allocation once the scratch arrays have grown. Not thread-safe.
 */
final class FrontierBuilder {
    private final EarleyTables tables;
    /** (nonterminal, origin) -> node number. */
    private final PairIndex nodeIndex = new PairIndex();
    /** Node i: (nonterminal, origin position). */
    private int[] nodeN = new int[32];
    private int[] nodeOrigin = new int[32];
    /** Node i: Leo top (nonterminal, origin position, flag), or topN = -1 with items [itemStart, itemEnd). */
    private int[] leoN = new int[32];
    private int[] leoOrigin = new int[32];
    private int[] leoFlag = new int[32];
    private int[] itemStart = new int[32];
    private int[] itemEnd = new int[32];
    private int nodeCount;
    /** Waiting items of all nodes: (dotted, origin position). */
    private int[] itemD = new int[64];
    private int[] itemOrigin = new int[64];
    private int itemCount;
    /** Distinct origin positions, then sorted descending for ranks. */
    private int[] positions = new int[32];
    private int positionCount;
    /** position -> its rank, valid when {@code rankStamp[position] == stamp}. */
    private int[] rankOf = new int[64];
    private int[] rankStamp = new int[64];
    private int stamp;
    private int[] order = new int[64];
    private int[] scanD;
    private int[] scanS;
    private int[] scanO;
    private final IntComparator scanOrder;
    private final IntComparator nodeOrder;
    private final IntComparator itemOrder;

    FrontierBuilder(EarleyTables tables) {
        this.tables = tables;
        scanOrder = (a, b) -> {
            int c = Integer.compare(scanD[a], scanD[b]);
            if (c == 0) {
                c = Integer.compare(scanS[a], scanS[b]);
            }
            return c != 0 ? c : Integer.compare(rank(scanO[a]), rank(scanO[b]));
        };
        nodeOrder = (a, b) -> {
            int c = Integer.compare(rank(nodeOrigin[a]), rank(nodeOrigin[b]));
            return c != 0 ? c : Integer.compare(nodeN[a], nodeN[b]);
        };
        itemOrder = (a, b) -> {
            int c = Integer.compare(itemD[a], itemD[b]);
            return c != 0 ? c : Integer.compare(rank(itemOrigin[a]), rank(itemOrigin[b]));
        };
    }

    /**
     * Writes the frontier into {@code out}; returns false, leaving {@code out} unusable, as soon as
     * it would hold more than {@code maxEntries} nodes and items.
     */
    boolean build(Chart chart, LeoChains leo, Frontier out, int maxEntries) {
        int current = chart.sets() - 1;
        nodeIndex.clear();
        nodeCount = 0;
        itemCount = 0;
        positionCount = 0;
        if (rankOf.length < chart.sets()) {
            int n = Math.max(chart.sets(), 2 * rankOf.length);
            rankOf = new int[n];
            rankStamp = new int[n];
            stamp = 0;
        }
        if (++stamp == Integer.MAX_VALUE) {
            Arrays.fill(rankStamp, 0);
            stamp = 1;
        }
        int[] lhs = tables.lhs;
        int[] symbol = tables.symbol;
        int scanFrom = chart.scanStart(current);
        int scanCount = (chart.scanEnd(current) - scanFrom) / 3;
        if (scanD == null || scanD.length < scanCount) {
            int n = Math.max(scanCount, 32);
            scanD = new int[n];
            scanS = new int[n];
            scanO = new int[n];
        }
        int[] scan = chart.scanPage(current);
        for (int k = 0; k < scanCount; k++) {
            int i = scanFrom + 3 * k;
            scanD[k] = scan[i];
            scanO[k] = scan[i + 1];
            scanS[k] = scan[i + 2];
            node(lhs[scan[i]], scan[i + 1]);
        }
        // Breadth-first over the nodes: the list grows while it is read.
        for (int x = 0; x < nodeCount; x++) {
            if (nodeCount + itemCount > maxEntries) {
                return false;
            }
            long group = chart.group(nodeOrigin[x], nodeN[x], symbol);
            int top = leo.topmost(chart, nodeOrigin[x], group);
            if (top >= 0) {
                int[] topPage = chart.waitPageAt(top >>> 1);
                int w = chart.waitIndexAt(top >>> 1);
                leoN[x] = lhs[topPage[w]];
                leoOrigin[x] = topPage[w + 1];
                leoFlag[x] = top & 1;
                node(leoN[x], leoOrigin[x]);
                continue;
            }
            leoN[x] = -1;
            itemStart[x] = itemCount;
            int[] wait = chart.waitPage(nodeOrigin[x]);
            for (int w = (int) group, hi = (int) (group >>> 32); w < hi; w += 3) {
                int d = wait[w];
                int o = wait[w + 1];
                addItem(d, o);
                node(lhs[d], o);
            }
            itemEnd[x] = itemCount;
        }
        // Ranks: the distinct origin positions, most recent first.
        Arrays.sort(positions, 0, positionCount);
        for (int k = 0; k < positionCount; k++) {
            rankOf[positions[k]] = positionCount - 1 - k;
        }

        out.clear();
        out.add(chart.flags(current) & Chart.ACCEPTING);
        out.add(rank(0));
        out.add(scanCount);
        order = grow(order, Math.max(scanCount, Math.max(nodeCount, itemCount)));
        sortedIndices(scanCount, scanOrder);
        for (int k = 0; k < scanCount; k++) {
            int i = order[k];
            out.add(scanD[i]);
            out.add(scanS[i]);
            out.add(rank(scanO[i]));
        }
        out.add(nodeCount);
        sortedIndices(nodeCount, nodeOrder);
        int[] nodeSequence = copyOrder(nodeCount); // 'order' is reused for each node's items below
        for (int k = 0; k < nodeCount; k++) {
            int x = nodeSequence[k];
            out.add(nodeN[x]);
            out.add(rank(nodeOrigin[x]));
            if (leoN[x] >= 0) {
                out.add(-1);
                out.add(leoN[x]);
                out.add(rank(leoOrigin[x]));
                out.add(leoFlag[x]);
            } else {
                int from = itemStart[x];
                int to = itemEnd[x];
                out.add(to - from);
                for (int k2 = from; k2 < to; k2++) {
                    order[k2 - from] = k2;
                }
                sort(order, to - from, itemOrder);
                for (int k2 = 0; k2 < to - from; k2++) {
                    out.add(itemD[order[k2]]);
                    out.add(rank(itemOrigin[order[k2]]));
                }
            }
        }
        out.seal();
        return true;
    }

    private int[] nodeScratch = new int[32];

    /** A copy of the first {@code n} entries of {@link #order} into a second scratch array. */
    private int[] copyOrder(int n) {
        nodeScratch = grow(nodeScratch, n);
        System.arraycopy(order, 0, nodeScratch, 0, n);
        return nodeScratch;
    }

    private void sortedIndices(int n, IntComparator comparator) {
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        sort(order, n, comparator);
    }

    /** Sorts {@code a[0 .. n)}: insertion sort when short (the usual case), else fastutil's quicksort. */
    private static void sort(int[] a, int n, IntComparator comparator) {
        if (n > 16) {
            IntArrays.quickSort(a, 0, n, comparator);
            return;
        }
        for (int i = 1; i < n; i++) {
            int x = a[i];
            int j = i - 1;
            while (j >= 0 && comparator.compare(a[j], x) > 0) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }

    /** The rank of origin position {@code p} (0 = most recent), or -1 if it is not involved. */
    private int rank(int p) {
        return p < rankStamp.length && rankStamp[p] == stamp ? rankOf[p] : -1;
    }

    private void node(int n, int origin) {
        if (nodeIndex.get(n, origin) >= 0) {
            return;
        }
        int x = nodeCount++;
        if (x == nodeN.length) {
            int len = 2 * x;
            nodeN = Arrays.copyOf(nodeN, len);
            nodeOrigin = Arrays.copyOf(nodeOrigin, len);
            leoN = Arrays.copyOf(leoN, len);
            leoOrigin = Arrays.copyOf(leoOrigin, len);
            leoFlag = Arrays.copyOf(leoFlag, len);
            itemStart = Arrays.copyOf(itemStart, len);
            itemEnd = Arrays.copyOf(itemEnd, len);
        }
        nodeIndex.putNew(n, origin, x);
        nodeN[x] = n;
        nodeOrigin[x] = origin;
        position(origin);
    }

    private void addItem(int d, int origin) {
        if (itemCount == itemD.length) {
            itemD = Arrays.copyOf(itemD, 2 * itemCount);
            itemOrigin = Arrays.copyOf(itemOrigin, 2 * itemCount);
        }
        itemD[itemCount] = d;
        itemOrigin[itemCount] = origin;
        itemCount++;
        position(origin);
    }

    /** Notes origin position {@code p} (each distinct position once). */
    private void position(int p) {
        if (rankStamp[p] == stamp) {
            return;
        }
        rankStamp[p] = stamp;
        positions = grow(positions, positionCount + 1);
        positions[positionCount++] = p;
    }

    private static int[] grow(int[] a, int n) {
        return n <= a.length ? a : Arrays.copyOf(a, Math.max(n, 2 * a.length));
    }
}
