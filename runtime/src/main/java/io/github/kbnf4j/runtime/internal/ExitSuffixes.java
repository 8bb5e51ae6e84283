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
 * maps them back to vocabulary ids. Immutable.
 */
public final class ExitSuffixes {
    private final TokenTrie trie;
    private final int[] tokenIds;

    private ExitSuffixes(TokenTrie trie, int[] tokenIds) {
        this.trie = trie;
        this.tokenIds = tokenIds;
    }

    /** The suffixes of the tokens in the subtrees of {@code exits[from .. to)}, nodes of {@code vocabulary}. */
    static ExitSuffixes of(TokenTrie vocabulary, int[] exits, int from, int to) {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        IntArrayList offsets = new IntArrayList();
        IntArrayList ids = new IntArrayList();
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
                    ids.add(vocabulary.tokenId(k));
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
        return new ExitSuffixes(new TokenTrie(new PackedTokens(data.toByteArray(), off, lengths)), ids.toIntArray());
    }

    /** The trie of the distinct suffixes; its token ids are indices for {@link #tokenId}. */
    public TokenTrie trie() {
        return trie;
    }

    /** The vocabulary id of the suffix trie's id {@code k}. */
    public int tokenId(int k) {
        return tokenIds[k];
    }

    /** The suffix trie's id -> vocabulary id map (read-only by contract). */
    public int[] tokenIds() {
        return tokenIds;
    }
}
