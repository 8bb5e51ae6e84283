package io.github.kbnf4j.decode.scripted;

import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Matcher;

/**
 * A model that tries to break the grammar: it follows the generated tokens with its own matcher
 * and puts its highest logits (100 and up) on every token the grammar refuses at that point (the
 * end-of-sequence ids included while the sentence is incomplete), small random ones on the allowed
 * tokens. Only the mask keeps the output inside the grammar.
 */
public final class AdversarialModel extends ScriptedModel {
    private final Constraint constraint;
    private final long seed;

    /** A model against {@code constraint}'s grammar, on its vocabulary. */
    public AdversarialModel(Constraint constraint, long seed) {
        super(constraint.vocabulary(), constraint.vocabulary().size(), 1 << 20);
        this.constraint = constraint;
        this.seed = seed;
    }

    @Override
    protected void fillLogits(long historyHash, int lastToken, int[] generated, int generatedCount, float[] logits) {
        // Replays the output into a fresh matcher: simple, and test models need not be fast.
        Matcher m = constraint.newMatcher();
        for (int i = 0; i < generatedCount; i++) {
            if (!m.acceptToken(generated[i])) {
                throw new AssertionError("the decoder generated token " + generated[i] + " that the grammar refuses "
                        + "after " + i + " tokens");
            }
        }
        long[] mask = m.mask();
        long state = mix(seed ^ historyHash);
        for (int i = 0; i < logits.length && i < logitsSize(); i++) {
            state += 0x9E3779B97F4A7C15L;
            float noise = (mix(state) >>> 40) * 0x1.0p-24f;
            boolean allowed = (mask[i >>> 6] & (1L << i)) != 0;
            logits[i] = allowed ? noise : 100 + noise;
        }
    }
}
