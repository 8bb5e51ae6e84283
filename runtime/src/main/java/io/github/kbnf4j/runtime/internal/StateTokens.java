package io.github.kbnf4j.runtime.internal;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The tokens of a vocabulary seen from one DFA state {@code s} of a terminal (the README's "How it works" (Masks),
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
 * Every other token cannot start from {@code s}.
 *
 * <p>For the grouped exit walk of the matcher, the exit nodes are also grouped by the DFA state
 * of their parent (the state the terminal is in just before the byte that leaves it): group
 * {@code g} has state {@link #groupState}{@code [g]}, one of its exit nodes
 * {@link #groupRepresentative}{@code [g]} (the path to its parent leads to that state), and the
 * {@link ExitSuffixes} of all its exit nodes' tokens, {@link #groupSuffixes(int)} (null for a
 * group whose state is not accepting: no token of it is ever allowed when the grouped walk
 * applies), built the first time a walk needs them. {@link #firstBytes} are the first bytes of the exit nodes' paths and
 * {@link #bytesAfterAccepting} the bytes that, on a path inside the terminal, are read in an
 * accepting state after at least one byte.
 *
 * <p>A view for one constraint: the arrays are those of a {@link ResidualTokens}, possibly
 * shared with other grammars through {@link SharedTokenTables}; only {@link #groupState} is
 * translated into this grammar's states. Immutable, apart from the lazily built suffixes.
 */
public final class StateTokens {
    /** The inside tokens as a mask, or null when {@link #insideIds} holds them. */
    public final long[] insideMask;
    /** The inside tokens as ids, or null when {@link #insideMask} holds them. */
    public final int[] insideIds;
    /** The exit nodes (see above), ascending (trie preorder). */
    public final int[] exitNodes;

    /** The parent DFA state of each group of exit nodes (this grammar's states). */
    public final int[] groupState;
    /** An exit node of each group. */
    public final int[] groupRepresentative;
    /** The suffixes of each group's tokens, built lazily. */
    private final AtomicReferenceArray<ExitSuffixes> groupSuffixes;
    /** The shared data this is a view of. */
    private final ResidualTokens source;
    /** The tables this entry belongs to (they build the suffixes' tables). */
    private final TerminalTokenTables tables;
    /** The first bytes of the paths to the exit nodes, as four words. */
    public final long[] firstBytes;
    /** The bytes read in an accepting state on a path inside the terminal (not as its first byte), as four words. */
    public final long[] bytesAfterAccepting;

    /**
     * The view of {@code source} in a grammar where its local state {@code k} is global state
     * {@code localToGlobal[k]} (null: the source was computed on the grammar's own states).
     */
    StateTokens(ResidualTokens source, int[] localToGlobal, TerminalTokenTables tables) {
        this.source = source;
        this.insideMask = source.insideMask;
        this.insideIds = source.insideIds;
        this.exitNodes = source.exitNodes;
        int groups = source.groupExits.length;
        if (localToGlobal == null) {
            this.groupState = source.groupState;
        } else {
            this.groupState = new int[groups];
            for (int g = 0; g < groups; g++) {
                groupState[g] = localToGlobal[source.groupState[g]];
            }
        }
        this.groupRepresentative = source.groupRepresentative;
        this.groupSuffixes = new AtomicReferenceArray<>(groups);
        this.tables = tables;
        this.firstBytes = source.firstBytes;
        this.bytesAfterAccepting = source.bytesAfterAccepting;
    }

    /**
     * The suffixes of group {@code g}'s tokens, or null when its state is not accepting. Built on
     * first use (thread-safe: two threads may both build them; one result wins).
     */
    public ExitSuffixes groupSuffixes(int g) {
        ExitSuffixes e = groupSuffixes.get(g);
        if (e == null) {
            if (!tables.isAccepting(groupState[g])) {
                return null;
            }
            e = tables.suffixesOf(source, g);
            if (!groupSuffixes.compareAndSet(g, null, e)) {
                e = groupSuffixes.get(g);
            }
        }
        return e;
    }
}
