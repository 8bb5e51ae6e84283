/**
 * Implementation of the runtime: the vocabulary loaders ({@link
 * io.github.kbnf4j.runtime.internal.TokenizerJsonLoader}, {@link
 * io.github.kbnf4j.runtime.internal.TiktokenLoader}), GPT-2's byte-level alphabet, {@link
 * io.github.kbnf4j.runtime.internal.PackedTokens} (the no-copy view of a vocabulary's token
 * bytes), the token trie ({@link io.github.kbnf4j.runtime.internal.TokenTrie}, shared per
 * vocabulary by {@link io.github.kbnf4j.runtime.internal.TokenTries}), the terminal-state token
 * tables ({@link io.github.kbnf4j.runtime.internal.TerminalTokenTables}, {@link
 * io.github.kbnf4j.runtime.internal.StateTokens}) and the cached mask representation ({@link
 * io.github.kbnf4j.runtime.internal.CachedMask}). Not an API: names and signatures may change.
 */
package io.github.kbnf4j.runtime.internal;
