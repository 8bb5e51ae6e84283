package io.github.kbnf4j.runtime;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.runtime.internal.ExitSuffixes;
import io.github.kbnf4j.runtime.internal.StateTokens;
import io.github.kbnf4j.runtime.internal.TerminalTokenTables;
import io.github.kbnf4j.runtime.internal.TokenTrie;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;

/**
 * Computes a token mask from a recognizer state, without the cache: layers 2 and 3 of the
 * README's "How it works" (Masks). One per matcher (it owns scratch buffers); not thread-safe.
 *
 * <p>Layer 2 works on a token trie and its {@link TerminalTokenTables}: for every DFA state the
 * next byte is read in, the tokens inside the terminal are allowed outright, and the tokens that
 * may leave the terminal mid-token (the subtrees of the state's exit nodes) are walked. Where
 * the grouped exit walk applies, the walk continues on the trie of the tokens' distinct
 * <i>suffixes</i> ({@link ExitSuffixes}) from one recognizer state per group, and that walk is
 * layer 2 again, with the suffix trie's own tables: so a token such as {@code "}, {"name": "}
 * costs a few table lookups instead of a push per byte. Each level consumes at least two bytes
 * of the token, so the recursion is at most half the longest token deep.
 *
 * <p>Layer 3, the plain trie walk, pushes every byte; it is the fallback where the conditions of
 * the grouped walk fail, and the reference the tests compare with.
 */
final class MaskWalker {
    /** Scratch buffers of one level of the layer-2 recursion. */
    private static final class Frame {
        int[] states = new int[16];
        StateTokens[] stateTokens = new StateTokens[16];
        int[] statesAfter = new int[16];
        int[] exitNodes = new int[64];
        final long[] nextBytes = new long[4];
        /** A path being pushed, and the prefix now pushed by the one-by-one exit walk; they grow on demand. */
        byte[] path = new byte[32];
        byte[] prefix = new byte[32];

        /** Room for a path of {@code length} bytes; the pushed prefix is kept (the walk compares with it). */
        void ensurePath(int length) {
            if (path.length < length) {
                int size = Math.max(length, 2 * path.length);
                path = Arrays.copyOf(path, size);
                prefix = Arrays.copyOf(prefix, size);
            }
        }
    }

    private final Recognizer recognizer;
    private final CompiledGrammar grammar;
    private final TokenTrie trie;
    private final TerminalTokenTables tables;
    private Frame[] frames = new Frame[4];

    /** The inside masks of the vocabulary-level terminal states of the last mask (shared bases for the cache). */
    private long[][] bases = new long[8][];
    private int baseCount;

    MaskWalker(Recognizer recognizer, CompiledGrammar grammar, TokenTrie trie, TerminalTokenTables tables) {
        this.recognizer = recognizer;
        this.grammar = grammar;
        this.trie = trie;
        this.tables = tables;
    }

    /** The bases of the last {@link #fillByTables} call, {@code bases()[0 .. baseCount())}. */
    long[][] bases() {
        return bases;
    }

    int baseCount() {
        return baseCount;
    }

    /** ORs the allowed text tokens into {@code mask} by layer 2 (which falls back to layer 3 where it must). */
    void fillByTables(long[] mask) {
        baseCount = 0;
        fillLevel(mask, 0, trie, null, tables);
    }

    /** ORs the allowed text tokens into {@code mask} by the plain trie walk (layer 3 alone). */
    void fillByTrieWalk(long[] mask) {
        Recognizer r = recognizer;
        int base = r.mark();
        try {
            walkRoots(mask, frame(0), trie, null, base);
        } finally {
            r.popTo(base);
        }
    }

    private Frame frame(int level) {
        if (level >= frames.length) {
            frames = Arrays.copyOf(frames, 2 * level);
        }
        Frame f = frames[level];
        if (f == null) {
            f = new Frame();
            frames[level] = f;
        }
        return f;
    }

    /**
     * Layer 2 on trie {@code t} (ids mapped through {@code ids} unless null) with its tables, from
     * the recognizer's current state, which it leaves as it found it.
     */
    private void fillLevel(long[] mask, int level, TokenTrie t, int[] ids, TerminalTokenTables levelTables) {
        Recognizer r = recognizer;
        Frame f = frame(level);
        if (f.states.length < r.scanItemCount()) {
            f.states = new int[Math.max(r.scanItemCount(), 2 * f.states.length)];
            f.stateTokens = new StateTokens[f.states.length];
        }
        int stateCount = r.terminalStates(f.states);
        for (int k = 0; k < stateCount; k++) {
            StateTokens st = levelTables.get(f.states[k]);
            f.stateTokens[k] = st;
            addInside(mask, st, ids);
        }
        int exitCount = 0;
        int walkedOneByOne = 0;
        for (int k = 0; k < stateCount; k++) {
            int[] exits = f.stateTokens[k].exitNodes;
            if (exits.length == 0 || walkExitGroups(mask, level, t, k, stateCount)) {
                continue;
            }
            if (exitCount + exits.length > f.exitNodes.length) {
                f.exitNodes = Arrays.copyOf(f.exitNodes, Math.max(exitCount + exits.length, 2 * f.exitNodes.length));
            }
            System.arraycopy(exits, 0, f.exitNodes, exitCount, exits.length);
            exitCount += exits.length;
            walkedOneByOne++;
        }
        if (exitCount > 0) {
            if (walkedOneByOne > 1) {
                // the states' lists merged into trie order (fastutil's in-place sort: no merge buffer)
                IntArrays.quickSort(f.exitNodes, 0, exitCount);
            }
            walkExitNodes(mask, f, t, ids, exitCount);
        }
    }

    /** The inside tokens of one state; at the vocabulary level a large set is also a base of the cache entry. */
    private void addInside(long[] mask, StateTokens st, int[] ids) {
        if (st.insideMask != null) {
            long[] inside = st.insideMask;
            if (ids == null) {
                for (int w = 0; w < inside.length; w++) {
                    mask[w] |= inside[w];
                }
                if (baseCount == bases.length) {
                    bases = Arrays.copyOf(bases, 2 * baseCount);
                }
                bases[baseCount++] = inside;
            } else {
                for (int w = 0; w < inside.length; w++) {
                    for (long bits = inside[w]; bits != 0; bits &= bits - 1) {
                        int id = ids[(w << 6) + Long.numberOfTrailingZeros(bits)];
                        mask[id >>> 6] |= 1L << id;
                    }
                }
            }
        } else {
            for (int k : st.insideIds) {
                int id = ids == null ? k : ids[k];
                mask[id >>> 6] |= 1L << id;
            }
        }
    }

    /**
     * The grouped exit walk of DFA state {@code states[k]} (call it s, of terminal T): when it
     * applies, the recognizer state after the path to an exit node's parent depends only on the
     * DFA state q that path leads T to, so one path per q is pushed instead of one per parent,
     * and the distinct suffixes of the group's tokens are matched from there, by layer 2 on their
     * own trie. Returns false, having changed nothing, when it does not apply; the caller then
     * walks the exit nodes one by one.
     *
     * <p>Why one path per q is enough. Let p be the path to an exit node's parent (all of it
     * inside T, starting from s). It applies when (1) every other item of the current set dies
     * on p's first byte, and (2) the items predicted when T ends mid-path die on the next byte:
     * their first bytes are disjoint from the bytes T reads in an accepting state after its first
     * byte. Then after p the only live items are T's items, now in q, and, if q is accepting, the
     * items T's completion adds, which depend only on T's items (origins before the token), not
     * on p. The exit byte leaves T, so what follows it is read by those completion items alone:
     * the same for every p ending in q. If q is not accepting, nothing can read the exit byte,
     * and the whole exit subtree is refused. Condition (2) is checked on the first representative
     * path that ends in an accepting state (without one, the walk does not apply).
     */
    private boolean walkExitGroups(long[] mask, int level, TokenTrie t, int k, int stateCount) {
        Frame f = frames[level];
        StateTokens st = f.stateTokens[k];
        int s = f.states[k];
        TerminalTokenTables shared = tables;
        for (int j = 0; j < stateCount; j++) { // condition (1)
            if (f.states[j] != s && shared.liveBytesIntersect(f.states[j], st.firstBytes)) {
                return false;
            }
        }
        int[] groupState = st.groupState;
        int firstAccepting = -1;
        for (int grp = groupState.length - 1; grp >= 0; grp--) {
            if (grammar.dfaAccepting(groupState[grp])) {
                if (shared.isStartState(groupState[grp])) {
                    return false; // see completionItemsDieInPath
                }
                firstAccepting = grp;
            }
        }
        if (firstAccepting < 0) {
            return false;
        }
        Recognizer r = recognizer;
        int base = r.mark();
        try {
            pushParentPath(f, t, st.groupRepresentative[firstAccepting]);
            if (!completionItemsDieInPath(f, st, groupState[firstAccepting])) { // condition (2)
                return false;
            }
            for (int grp = firstAccepting; grp < groupState.length; grp++) {
                ExitSuffixes suffixes = st.groupSuffixes(grp);
                if (suffixes == null) {
                    continue; // not accepting: every token of the group is refused
                }
                if (grp != firstAccepting) {
                    r.popTo(base);
                    pushParentPath(f, t, st.groupRepresentative[grp]);
                }
                fillLevel(mask, level + 1, suffixes.trie(), suffixes.tokenIds(), suffixes.tables());
            }
            return true;
        } finally {
            r.popTo(base);
        }
    }

    /** Writes the path to {@code node}'s parent in trie {@code t} into {@code f.path}; returns its length. */
    private static int parentPath(Frame f, TokenTrie t, int node) {
        int depth = t.depth(node) - 1;
        f.ensurePath(depth);
        byte[] path = f.path;
        for (int p = t.parent(node), d = depth - 1; p >= 0; p = t.parent(p), d--) {
            path[d] = (byte) t.nodeByte(p);
        }
        return depth;
    }

    /** Pushes the path to {@code node}'s parent in trie {@code t} (inside a terminal: never refused). */
    private void pushParentPath(Frame f, TokenTrie t, int node) {
        int depth = parentPath(f, t, node);
        byte[] path = f.path;
        for (int d = 0; d < depth; d++) {
            if (!recognizer.push(path[d])) {
                throw new IllegalStateException("a path inside a terminal was refused; the recognizer is broken");
            }
        }
    }

    /**
     * Condition (2) of {@link #walkExitGroups}, checked after a representative path that leaves T
     * in accepting state {@code q}: every other live DFA state is one of the items T's completion
     * added, and none of them has a transition on a byte T may read right after it could have
     * ended mid-path. (A state q that starts a terminal could hide a fresh item of the completion
     * among T's items, so the caller refuses such groups.)
     */
    private boolean completionItemsDieInPath(Frame f, StateTokens st, int q) {
        Recognizer r = recognizer;
        if (f.statesAfter.length < r.scanItemCount()) {
            f.statesAfter = new int[Math.max(r.scanItemCount(), 2 * f.statesAfter.length)];
        }
        int n = r.terminalStates(f.statesAfter);
        for (int j = 0; j < n; j++) {
            if (f.statesAfter[j] != q && tables.liveBytesIntersect(f.statesAfter[j], st.bytesAfterAccepting)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Walks the subtrees of {@code f.exitNodes[0 .. exitCount)} (in trie order) one by one,
     * sharing pushed prefixes between consecutive exit nodes.
     */
    private void walkExitNodes(long[] mask, Frame f, TokenTrie t, int[] ids, int exitCount) {
        Recognizer r = recognizer;
        int base = r.mark();
        int pushed = 0; // the length of the prefix now pushed, kept in prefix[0 .. pushed)
        int walkedTo = -1; // exit nodes below this node index lie in a subtree already walked
        int previousParent = -2;
        try {
            for (int k = 0; k < exitCount; k++) {
                int node = f.exitNodes[k];
                if (node < walkedTo) {
                    continue;
                }
                int parent = t.parent(node);
                int depth = t.depth(node) - 1;
                if (parent != previousParent) {
                    // the path to the exit node's parent: inside the terminal, so always viable
                    parentPath(f, t, node);
                    byte[] path = f.path;
                    byte[] prefix = f.prefix;
                    int common = 0;
                    while (common < pushed && common < depth && prefix[common] == path[common]) {
                        common++;
                    }
                    r.popTo(base + common); // the previous subtree walk may have left bytes beyond the prefix
                    for (int d = common; d < depth; d++) {
                        prefix[d] = path[d];
                        if (!r.push(path[d])) {
                            throw new IllegalStateException("a path inside a terminal was refused; the recognizer is broken");
                        }
                    }
                    pushed = depth;
                    previousParent = parent;
                    r.nextBytes(f.nextBytes); // shared by the siblings that follow
                } else {
                    r.popTo(base + depth);
                }
                int b = t.nodeByte(node);
                walkedTo = t.subtreeEnd(node);
                if ((f.nextBytes[b >>> 6] & (1L << b)) != 0) {
                    walkSubtree(mask, t, ids, node, base + depth);
                }
            }
        } finally {
            r.popTo(base);
        }
    }

    /**
     * Walks the subtree of node {@code root} of trie {@code t} (token ids mapped through
     * {@code ids} unless it is null), whose byte is known to be allowed; the recognizer's first
     * {@code base} bytes are the path to the root's parent (anything pushed beyond them is popped
     * first). Leaves the recognizer deeper; the caller pops.
     */
    private void walkSubtree(long[] mask, TokenTrie t, int[] ids, int root, int base) {
        Recognizer r = recognizer;
        int rootDepth = t.depth(root);
        int i = root;
        int end = t.subtreeEnd(root);
        while (i < end) {
            int keep = base + t.depth(i) - rootDepth;
            if (r.length() > keep) {
                r.popTo(keep);
            }
            if (r.push(t.nodeByte(i))) {
                for (int k = t.tokenStart(i), stop = t.tokenStart(i + 1); k < stop; k++) {
                    int id = ids == null ? t.tokenId(k) : ids[t.tokenId(k)];
                    mask[id >>> 6] |= 1L << id;
                }
                i++;
            } else {
                i = t.subtreeEnd(i);
            }
        }
    }

    /**
     * Walks every subtree of trie {@code t} from the recognizer's state at length {@code base},
     * skipping the root's children whose byte cannot come next. Leaves the recognizer deeper; the
     * caller pops.
     */
    private void walkRoots(long[] mask, Frame f, TokenTrie t, int[] ids, int base) {
        Recognizer r = recognizer;
        r.popTo(base);
        r.nextBytes(f.nextBytes);
        for (int i = 0, n = t.nodeCount(); i < n; i = t.subtreeEnd(i)) {
            int b = t.nodeByte(i);
            if ((f.nextBytes[b >>> 6] & (1L << b)) != 0) {
                walkSubtree(mask, t, ids, i, base);
            }
        }
    }
}
