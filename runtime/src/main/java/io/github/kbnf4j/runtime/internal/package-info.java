/**
 * Implementation of the runtime: the vocabulary loaders ({@link
 * io.github.kbnf4j.runtime.internal.TokenizerJsonLoader}, {@link
 * io.github.kbnf4j.runtime.internal.TiktokenLoader}), GPT-2's byte-level alphabet, and {@link
 * io.github.kbnf4j.runtime.internal.PackedTokens}, the no-copy view of a vocabulary's token bytes
 * that the engine builds its tables from. Not an API: names and signatures may change.
 */
package io.github.kbnf4j.runtime.internal;
