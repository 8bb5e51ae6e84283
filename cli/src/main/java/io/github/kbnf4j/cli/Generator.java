package io.github.kbnf4j.cli;

import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Matcher;
import io.github.kbnf4j.runtime.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Random sentences of a grammar, sampled token by token from the masks of a {@link Matcher}, each
 * finished within a budget of text tokens whenever the grammar allows it ({@code kbnf4j generate}).
 *
 * <h2>Sampling</h2>
 * A <i>free</i> step picks uniformly among the allowed ids (text tokens, plus the end-of-sequence
 * ids when the text is a complete sentence). It draws ids uniformly from the whole vocabulary and
 * keeps the first allowed one; after {@value #FREE_DRAWS} refused draws it computes the full mask
 * and picks uniformly from it. Both ways give every allowed id the same probability, and the draws
 * are much cheaper than a mask when most tokens are allowed (inside a JSON string, 95% are).
 *
 * <h2>Finishing within the budget</h2>
 * Let {@code need} be {@link Matcher#minBytesToAccept()} (the fewest bytes to a complete sentence)
 * and {@code left} the text tokens still allowed. Two rules keep {@code need <= left} once it
 * holds, which finishes the sentence:
 * <ul>
 * <li>a free token is taken back (and a steered step made instead) if after it
 *     {@code need > left} or no completion is left;
 * <li>once {@code left <= need + }{@value #STEERING_MARGIN}, every step is <i>steered</i>: an
 *     end-of-sequence id if the sentence is complete; otherwise the longest token that spells a
 *     prefix of a shortest completion. The completion is found byte by byte (a byte is on it when
 *     it lowers {@code need} by exactly one; since {@code need} is exact, such a byte always
 *     exists) and reused across steps.
 * </ul>
 * A steered text token lowers {@code need} by its length, at least one, and {@code left} by one;
 * so from {@code need <= left} every step keeps it, and when {@code left} reaches 0 so has
 * {@code need}: the sentence is complete and ends. End-of-sequence ids do not count against the
 * budget (they add no text). This needs a token for each byte of the completion: byte-level
 * vocabularies (GPT-2 style BPE, tiktoken, SentencePiece with byte fallback) have all 256; without
 * them a steered step falls back to the best of a random sample of allowed tokens. When the grammar
 * cannot complete from the start within the budget ({@code need} bytes may still fit in fewer
 * multi-byte tokens) the steering runs from the first step, as a best effort; when no continuation
 * completes at all (an endless grammar: {@code need} is -1) the sentence runs to the budget and is
 * cut.
 *
 * <h2>Reproducibility</h2>
 * Each sentence depends only on its seed (and the grammar, vocabulary and budget), through
 * {@link SplitMix64}.
 *
 * <p>Not thread-safe: one generator owns one matcher.
 */
final class Generator {
    /** Random draws from the whole vocabulary before a free step computes the full mask. */
    static final int FREE_DRAWS = 256;
    /** Steering starts when the tokens left are at most the bytes needed plus this. */
    static final int STEERING_MARGIN = 8;
    /** The most bytes of the shortest completion a steered step looks at (the longest steered token). */
    static final int LOOKAHEAD = 16;
    /** Tokens a steered step evaluates when the vocabulary lacks the token for a completion byte. */
    private static final int SAMPLE = 512;

    /** How a sentence ended. */
    enum Outcome {
        /** A complete sentence: an end-of-sequence id was chosen, or nothing else could follow. */
        COMPLETE,
        /** The budget ran out before the sentence was complete. */
        CUT,
        /** No token of the vocabulary continues the sentence (the vocabulary lacks the bytes). */
        STUCK
    }

    /**
     * One generated sentence.
     *
     * @param bytes the text
     * @param ids the ids of the text tokens it took, in order (end-of-sequence not counted)
     * @param outcome how it ended
     * @param bytesMissing for an incomplete sentence, the fewest bytes that would complete it, or -1
     *     if none would; 0 for a complete one
     */
    record Sentence(byte[] bytes, int[] ids, Outcome outcome, int bytesMissing) {
        /** The number of text tokens it took. */
        int tokens() {
            return ids.length;
        }
    }

    private final Vocabulary vocabulary;
    private final int size;
    private final int maxTokens;
    private final int[] eosIds;
    /** Tokens of at most {@link #LOOKAHEAD} bytes by their bytes (as ISO-8859-1 text): the smallest id. */
    private final Map<String, Integer> shortTokens = new HashMap<>();
    private final Matcher matcher;
    private final long[] mask;
    private final byte[] oneByte = new byte[1];

    // ---- per sentence ----
    private SplitMix64 random;
    private byte[] text = new byte[256];
    private int textLength;
    private int[] ids = new int[64];
    /** A prefix of a shortest completion of the current text; {@code need} drops by one per byte. */
    private final byte[] path = new byte[LOOKAHEAD];
    private int pathLength;
    /** The order in which bytes are tried for the completion: random, then successful ones moved to the front. */
    private final int[] byteOrder = new int[256];

    /**
     * @param constraint the grammar and vocabulary; the vocabulary must have an end-of-sequence id
     * @param maxTokens the most text tokens of a sentence, at least 1
     * @throws IllegalArgumentException if the vocabulary has no end-of-sequence id or
     *     {@code maxTokens < 1}
     */
    Generator(Constraint constraint, int maxTokens) {
        if (maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens must be at least 1: " + maxTokens);
        }
        this.vocabulary = constraint.vocabulary();
        this.size = vocabulary.size();
        this.maxTokens = maxTokens;
        this.eosIds = vocabulary.eosIds();
        if (eosIds.length == 0) {
            throw new IllegalArgumentException("the vocabulary has no end-of-sequence id");
        }
        for (int id = 0; id < size; id++) {
            int length = vocabulary.tokenLength(id);
            if (length >= 1 && length <= LOOKAHEAD) {
                shortTokens.putIfAbsent(new String(vocabulary.tokenBytes(id), StandardCharsets.ISO_8859_1), id);
            }
        }
        this.matcher = constraint.newMatcher();
        this.mask = constraint.newMask();
    }

    /** Generates one sentence from {@code seed}. */
    Sentence generate(long seed) {
        random = new SplitMix64(seed);
        matcher.reset();
        textLength = 0;
        pathLength = 0;
        for (int i = 0; i < 256; i++) {
            int j = random.nextInt(i + 1);
            byteOrder[i] = byteOrder[j];
            byteOrder[j] = i;
        }
        int tokens = 0;
        boolean steering = false;
        while (!matcher.isTerminated()) {
            int need = matcher.minBytesToAccept();
            int left = maxTokens - tokens;
            if (left == 0) {
                return need == 0 ? sentence(tokens, Outcome.COMPLETE, 0) : sentence(tokens, Outcome.CUT, need);
            }
            int id;
            if (need >= 0 && (steering || need + STEERING_MARGIN >= left)) {
                steering = true;
                id = steer(need);
            } else {
                id = draw();
                if (id >= 0 && need >= 0 && !vocabulary.isEos(id)) {
                    int after = matcher.minBytesToAccept();
                    if (after < 0 || after > left - 1) {
                        matcher.rollback(1);
                        id = steer(need);
                    }
                }
            }
            if (id < 0) {
                return sentence(tokens, Outcome.STUCK, need);
            }
            if (vocabulary.isEos(id)) {
                break;
            }
            append(vocabulary.tokenBytes(id));
            if (tokens == ids.length) {
                ids = Arrays.copyOf(ids, 2 * tokens);
            }
            ids[tokens++] = id;
        }
        return sentence(tokens, Outcome.COMPLETE, 0);
    }

    /** A free step: accepts a uniformly chosen allowed id and returns it; -1 if none is allowed. */
    private int draw() {
        pathLength = 0;
        for (int k = 0; k < FREE_DRAWS; k++) {
            int id = random.nextInt(size);
            if (matcher.acceptToken(id)) {
                return id;
            }
        }
        matcher.fillMask(mask);
        int count = allowedCount();
        if (count == 0) {
            return -1;
        }
        int id = select(mask, random.nextInt(count));
        boolean accepted = matcher.acceptToken(id);
        assert accepted : id;
        return id;
    }

    /**
     * A steered step from a state {@code need} bytes short of a sentence: an end-of-sequence id if
     * {@code need} is 0, else the longest token along a shortest completion, accepted. Returns the
     * id, or -1 if no token is allowed.
     */
    private int steer(int need) {
        if (need == 0) {
            return eosIds[random.nextInt(eosIds.length)];
        }
        extendPath(need);
        for (int length = pathLength; length >= 1; length--) {
            Integer id = shortTokens.get(new String(path, 0, length, StandardCharsets.ISO_8859_1));
            if (id != null && matcher.acceptToken(id)) {
                System.arraycopy(path, length, path, 0, pathLength - length);
                pathLength -= length;
                return id;
            }
        }
        return steerBySample(need);
    }

    /** Extends {@link #path} to {@code min(need, LOOKAHEAD)} bytes, leaving the matcher as it was. */
    private void extendPath(int need) {
        int target = Math.min(need, LOOKAHEAD);
        if (pathLength >= target) {
            return;
        }
        int before = matcher.tokenCount();
        if (pathLength > 0 && !matcher.acceptBytes(Arrays.copyOf(path, pathLength))) {
            throw new AssertionError("the completion path went stale");
        }
        int current = need - pathLength;
        extend:
        while (pathLength < target) {
            for (int k = 0; k < 256; k++) {
                int b = byteOrder[k];
                oneByte[0] = (byte) b;
                if (!matcher.acceptBytes(oneByte)) {
                    continue;
                }
                if (matcher.minBytesToAccept() == current - 1) {
                    path[pathLength++] = (byte) b;
                    current--;
                    System.arraycopy(byteOrder, 0, byteOrder, 1, k);
                    byteOrder[0] = b;
                    continue extend;
                }
                matcher.rollback(1);
            }
            break;  // unreachable while minBytesToAccept is exact; the path simply ends
        }
        matcher.rollback(matcher.tokenCount() - before);
    }

    /**
     * The fallback of a steered step when no token spells a prefix of the completion: among a
     * random sample of the allowed tokens, one leaving the fewest bytes to a sentence (ties:
     * the first drawn). Accepts it and returns it; -1 if no token is allowed.
     */
    private int steerBySample(int need) {
        pathLength = 0;
        matcher.fillMask(mask);
        int count = allowedCount();
        if (count == 0) {
            return -1;
        }
        int best = -1;
        int bestNeed = Integer.MAX_VALUE;
        for (int k = 0, n = Math.min(count, SAMPLE); k < n; k++) {
            int id = select(mask, random.nextInt(count));
            if (!matcher.acceptToken(id)) {
                throw new AssertionError("masked token " + id + " refused");
            }
            int after = matcher.minBytesToAccept();
            matcher.rollback(1);
            if (best < 0 || (after >= 0 && after < bestNeed)) {
                best = id;
                bestNeed = after >= 0 ? after : Integer.MAX_VALUE;
            }
        }
        matcher.acceptToken(best);
        return best;
    }

    /** The id of the {@code k}-th set bit (from 0) of {@code mask}. */
    private static int select(long[] mask, int k) {
        for (int w = 0; w < mask.length; w++) {
            long x = mask[w];
            int c = Long.bitCount(x);
            if (k < c) {
                for (int i = 0; i < k; i++) {
                    x &= x - 1;
                }
                return 64 * w + Long.numberOfTrailingZeros(x);
            }
            k -= c;
        }
        throw new IllegalArgumentException("fewer set bits than " + k);
    }

    private void append(byte[] bytes) {
        if (textLength + bytes.length > text.length) {
            text = Arrays.copyOf(text, Math.max(2 * text.length, textLength + bytes.length));
        }
        System.arraycopy(bytes, 0, text, textLength, bytes.length);
        textLength += bytes.length;
    }

    private Sentence sentence(int tokens, Outcome outcome, int bytesMissing) {
        return new Sentence(Arrays.copyOf(text, textLength), Arrays.copyOf(ids, tokens), outcome, bytesMissing);
    }

    /** The number of tokens allowed by {@link #mask}. */
    private int allowedCount() {
        int count = 0;
        for (long w : mask) {
            count += Long.bitCount(w);
        }
        return count;
    }
}
