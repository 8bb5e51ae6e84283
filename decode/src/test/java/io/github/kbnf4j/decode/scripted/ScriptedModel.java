package io.github.kbnf4j.decode.scripted;

import io.github.kbnf4j.decode.ChatMessage;
import io.github.kbnf4j.decode.LanguageModel;
import io.github.kbnf4j.decode.LogitsSession;
import io.github.kbnf4j.runtime.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The common part of the scripted models: prompt encoding (one token per byte, through the ids whose
 * bytes are that single byte), sessions that hash the token history, argument checks like a real
 * model's, an optional fixed cost per append, and counters of open sessions (to check that the
 * decoder closes what it opens).
 */
public abstract class ScriptedModel implements LanguageModel {
    private final Vocabulary vocabulary;
    private final int logitsSize;
    /** The id of each single byte, or -1. */
    private final int[] byteIds = new int[256];
    private final int contextLength;
    /** What one append costs on top of making the logits, in nanoseconds, spent spinning. */
    private volatile long appendCostNanos;
    private final AtomicInteger openSessions = new AtomicInteger();
    private final AtomicInteger appends = new AtomicInteger();

    protected ScriptedModel(Vocabulary vocabulary, int logitsSize, int contextLength) {
        this.vocabulary = vocabulary;
        this.logitsSize = logitsSize;
        this.contextLength = contextLength;
        Arrays.fill(byteIds, -1);
        for (int id = vocabulary.size() - 1; id >= 0; id--) {
            if (vocabulary.hasBytes(id) && vocabulary.tokenLength(id) == 1) {
                byteIds[vocabulary.tokenBytes(id)[0] & 0xFF] = id;
            }
        }
    }

    /** Makes each append spin for {@code nanos} more (a model's forward pass, for timing the loop). */
    public ScriptedModel withAppendCost(long nanos) {
        this.appendCostNanos = nanos;
        return this;
    }

    @Override
    public Vocabulary vocabulary() {
        return vocabulary;
    }

    @Override
    public int logitsSize() {
        return logitsSize;
    }

    @Override
    public int[] encode(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int[] ids = new int[bytes.length];
        int n = 0;
        for (byte b : bytes) {
            int id = byteIds[b & 0xFF];
            if (id >= 0) {
                ids[n++] = id;
            }
        }
        return Arrays.copyOf(ids, n);
    }

    @Override
    public int[] encodeConversation(List<ChatMessage> conversation) {
        if (conversation.isEmpty()) {
            throw new IllegalArgumentException("the conversation is empty");
        }
        StringBuilder sb = new StringBuilder();
        for (ChatMessage m : conversation) {
            sb.append('<').append(m.role().name().toLowerCase()).append('>').append(m.text()).append('\n');
        }
        sb.append("<assistant>");
        return encode(sb.toString());
    }

    @Override
    public LogitsSession newSession() {
        openSessions.incrementAndGet();
        return new Session();
    }

    /** Sessions opened and not closed. */
    public int openSessions() {
        return openSessions.get();
    }

    /** Appends so far, over all sessions. */
    public int appends() {
        return appends.get();
    }

    /**
     * Writes the logits that follow a history.
     *
     * @param historyHash a hash of all tokens appended so far
     * @param lastToken the last token appended
     * @param generated the tokens appended after the first append (the prompt), in order
     * @param generatedCount how many of {@code generated} are valid
     * @param logits where to write ({@link #logitsSize()} entries)
     */
    protected abstract void fillLogits(long historyHash, int lastToken, int[] generated, int generatedCount,
            float[] logits);

    /** SplitMix64's finalizer: a well-mixed 64-bit function of {@code z}. */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private final class Session implements LogitsSession {
        private long hash = 0x9E3779B97F4A7C15L;
        private int length;
        private int appendCalls;
        private int[] generated = new int[64];
        private int generatedCount;
        private boolean closed;

        @Override
        public void append(int[] tokens, int from, int to, float[] logits) {
            if (closed) {
                throw new IllegalStateException("the session is closed");
            }
            if (from >= to) {
                throw new IllegalArgumentException("empty range " + from + ".." + to);
            }
            if (logits.length < logitsSize) {
                throw new IllegalArgumentException("logits has " + logits.length + " entries, fewer than " + logitsSize);
            }
            if (length + (to - from) > contextLength) {
                throw new IllegalStateException("the sequence would exceed the context length of " + contextLength
                        + " tokens");
            }
            boolean prompt = appendCalls++ == 0;
            for (int i = from; i < to; i++) {
                int t = tokens[i];
                if (t < 0 || t >= vocabulary.size()) {
                    throw new IllegalArgumentException("token id " + t + " is outside the vocabulary");
                }
                hash = mix(hash + t + 1);
                if (!prompt) {
                    if (generatedCount == generated.length) {
                        generated = Arrays.copyOf(generated, 2 * generatedCount);
                    }
                    generated[generatedCount++] = t;
                }
            }
            length += to - from;
            appends.incrementAndGet();
            fillLogits(hash, tokens[to - 1], generated, generatedCount, logits);
            long cost = appendCostNanos;
            if (cost > 0) {
                long until = System.nanoTime() + cost;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
        }

        @Override
        public int length() {
            return length;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                openSessions.decrementAndGet();
            }
        }
    }
}
