package io.github.kbnf4j.runtime.internal;

import java.util.List;

/**
 * Names of special tokens that end a sequence in the common model families. A loader makes a
 * token an end-of-sequence id when it has one of these names and the file declares it special
 * (a text token that happens to read {@code </s>} is left alone).
 *
 * <p>Thread-safety: constants only.
 */
public final class EosNames {
    /**
     * {@code </s>} (Llama-2, Mistral), {@code <eos>} and {@code <end_of_turn>} (Gemma),
     * {@code <|endoftext|>} (GPT-2, tiktoken encodings, Qwen), {@code <|end_of_text|>},
     * {@code <|eot_id|>} and {@code <|eom_id|>} (Llama-3), {@code <|im_end|>} (ChatML: Qwen),
     * {@code <|end|>} (Phi-3).
     */
    public static final List<String> NAMES = List.of(
            "</s>", "<eos>", "<end_of_turn>", "<|endoftext|>", "<|end_of_text|>", "<|eot_id|>", "<|eom_id|>",
            "<|im_end|>", "<|end|>");

    private EosNames() {
    }

    /** Whether {@code name} is one of {@link #NAMES}. */
    public static boolean contains(String name) {
        return NAMES.contains(name);
    }
}
