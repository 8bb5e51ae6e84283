package io.github.kbnf4j.decode;

/** Why a generation stopped. */
public enum StopReason {
    /** The model chose an end-of-sequence token (allowed only where the grammar's sentence is complete). */
    END_OF_SEQUENCE,
    /**
     * The grammar's sentence is complete and nothing can follow it, so the decoder stopped without
     * asking the model for an end-of-sequence token.
     */
    GRAMMAR_COMPLETE,
    /** {@link GenerationOptions#maxTokens()} tokens were generated: the output may be cut off. */
    MAX_TOKENS,
    /**
     * No token of the vocabulary continues the output and the sentence is not complete (a grammar
     * that needs bytes no token has, or a vocabulary without end-of-sequence ids): the output is cut.
     */
    NO_ALLOWED_TOKEN
}
