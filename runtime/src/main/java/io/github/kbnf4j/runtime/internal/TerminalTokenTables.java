package io.github.kbnf4j.runtime.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import it.unimi.dsi.fastutil.ints.Int2IntLinkedOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * {@link StateTokens} for every DFA state of a grammar against one vocabulary, computed lazily
 * the first time a mask needs the state, then reused by every matcher of the constraint.
 *
 * <p>Computing a state walks the token trie depth-first while running the terminal's DFA along
 * each path, skipping a subtree at its first dead byte: {@code O(nodes on live paths + boundary
 * tokens)}, a few milliseconds for a state that accepts almost any byte (inside a JSON string)
 * over a 128k vocabulary, far less for a punctuation state.
 *
 * <p>The same tables exist for the tries of exit suffixes ({@link ExitSuffixes}), which the
 * grouped exit walk matches by layer 2 in turn; those keep only the states their walks meet, in
 * a map, and share the grammar-wide data (live bytes, start states) of the vocabulary's tables.
 *
 * <p>THREAD SAFETY: entries are published through an {@link AtomicReferenceArray} (or a
 * {@link ConcurrentHashMap}); two threads that need the same missing state may both compute it,
 * and one result wins. Entries are immutable, so readers never see a partial one.
 */
public final class TerminalTokenTables {
    /** Below this many inside tokens a state keeps a list of ids rather than a mask. */
    private static final int LIST_LIMIT = 512;

    private final CompiledGrammar grammar;
    private final TokenTrie trie;
    private final int maskWords;
    /** The tables by DFA state, for the vocabulary's trie (null for a suffix trie). */
    private final AtomicReferenceArray<StateTokens> states;
    /** The tables by DFA state, for a suffix trie: only the few states its walks meet (null for the vocabulary). */
    private final ConcurrentHashMap<Integer, StateTokens> sparseStates;
    /** The vocabulary id of each id of {@link #trie}; null when the trie is the vocabulary's. */
    private final int[] tokenIds;
    /** For each DFA state, the bytes with a transition, four words per state. */
    private final long[] liveBytes;
    /** For each DFA state, whether it is the start state of a terminal. */
    private final boolean[] startState;

    public TerminalTokenTables(CompiledGrammar grammar, TokenTrie trie) {
        this.grammar = grammar;
        this.trie = trie;
        this.maskWords = (trie.vocabularySize() + 63) >>> 6;
        int stateCount = grammar.dfaStateCount();
        this.states = new AtomicReferenceArray<>(stateCount);
        this.sparseStates = null;
        this.tokenIds = null;
        this.liveBytes = new long[4 * stateCount];
        for (int s = 0; s < stateCount; s++) {
            for (int b = 0; b < 256; b++) {
                if (grammar.dfaNext(s, b) >= 0) {
                    liveBytes[4 * s + (b >>> 6)] |= 1L << b;
                }
            }
        }
        this.startState = new boolean[stateCount];
        for (int t = 0; t < grammar.terminalCount(); t++) {
            startState[grammar.terminalStartState(t)] = true;
        }
    }

    private TerminalTokenTables(TerminalTokenTables vocabularyTables, TokenTrie suffixTrie, int[] tokenIds) {
        this.grammar = vocabularyTables.grammar;
        this.trie = suffixTrie;
        this.maskWords = (suffixTrie.vocabularySize() + 63) >>> 6;
        this.states = null;
        this.sparseStates = new ConcurrentHashMap<>();
        this.tokenIds = tokenIds;
        this.liveBytes = vocabularyTables.liveBytes;
        this.startState = vocabularyTables.startState;
    }

    /**
     * Tables over {@code suffixTrie}, whose id {@code k} is vocabulary id {@code tokenIds[k]},
     * sharing this one's grammar-wide data.
     */
    TerminalTokenTables forSuffixes(TokenTrie suffixTrie, int[] tokenIds) {
        return new TerminalTokenTables(this, suffixTrie, tokenIds);
    }

    /** The vocabulary id of each id of this table's trie, or null when the trie is the vocabulary's. */
    int[] tokenIds() {
        return tokenIds;
    }

    /** Whether some byte has a transition from DFA state {@code s} and is in the 256-bit set {@code bytes}. */
    public boolean liveBytesIntersect(int s, long[] bytes) {
        int at = 4 * s;
        return ((liveBytes[at] & bytes[0]) | (liveBytes[at + 1] & bytes[1]) | (liveBytes[at + 2] & bytes[2])
                | (liveBytes[at + 3] & bytes[3])) != 0;
    }

    /** Whether DFA state {@code s} is accepting. */
    boolean isAccepting(int s) {
        return grammar.dfaAccepting(s);
    }

    /** The suffixes of the tokens below {@code exits}, nodes of this table's trie. */
    ExitSuffixes suffixesOf(int[] exits) {
        return ExitSuffixes.of(trie, exits, 0, exits.length, this);
    }

    /** Whether DFA state {@code s} is the start state of a terminal. */
    public boolean isStartState(int s) {
        return startState[s];
    }

    /** The tokens seen from global DFA state {@code s}. */
    public StateTokens get(int s) {
        if (states == null) {
            StateTokens t = sparseStates.get(s);
            if (t == null) {
                StateTokens computed = compute(s);
                t = sparseStates.putIfAbsent(s, computed);
                if (t == null) {
                    t = computed;
                }
            }
            return t;
        }
        StateTokens t = states.get(s);
        if (t == null) {
            t = compute(s);
            if (!states.compareAndSet(s, null, t)) {
                t = states.get(s);
            }
        }
        return t;
    }

    private StateTokens compute(int s) {
        TokenTrie tr = trie;
        CompiledGrammar g = grammar;
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
            int next = g.dfaNext(stateAt[d - 1], tr.nodeByte(i));
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
            if (d >= 2 && g.dfaAccepting(stateAt[d - 1])) { // read right after the terminal could have ended
                int b = tr.nodeByte(i);
                bytesAfterAccepting[b >>> 6] |= 1L << b;
            }
            acceptedBy[d] = acceptedBy[d - 1] || g.dfaAccepting(next);
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
            return new StateTokens(null, inside.toIntArray(), exitNodes, groupState, groupExits,
                    firstBytes, bytesAfterAccepting, this);
        }
        long[] mask = new long[maskWords];
        for (int k = 0, size = inside.size(); k < size; k++) {
            int id = inside.getInt(k);
            mask[id >>> 6] |= 1L << id;
        }
        return new StateTokens(mask, null, exitNodes, groupState, groupExits, firstBytes, bytesAfterAccepting, this);
    }
}
