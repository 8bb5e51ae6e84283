/**
 * Writing a compiled grammar as GBNF (llama.cpp): {@link io.github.kbnf4j.grammar.internal.writer.GbnfEmitter}
 * behind {@link io.github.kbnf4j.grammar.GbnfWriter}, with the left-corner transform that removes
 * left recursion and the regrouping of byte DFA transitions into code point classes.
 */
package io.github.kbnf4j.grammar.internal.writer;
