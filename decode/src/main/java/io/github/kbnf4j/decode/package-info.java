/**
 * Constrained generation: a {@link io.github.kbnf4j.decode.LanguageModel} gives next-token
 * logits for a growing sequence; the decoder masks them with a
 * {@link io.github.kbnf4j.runtime.Matcher} at every step, samples, and stops at end of sequence,
 * when the grammar ends, or at a token limit.
 *
 * <p>The model interface is deliberately small (a vocabulary, prompt encoding, and a session that
 * appends tokens and returns logits) so that any in-process runtime can implement it: Jlama in
 * the {@code kbnf4j-jlama} module, or a test's scripted model.
 */
package io.github.kbnf4j.decode;
