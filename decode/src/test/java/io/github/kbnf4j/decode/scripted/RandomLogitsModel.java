package io.github.kbnf4j.decode.scripted;

import io.github.kbnf4j.runtime.Vocabulary;

/**
 * Logits drawn from a generator seeded by the model's seed and the token history: the same history
 * gives the same logits. Each logit is uniform in [0, {@code spread}); end-of-sequence ids get
 * {@code eosBias} on top, so that a complete answer ends soon after it may.
 */
public class RandomLogitsModel extends ScriptedModel {
    private final long seed;
    private final float spread;
    private final float eosBias;
    private final int[] eosIds;
    /** Added to each id's logit ({@link #favouring}). */
    private final float[] bias;
    /** Logits made in advance ({@link #precomputed}), or null. */
    private float[][] tables;

    /**
     * @param vocabulary the tokens
     * @param seed picks this model's logits among all random ones
     * @param spread the range of the logits (larger: more peaked distributions)
     * @param eosBias added to the end-of-sequence logits
     */
    public RandomLogitsModel(Vocabulary vocabulary, long seed, float spread, float eosBias) {
        this(vocabulary, vocabulary.size(), seed, spread, eosBias);
    }

    /** As above, with {@code logitsSize} logits (more than the vocabulary: a padded output layer). */
    public RandomLogitsModel(Vocabulary vocabulary, int logitsSize, long seed, float spread, float eosBias) {
        super(vocabulary, logitsSize, 1 << 20);
        this.seed = seed;
        this.spread = spread;
        this.eosBias = eosBias;
        this.eosIds = vocabulary.eosIds();
        this.bias = new float[logitsSize];
    }

    /**
     * Adds {@code amount} to the logits of the text tokens whose first byte is one of
     * {@code firstBytes} (ASCII): with JSON's closing bytes, generated values end sooner.
     */
    public RandomLogitsModel favouring(String firstBytes, float amount) {
        Vocabulary v = vocabulary();
        for (int id = 0; id < v.size(); id++) {
            if (v.hasBytes(id) && firstBytes.indexOf(v.tokenBytes(id)[0] & 0xFF) >= 0) {
                bias[id] += amount;
            }
        }
        return this;
    }

    /**
     * Makes {@code count} logit arrays now and, at each append, copies the one the history picks: an
     * append then costs little more than copying the logits, for timing the decode loop itself.
     * Call after {@link #favouring}.
     */
    public RandomLogitsModel precomputed(int count) {
        float[][] t = new float[count][logitsSize()];
        for (int i = 0; i < count; i++) {
            fillFresh(mix(i + 1L), t[i]);
        }
        this.tables = t;
        return this;
    }

    @Override
    protected void fillLogits(long historyHash, int lastToken, int[] generated, int generatedCount, float[] logits) {
        float[][] t = tables;
        if (t != null) {
            float[] table = t[(int) Long.remainderUnsigned(historyHash, t.length)];
            System.arraycopy(table, 0, logits, 0, table.length);
            return;
        }
        fillFresh(historyHash, logits);
    }

    private void fillFresh(long historyHash, float[] logits) {
        long state = mix(seed ^ historyHash);
        int n = logitsSize();
        for (int i = 0; i < n; i++) {
            state += 0x9E3779B97F4A7C15L;
            logits[i] = (mix(state) >>> 40) * 0x1.0p-24f * spread + bias[i];
        }
        for (int id : eosIds) {
            logits[id] += eosBias;
        }
    }
}
