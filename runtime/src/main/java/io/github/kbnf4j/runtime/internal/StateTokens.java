package io.github.kbnf4j.runtime.internal;

/**
 * The tokens of a vocabulary seen from one DFA state {@code s} of a terminal (DESIGN.md §5,
 * layer 2), in two classes:
 * <ul>
 *   <li><b>inside</b>: every byte of the token has a transition, starting from {@code s}. Such a
 *       token is allowed whenever an item waits in {@code s}, whatever the rest of the chart: after
 *       it the item is still inside the terminal, or has just ended it; either way the input stays
 *       viable. Stored as a mask ({@link #insideMask}) when there are many, else as a list of ids
 *       ({@link #insideIds}).
 *   <li><b>boundary</b>: the path from {@code s} dies inside the token, but passes an accepting
 *       state first, so the terminal may end inside the token and the rest is read by whatever
 *       follows; only the parser can tell. They are the tokens of the subtrees of the token trie
 *       rooted at the <i>exit nodes</i> {@link #exitNodes}: the nodes where the path first dies
 *       after an accepting state. The path to an exit node's parent is inside the terminal, so it
 *       is always viable; only the exit subtrees need walking.
 * </ul>
 * Every other token cannot start from {@code s}. Immutable.
 */
public final class StateTokens {
    /** The inside tokens as a mask, or null when {@link #insideIds} holds them. */
    public final long[] insideMask;
    /** The inside tokens as ids, or null when {@link #insideMask} holds them. */
    public final int[] insideIds;
    /** The exit nodes (see above), ascending (trie preorder). */
    public final int[] exitNodes;

    StateTokens(long[] insideMask, int[] insideIds, int[] exitNodes) {
        this.insideMask = insideMask;
        this.insideIds = insideIds;
        this.exitNodes = exitNodes;
    }
}
