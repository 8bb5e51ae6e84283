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
        /** By depth: the state after the path's byte at that depth, whether it accepts, and whether any state up to it did. */
        final int[] stateAt;
        final boolean[] acceptingAt;
        final boolean[] acceptedBy;

        Scratch(TokenTrie trie) {
            this.stateAt = new int[trie.maxDepth() + 1];
            this.acceptingAt = new boolean[trie.maxDepth() + 1];
            this.acceptedBy = new boolean[trie.maxDepth() + 1];
        }
    }

    /**
     * Walks the subtree of root child {@code child} of {@code tr} with the DFA in state {@code t}
     * after the child's byte, skipping a subtree at its first dead byte. The group states are
     * {@code dfa}'s, or their images under {@code renumber} when it is not null.
     *
     * <p>The inside tokens need no work per live node: the positions from the start of the current
     * run up to the node are all inside, so a run is closed only where a dead subtree is skipped. A
     * node whose subtree has only plain bytes below it (see {@link TokenTrie#plainBelow}), or only
     * text ({@link TokenTrie#textBelow}), reached in a state that is not accepting and reads all
     * of it through states that are not accepting (see {@link #takesWhole}), is taken whole.
     */
    static SubtreeTokens walk(TokenTrie tr, ResidualTokens.Dfa dfa, int child, int t, Scratch scratch,
            IntUnaryOperator renumber) {
        int[] stateAt = scratch.stateAt;
        boolean[] acceptingAt = scratch.acceptingAt;
        boolean[] acceptedBy = scratch.acceptedBy;
        IntArrayList runs = new IntArrayList();
        IntArrayList exits = new IntArrayList();
        Int2IntLinkedOpenHashMap groupOf = new Int2IntLinkedOpenHashMap(); // parent state -> group
        List<IntArrayList> groups = new ArrayList<>();
        long[] bytesAfterAccepting = new long[4];
        stateAt[1] = t;
        acceptingAt[1] = dfa.accepting(t);
        acceptedBy[1] = acceptingAt[1]; // nothing was accepted before the first byte
        int end = tr.subtreeEnd(child);
        int i = child + 1;
        if (!acceptingAt[1] && takesWhole(tr, dfa, child, t)) {
            i = end; // the whole subtree is inside (see the loop)
        }
        int runFrom = tr.tokenStart(child); // every position from here to the current node's is inside
        int insideCount = 0;
        int lastParent = -1; // the state of the last exit's parent, and its group
        int lastGroup = -1;
        while (i < end) {
            int d = tr.depth(i);
            int parentState = stateAt[d - 1];
            int next = dfa.next(parentState, tr.nodeByte(i));
            if (next < 0) {
                if (acceptedBy[d - 1]) {
                    exits.add(i);
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
                int skipFrom = tr.tokenStart(i);
                if (skipFrom > runFrom) {
                    runs.add(runFrom);
                    runs.add(skipFrom);
                    insideCount += skipFrom - runFrom;
                }
                i = tr.subtreeEnd(i);
                runFrom = tr.tokenStart(i);
                continue;
            }
            stateAt[d] = next;
            if (acceptingAt[d - 1]) { // d >= 2: read right after the terminal could have ended
                int b = tr.nodeByte(i);
                bytesAfterAccepting[b >>> 6] |= 1L << b;
            }
            boolean accepting = dfa.accepting(next);
            acceptingAt[d] = accepting;
            acceptedBy[d] = acceptedBy[d - 1] || accepting;
            int below = tr.subtreeEnd(i);
            if (below > i + 1 && !accepting && takesWhole(tr, dfa, i, next)) {
                // every byte below stays in a state that is not accepting: all inside, no exit, nothing read after acceptance
                i = below;
                continue;
            }
            i++;
        }
        int runTo = tr.tokenStart(end);
        if (runTo > runFrom) {
            runs.add(runFrom);
            runs.add(runTo);
            insideCount += runTo - runFrom;
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

    /**
     * Whether everything below node {@code i}, reached in state {@code q} (not accepting), is
     * inside: only plain bytes below and {@code q} reads at least that many of them whichever
     * they are, or only text below (from a character boundary) and {@code q} reads that many
     * characters (see {@link ResidualTokens.Dfa#plainRun}). Either way no byte below is dead and
     * no state on the way is accepting: no exit, nothing read after acceptance. This takes a
     * string's interior whole where it loops, and, in a string of at most m characters, every
     * subtree no higher than the characters left.
     */
    private static boolean takesWhole(TokenTrie tr, ResidualTokens.Dfa dfa, int i, int q) {
        int height = tr.heightBelow(i);
        return tr.plainBelow(i) ? dfa.plainRun(q) >= height : tr.textBelow(i) && dfa.textRun(q) >= height;
    }
}
