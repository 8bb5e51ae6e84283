package io.github.kbnf4j.runtime;

import io.github.kbnf4j.cache.MaskCache;
import io.github.kbnf4j.earley.Frontier;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.runtime.internal.CachedMask;
import io.github.kbnf4j.runtime.internal.PackedTokens;
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
 * A mask comes from three layers (the README's "How it works" (Masks)): the constraint's mask cache, keyed by the
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
    /** The vocabulary's token bytes, read without copying. */
    private final PackedTokens tokens;
    /** Scratch mask of {@link #maskLogits}, allocated on first use. */
    private long[] logitsMask;
    /** The end-of-sequence ids (a private copy: the vocabulary hands out copies). */
    private final int[] eosIds;
    private final Recognizer recognizer;
    private final MaskCache<CachedMask> maskCache;
    /** Computes the masks the cache does not have. */
    private final MaskWalker walker;
    /** Scratch: the current frontier, the probe of the mask cache. */
    private final Frontier frontier = new Frontier();
    /** Scratch for {@link CachedMask#of}, made on the first cache miss. */
    private CachedMask.Scratch cachedMaskScratch;
    /** Per accepted token or byte string: the recognizer's mark before it, or {@code -1} for an end-of-sequence id. */
    private int[] history = new int[64];
    private int historySize;
    private boolean terminated;
    private final long[] nextBytes = new long[4];

    Matcher(Constraint constraint, Recognizer recognizer) {
        this.constraint = constraint;
        this.vocabulary = constraint.vocabulary();
        this.tokens = vocabulary.packed();
        this.eosIds = vocabulary.eosIds();
        this.maskCache = constraint.maskCache();
        this.recognizer = recognizer;
        this.walker = new MaskWalker(recognizer, constraint.grammar(), constraint.trie(), constraint.terminalTokens());
    }

    private Matcher(Matcher o) {
        this.constraint = o.constraint;
        this.vocabulary = o.vocabulary;
        this.tokens = o.tokens;
        this.eosIds = o.eosIds;
        this.maskCache = o.maskCache;
        this.recognizer = o.recognizer.copy();
        this.walker = new MaskWalker(recognizer, constraint.grammar(), constraint.trie(), constraint.terminalTokens());
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
     * @throws io.github.kbnf4j.earley.RecognizerLimitException if the mask would cost more than
     *     {@link ConstraintOptions#maxWorkPerMask()} or reach a recognizer limit (the matcher is left
     *     as it was, the mask zeroed)
     * @throws java.util.concurrent.CancellationException if the thread is interrupted while the mask
     *     is computed (the matcher is left as it was, the interrupt flag set)
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
        fillBounded(mask, false);
        addEos(mask);
        if (cacheable) {
            if (cachedMaskScratch == null) {
                cachedMaskScratch = new CachedMask.Scratch(words);
            }
            maskCache.put(frontier, CachedMask.of(mask, words, walker.bases(), walker.baseCount(), cachedMaskScratch));
        }
    }

    /** {@link #fillMask(long[])} by the plain token-trie walk (layer 3 alone): the exact fallback, for tests. */
    void fillMaskByTrieWalk(long[] mask) {
        Arrays.fill(mask, 0L);
        if (!terminated) {
            fillBounded(mask, true);
        }
        addEos(mask);
    }

    /**
     * Runs the walker within {@link ConstraintOptions#maxWorkPerMask()}. If it throws (a limit, an
     * interrupt), the recognizer is put back where it was and the mask is cleared, so the matcher
     * stays usable and no half-filled mask escapes.
     */
    private void fillBounded(long[] mask, boolean trieWalkOnly) {
        Recognizer r = recognizer;
        int mark = r.mark();
        r.limitWork(constraint.options().maxWorkPerMask(), "maxWorkPerMask", "ConstraintOptions");
        try {
            if (trieWalkOnly) {
                walker.fillByTrieWalk(mask);
            } else {
                walker.fillByTables(mask);
            }
        } catch (RuntimeException e) {
            r.popTo(mark);
            Arrays.fill(mask, 0L);
            throw e;
        } finally {
            r.clearWorkLimit();
        }
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
        try {
            for (int i = 0, n = tokens.length(id); i < n; i++) {
                if (!r.push(tokens.byteAt(id, i))) {
                    r.popTo(mark);
                    return false;
                }
            }
        } catch (RuntimeException e) {
            r.popTo(mark); // a limit or an interrupt in the middle of the token: all or none
            throw e;
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
