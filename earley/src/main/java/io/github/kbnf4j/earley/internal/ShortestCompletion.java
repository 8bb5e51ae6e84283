package io.github.kbnf4j.earley.internal;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;

/**
 * The fewest bytes that turn the input read so far into a complete sentence: a shortest path
 * over the chart.
 *
 * <p>Completing nonterminal {@code N} that started at {@code o} lets every waiting item of set
 * {@code o} with {@code N} after the dot advance; finishing that item's production costs
 * {@link EarleyTables#bytesToFinish()} more bytes and then completes its own left-hand side at its
 * own origin; completing the start nonterminal at origin 0 is the goal. So the nodes are pairs
 * {@code (nonterminal, origin)}, the edges are waiting items weighted by the bytes to finish them,
 * and the sources are the scan items of the last set, each weighted by the bytes to leave its
 * terminal and finish its production. Dijkstra's algorithm with a binary heap, iterative; each
 * query visits only the pairs reachable from the last set, at most one per (nonterminal, set).
 *
 * <p>Not thread-safe: it belongs to one recognizer and reuses its arrays.
 */
public final class ShortestCompletion {
    private final EarleyTables tables;
    private final Long2IntOpenHashMap best = new Long2IntOpenHashMap();
    /** Heap entries: distance in the high 32 bits, index into {@link #nodes} in the low. */
    private long[] heap = new long[64];
    private int heapSize;
    /** Node list: (nonterminal, origin) packed as {@code n << 32 | origin}. */
    private long[] nodes = new long[64];
    private int nodeCount;

    public ShortestCompletion(EarleyTables tables) {
        this.tables = tables;
        best.defaultReturnValue(Integer.MAX_VALUE);
    }

    /**
     * The fewest bytes after the last set's input that make a sentence: 0 if it already is one,
     * {@link EarleyTables#NEVER} if none can (an endless grammar).
     */
    public int bytesToAccept(Chart chart) {
        int current = chart.sets() - 1;
        if ((chart.flags(current) & Chart.ACCEPTING) != 0) {
            return 0;
        }
        best.clear();
        heapSize = 0;
        nodeCount = 0;
        int[] finish = tables.bytesToFinish();
        int[] scan = chart.scanPage(current);
        for (int i = chart.scanStart(current), end = chart.scanEnd(current); i < end; i += 3) {
            int d = scan[i];
            int cost = saturate((long) tables.grammar.dfaBytesToAccept(scan[i + 2]) + finish[d + 1]);
            offer(tables.lhs[d], scan[i + 1], cost);
        }
        int[] symbol = tables.symbol;
        while (heapSize > 0) {
            long top = poll();
            int dist = (int) (top >>> 32);
            long node = nodes[(int) top];
            int n = (int) (node >>> 32);
            int origin = (int) node;
            if (dist >= EarleyTables.NEVER) {
                break;
            }
            if (best.get(node) < dist) {
                continue; // a stale heap entry
            }
            if (n == tables.start && origin == 0) {
                return dist;
            }
            long group = chart.group(origin, n, symbol);
            int[] wait = chart.waitPage(origin);
            for (int w = (int) group, hi = (int) (group >>> 32); w < hi; w += 3) {
                int d = wait[w];
                offer(tables.lhs[d], wait[w + 1], saturate((long) dist + finish[d + 1]));
            }
        }
        return EarleyTables.NEVER;
    }

    private void offer(int n, int origin, int dist) {
        if (dist >= EarleyTables.NEVER) {
            return;
        }
        long node = (long) n << 32 | (origin & 0xFFFFFFFFL);
        if (best.get(node) <= dist) {
            return;
        }
        best.put(node, dist);
        if (nodeCount == nodes.length) {
            nodes = Arrays.copyOf(nodes, 2 * nodeCount);
        }
        nodes[nodeCount] = node;
        push((long) dist << 32 | nodeCount);
        nodeCount++;
    }

    private static int saturate(long x) {
        return (int) Math.min(x, EarleyTables.NEVER);
    }

    private void push(long x) {
        if (heapSize == heap.length) {
            heap = Arrays.copyOf(heap, 2 * heapSize);
        }
        int i = heapSize++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (heap[parent] <= x) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = x;
    }

    private long poll() {
        long result = heap[0];
        long x = heap[--heapSize];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= heapSize) {
                break;
            }
            if (child + 1 < heapSize && heap[child + 1] < heap[child]) {
                child++;
            }
            if (heap[child] >= x) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        if (heapSize > 0) {
            heap[i] = x;
        }
        return result;
    }
}
