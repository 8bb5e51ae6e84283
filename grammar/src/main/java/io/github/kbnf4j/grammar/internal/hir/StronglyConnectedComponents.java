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
            callEdge[0] = 0;
            index[root] = low[root] = nextIndex++;
            stack.add(root);
            onStack[root] = true;
            while (depth >= 0) {
                int v = callNode[depth];
                if (callEdge[depth] < edges[v].size()) {
                    int w = edges[v].getInt(callEdge[depth]++);
                    if (index[w] < 0) {
                        index[w] = low[w] = nextIndex++;
                        stack.add(w);
                        onStack[w] = true;
                        depth++;
                        callNode[depth] = w;
                        callEdge[depth] = 0;
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
