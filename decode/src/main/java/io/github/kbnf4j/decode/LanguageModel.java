package io.github.kbnf4j.decode;

import io.github.kbnf4j.runtime.Vocabulary;
import java.util.List;

/**
 * A language model that a constrained decoder can step: it encodes prompts, and each of its
 * {@linkplain #newSession() sessions} appends tokens to a sequence and returns the logits of the
 * next token.
 *
 * <p>Implementations must let one thread use a session while another thread uses a
 * {@link io.github.kbnf4j.runtime.Matcher} (the decoder computes a step's mask while the model
 * computes that step's logits). Sessions of one model may be used by different threads at once
 * only if the implementation says so.
 */
public interface LanguageModel extends AutoCloseable {

    /**
     * The model's vocabulary as kbnf4j sees it: token id to bytes, with the model's end-of-sequence
     * ids. Token ids are the same as the model's, so a mask indexes its logits.
     */
    Vocabulary vocabulary();

    /**
     * How many logits a step returns. It may be larger than {@code vocabulary().size()} (models pad
     * their output layer); logits beyond the vocabulary are never sampled under a constraint.
     */
    int logitsSize();

    /** Encodes plain text as the model's tokens, with no chat template and no special tokens. */
    int[] encode(String text);

    /**
     * Encodes a conversation as the prompt of the assistant's next turn, with the model's chat
     * template when it has one (and its beginning-of-sequence token where the template asks for
     * one). The generated text is the assistant's answer.
     *
     * @throws IllegalArgumentException if the conversation is empty
     */
    int[] encodeConversation(List<ChatMessage> conversation);

    /** Starts an empty sequence, with its own cache of past tokens. */
    LogitsSession newSession();

    /** Releases the model's resources (weights, thread pools). The default does nothing. */
    @Override
    default void close() {}
}
