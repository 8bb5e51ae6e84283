package io.github.kbnf4j.runtime.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import it.unimi.dsi.fastutil.ints.IntArrayList;
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
 * <p>THREAD SAFETY: entries are published through an {@link AtomicReferenceArray}; two threads
 * that need the same missing state may both compute it, and one result wins. Entries are
 * immutable, so readers never see a partial one.
 */
public final class TerminalTokenTables {
    /** Below this many inside tokens a state keeps a list of ids rather than a mask. */
    private static final int LIST_LIMIT = 512;

    private final CompiledGrammar grammar;
    private final TokenTrie trie;
    private final int maskWords;
    private final AtomicReferenceArray<StateTokens> states;

    public TerminalTokenTables(CompiledGrammar grammar, TokenTrie trie) {
        this.grammar = grammar;
        this.trie = trie;
        this.maskWords = (trie.vocabularySize() + 63) >>> 6;
        this.states = new AtomicReferenceArray<>(grammar.dfaStateCount());
    }

    /** The tokens seen from global DFA state {@code s}. */
    public StateTokens get(int s) {
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
        int i = 0;
        while (i < n) {
            int d = tr.depth(i);
            int next = g.dfaNext(stateAt[d - 1], tr.nodeByte(i));
            if (next < 0) {
                int end = tr.subtreeEnd(i);
                if (acceptedBy[d - 1]) {
                    exits.add(i);
                }
                i = end;
                continue;
            }
            stateAt[d] = next;
            acceptedBy[d] = acceptedBy[d - 1] || g.dfaAccepting(next);
            for (int k = tr.tokenStart(i), stop = tr.tokenStart(i + 1); k < stop; k++) {
                inside.add(tr.tokenId(k));
            }
            i++;
        }
        int[] exitNodes = exits.toIntArray();
        if (inside.size() <= LIST_LIMIT) {
            return new StateTokens(null, inside.toIntArray(), exitNodes);
        }
        long[] mask = new long[maskWords];
        for (int k = 0, size = inside.size(); k < size; k++) {
            int id = inside.getInt(k);
            mask[id >>> 6] |= 1L << id;
        }
        return new StateTokens(mask, null, exitNodes);
    }
}
