/**
 * Test support shared by every module: example grammars ({@link io.github.kbnf4j.testdata.ExampleGrammars}),
 * golden files, the slow references ({@link io.github.kbnf4j.testdata.ReferenceRecognizer},
 * {@link io.github.kbnf4j.testdata.AstReferenceMatcher}), random grammars
 * ({@link io.github.kbnf4j.testdata.RandomGrammars}), and random sentences, viable prefixes and near
 * misses of a compiled grammar ({@link io.github.kbnf4j.testdata.Sentences}, paired with their grammar
 * in {@link io.github.kbnf4j.testdata.GrammarAndInput}).
 */
package io.github.kbnf4j.testdata;
