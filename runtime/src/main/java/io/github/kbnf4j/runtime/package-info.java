/**
 * The runtime side of constrained decoding (DESIGN.md §5). For now it holds {@link
 * io.github.kbnf4j.runtime.Vocabulary}: token id to exact bytes, end-of-sequence and special ids,
 * and its loaders (Hugging Face {@code tokenizer.json}, tiktoken rank files, the encodings
 * shipped in jtokkit, plain lists). The token trie, constraints, matchers and token masks are
 * still to come.
 */
package io.github.kbnf4j.runtime;
