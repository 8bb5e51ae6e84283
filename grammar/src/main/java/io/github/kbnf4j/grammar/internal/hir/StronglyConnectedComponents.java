package io.github.kbnf4j.grammar.internal.hir;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;

/** Tarjan's strongly connected components, iterative so that long chains cannot overflow the stack. */
public final class StronglyConnectedComponents {
    private StronglyConnectedComponents() {
    }

    /**
     * The component of every node of the graph {@code edges} (node -> successors). Components
     * are numbered from 0; nodes in one cycle share a number. A component's number is lower than
     * that of every component that reaches it (reverse topological order).
     *
     * <p>Complexity: linear in nodes plus edges.
     */
    public static int[] of(IntArrayList[] edges) {
        int count = edges.length;
        int[] edgeStart = new int[count + 1];
        for (int v = 0; v < count; v++) {
            edgeStart[v + 1] = edgeStart[v] + edges[v].size();
        }
        int[] target = new int[edgeStart[count]];
        for (int v = 0; v < count; v++) {
            edges[v].getElements(0, target, edgeStart[v], edges[v].size());
        }
        return of(edgeStart, target);
    }

    /**
     * The same for a graph in compressed rows: the successors of node {@code v} are
     * {@code target[edgeStart[v] .. edgeStart[v + 1])}.
     */
    public static int[] of(int[] edgeStart, int[] target) {
        int count = edgeStart.length - 1;
        int[] index = new int[count];
        int[] low = new int[count];
        int[] component = new int[count];
        boolean[] onStack = new boolean[count];
        Arrays.fill(index, -1);
        IntArrayList stack = new IntArrayList();
        int[] callNode = new int[count];
        int[] callEdge = new int[count];
        int nextIndex = 0;
        int nextComponent = 0;
        for (int root = 0; root < count; root++) {
            if (index[root] >= 0) {
                continue;
            }
            int depth = 0;
            callNode[0] = root;
            callEdge[0] = edgeStart[root];
            index[root] = low[root] = nextIndex++;
            stack.add(root);
            onStack[root] = true;
            while (depth >= 0) {
                int v = callNode[depth];
                if (callEdge[depth] < edgeStart[v + 1]) {
                    int w = target[callEdge[depth]++];
                    if (index[w] < 0) {
                        index[w] = low[w] = nextIndex++;
                        stack.add(w);
                        onStack[w] = true;
                        depth++;
                        callNode[depth] = w;
                        callEdge[depth] = edgeStart[w];
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                if (low[v] == index[v]) {
                    int w;
                    do {
                        w = stack.popInt();
                        onStack[w] = false;
                        component[w] = nextComponent;
                    } while (w != v);
                    nextComponent++;
                }
                depth--;
                if (depth >= 0) {
                    int parent = callNode[depth];
                    low[parent] = Math.min(low[parent], low[v]);
                }
            }
        }
        return component;
    }
}
