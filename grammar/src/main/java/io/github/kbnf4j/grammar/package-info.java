/**
 * The grammar front end: KBNF or GBNF (llama.cpp's dialect) text to a validated, simplified
 * {@link io.github.kbnf4j.grammar.CompiledGrammar} ({@link io.github.kbnf4j.grammar.Grammar}), and a
 * compiled grammar back out as GBNF ({@link io.github.kbnf4j.grammar.GbnfWriter}).
 */
package io.github.kbnf4j.grammar;
