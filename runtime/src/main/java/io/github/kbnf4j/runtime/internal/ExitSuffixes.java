package io.github.kbnf4j.runtime.internal;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.ByteArrayOutputStream;

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

    private ExitSuffixes(TokenTrie trie, int[] tokenIds, TerminalTokenTables tables) {
        this.trie = trie;
        this.tokenIds = tokenIds;
        this.tables = tables;
    }

    /**
     * The suffixes of the tokens in the subtrees of {@code exits[from .. to)}, nodes of
     * {@code vocabulary} (the trie of {@code parent}: the vocabulary's or a suffix trie), with
     * terminal-state tables of their own that share {@code parent}'s grammar-wide data. The ids
     * are the vocabulary's, also for suffixes of suffixes.
     */
    static ExitSuffixes of(TokenTrie vocabulary, int[] exits, int from, int to, TerminalTokenTables parent) {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        IntArrayList offsets = new IntArrayList();
        IntArrayList ids = new IntArrayList();
        int[] parentIds = parent.tokenIds();
        byte[] path = new byte[vocabulary.maxDepth() + 1];
        for (int e = from; e < to; e++) {
            int root = exits[e];
            int rootDepth = vocabulary.depth(root);
            for (int i = root, end = vocabulary.subtreeEnd(root); i < end; i++) {
                int d = vocabulary.depth(i) - rootDepth;
                path[d] = (byte) vocabulary.nodeByte(i);
                for (int k = vocabulary.tokenStart(i), stop = vocabulary.tokenStart(i + 1); k < stop; k++) {
                    offsets.add(data.size());
                    data.write(path, 0, d + 1);
                    int id = vocabulary.tokenId(k);
                    ids.add(parentIds == null ? id : parentIds[id]); // a suffix of a suffix: back to the vocabulary's ids
                }
            }
        }
        int n = ids.size();
        offsets.add(data.size());
        int[] off = offsets.toIntArray();
        int[] lengths = new int[n];
        for (int k = 0; k < n; k++) {
            lengths[k] = off[k + 1] - off[k];
        }
        TokenTrie suffixTrie = new TokenTrie(new PackedTokens(data.toByteArray(), off, lengths));
        int[] tokenIds = ids.toIntArray();
        return new ExitSuffixes(suffixTrie, tokenIds, parent.forSuffixes(suffixTrie, tokenIds));
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
