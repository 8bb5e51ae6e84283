/**
 * The KBNF front end: grammar text to a validated, simplified {@link io.github.kbnf4j.grammar.CompiledGrammar}.
 */
package io.github.kbnf4j.grammar;
