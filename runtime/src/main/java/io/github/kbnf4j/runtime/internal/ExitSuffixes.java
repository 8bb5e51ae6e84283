package io.github.kbnf4j.runtime.internal;

import java.util.Arrays;

/**
 * The tokens below a set of exit nodes of the token trie, keyed by their <i>suffixes</i>: the
 * bytes from the exit node's byte (included) to the token's end. When the recognizer state at
 * every exit node's parent is the same (see the matcher's grouped exit walk), whether a token is
 * allowed depends only on its suffix, so walking a trie of the distinct suffixes once replaces
 * one walk per exit node: {@code "abc("}, {@code "x("} and {@code "name("} share the node
 * {@code "("}.
 *
 * <p>{@link #trie()} is a {@link TokenTrie} over synthetic ids {@code 0 .. n)}; {@link #tokenId}
 * maps them back to vocabulary ids. The suffixes are matched by layer 2 in turn, so they have
 * {@link #tables() terminal-state tables} of their own. Immutable, apart from the tables' lazy
 * (thread-safe) entries.
 */
public final class ExitSuffixes {
    private final TokenTrie trie;
    private final int[] tokenIds;
    private final TerminalTokenTables tables;

    ExitSuffixes(TokenTrie trie, int[] tokenIds, TerminalTokenTables tables) {
        this.trie = trie;
        this.tokenIds = tokenIds;
        this.tables = tables;
    }

    /**
     * The suffixes of the tokens in the subtrees of {@code exits[from .. to)}, nodes of
     * {@code vocabulary} (the trie of {@code parent}: the vocabulary's or a suffix trie), with
     * terminal-state tables of their own that share {@code parent}'s grammar-wide data. The ids
     * are the vocabulary's, also for suffixes of suffixes.
     *
     * <p>The exit subtrees are tries already, so the suffix trie is their union, written directly
     * in preorder: a node of the union stands for the trie nodes (its <i>sources</i>) that spell
     * the same suffix, and its children are their children, bucketed by byte. That is
     * {@code O(nodes of the subtrees)}, with no hashing and no sorting of byte strings.
     */
    static ExitSuffixes of(TokenTrie vocabulary, int[] exits, int from, int to, TerminalTokenTables parent) {
        SuffixTrie built = build(vocabulary, parent.tokenIds(), exits, from, to);
        return new ExitSuffixes(built.trie(), built.tokenIds(), parent.forSuffixes(built.trie(), built.tokenIds()));
    }

    /**
     * The suffix trie of the tokens in the subtrees of {@code exits[from .. to)}, nodes of
     * {@code vocabulary} (a trie whose id {@code k} is vocabulary id {@code parentIds[k]}, or
     * itself when {@code parentIds} is null); its ids map to the vocabulary's.
     */
    static SuffixTrie build(TokenTrie vocabulary, int[] parentIds, int[] exits, int from, int to) {
        int sourceNodes = 0;
        int tokens = 0;
        for (int e = from; e < to; e++) {
            int end = vocabulary.subtreeEnd(exits[e]);
            sourceNodes += end - exits[e];
            tokens += vocabulary.tokenStart(end) - vocabulary.tokenStart(exits[e]);
        }
        // Every source node is a child of one union node (or an exit), so one pool holds them all.
        int[] pool = new int[sourceNodes];
        // Pending union nodes (a stack, popped in byte order): their sources pool[start .. end), depth, parent.
        int[] pendingStart = new int[sourceNodes];
        int[] pendingEnd = new int[sourceNodes];
        int[] pendingDepth = new int[sourceNodes];
        int[] pendingParent = new int[sourceNodes];
        byte[] nodeByte = new byte[sourceNodes];
        int[] depth = new int[sourceNodes];
        int[] subtreeEnd = new int[sourceNodes];
        int[] up = new int[sourceNodes];
        int[] tokenStart = new int[sourceNodes + 1];
        int[] vocabularyIds = new int[tokens];
        int[] open = new int[vocabulary.maxDepth() + 1]; // the preorder numbers of the current path, by depth - 1
        Buckets buckets = new Buckets();

        // the root's children: the exits by byte
        for (int e = from; e < to; e++) {
            buckets.count(vocabulary.nodeByte(exits[e]));
        }
        int poolEnd = buckets.offsets(0);
        for (int e = from; e < to; e++) {
            buckets.place(pool, exits[e], vocabulary.nodeByte(exits[e]));
        }
        int sp = buckets.push(pendingStart, pendingEnd, pendingDepth, pendingParent, 0, 1, -1);

        int nodes = 0;
        int synthetic = 0;
        int openCount = 0;
        int maxDepth = 0;
        while (sp > 0) {
            sp--;
            int start = pendingStart[sp];
            int end = pendingEnd[sp];
            int d = pendingDepth[sp];
            int at = nodes++;
            while (openCount >= d) {
                subtreeEnd[open[--openCount]] = at;
            }
            open[openCount++] = at;
            nodeByte[at] = (byte) vocabulary.nodeByte(pool[start]);
            depth[at] = d;
            up[at] = pendingParent[sp];
            maxDepth = Math.max(maxDepth, d);
            tokenStart[at] = synthetic;
            for (int k = start; k < end; k++) {
                int source = pool[k];
                for (int t = vocabulary.tokenStart(source), stop = vocabulary.tokenStart(source + 1); t < stop; t++) {
                    int id = vocabulary.tokenId(t);
                    vocabularyIds[synthetic++] = parentIds == null ? id : parentIds[id]; // a suffix of a suffix: back to the vocabulary's ids
                }
            }
            // the children of the sources, bucketed by byte, become pending union nodes
            for (int k = start; k < end; k++) {
                int source = pool[k];
                for (int c = source + 1, stop = vocabulary.subtreeEnd(source); c < stop; c = vocabulary.subtreeEnd(c)) {
                    buckets.count(vocabulary.nodeByte(c));
                }
            }
            if (buckets.isEmpty()) {
                continue;
            }
            poolEnd = buckets.offsets(poolEnd);
            for (int k = start; k < end; k++) {
                int source = pool[k];
                for (int c = source + 1, stop = vocabulary.subtreeEnd(source); c < stop; c = vocabulary.subtreeEnd(c)) {
                    buckets.place(pool, c, vocabulary.nodeByte(c));
                }
            }
            sp = buckets.push(pendingStart, pendingEnd, pendingDepth, pendingParent, sp, d + 1, at);
        }
        while (openCount > 0) {
            subtreeEnd[open[--openCount]] = nodes;
        }
        tokenStart[nodes] = synthetic;
        int[] identity = new int[tokens];
        for (int k = 0; k < tokens; k++) {
            identity[k] = k;
        }
        TokenTrie trie = new TokenTrie(tokens, Arrays.copyOf(nodeByte, nodes), Arrays.copyOf(depth, nodes),
                Arrays.copyOf(subtreeEnd, nodes), Arrays.copyOf(up, nodes), Arrays.copyOf(tokenStart, nodes + 1),
                identity, maxDepth);
        return new SuffixTrie(trie, vocabularyIds);
    }

    /**
     * Groups nodes by byte into consecutive runs of the pool: count them, take offsets, place
     * them, push one pending union node per run. Reused from node to node; only the bytes used
     * are reset.
     */
    private static final class Buckets {
        private final int[] count = new int[256];
        private final int[] next = new int[256];
        private final int[] used = new int[256];
        private int usedCount;

        void count(int b) {
            if (count[b]++ == 0) {
                used[usedCount++] = b;
            }
        }

        boolean isEmpty() {
            return usedCount == 0;
        }

        /** Orders the counted bytes and gives each its run from {@code poolEnd} on; returns the new end. */
        int offsets(int poolEnd) {
            Arrays.sort(used, 0, usedCount);
            int at = poolEnd;
            for (int k = 0; k < usedCount; k++) {
                int b = used[k];
                next[b] = at;
                at += count[b];
            }
            return at;
        }

        void place(int[] pool, int node, int b) {
            pool[next[b]++] = node;
        }

        /**
         * Pushes one pending node per run, the highest byte first (so the lowest pops first), and
         * resets; returns the new stack size.
         */
        int push(int[] start, int[] end, int[] depth, int[] parent, int sp, int d, int parentNode) {
            for (int k = usedCount - 1; k >= 0; k--) {
                int b = used[k];
                int runEnd = next[b];
                start[sp] = runEnd - count[b];
                end[sp] = runEnd;
                depth[sp] = d;
                parent[sp] = parentNode;
                sp++;
                count[b] = 0;
            }
            usedCount = 0;
            return sp;
        }
    }

    /** The trie of the distinct suffixes; its token ids are indices for {@link #tokenId}. */
    public TokenTrie trie() {
        return trie;
    }

    /** The vocabulary id of the suffix trie's id {@code k}. */
    public int tokenId(int k) {
        return tokenIds[k];
    }

    /** The terminal-state tables of {@link #trie()} (computed lazily, like the vocabulary's). */
    public TerminalTokenTables tables() {
        return tables;
    }

    /** The suffix trie's id -> vocabulary id map (read-only by contract). */
    public int[] tokenIds() {
        return tokenIds;
    }
}
