package io.github.kbnf4j.runtime;

import io.github.kbnf4j.cache.MaskCache;
import io.github.kbnf4j.earley.Frontier;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.runtime.internal.CachedMask;
import io.github.kbnf4j.runtime.internal.ExitSuffixes;
import io.github.kbnf4j.runtime.internal.PackedTokens;
import io.github.kbnf4j.runtime.internal.StateTokens;
import io.github.kbnf4j.runtime.internal.TerminalTokenTables;
import io.github.kbnf4j.runtime.internal.TokenTrie;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * The grammar state of one sequence in a decode loop: which tokens may come next, and advancing
 * when one is chosen.
 *
 * <h2>Semantics</h2>
 * A text token (one with bytes, not special) is allowed iff the bytes consumed so far followed
 * by its bytes are a viable prefix of the grammar; a token that splits a multi-byte UTF-8
 * character is judged byte by byte like any other. The end-of-sequence ids are allowed iff the
 * bytes consumed are a complete sentence. Special ids and ids without bytes are never allowed.
 * After an end-of-sequence id is accepted the matcher is <i>terminated</i>: its mask holds only
 * the end-of-sequence ids, accepting one again is a no-op that returns true, and every other
 * token is refused. {@link #rollback(int)} undoes tokens, the end-of-sequence one included.
 *
 * <h2>Use</h2>
 * <pre>{@code
 * Matcher m = constraint.newMatcher();
 * long[] mask = constraint.newMask();
 * while (!m.isTerminated()) {
 *     m.fillMask(mask);               // or m.maskLogits(logits)
 *     int token = sample(logits, mask);
 *     m.acceptToken(token);
 * }
 * }</pre>
 *
 * <h2>Cost</h2>
 * A mask comes from three layers (DESIGN.md §5): the constraint's mask cache, keyed by the
 * recognizer's frontier (a hit costs computing the frontier and copying the mask); else, for each
 * terminal automaton state the next byte is read in, the precomputed tokens that stay inside the
 * terminal, plus a depth-first walk of the token-trie subtrees that may leave it, pushing bytes
 * into the recognizer and popping them back. Accepting a token is linear in its length.
 *
 * <p>Not thread-safe: one matcher per sequence; {@link #fork()} makes an independent copy.
 */
public final class Matcher {
    /** The most bytes {@link #forcedContinuation()} returns at once. */
    public static final int MAX_FORCED_BYTES = 4096;
    /**
     * Frontiers with more completion nodes and items than this (very deep nesting) bypass the mask
     * cache: computing such a key costs more than computing the mask, at every step.
     */
    static final int MAX_FRONTIER_ENTRIES = 1024;

    private final Constraint constraint;
    private final Vocabulary vocabulary;
    private final TokenTrie trie;
    private final TerminalTokenTables terminalTokens;
    /** The vocabulary's token bytes, read without copying. */
    private final PackedTokens tokens;
    /** Scratch: the DFA states of the current scan items, their exit nodes, a trie path and the prefix pushed. */
    private int[] states = new int[16];
    private StateTokens[] stateTokens = new StateTokens[16];
    private int[] statesAfter = new int[16];
    private int[] exitNodes = new int[256];
    /** Scratch mask of {@link #maskLogits}, allocated on first use. */
    private long[] logitsMask;
    private final byte[] path;
    private final byte[] prefix;
    /** The end-of-sequence ids (a private copy: the vocabulary hands out copies). */
    private final int[] eosIds;
    private final Recognizer recognizer;
    private final MaskCache<CachedMask> maskCache;
    /** Scratch: the inside masks of the terminal states of the mask being computed (the cache entry's bases). */
    private long[][] bases = new long[8][];
    private int baseCount;
    /** Scratch: the current frontier, the probe of the mask cache. */
    private final Frontier frontier = new Frontier();
    /** Per accepted token or byte string: the recognizer's mark before it, or {@code -1} for an end-of-sequence id. */
    private int[] history = new int[64];
    private int historySize;
    private boolean terminated;
    private final long[] nextBytes = new long[4];

    Matcher(Constraint constraint, Recognizer recognizer) {
        this.constraint = constraint;
        this.vocabulary = constraint.vocabulary();
        this.trie = constraint.trie();
        this.terminalTokens = constraint.terminalTokens();
        this.tokens = vocabulary.packed();
        this.eosIds = vocabulary.eosIds();
        this.maskCache = constraint.maskCache();
        this.path = new byte[trie.maxDepth() + 1];
        this.prefix = new byte[trie.maxDepth() + 1];
        this.recognizer = recognizer;
    }

    private Matcher(Matcher o) {
        this.constraint = o.constraint;
        this.vocabulary = o.vocabulary;
        this.trie = o.trie;
        this.terminalTokens = o.terminalTokens;
        this.tokens = o.tokens;
        this.eosIds = o.eosIds;
        this.maskCache = o.maskCache;
        this.path = new byte[o.path.length];
        this.prefix = new byte[o.prefix.length];
        this.recognizer = o.recognizer.copy();
        this.history = o.history.clone();
        this.historySize = o.historySize;
        this.terminated = o.terminated;
    }

    /** The constraint this matcher follows. */
    public Constraint constraint() {
        return constraint;
    }

    /**
     * Writes the allowed tokens into {@code mask}: bit {@code id & 63} of {@code mask[id >>> 6]} is
     * set iff token {@code id} is allowed. Every word is written (bits beyond the vocabulary are 0).
     *
     * @throws IllegalArgumentException if {@code mask} has fewer than {@link Constraint#maskWords()} words
     */
    public void fillMask(long[] mask) {
        int words = constraint.maskWords();
        if (mask.length < words) {
            throw new IllegalArgumentException("mask has " + mask.length + " words; the vocabulary needs " + words);
        }
        if (terminated) {
            Arrays.fill(mask, 0L);
            addEos(mask);
            return;
        }
        boolean cacheable = maskCache != null && recognizer.frontier(frontier, MAX_FRONTIER_ENTRIES);
        if (cacheable) {
            CachedMask cached = maskCache.get(frontier);
            if (cached != null) {
                cached.writeTo(mask, words);
                Arrays.fill(mask, words, mask.length, 0L);
                return;
            }
        }
        Arrays.fill(mask, 0L);
        fillFromTerminalStates(mask);
        addEos(mask);
        if (cacheable) {
            maskCache.put(frontier, CachedMask.of(mask, words, bases, baseCount));
        }
    }

    /** {@link #fillMask(long[])} by the plain token-trie walk (layer 3 alone): the exact fallback, for tests. */
    void fillMaskByTrieWalk(long[] mask) {
        Arrays.fill(mask, 0L);
        if (!terminated) {
            walkTrie(mask);
        }
        addEos(mask);
    }

    private void addEos(long[] mask) {
        if (terminated || recognizer.isAccepting()) {
            for (int id : eosIds) {
                mask[id >>> 6] |= 1L << id;
            }
        }
    }

    /** The allowed tokens as a new mask (see {@link #fillMask(long[])}). */
    public long[] mask() {
        long[] mask = constraint.newMask();
        fillMask(mask);
        return mask;
    }

    /**
     * Sets the logits of disallowed tokens to negative infinity, in place; allowed ones keep their
     * value. Entries beyond the vocabulary (models often pad the logits) are disallowed.
     *
     * @throws IllegalArgumentException if {@code logits} is shorter than the vocabulary
     */
    public void maskLogits(float[] logits) {
        if (logits.length < vocabulary.size()) {
            throw new IllegalArgumentException("logits has " + logits.length + " entries; the vocabulary has "
                    + vocabulary.size() + " ids");
        }
        if (logitsMask == null) {
            logitsMask = constraint.newMask();
        }
        long[] mask = logitsMask;
        fillMask(mask);
        for (int i = 0; i < logits.length; i++) {
            int w = i >>> 6;
            if (w >= mask.length || (mask[w] & (1L << i)) == 0) {
                logits[i] = Float.NEGATIVE_INFINITY;
            }
        }
    }

    /** Whether token {@code id} is allowed now (the same answer as its bit in {@link #fillMask(long[])}). */
    public boolean isAllowed(int id) {
        checkId(id);
        if (vocabulary.isEos(id)) {
            return terminated || recognizer.isAccepting();
        }
        if (terminated || !vocabulary.hasBytes(id)) {
            return false;
        }
        int mark = recognizer.mark();
        boolean ok = pushToken(id);
        recognizer.popTo(mark);
        return ok;
    }

    /**
     * Consumes token {@code id} if it is allowed.
     *
     * @return true if it was allowed and is now consumed; false, with no change, if not
     * @throws IllegalArgumentException if {@code id} is not an id of the vocabulary
     */
    public boolean acceptToken(int id) {
        checkId(id);
        if (vocabulary.isEos(id)) {
            if (terminated) {
                return true;
            }
            if (!recognizer.isAccepting()) {
                return false;
            }
            record(-1);
            terminated = true;
            return true;
        }
        if (terminated || !vocabulary.hasBytes(id)) {
            return false;
        }
        int mark = recognizer.mark();
        if (!pushToken(id)) {
            return false;
        }
        record(mark);
        return true;
    }

    /**
     * Pushes the bytes of text token {@code id} straight from the packed vocabulary (no copy), all
     * or none: on a refused byte the recognizer is popped back and false returned.
     */
    private boolean pushToken(int id) {
        Recognizer r = recognizer;
        int mark = r.mark();
        for (int i = 0, n = tokens.length(id); i < n; i++) {
            if (!r.push(tokens.byteAt(id, i))) {
                r.popTo(mark);
                return false;
            }
        }
        return true;
    }

    /**
     * Consumes raw bytes (a prompt prefix the model did not produce, or a forced continuation),
     * all or nothing. For {@link #rollback(int)} they count as one token.
     *
     * @return true if the bytes keep the input viable and are consumed; false, with no change, if not
     */
    public boolean acceptBytes(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        if (terminated) {
            return false;
        }
        int mark = recognizer.mark();
        if (!recognizer.pushAll(bytes)) {
            return false;
        }
        record(mark);
        return true;
    }

    /** Whether the bytes consumed are a complete sentence (so an end-of-sequence id is allowed). */
    public boolean isAccepting() {
        return terminated || recognizer.isAccepting();
    }

    /** Whether nothing but an end-of-sequence id can follow: one was accepted, or the sentence is complete and cannot go on. */
    public boolean isTerminated() {
        return terminated || (recognizer.isAccepting() && !recognizer.canContinue());
    }

    /**
     * The fewest bytes that would make the input a complete sentence: 0 when accepting (or
     * terminated), -1 when no continuation ever completes. Generators use it to finish within a
     * budget (see {@link io.github.kbnf4j.earley.Recognizer#minBytesToAccept()}).
     */
    public int minBytesToAccept() {
        return terminated ? 0 : recognizer.minBytesToAccept();
    }

    /** The number of tokens (and byte strings) accepted and not rolled back. */
    public int tokenCount() {
        return historySize;
    }

    /** The bytes consumed so far. */
    public int byteCount() {
        return recognizer.length();
    }

    /**
     * Undoes the last {@code tokens} accepted tokens (for speculative decoding).
     *
     * @throws IllegalArgumentException if {@code tokens} is negative or more than {@link #tokenCount()}
     */
    public void rollback(int tokens) {
        if (tokens < 0 || tokens > historySize) {
            throw new IllegalArgumentException("cannot roll back " + tokens + " tokens of " + historySize);
        }
        int mark = -1;
        for (int i = 0; i < tokens; i++) {
            int h = history[--historySize];
            if (h >= 0) {
                mark = h;
            }
        }
        if (mark >= 0) {
            recognizer.popTo(mark);
        }
        terminated = historySize > 0 && history[historySize - 1] == -1;
    }

    /** Back to the state before the first token; the arrays are kept for reuse. */
    public void reset() {
        recognizer.reset();
        historySize = 0;
        terminated = false;
    }

    /** An independent copy in the same state. */
    public Matcher fork() {
        return new Matcher(this);
    }

    /**
     * The bytes that are the only way forward from here: while exactly one byte may come next and
     * the input is not already a sentence, that byte is forced. Empty if there is a choice (or the
     * matcher is terminated). At most {@link #MAX_FORCED_BYTES} bytes (an endless grammar can force
     * bytes forever); accept them with {@link #acceptBytes(byte[])} and ask again for more.
     */
    public byte[] forcedContinuation() {
        if (terminated) {
            return new byte[0];
        }
        int base = recognizer.mark();
        byte[] out = new byte[16];
        int n = 0;
        try {
            while (n < MAX_FORCED_BYTES && !recognizer.isAccepting()) {
                recognizer.nextBytes(nextBytes);
                int only = onlyByte(nextBytes);
                if (only < 0 || !recognizer.push(only)) {
                    break;
                }
                if (n == out.length) {
                    out = Arrays.copyOf(out, 2 * n);
                }
                out[n++] = (byte) only;
            }
        } finally {
            recognizer.popTo(base);
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * Fills the masks of several matchers at once on {@code executor} (matcher {@code i} into
     * {@code masks.get(i)}); returns when all are done. The matchers must be distinct (a matcher is
     * not thread-safe); they may belong to different constraints.
     *
     * @throws IllegalArgumentException if the lists differ in size or a matcher appears twice
     */
    public static void fillMasks(List<Matcher> matchers, List<long[]> masks, Executor executor) {
        if (matchers.size() != masks.size()) {
            throw new IllegalArgumentException(matchers.size() + " matchers but " + masks.size() + " masks");
        }
        Set<Matcher> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Matcher m : matchers) {
            if (!seen.add(m)) {
                throw new IllegalArgumentException("the same matcher appears twice; each needs its own thread");
            }
        }
        CompletableFuture<?>[] futures = new CompletableFuture<?>[matchers.size()];
        for (int i = 0; i < futures.length; i++) {
            Matcher m = matchers.get(i);
            long[] mask = masks.get(i);
            futures[i] = CompletableFuture.runAsync(() -> m.fillMask(mask), executor);
        }
        try {
            CompletableFuture.allOf(futures).join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw e;
        }
    }

    @Override
    public String toString() {
        return "Matcher[" + historySize + " tokens, " + recognizer.length() + " bytes"
                + (terminated ? ", terminated" : recognizer.isAccepting() ? ", accepting" : "") + "]";
    }

    // ---- internals ----

    /**
     * Layer 2: for each DFA state the next byte is read in, the tokens that stay inside the terminal
     * are allowed outright; the tokens that may leave the terminal mid-token (the subtrees under the
     * state's exit nodes) are walked with the recognizer, in trie order, sharing pushed prefixes.
     */
    private void fillFromTerminalStates(long[] mask) {
        Recognizer r = recognizer;
        if (states.length < r.scanItemCount()) {
            states = new int[Math.max(r.scanItemCount(), 2 * states.length)];
            stateTokens = new StateTokens[states.length];
        }
        int stateCount = r.terminalStates(states);
        baseCount = 0;
        for (int k = 0; k < stateCount; k++) {
            StateTokens st = terminalTokens.get(states[k]);
            stateTokens[k] = st;
            if (st.insideMask != null) {
                long[] inside = st.insideMask;
                for (int w = 0; w < inside.length; w++) {
                    mask[w] |= inside[w];
                }
                if (baseCount == bases.length) {
                    bases = Arrays.copyOf(bases, 2 * baseCount);
                }
                bases[baseCount++] = inside;
            } else {
                for (int id : st.insideIds) {
                    mask[id >>> 6] |= 1L << id;
                }
            }
        }
        int exitCount = 0;
        int walkedOneByOne = 0;
        for (int k = 0; k < stateCount; k++) {
            StateTokens st = stateTokens[k];
            int[] exits = st.exitNodes;
            if (exits.length == 0 || walkExitGroups(mask, k, stateCount)) {
                continue;
            }
            if (exitCount + exits.length > exitNodes.length) {
                exitNodes = Arrays.copyOf(exitNodes, Math.max(exitCount + exits.length, 2 * exitNodes.length));
            }
            System.arraycopy(exits, 0, exitNodes, exitCount, exits.length);
            exitCount += exits.length;
            walkedOneByOne++;
        }
        if (exitCount > 0) {
            if (walkedOneByOne > 1) {
                // the states' lists merged into trie order (fastutil's in-place sort: no merge buffer)
                IntArrays.quickSort(exitNodes, 0, exitCount);
            }
            walkExitNodes(mask, exitCount);
        }
    }

    /**
     * The grouped exit walk of DFA state {@code states[k]} (call it s, of terminal T): when it
     * applies, the recognizer state after the path to an exit node's parent depends only on the
     * DFA state q that path leads T to, so one path per q is pushed instead of one per parent.
     * Returns false, having changed nothing, when it does not apply; the caller then walks the
     * exit nodes one by one.
     *
     * <p>Why one path per q is enough. Let p be the path to an exit node's parent (all of it
     * inside T, starting from s). It applies when (1) every other item of the current set dies
     * on p's first byte, and (2) the items predicted when T ends mid-path die on the next byte:
     * their first bytes are disjoint from the bytes T reads in an accepting state after its first
     * byte. Then after p the only live items are
     * T's items, now in q, and, if q is accepting, the items T's completion adds, which depend
     * only on T's items (origins before the token), not on p. The exit byte leaves T, so what
     * follows it is read by those completion items alone: the same for every p ending in q. If q
     * is not accepting, nothing can read the exit byte, and the whole exit subtree is refused.
     * Condition (2) is checked on the first representative path that ends in an accepting
     * state (without one, the walk does not apply).
     */
    private boolean walkExitGroups(long[] mask, int k, int stateCount) {
        StateTokens st = stateTokens[k];
        int s = states[k];
        TerminalTokenTables tables = terminalTokens;
        for (int j = 0; j < stateCount; j++) { // condition (1)
            if (states[j] != s && tables.liveBytesIntersect(states[j], st.firstBytes)) {
                return false;
            }
        }
        CompiledGrammar g = constraint.grammar();
        int[] groupState = st.groupState;
        int firstAccepting = -1;
        for (int grp = groupState.length - 1; grp >= 0; grp--) {
            if (g.dfaAccepting(groupState[grp])) {
                if (tables.isStartState(groupState[grp])) {
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
            int representativeLength = pushParentPath(st.groupRepresentative[firstAccepting]);
            if (!completionItemsDieInPath(st, groupState[firstAccepting])) { // condition (2)
                return false;
            }
            for (int grp = firstAccepting; grp < groupState.length; grp++) {
                ExitSuffixes suffixes = st.groupSuffixes[grp];
                if (suffixes == null) {
                    continue; // not accepting: every token of the group is refused
                }
                if (grp != firstAccepting) {
                    r.popTo(base);
                    representativeLength = pushParentPath(st.groupRepresentative[grp]);
                }
                walkRoots(mask, suffixes.trie(), suffixes.tokenIds(), base + representativeLength);
            }
            return true;
        } finally {
            r.popTo(base);
        }
    }

    /** Pushes the path to {@code node}'s parent (inside a terminal: never refused); returns its length. */
    private int pushParentPath(int node) {
        TokenTrie t = trie;
        int depth = t.depth(node) - 1;
        for (int p = t.parent(node), d = depth - 1; p >= 0; p = t.parent(p), d--) {
            path[d] = (byte) t.nodeByte(p);
        }
        for (int d = 0; d < depth; d++) {
            if (!recognizer.push(path[d])) {
                throw new IllegalStateException("a path inside a terminal was refused; the recognizer is broken");
            }
        }
        return depth;
    }

    /**
     * Condition (2) of {@link #walkExitGroups}, checked after a representative path that leaves T
     * in accepting state {@code q}: every other live DFA state is one of the items T's completion
     * added, and none of them has a transition on a byte T may read right after it could have
     * ended mid-path. (A state
     * q that starts a terminal could hide a fresh item of the completion among T's items, so the
     * caller refuses such groups.)
     */
    private boolean completionItemsDieInPath(StateTokens st, int q) {
        Recognizer r = recognizer;
        TerminalTokenTables tables = terminalTokens;
        if (statesAfter.length < r.scanItemCount()) {
            statesAfter = new int[Math.max(r.scanItemCount(), 2 * statesAfter.length)];
        }
        int n = r.terminalStates(statesAfter);
        for (int j = 0; j < n; j++) {
            if (statesAfter[j] != q && tables.liveBytesIntersect(statesAfter[j], st.bytesAfterAccepting)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Walks the subtrees of {@code exitNodes[0 .. exitCount)} (in trie order) one by one, sharing
     * pushed prefixes between consecutive exit nodes.
     */
    private void walkExitNodes(long[] mask, int exitCount) {
        Recognizer r = recognizer;
        TokenTrie t = trie;
        int base = r.mark();
        int pushed = 0; // the length of the prefix now pushed, kept in prefix[0 .. pushed)
        int walkedTo = -1; // exit nodes below this node index lie in a subtree already walked
        int previousParent = -2;
        try {
            for (int k = 0; k < exitCount; k++) {
                int node = exitNodes[k];
                if (node < walkedTo) {
                    continue;
                }
                int parent = t.parent(node);
                int depth = t.depth(node) - 1;
                if (parent != previousParent) {
                    // the path to the exit node's parent: inside the terminal, so always viable
                    for (int p = parent, d = depth - 1; p >= 0; p = t.parent(p), d--) {
                        path[d] = (byte) t.nodeByte(p);
                    }
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
                    r.nextBytes(nextBytes); // shared by the siblings that follow
                } else {
                    r.popTo(base + depth);
                }
                int b = t.nodeByte(node);
                walkedTo = t.subtreeEnd(node);
                if ((nextBytes[b >>> 6] & (1L << b)) != 0) {
                    walkSubtree(mask, node, base + depth);
                }
            }
        } finally {
            r.popTo(base);
        }
    }

    /**
     * Walks the subtree of trie node {@code root}, whose byte is known to be allowed; the
     * recognizer's first {@code base} bytes are the path to the root's parent (anything pushed
     * beyond them is popped first). Leaves the recognizer deeper; the caller pops.
     */
    private void walkSubtree(long[] mask, int root, int base) {
        walkSubtree(mask, trie, null, root, base);
    }

    /**
     * {@link #walkSubtree(long[], int, int)} in trie {@code t}, whose token ids are mapped through
     * {@code ids} unless it is null.
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
     * The depth-first trie walk (layer 3): sets the bit of every text token that keeps the input
     * viable. The root's children are filtered by the bytes that may come next.
     */
    private void walkTrie(long[] mask) {
        Recognizer r = recognizer;
        int base = r.mark();
        try {
            walkRoots(mask, trie, null, base);
        } finally {
            r.popTo(base);
        }
    }

    /**
     * Walks every subtree of trie {@code t} (ids mapped through {@code ids} unless null) from the
     * recognizer's state at length {@code base}, skipping the root's children whose byte cannot
     * come next. Leaves the recognizer deeper; the caller pops.
     */
    private void walkRoots(long[] mask, TokenTrie t, int[] ids, int base) {
        Recognizer r = recognizer;
        r.popTo(base);
        r.nextBytes(nextBytes);
        for (int i = 0, n = t.nodeCount(); i < n; i = t.subtreeEnd(i)) {
            int b = t.nodeByte(i);
            if ((nextBytes[b >>> 6] & (1L << b)) != 0) {
                walkSubtree(mask, t, ids, i, base);
            }
        }
    }

    private void record(int mark) {
        if (historySize == history.length) {
            history = Arrays.copyOf(history, 2 * historySize);
        }
        history[historySize++] = mark;
    }

    private void checkId(int id) {
        if (id < 0 || id >= vocabulary.size()) {
            throw new IllegalArgumentException("unknown token id " + id + " (the vocabulary has ids 0.."
                    + (vocabulary.size() - 1) + ")");
        }
    }

    private static int onlyByte(long[] set) {
        int found = -1;
        for (int w = 0; w < 4; w++) {
            long x = set[w];
            if (x == 0) {
                continue;
            }
            if (found >= 0 || Long.bitCount(x) != 1) {
                return -1;
            }
            found = 64 * w + Long.numberOfTrailingZeros(x);
        }
        return found;
    }
}
