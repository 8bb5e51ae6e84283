/**
 * The KBNF front end: grammar text to a validated, simplified {@link io.github.kbnf4j.grammar.CompiledGrammar}
 * ({@link io.github.kbnf4j.grammar.Grammar}), and a compiled grammar back out as llama.cpp's GBNF
 * ({@link io.github.kbnf4j.grammar.GbnfWriter}).
 */
package io.github.kbnf4j.grammar;
