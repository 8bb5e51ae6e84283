package io.github.kbnf4j.runtime.internal;

import java.util.Arrays;

/**
 * The byte strings of a vocabulary's tokens as a packed trie, for the depth-first mask walk
 * (the README's "How it works" (Masks), layer 3).
 *
 * <p>Nodes are numbered in preorder, the root excluded: node {@code i} is reached by byte
 * {@link #nodeByte(int)} at depth {@link #depth(int)} (1 for a child of the root), its subtree is
 * {@code [i, subtreeEnd(i))}, and its first child, if any, is {@code i + 1}. So a walk visits
 * {@code i, i + 1, ...} and skips a dead subtree by jumping to {@code subtreeEnd(i)}; before
 * pushing node {@code i}'s byte the walker pops back to depth {@code depth(i) - 1}. The token ids
 * whose bytes end at node {@code i} are {@code tokenIds[tokenStart(i) .. tokenStart(i + 1))}
 * (several ids may share bytes). A vocabulary has no token with an empty byte string.
 *
 * <p>Built once per vocabulary in {@code O(total bytes + n log n)} (sorting the tokens); immutable
 * and thread-safe, shared by every constraint on that vocabulary.
 */
public final class TokenTrie {
    private final int vocabularySize;
    private final byte[] nodeByte;
    private final int[] depth;
    private final int[] subtreeEnd;
    /** node -> first index in {@link #tokenIds}; one extra entry at the end. */
    private final int[] tokenStart;
    private final int[] tokenIds;
    private final int maxDepth;
    /** node -> its parent node, or -1 for a child of the root. */
    private final int[] parent;
    /** node -> whether every node below it is reached by a {@link #isPlainByte plain byte}. */
    private final boolean[] plainBelow;
    /**
     * node -> whether its token prefix is whole text characters (see {@link #textBelow}): valid
     * UTF-8 of plain bytes and non-ASCII characters, ending at a character boundary.
     */
    private final boolean[] textBoundary;
    /** node -> whether every token prefix below it is text that may still be cut mid-character. */
    private final boolean[] textBelow;
    /** node -> the most bytes on a path below it (0 for a leaf). */
    private final int[] heightBelow;
    /** The ids of all the trie's tokens as a mask (see {@link #allTokensMask}). */
    private final long[] allTokensMask;

    /** The trie of the text tokens of {@code tokens} (ids without bytes, special and end-of-sequence ids are left out). */
    public TokenTrie(PackedTokens tokens) {
        this.vocabularySize = tokens.size();
        int[] ids = tokens.sortedTextIds();
        int count = ids.length;
        long total = 0;
        for (int id : ids) {
            total += tokens.length(id);
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the vocabulary's tokens have more than 2^31 bytes in all");
        }
        int cap = (int) total;
        byte[] nb = new byte[cap];
        int[] dp = new int[cap];
        int[] end = new int[cap];
        int[] up = new int[cap];
        int[] lastNode = new int[count];
        int[] path = new int[256];
        int nodes = 0;
        int pathLen = 0;
        int deepest = 0;
        int previous = -1;
        for (int k = 0; k < count; k++) {
            int id = ids[k];
            int length = tokens.length(id);
            int lcp = previous < 0 ? 0 : tokens.commonPrefixLength(previous, id);
            if (lcp == length && previous >= 0 && tokens.length(previous) == length) {
                // In sorted order a token that shares all bytes with the previous one equals it.
                lastNode[k] = lastNode[k - 1];
                continue;
            }
            while (pathLen > lcp) {
                end[path[--pathLen]] = nodes;
            }
            for (int d = lcp; d < length; d++) {
                if (pathLen == path.length) {
                    path = Arrays.copyOf(path, 2 * pathLen);
                }
                nb[nodes] = tokens.byteAt(id, d);
                dp[nodes] = d + 1;
                up[nodes] = pathLen == 0 ? -1 : path[pathLen - 1];
                path[pathLen++] = nodes;
                nodes++;
            }
            lastNode[k] = nodes - 1;
            deepest = Math.max(deepest, length);
            previous = id;
        }
        while (pathLen > 0) {
            end[path[--pathLen]] = nodes;
        }
        // Tokens were attached in node order, so each node's ids are a contiguous run of the sorted ids.
        int[] starts = new int[nodes + 1];
        int k = 0;
        for (int i = 0; i < nodes; i++) {
            starts[i] = k;
            while (k < count && lastNode[k] == i) {
                k++;
            }
        }
        starts[nodes] = k;
        assert k == count;
        this.nodeByte = Arrays.copyOf(nb, nodes);
        this.depth = Arrays.copyOf(dp, nodes);
        this.subtreeEnd = Arrays.copyOf(end, nodes);
        this.parent = Arrays.copyOf(up, nodes);
        this.tokenStart = starts;
        this.tokenIds = ids;
        this.maxDepth = deepest;
        this.plainBelow = plainBelow(nodeByte, parent);
        this.textBoundary = new boolean[nodeByte.length];
        this.textBelow = textBelow(nodeByte, parent, textBoundary);
        this.heightBelow = heightBelow(parent);
        this.allTokensMask = maskOf(this.tokenIds, vocabularySize);
    }

    /** A trie from its preorder arrays (see the class comment), which it keeps. */
    TokenTrie(int vocabularySize, byte[] nodeByte, int[] depth, int[] subtreeEnd, int[] parent, int[] tokenStart,
            int[] tokenIds, int maxDepth) {
        this.vocabularySize = vocabularySize;
        this.nodeByte = nodeByte;
        this.depth = depth;
        this.subtreeEnd = subtreeEnd;
        this.parent = parent;
        this.tokenStart = tokenStart;
        this.tokenIds = tokenIds;
        this.maxDepth = maxDepth;
        this.plainBelow = plainBelow(nodeByte, parent);
        this.textBoundary = new boolean[nodeByte.length];
        this.textBelow = textBelow(nodeByte, parent, textBoundary);
        this.heightBelow = heightBelow(parent);
        this.allTokensMask = maskOf(this.tokenIds, vocabularySize);
    }

    /**
     * Whether byte {@code b} is <i>plain</i>: printable ASCII other than {@code "} and
     * {@code \}, the bytes a JSON string's interior reads and stays in. A walk from a state that
     * stays where it is on every plain byte takes a subtree of plain bytes whole (see
     * {@link #plainBelow(int)}); which bytes are plain only decides how often that applies.
     */
    static boolean isPlainByte(int b) {
        return b >= 0x20 && b <= 0x7E && b != '"' && b != '\\';
    }

    /**
     * The UTF-8 decoder of {@link #textBelow}: from decoder state {@code d} (0 at a character
     * boundary; 1, 2, 3 continuation bytes still due; 4 after E0, 5 after ED, 6 after F0, 7 after
     * F4, whose next byte has a narrower range; -1 not text), the state after byte {@code b}. A
     * plain byte is the only ASCII text; overlong forms, surrogates and code points past U+10FFFF
     * are not text.
     */
    static int textDecoder(int d, int b) {
        switch (d) {
            case 0:
                if (b < 0x80) {
                    return isPlainByte(b) ? 0 : -1;
                }
                if (b >= 0xC2 && b <= 0xDF) {
                    return 1;
                }
                if (b == 0xE0) {
                    return 4;
                }
                if (b == 0xED) {
                    return 5;
                }
                if (b >= 0xE1 && b <= 0xEF) {
                    return 2;
                }
                if (b == 0xF0) {
                    return 6;
                }
                if (b >= 0xF1 && b <= 0xF3) {
                    return 3;
                }
                return b == 0xF4 ? 7 : -1;
            case 1:
            case 2:
            case 3:
                return b >= 0x80 && b <= 0xBF ? d - 1 : -1;
            case 4:
                return b >= 0xA0 && b <= 0xBF ? 1 : -1;
            case 5:
                return b >= 0x80 && b <= 0x9F ? 1 : -1;
            case 6:
                return b >= 0x90 && b <= 0xBF ? 2 : -1;
            case 7:
                return b >= 0x80 && b <= 0x8F ? 2 : -1;
            default:
                return -1;
        }
    }

    /**
     * Decodes every token prefix (preorder: a parent before its children), marks in
     * {@code boundary} the nodes whose prefix is text ending at a character boundary, and returns
     * for each node whether every prefix below it is text (a backward pass, as for
     * {@link #plainBelow}).
     */
    private static boolean[] textBelow(byte[] nodeByte, int[] parent, boolean[] boundary) {
        int n = nodeByte.length;
        byte[] decoded = new byte[n];
        for (int i = 0; i < n; i++) {
            int p = parent[i];
            decoded[i] = (byte) textDecoder(p < 0 ? 0 : decoded[p], nodeByte[i] & 0xFF);
            boundary[i] = decoded[i] == 0;
        }
        boolean[] text = new boolean[n];
        Arrays.fill(text, true);
        for (int i = n - 1; i >= 0; i--) {
            int p = parent[i];
            if (p >= 0 && !(text[i] && decoded[i] >= 0)) {
                text[p] = false;
            }
        }
        return text;
    }

    /** As {@link #plainBelow}: a child after its parent, so a backward pass has every child's height first. */
    private static int[] heightBelow(int[] parent) {
        int[] height = new int[parent.length];
        for (int i = parent.length - 1; i >= 0; i--) {
            int p = parent[i];
            if (p >= 0 && height[p] < height[i] + 1) {
                height[p] = height[i] + 1;
            }
        }
        return height;
    }

    /** Children come after their parent in preorder, so one backward pass settles every node. */
    private static boolean[] plainBelow(byte[] nodeByte, int[] parent) {
        boolean[] plain = new boolean[nodeByte.length];
        Arrays.fill(plain, true);
        for (int i = nodeByte.length - 1; i >= 0; i--) {
            int p = parent[i];
            if (p >= 0 && !(plain[i] && isPlainByte(nodeByte[i] & 0xFF))) {
                plain[p] = false;
            }
        }
        return plain;
    }

    /** The number of ids of the vocabulary. */
    public int vocabularySize() {
        return vocabularySize;
    }

    /** The number of nodes (root excluded). */
    public int nodeCount() {
        return nodeByte.length;
    }

    /** The length of the longest token. */
    public int maxDepth() {
        return maxDepth;
    }

    /** The byte on the edge into node {@code i}. */
    public int nodeByte(int i) {
        return nodeByte[i] & 0xFF;
    }

    /** The depth of node {@code i} (its token prefix length), 1 for the root's children. */
    public int depth(int i) {
        return depth[i];
    }

    /** The parent of node {@code i}, or -1 if it is a child of the root. */
    public int parent(int i) {
        return parent[i];
    }

    /** Whether every node below node {@code i} (not {@code i} itself) is reached by a plain byte; true for a leaf. */
    public boolean plainBelow(int i) {
        return plainBelow[i];
    }

    /** The most bytes on a path below node {@code i}: how far a walk that enters its subtree may go down (0 for a leaf). */
    public int heightBelow(int i) {
        return heightBelow[i];
    }

    /**
     * Whether a walk may take node {@code i}'s subtree whole from a state that reads any text and
     * comes back to itself (see {@link TerminalTextRuns}): the node's token prefix is text
     * ending at a character boundary, and every prefix below it is text, possibly cut
     * mid-character (a token may end inside a character). Prefixes are decoded from the token's
     * first byte, which is where a walk from such a state starts too.
     */
    public boolean textBelow(int i) {
        return textBoundary[i] && textBelow[i];
    }

    /** One past the last node of node {@code i}'s subtree. */
    public int subtreeEnd(int i) {
        return subtreeEnd[i];
    }

    /** The first index in {@link #tokenId(int)} of the ids ending at node {@code i}; {@code tokenStart(i + 1)} ends them. */
    public int tokenStart(int i) {
        return tokenStart[i];
    }

    /** The id at index {@code k} of the per-node token lists. */
    public int tokenId(int k) {
        return tokenIds[k];
    }

    /** The number of the trie's tokens: the indexes of {@link #tokenId(int)} are {@code 0 .. tokenCount() - 1}. */
    public int tokenCount() {
        return tokenIds.length;
    }

    /**
     * A mask of {@code (vocabularySize() + 63) / 64} words with the id of every token of the
     * trie set. Shared: callers copy it, never write it.
     */
    long[] allTokensMask() {
        return allTokensMask;
    }

    private static long[] maskOf(int[] ids, int vocabularySize) {
        long[] mask = new long[(vocabularySize + 63) >>> 6];
        for (int id : ids) {
            mask[id >>> 6] |= 1L << id;
        }
        return mask;
    }
}
