package io.github.kbnf4j.runtime.internal;

/**
 * The trie of the distinct suffixes of a group of exit subtrees (see {@link ExitSuffixes}), with
 * the vocabulary id of each of its synthetic ids. It depends only on the trie it was cut from
 * and the exit nodes, so {@link SharedTokenTables} shares it between grammars. Immutable.
 *
 * @param trie the suffix trie, over synthetic ids {@code 0 .. n)}
 * @param tokenIds the vocabulary id of each synthetic id (read-only by contract)
 */
record SuffixTrie(TokenTrie trie, int[] tokenIds) {
    /** Approximate bytes of memory, for cache weights. */
    long bytes() {
        // per node: byte, depth, subtree end, parent, token start (17 bytes), the trie's three
        // flags (plain below, text boundary, text below) and its height below (4 bytes); per id:
        // the trie's id and the vocabulary id; the trie's mask of all its ids
        return 96L + 24L * trie.nodeCount() + 8L * tokenIds.length + 8L * ((trie.vocabularySize() + 63) >>> 6);
    }
}
