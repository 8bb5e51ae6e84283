package io.github.kbnf4j.decode;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.kbnf4j.decode.internal.StepThread;
import io.github.kbnf4j.decode.internal.TokenSampler;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.jsonschema.AnswerException;
import io.github.kbnf4j.jsonschema.TypedGrammar;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Matcher;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.CancellationException;

/**
 * The constrained decode loop over a {@link LanguageModel}: at every step the model's logits are
 * masked by a {@link Matcher} so that only tokens keeping the output a prefix of a sentence of the
 * grammar can be drawn, and the end-of-sequence token only where the sentence is complete.
 *
 * <pre>{@code
 * try (LanguageModel model = provider.load(dir)) {
 *     ConstrainedDecoder decoder = new ConstrainedDecoder(model);
 *     int[] prompt = model.encodeConversation(List.of(ChatMessage.user("Describe Ada as JSON.")));
 *     Answer<Person> a = decoder.answer(prompt, TypedGrammar.of(Person.class), GenerationOptions.DEFAULT);
 *     Person p = a.value();
 * }
 * }</pre>
 *
 * <h2>A step</h2>
 * Draw a token from the masked logits ({@link SamplingOptions}); stop if it is an end-of-sequence
 * token ({@link StopReason#END_OF_SEQUENCE}); else the matcher accepts it; stop if the grammar's
 * sentence is complete and cannot go on ({@link StopReason#GRAMMAR_COMPLETE}: the model is not asked
 * for an end-of-sequence token then) or if {@link GenerationOptions#maxTokens()} tokens were
 * generated ({@link StopReason#MAX_TOKENS}); else the model appends the token and gives the next
 * logits while the matcher computes the next mask. With {@link GenerationOptions#overlap()} those
 * two run at once: the model on the caller's thread, the mask on a thread of the generation's own
 * (the mask is usually done first, so the caller rarely waits for a thread to wake up). The tokens
 * are the same, bit for bit, as without overlap (the mask depends only on the tokens accepted, the
 * logits only on the tokens appended). The matcher accepts the token before the append starts,
 * which is cheap (linear in the token's length) and spares a forward pass when the token completes
 * the sentence. The prompt's append overlaps the first mask the same way. The model's session is
 * only ever used by the caller's thread.
 *
 * <p>A step allocates nothing: the logits array, the mask and the sampler's scratch are made once
 * per generation (the token-id buffer grows by doubling past 4096 tokens).
 *
 * <h2>Constraints</h2>
 * A constraint must be made on the model's own {@link LanguageModel#vocabulary()} (the engine keys
 * its tables by the vocabulary instance); {@link #constraint(CompiledGrammar)} makes and keeps one
 * per grammar (the constraint's mask cache then serves every generation under that grammar).
 *
 * <p>Thread-safety: a decoder may be shared; each generation has its own session, matcher and
 * sampler. Generations run at once on several threads only if the model allows sessions on
 * several threads (see {@link LanguageModel}). An overlapped constrained generation starts one
 * daemon thread for its masks and ends it before returning, so no thread outlives a generation.
 */
public final class ConstrainedDecoder {
    /** The most grammars whose constraints are kept. */
    private static final int CONSTRAINT_CACHE_SIZE = 64;
    /** The token-id buffer's first size, past which it grows. */
    private static final int INITIAL_TOKEN_BUFFER = 4096;

    private final LanguageModel model;
    private final Vocabulary vocabulary;
    private final int logitsSize;
    /** Constraints by grammar (identity, since grammars are compared by instance). */
    private final Cache<CompiledGrammar, Constraint> constraints =
            Caffeine.newBuilder().weakKeys().maximumSize(CONSTRAINT_CACHE_SIZE).build();
    /** The mask of unconstrained generation: every text token and the end-of-sequence ids. */
    private final long[] anyTokenMask;

    /**
     * A decoder over {@code model}.
     *
     * @throws IllegalArgumentException if the model's {@link LanguageModel#logitsSize()} is smaller
     *     than its vocabulary
     */
    public ConstrainedDecoder(LanguageModel model) {
        this.model = Objects.requireNonNull(model, "model");
        this.vocabulary = Objects.requireNonNull(model.vocabulary(), "model.vocabulary()");
        this.logitsSize = model.logitsSize();
        if (logitsSize < vocabulary.size()) {
            throw new IllegalArgumentException("the model gives " + logitsSize + " logits but its vocabulary has "
                    + vocabulary.size() + " ids");
        }
        this.anyTokenMask = new long[(vocabulary.size() + 63) >>> 6];
        for (int id = 0; id < vocabulary.size(); id++) {
            if (vocabulary.hasBytes(id) || vocabulary.isEos(id)) {
                anyTokenMask[id >>> 6] |= 1L << id;
            }
        }
    }

    /** The model. */
    public LanguageModel model() {
        return model;
    }

    /**
     * The constraint of {@code grammar} on the model's vocabulary, made once per grammar instance
     * and kept (at most {@value #CONSTRAINT_CACHE_SIZE} grammars, least recently used dropped).
     */
    public Constraint constraint(CompiledGrammar grammar) {
        Objects.requireNonNull(grammar, "grammar");
        return constraints.get(grammar, g -> Constraint.of(g, vocabulary));
    }

    /**
     * Generates under {@code grammar} (through {@link #constraint(CompiledGrammar)}).
     *
     * @see #generate(int[], Constraint, GenerationOptions)
     */
    public Generation generate(int[] prompt, CompiledGrammar grammar, GenerationOptions options) {
        return generate(prompt, constraint(grammar), options);
    }

    /**
     * Generates after {@code prompt} under {@code constraint}.
     *
     * @param prompt the prompt's token ids (from {@link LanguageModel#encode} or
     *     {@link LanguageModel#encodeConversation}); not empty
     * @throws IllegalArgumentException if the prompt is empty, or the constraint is not on the
     *     model's vocabulary
     * @throws io.github.kbnf4j.earley.RecognizerLimitException if a mask reaches a limit of the
     *     constraint's options
     * @throws CancellationException if the thread is interrupted (checked at every step; the flag
     *     stays set; the session is closed and the step thread ended)
     * @throws RuntimeException what the model's session throws (such as a context length exceeded)
     */
    public Generation generate(int[] prompt, Constraint constraint, GenerationOptions options) {
        Objects.requireNonNull(constraint, "constraint");
        if (constraint.vocabulary() != vocabulary) {
            throw new IllegalArgumentException("the constraint is on the vocabulary " + constraint.vocabulary().name()
                    + ", not on the model's (" + vocabulary.name() + "): make it with constraint(grammar) or "
                    + "Constraint.of(grammar, model.vocabulary())");
        }
        return run(prompt, constraint.newMatcher(), options);
    }

    /**
     * Generates after {@code prompt} with no grammar: any text token, until an end-of-sequence token
     * or the token limit. Special tokens other than end-of-sequence are never drawn.
     *
     * @throws IllegalArgumentException if the prompt is empty
     */
    public Generation generateUnconstrained(int[] prompt, GenerationOptions options) {
        return run(prompt, null, options);
    }

    /**
     * Generates an answer of a type and reads it: the output is constrained by the type's grammar,
     * then parsed with {@link TypedGrammar#parse}.
     *
     * @throws AnswerException if the answer cannot be read: {@link AnswerException.Kind#INCOMPLETE}
     *     when generation stopped before the value was complete (the message names the stop reason
     *     and, for a token limit, {@code GenerationOptions.maxTokens})
     * @see #generate(int[], Constraint, GenerationOptions)
     */
    public <T> Answer<T> answer(int[] prompt, TypedGrammar<T> type, GenerationOptions options) {
        Objects.requireNonNull(type, "type");
        Generation g = generate(prompt, constraint(type.grammar()), options);
        try {
            return new Answer<>(type.parse(g.bytes()), g);
        } catch (AnswerException e) {
            if (e.kind() != AnswerException.Kind.INCOMPLETE) {
                throw e;
            }
            String why = switch (g.stopReason()) {
                case MAX_TOKENS -> "generation reached its limit of " + options.maxTokens()
                        + " tokens (GenerationOptions.maxTokens) before the answer was complete";
                case NO_ALLOWED_TOKEN -> "no token of the model's vocabulary continues the answer";
                default -> "generation stopped (" + g.stopReason() + ") before the answer was complete";
            };
            throw new AnswerException(AnswerException.Kind.INCOMPLETE, e.offset(), why + "; " + e.getMessage(),
                    e.getCause());
        }
    }

    @Override
    public String toString() {
        return "ConstrainedDecoder[" + vocabulary.name() + ", " + logitsSize + " logits]";
    }

    // ---- the loop ----

    /** The loop; {@code matcher} null means unconstrained. */
    private Generation run(int[] prompt, Matcher matcher, GenerationOptions options) {
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(options, "options");
        if (prompt.length == 0) {
            throw new IllegalArgumentException("the prompt is empty: the model needs at least one token to predict "
                    + "from (such as its beginning-of-sequence token)");
        }
        long wallStart = System.nanoTime();
        final int maxTokens = options.maxTokens();
        final boolean overlap = options.overlap();
        final Vocabulary vocab = vocabulary;
        final float[] logits = new float[logitsSize];
        final long[] mask = matcher == null ? anyTokenMask.clone() : matcher.constraint().newMask();
        final TokenSampler sampler = new TokenSampler(options.sampling(), vocab.size());
        final int[] next = new int[1];
        int[] out = new int[Math.min(maxTokens, INITIAL_TOKEN_BUFFER)];
        int n = 0;
        long promptNanos;
        long modelNanos = 0;
        long maskNanos = 0;
        long sampleNanos = 0;
        long savedNanos = 0;
        StopReason stop;
        // The mask thread exists only when there is a mask to compute (not for unconstrained generation).
        final Matcher m = matcher;
        try (LogitsSession session = model.newSession();
                StepThread maskThread = overlap && m != null ? new StepThread(() -> m.fillMask(mask),
                        "kbnf4j-decode-mask") : null) {
            // The prompt, overlapped with the first mask.
            long t0 = System.nanoTime();
            if (maskThread != null) {
                maskThread.start();
            }
            session.append(prompt, 0, prompt.length, logits);
            promptNanos = System.nanoTime() - t0;
            if (maskThread != null) {
                long mask0 = maskThread.await();
                maskNanos += mask0;
                savedNanos += Math.max(0, promptNanos + mask0 - (System.nanoTime() - t0));
            } else {
                long m0 = System.nanoTime();
                fillMask(m, mask);
                maskNanos += System.nanoTime() - m0;
            }
            while (true) {
                if (Thread.currentThread().isInterrupted()) {
                    // Masks from the cache never look at the flag: check it once per step.
                    throw new CancellationException("generation interrupted after " + n + " tokens");
                }
                long s0 = System.nanoTime();
                int token = sampler.sample(logits, mask);
                long a0 = System.nanoTime();
                sampleNanos += a0 - s0;
                if (token < 0) {
                    stop = StopReason.NO_ALLOWED_TOKEN;
                    break;
                }
                if (vocab.isEos(token)) {
                    stop = StopReason.END_OF_SEQUENCE;
                    break;
                }
                if (n == out.length) {
                    out = Arrays.copyOf(out, Math.min(maxTokens, 2 * n));
                }
                out[n++] = token;
                boolean complete = false;
                if (m != null) {
                    if (!m.acceptToken(token)) {
                        throw new IllegalStateException("the matcher refused token " + token + " that its mask allowed");
                    }
                    complete = m.isTerminated();
                    maskNanos += System.nanoTime() - a0;
                }
                if (complete) {
                    stop = StopReason.GRAMMAR_COMPLETE;
                    break;
                }
                if (n == maxTokens) {
                    stop = StopReason.MAX_TOKENS;
                    break;
                }
                next[0] = token;
                long t1 = System.nanoTime();
                if (maskThread != null) {
                    // The mask on its thread while this one runs the model: the mask is usually done
                    // first, so waiting for it costs no wake-up on this thread.
                    maskThread.start();
                    session.append(next, 0, 1, logits);
                    long model = System.nanoTime() - t1;
                    long maskTime = maskThread.await();
                    long elapsed = System.nanoTime() - t1;
                    modelNanos += model;
                    maskNanos += maskTime;
                    savedNanos += Math.max(0, model + maskTime - elapsed);
                } else {
                    session.append(next, 0, 1, logits);
                    long m0 = System.nanoTime();
                    modelNanos += m0 - t1;
                    fillMask(m, mask);
                    maskNanos += System.nanoTime() - m0;
                }
            }
        }
        int[] ids = Arrays.copyOf(out, n);
        GenerationTiming timing = new GenerationTiming(promptNanos, modelNanos, maskNanos, sampleNanos,
                System.nanoTime() - wallStart, savedNanos);
        return new Generation(ids, bytesOf(ids), stop, timing);
    }

    /** The next mask; unconstrained generation keeps its fixed mask. */
    private static void fillMask(Matcher matcher, long[] mask) {
        if (matcher != null) {
            matcher.fillMask(mask);
        }
    }

    private byte[] bytesOf(int[] ids) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(ids.length * 4);
        for (int id : ids) {
            bytes.writeBytes(vocabulary.tokenBytes(id));
        }
        return bytes.toByteArray();
    }
}
