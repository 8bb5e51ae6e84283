package io.github.kbnf4j.runtime.internal;

import it.unimi.dsi.fastutil.ints.Int2IntLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

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
    /**
     * The tokens inside the terminal, as runs of the trie's token positions (see
     * {@link TokenTrie#tokenStart}): {@code [insideRuns[2j], insideRuns[2j + 1])}, ascending. A
     * walk visits nodes in preorder and skips whole subtrees, so the tokens it keeps are a few
     * long runs of positions (a string's interior keeps nearly all of a subtree, cut where a
     * token leaves the string or holds a byte it refuses): far smaller than a list of ids.
     */
    final int[] insideRuns;
    /** The number of positions in {@link #insideRuns}. */
    final int insideCount;
    /** Exit nodes, in trie order. */
    final int[] exits;
    /** The parent state of each group of exits, in the numbering of the automaton walked. */
    final int[] groupState;
    final int[][] groupExits;
    /** The bytes read in an accepting state after the first byte, four words. */
    final long[] bytesAfterAccepting;

    private SubtreeTokens(int[] insideRuns, int insideCount, int[] exits, int[] groupState, int[][] groupExits,
            long[] bytesAfterAccepting) {
        this.insideRuns = insideRuns;
        this.insideCount = insideCount;
        this.exits = exits;
        this.groupState = groupState;
        this.groupExits = groupExits;
        this.bytesAfterAccepting = bytesAfterAccepting;
    }

    /** Approximate bytes of memory, for cache weights. */
    long bytes() {
        long b = 96L + 4L * insideRuns.length + 4L * exits.length + 4L * groupState.length;
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
     * after the child's byte, skipping a subtree at its first dead byte. The group states are
     * {@code dfa}'s, or their images under {@code renumber} when it is not null.
     */
    static SubtreeTokens walk(TokenTrie tr, ResidualTokens.Dfa dfa, int child, int t, Scratch scratch,
            IntUnaryOperator renumber) {
        int[] stateAt = scratch.stateAt;
        boolean[] acceptedBy = scratch.acceptedBy;
        IntArrayList runs = new IntArrayList();
        IntArrayList exits = new IntArrayList();
        Int2IntLinkedOpenHashMap groupOf = new Int2IntLinkedOpenHashMap(); // parent state -> group
        List<IntArrayList> groups = new ArrayList<>();
        long[] bytesAfterAccepting = new long[4];
        stateAt[1] = t;
        acceptedBy[1] = dfa.accepting(t); // nothing was accepted before the first byte
        int insideCount = addRun(runs, tr.tokenStart(child), tr.tokenStart(child + 1));
        int i = child + 1;
        int end = tr.subtreeEnd(child);
        int lastParent = -1; // the state of the last exit's parent, and its group
        int lastGroup = -1;
        while (i < end) {
            int d = tr.depth(i);
            int next = dfa.next(stateAt[d - 1], tr.nodeByte(i));
            if (next < 0) {
                if (acceptedBy[d - 1]) {
                    exits.add(i);
                    int parentState = stateAt[d - 1];
                    if (parentState != lastParent) { // siblings' exits share their parent's group: look it up once
                        lastGroup = groupOf.getOrDefault(parentState, -1);
                        if (lastGroup < 0) {
                            lastGroup = groups.size();
                            groupOf.put(parentState, lastGroup);
                            groups.add(new IntArrayList());
                        }
                        lastParent = parentState;
                    }
                    groups.get(lastGroup).add(i);
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
            insideCount += addRun(runs, tr.tokenStart(i), tr.tokenStart(i + 1));
            i++;
        }
        int groupCount = groups.size();
        int[] groupState = new int[groupCount];
        int[][] groupExits = new int[groupCount][];
        for (var e : groupOf.int2IntEntrySet()) {
            groupState[e.getIntValue()] = renumber == null ? e.getIntKey() : renumber.applyAsInt(e.getIntKey());
        }
        for (int group = 0; group < groupCount; group++) {
            groupExits[group] = groups.get(group).toIntArray();
        }
        return new SubtreeTokens(runs.toIntArray(), insideCount, exits.toIntArray(), groupState, groupExits,
                bytesAfterAccepting);
    }

    /** Adds positions {@code [from, to)} to {@code runs}, extending the last run when they follow it; returns their number. */
    private static int addRun(IntArrayList runs, int from, int to) {
        if (from == to) {
            return 0;
        }
        int n = runs.size();
        if (n > 0 && runs.getInt(n - 1) == from) {
            runs.set(n - 1, to);
        } else {
            runs.add(from);
            runs.add(to);
        }
        return to - from;
    }
}
