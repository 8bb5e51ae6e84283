package io.github.kbnf4j.testdata;

import io.github.kbnf4j.grammar.CompiledGrammar;
import java.util.BitSet;
import java.util.List;
import java.util.Set;

/**
 * The brute-force token mask: for every token, copy the reference recognizer's state, push the
 * token's bytes and see whether the input survives. The judge every fast mask is compared with.
 *
 * <p>It knows nothing of tries, caches or terminal tables, and it runs on
 * {@link ReferenceRecognizer}, not on the fast recognizer, so a bug in either fast layer cannot
 * hide in it. Cost: the sum of all token lengths times the reference's per-byte cost; fine for
 * vocabularies of a few hundred tokens.
 */
public final class MaskOracle {
    private MaskOracle() {
    }

    /**
     * The ids allowed after {@code consumed}.
     *
     * @param grammar the grammar
     * @param consumed the bytes consumed so far (must be viable)
     * @param tokens id -> bytes; {@code null} for an id that is never text (special, no bytes)
     * @param eos the end-of-sequence ids: allowed iff {@code consumed} is a sentence (or
     *     {@code terminated})
     * @param terminated whether an end-of-sequence id was already accepted: then only the
     *     end-of-sequence ids are allowed
     * @throws IllegalArgumentException if {@code consumed} is not viable
     */
    public static BitSet mask(CompiledGrammar grammar, byte[] consumed, List<byte[]> tokens, Set<Integer> eos,
            boolean terminated) {
        ReferenceRecognizer.State state = new ReferenceRecognizer(grammar).newState();
        if (!state.pushAll(consumed)) {
            throw new IllegalArgumentException("the consumed bytes are not a viable prefix");
        }
        BitSet allowed = new BitSet(tokens.size());
        for (int id = 0; id < tokens.size(); id++) {
            byte[] bytes = tokens.get(id);
            if (eos.contains(id)) {
                if (terminated || state.accepting()) {
                    allowed.set(id);
                }
            } else if (bytes != null && !terminated) {
                ReferenceRecognizer.State copy = state.copy();
                if (copy.pushAll(bytes)) {
                    allowed.set(id);
                }
            }
        }
        return allowed;
    }
}
