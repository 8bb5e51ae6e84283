package io.github.kbnf4j.runtime.internal;

import it.unimi.dsi.fastutil.ints.Int2IntLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;

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
 * <p>Immutable, apart from the {@link #reused} flag.
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

        /**
         * How many plain bytes (see {@link TokenTrie#isPlainByte}), whichever they are, lead from
         * {@code state} through live states that do not accept ({@link Integer#MAX_VALUE}: any
         * number); see {@link TerminalTextRuns}.
         */
        int plainRun(int state);

        /** As {@link #plainRun}, for characters of text (see {@link TokenTrie#textBelow}). */
        int textRun(int state);
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
    /** The first exit node of each group. */
    final int[] groupRepresentative;
    final long[] firstBytes;
    final long[] bytesAfterAccepting;
    /** Whether a second lookup took this from {@link SharedTokenTables} (then its suffix tries are shared too). */
    volatile boolean reused;

    private ResidualTokens(TokenTrie trie, int[] trieTokenIds, long[] insideMask, int[] insideIds, int[] exitNodes,
            int[] groupState, int[][] groupExits, long[] firstBytes, long[] bytesAfterAccepting) {
        this.trie = trie;
        this.trieTokenIds = trieTokenIds;
        this.insideMask = insideMask;
        this.insideIds = insideIds;
        this.exitNodes = exitNodes;
        this.groupState = groupState;
        this.groupExits = groupExits;
        this.groupRepresentative = new int[groupExits.length];
        for (int g = 0; g < groupExits.length; g++) {
            groupRepresentative[g] = groupExits[g][0];
        }
        this.firstBytes = firstBytes;
        this.bytesAfterAccepting = bytesAfterAccepting;
    }

    /** Approximate bytes of memory, for cache weights. */
    long bytes() {
        long b = 160L + (insideMask == null ? 0 : 8L * insideMask.length) + (insideIds == null ? 0
                : 4L * insideIds.length) + 4L * exitNodes.length + 12L * groupState.length;
        for (int[] g : groupExits) {
            b += 16L + 4L * g.length;
        }
        return b;
    }

    /**
     * Where the subtrees of a state's tables may come from instead of a walk: given a root child
     * and the state its byte leads to (in the numbering of the automaton walked), a subtree
     * computed before and the translation of its group states into that numbering; or null.
     */
    interface SubtreeSource {
        /** A subtree's tables and how to read its group states. */
        record Found(SubtreeTokens tokens, java.util.function.IntUnaryOperator toWalked) {
        }

        Found subtree(int child, int t);
    }

    /**
     * The tokens of {@code trie} (whose id {@code k} is vocabulary id {@code trieTokenIds[k]}, or
     * itself when that is null) seen from state {@code s} of {@code dfa}; masks are over the
     * trie's ids ({@link TokenTrie#vocabularySize()}). Subtree by subtree (see {@link SubtreeTokens}):
     * from {@code source} where it has one (may be null), else walked. The group states are
     * {@code dfa}'s, or their images under {@code renumber} when it is not null (a walk on a
     * grammar's states kept under a residual's local numbers).
     */
    static ResidualTokens compute(TokenTrie trie, int[] trieTokenIds, Dfa dfa, int s,
            SubtreeSource source, IntUnaryOperator renumber) {
        TokenTrie tr = trie;
        int n = tr.nodeCount();
        SubtreeTokens.Scratch scratch = new SubtreeTokens.Scratch(tr);
        int insideCount = 0;
        List<int[]> insideParts = new ArrayList<>(); // runs of the trie's token positions
        IntArrayList exits = new IntArrayList();
        Int2IntLinkedOpenHashMap groupOf = new Int2IntLinkedOpenHashMap(); // parent state -> group
        List<IntArrayList> groups = new ArrayList<>();
        long[] firstBytes = new long[4];
        long[] bytesAfterAccepting = new long[4];
        for (int child = 0; child < n; child = tr.subtreeEnd(child)) {
            int b = tr.nodeByte(child);
            int t = dfa.next(s, b);
            if (t < 0) {
                continue; // no exit at depth 1: nothing was accepted before the token
            }
            SubtreeSource.Found found = source == null ? null : source.subtree(child, t);
            SubtreeTokens sub = found != null ? found.tokens() : SubtreeTokens.walk(tr, dfa, child, t, scratch, null);
            if (sub.insideCount > 0) {
                insideParts.add(sub.insideRuns);
                insideCount += sub.insideCount;
            }
            exits.addElements(exits.size(), sub.exits);
            if (sub.exits.length > 0) {
                firstBytes[b >>> 6] |= 1L << b;
            }
            for (int w = 0; w < 4; w++) {
                bytesAfterAccepting[w] |= sub.bytesAfterAccepting[w];
            }
            for (int g = 0; g < sub.groupState.length; g++) {
                int state = found == null ? sub.groupState[g] : found.toWalked().applyAsInt(sub.groupState[g]);
                int group = groupOf.getOrDefault(state, -1);
                if (group < 0) {
                    group = groups.size();
                    groupOf.put(state, group);
                    groups.add(new IntArrayList());
                }
                IntArrayList list = groups.get(group);
                list.addElements(list.size(), sub.groupExits[g]);
            }
        }
        int[] exitNodes = exits.toIntArray();
        int groupCount = groups.size();
        int[] groupState = new int[groupCount];
        int[][] groupExits = new int[groupCount][];
        for (var e : groupOf.int2IntEntrySet()) {
            groupState[e.getIntValue()] = renumber == null ? e.getIntKey() : renumber.applyAsInt(e.getIntKey());
        }
        for (int group = 0; group < groupCount; group++) {
            groupExits[group] = groups.get(group).toIntArray();
        }
        if (insideCount <= LIST_LIMIT) {
            int[] ids = new int[insideCount];
            int at = 0;
            for (int[] runs : insideParts) {
                for (int j = 0; j < runs.length; j += 2) {
                    for (int k = runs[j], stop = runs[j + 1]; k < stop; k++) {
                        ids[at++] = tr.tokenId(k);
                    }
                }
            }
            return new ResidualTokens(trie, trieTokenIds, null, ids, exitNodes, groupState, groupExits, firstBytes,
                    bytesAfterAccepting);
        }
        long[] mask = insideMask(tr, insideParts, insideCount);
        return new ResidualTokens(trie, trieTokenIds, mask, null, exitNodes, groupState, groupExits, firstBytes,
                bytesAfterAccepting);
    }

    /**
     * The mask of the tokens at the positions of {@code insideParts} (runs of trie positions,
     * ascending, {@code insideCount} positions in all). Each token has one position, so where most
     * tokens are inside (a string's interior: some 110,000 of Llama-3's 128,000) the mask starts
     * from all of the trie's tokens and clears the positions between the runs, a fraction of the
     * work of setting those inside.
     */
    static long[] insideMask(TokenTrie tr, List<int[]> insideParts, int insideCount) {
        int total = tr.tokenCount();
        long[] all = tr.allTokensMask();
        if (insideCount <= total / 2) {
            long[] mask = new long[all.length];
            for (int[] runs : insideParts) {
                for (int j = 0; j < runs.length; j += 2) {
                    set(tr, mask, runs[j], runs[j + 1]);
                }
            }
            return mask;
        }
        long[] mask = all.clone();
        int outsideFrom = 0; // every position from here to the next run's start is outside
        for (int[] runs : insideParts) {
            for (int j = 0; j < runs.length; j += 2) {
                clear(tr, mask, outsideFrom, runs[j]);
                outsideFrom = runs[j + 1];
            }
        }
        clear(tr, mask, outsideFrom, total);
        return mask;
    }

    private static void set(TokenTrie tr, long[] mask, int from, int to) {
        for (int k = from; k < to; k++) {
            int id = tr.tokenId(k);
            mask[id >>> 6] |= 1L << id;
        }
    }

    private static void clear(TokenTrie tr, long[] mask, int from, int to) {
        for (int k = from; k < to; k++) {
            int id = tr.tokenId(k);
            mask[id >>> 6] &= ~(1L << id);
        }
    }

    /** The trie of the distinct suffixes of group {@code g}'s tokens (see {@link ExitSuffixes}). */
    SuffixTrie buildGroupSuffixes(int g) {
        return ExitSuffixes.build(trie, trieTokenIds, groupExits[g], 0, groupExits[g].length);
    }
}
