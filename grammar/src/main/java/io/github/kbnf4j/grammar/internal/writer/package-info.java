/**
 * Writing grammars as text. GBNF (llama.cpp) from a compiled grammar:
 * {@link io.github.kbnf4j.grammar.internal.writer.GbnfEmitter} behind
 * {@link io.github.kbnf4j.grammar.GbnfWriter}, with the left-corner transform that removes left
 * recursion. KBNF from a syntax tree, automaton terminals included:
 * {@link io.github.kbnf4j.grammar.internal.writer.KbnfWriter}. Both regroup byte DFA transitions
 * into code point classes ({@link io.github.kbnf4j.grammar.internal.writer.Utf8Edges}).
 */
package io.github.kbnf4j.grammar.internal.writer;
