/**
 * The decode loop's parts: drawing a token from masked logits ({@link
 * io.github.kbnf4j.decode.internal.TokenSampler}) and running a model's appends on a thread of
 * their own ({@link io.github.kbnf4j.decode.internal.ModelStepThread}). Not exported.
 */
package io.github.kbnf4j.decode.internal;
