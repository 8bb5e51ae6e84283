package io.github.kbnf4j.runtime.internal;

import it.unimi.dsi.fastutil.ints.Int2IntLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;

/**
 * What one subtree of a token trie, rooted at a child of the root, yields when its first byte
 * leads a DFA to state {@code t}: the part of a {@link ResidualTokens} that lies in that subtree.
 * A state's tables are the union of its subtrees' in trie order, and each subtree depends only on
 * the state after its first byte, not on the state before it. That is what makes a broad state
 * of a big automaton cheap: the state after {@code "} in "any key but these 40" moves on most
 * first bytes to the plain string interior, whose subtrees {@link SharedTokenTables} already
 * holds, so only the subtrees of the declared keys' first letters are walked.
 *
 * <p>Immutable.
 */
final class SubtreeTokens {
    /** Ids of the trie inside the terminal, in walk order. */
    final int[] insideIds;
    /** Exit nodes, in trie order. */
    final int[] exits;
    /** The parent state of each group of exits, in the numbering of the automaton walked. */
    final int[] groupState;
    final int[][] groupExits;
    /** The bytes read in an accepting state after the first byte, four words. */
    final long[] bytesAfterAccepting;

    private SubtreeTokens(int[] insideIds, int[] exits, int[] groupState, int[][] groupExits,
            long[] bytesAfterAccepting) {
        this.insideIds = insideIds;
        this.exits = exits;
        this.groupState = groupState;
        this.groupExits = groupExits;
        this.bytesAfterAccepting = bytesAfterAccepting;
    }

    /** Approximate bytes of memory, for cache weights. */
    long bytes() {
        long b = 96L + 4L * insideIds.length + 4L * exits.length + 4L * groupState.length;
        for (int[] g : groupExits) {
            b += 16L + 4L * g.length;
        }
        return b;
    }

    /** Scratch arrays of one walk, reused from subtree to subtree. */
    static final class Scratch {
        final int[] stateAt;
        final boolean[] acceptedBy;

        Scratch(TokenTrie trie) {
            this.stateAt = new int[trie.maxDepth() + 1];
            this.acceptedBy = new boolean[trie.maxDepth() + 1];
        }
    }

    /**
     * Walks the subtree of root child {@code child} of {@code tr} with the DFA in state {@code t}
     * after the child's byte, skipping a subtree at its first dead byte.
     */
    static SubtreeTokens walk(TokenTrie tr, ResidualTokens.Dfa dfa, int child, int t, Scratch scratch) {
        int[] stateAt = scratch.stateAt;
        boolean[] acceptedBy = scratch.acceptedBy;
        IntArrayList inside = new IntArrayList();
        IntArrayList exits = new IntArrayList();
        Int2IntLinkedOpenHashMap groupOf = new Int2IntLinkedOpenHashMap(); // parent state -> group
        List<IntArrayList> groups = new ArrayList<>();
        long[] bytesAfterAccepting = new long[4];
        stateAt[1] = t;
        acceptedBy[1] = dfa.accepting(t); // nothing was accepted before the first byte
        for (int k = tr.tokenStart(child), stop = tr.tokenStart(child + 1); k < stop; k++) {
            inside.add(tr.tokenId(k));
        }
        int i = child + 1;
        int end = tr.subtreeEnd(child);
        while (i < end) {
            int d = tr.depth(i);
            int next = dfa.next(stateAt[d - 1], tr.nodeByte(i));
            if (next < 0) {
                if (acceptedBy[d - 1]) {
                    exits.add(i);
                    int parentState = stateAt[d - 1];
                    int group = groupOf.getOrDefault(parentState, -1);
                    if (group < 0) {
                        group = groups.size();
                        groupOf.put(parentState, group);
                        groups.add(new IntArrayList());
                    }
                    groups.get(group).add(i);
                }
                i = tr.subtreeEnd(i);
                continue;
            }
            stateAt[d] = next;
            if (dfa.accepting(stateAt[d - 1])) { // d >= 2: read right after the terminal could have ended
                int b = tr.nodeByte(i);
                bytesAfterAccepting[b >>> 6] |= 1L << b;
            }
            acceptedBy[d] = acceptedBy[d - 1] || dfa.accepting(next);
            for (int k = tr.tokenStart(i), stop = tr.tokenStart(i + 1); k < stop; k++) {
                inside.add(tr.tokenId(k));
            }
            i++;
        }
        int groupCount = groups.size();
        int[] groupState = new int[groupCount];
        int[][] groupExits = new int[groupCount][];
        for (var e : groupOf.int2IntEntrySet()) {
            groupState[e.getIntValue()] = e.getIntKey();
        }
        for (int group = 0; group < groupCount; group++) {
            groupExits[group] = groups.get(group).toIntArray();
        }
        return new SubtreeTokens(inside.toIntArray(), exits.toIntArray(), groupState, groupExits, bytesAfterAccepting);
    }
}
