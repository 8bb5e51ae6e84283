/**
 * The grammar front end: KBNF or GBNF (llama.cpp's dialect) text to a validated, simplified
 * {@link io.github.kbnf4j.grammar.CompiledGrammar}.
 */
package io.github.kbnf4j.grammar;
