package io.github.kbnf4j.runtime.internal;

import it.unimi.dsi.fastutil.ints.Int2IntLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;

/**
 * The tokens of a token trie seen from one DFA state, computed on an automaton that may be a
 * whole grammar's or a {@link Residual} in its own local numbering: the data of
 * {@link StateTokens} before its states are translated into a particular grammar's. Computed on
 * a residual, it depends only on that residual and the trie, so {@link SharedTokenTables}
 * shares it between every grammar that has the same residual; {@link StateTokens} is the
 * per-constraint view.
 *
 * <p>Computing it walks the token trie depth-first while running the DFA along each path,
 * skipping a subtree at its first dead byte: {@code O(nodes on live paths + boundary tokens)}, a
 * few milliseconds for a state that accepts almost any byte (inside a JSON string) over a 128k
 * vocabulary, far less for a punctuation state.
 *
 * <p>Immutable.
 */
public final class ResidualTokens {
    /** Below this many inside tokens a state keeps a list of ids rather than a mask. */
    private static final int LIST_LIMIT = 512;

    /** The transitions a walk reads: a grammar's DFA or a residual of it. */
    public interface Dfa {
        /** The state after byte {@code b} (0..255) from {@code state}, -1 when dead. */
        int next(int state, int b);

        /** Whether {@code state} is accepting. */
        boolean accepting(int state);
    }

    /** The trie this was computed on. */
    final TokenTrie trie;
    /** The vocabulary id of each id of {@link #trie}, or null when the trie is the vocabulary's. */
    final int[] trieTokenIds;
    final long[] insideMask;
    final int[] insideIds;
    final int[] exitNodes;
    /** The parent state of each group of exit nodes, in the numbering of the automaton walked. */
    final int[] groupState;
    final int[][] groupExits;
    final long[] firstBytes;
    final long[] bytesAfterAccepting;

    private ResidualTokens(TokenTrie trie, int[] trieTokenIds, long[] insideMask, int[] insideIds, int[] exitNodes,
            int[] groupState, int[][] groupExits, long[] firstBytes, long[] bytesAfterAccepting) {
        this.trie = trie;
        this.trieTokenIds = trieTokenIds;
        this.insideMask = insideMask;
        this.insideIds = insideIds;
        this.exitNodes = exitNodes;
        this.groupState = groupState;
        this.groupExits = groupExits;
        this.firstBytes = firstBytes;
        this.bytesAfterAccepting = bytesAfterAccepting;
    }

    /** Approximate bytes of memory, for cache weights. */
    long bytes() {
        long b = 160L + (insideMask == null ? 0 : 8L * insideMask.length) + (insideIds == null ? 0
                : 4L * insideIds.length) + 4L * exitNodes.length + 8L * groupState.length;
        for (int[] g : groupExits) {
            b += 16L + 4L * g.length;
        }
        return b;
    }

    /**
     * The tokens of {@code trie} (whose id {@code k} is vocabulary id {@code trieTokenIds[k]}, or
     * itself when that is null) seen from state {@code s} of {@code dfa}; masks have
     * {@code maskWords} words over the trie's ids.
     */
    static ResidualTokens compute(TokenTrie trie, int[] trieTokenIds, Dfa dfa, int s, int maskWords) {
        TokenTrie tr = trie;
        int n = tr.nodeCount();
        int[] stateAt = new int[tr.maxDepth() + 1];
        boolean[] acceptedBy = new boolean[tr.maxDepth() + 1];
        stateAt[0] = s;
        IntArrayList inside = new IntArrayList();
        IntArrayList exits = new IntArrayList();
        Int2IntLinkedOpenHashMap groupOf = new Int2IntLinkedOpenHashMap(); // parent state -> group
        List<IntArrayList> groups = new ArrayList<>();
        long[] firstBytes = new long[4];
        long[] bytesAfterAccepting = new long[4];
        int firstByte = -1; // the byte of the live depth-1 node the walk is under (preorder)
        int i = 0;
        while (i < n) {
            int d = tr.depth(i);
            int next = dfa.next(stateAt[d - 1], tr.nodeByte(i));
            if (next < 0) {
                int end = tr.subtreeEnd(i);
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
                    firstBytes[firstByte >>> 6] |= 1L << firstByte; // exits lie at depth 2 or more
                }
                i = end;
                continue;
            }
            stateAt[d] = next;
            if (d == 1) {
                firstByte = tr.nodeByte(i);
            }
            if (d >= 2 && dfa.accepting(stateAt[d - 1])) { // read right after the terminal could have ended
                int b = tr.nodeByte(i);
                bytesAfterAccepting[b >>> 6] |= 1L << b;
            }
            acceptedBy[d] = acceptedBy[d - 1] || dfa.accepting(next);
            for (int k = tr.tokenStart(i), stop = tr.tokenStart(i + 1); k < stop; k++) {
                inside.add(tr.tokenId(k));
            }
            i++;
        }
        int[] exitNodes = exits.toIntArray();
        int groupCount = groups.size();
        int[] groupState = new int[groupCount];
        int[][] groupExits = new int[groupCount][];
        for (var e : groupOf.int2IntEntrySet()) {
            groupState[e.getIntValue()] = e.getIntKey();
        }
        for (int group = 0; group < groupCount; group++) {
            groupExits[group] = groups.get(group).toIntArray();
        }
        if (inside.size() <= LIST_LIMIT) {
            return new ResidualTokens(trie, trieTokenIds, null, inside.toIntArray(), exitNodes, groupState, groupExits,
                    firstBytes, bytesAfterAccepting);
        }
        long[] mask = new long[maskWords];
        for (int k = 0, size = inside.size(); k < size; k++) {
            int id = inside.getInt(k);
            mask[id >>> 6] |= 1L << id;
        }
        return new ResidualTokens(trie, trieTokenIds, mask, null, exitNodes, groupState, groupExits, firstBytes,
                bytesAfterAccepting);
    }

    /** The trie of the distinct suffixes of group {@code g}'s tokens (see {@link ExitSuffixes}). */
    SuffixTrie buildGroupSuffixes(int g) {
        return ExitSuffixes.build(trie, trieTokenIds, groupExits[g], 0, groupExits[g].length);
    }
}
