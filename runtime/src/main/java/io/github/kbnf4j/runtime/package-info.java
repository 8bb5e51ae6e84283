/**
 * The runtime side of constrained decoding (the README's "How it works" (Masks)): {@link
 * io.github.kbnf4j.runtime.Vocabulary} (token id to exact bytes, end-of-sequence and special ids,
 * and its loaders: Hugging Face {@code tokenizer.json}, tiktoken rank files, the encodings shipped
 * in jtokkit, plain lists); {@link io.github.kbnf4j.runtime.Constraint} (a grammar joined with a
 * vocabulary and everything precomputed for them, immutable and shared) with its
 * {@link io.github.kbnf4j.runtime.ConstraintOptions}; and {@link io.github.kbnf4j.runtime.Matcher},
 * the per-sequence state a decode loop drives: exact token masks from three layers (the mask cache
 * keyed by the recognizer's frontier, terminal-state token tables, the token-trie walk),
 * accepting tokens, rollback, forks and forced continuations.
 */
package io.github.kbnf4j.runtime;
