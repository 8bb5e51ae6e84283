/**
 * The decode loop's parts: drawing a token from masked logits ({@link
 * io.github.kbnf4j.decode.internal.TokenSampler}) and running a step's mask on a thread of its
 * own while the caller's thread runs the model ({@link io.github.kbnf4j.decode.internal.StepThread}). Not exported.
 */
package io.github.kbnf4j.decode.internal;
