/**
 * Property-based testing with grammars and JSON Schemas, for jqwik: random sentences of a grammar,
 * viable prefixes, near misses labelled with the recognizer's verdict, non-sentences
 * ({@link io.github.kbnf4j.jqwik.GrammarArbitraries}); valid and labelled invalid instances of a
 * JSON Schema ({@link io.github.kbnf4j.jqwik.JsonSchemaArbitraries}); the parameter annotations
 * {@link io.github.kbnf4j.jqwik.FromGrammar} and {@link io.github.kbnf4j.jqwik.FromSchema}; and a
 * record of which rules a run exercised, with generation steered toward the rest
 * ({@link io.github.kbnf4j.jqwik.GrammarCoverage}).
 */
package io.github.kbnf4j.jqwik;
