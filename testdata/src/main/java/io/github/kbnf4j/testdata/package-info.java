/**
 * Test support shared by every module: example grammars ({@link io.github.kbnf4j.testdata.ExampleGrammars}),
 * golden files, the slow references ({@link io.github.kbnf4j.testdata.ReferenceRecognizer},
 * {@link io.github.kbnf4j.testdata.AstReferenceMatcher}) and the brute-force token mask
 * ({@link io.github.kbnf4j.testdata.MaskOracle}), random grammars
 * ({@link io.github.kbnf4j.testdata.RandomGrammars}), random sentences, viable prefixes and near
 * misses of a compiled grammar ({@link io.github.kbnf4j.testdata.Sentences}, paired with their grammar
 * in {@link io.github.kbnf4j.testdata.GrammarAndInput}), and random token lists for vocabularies
 * ({@link io.github.kbnf4j.testdata.RandomVocabularies}); and quick property runs for mutation
 * testing ({@link io.github.kbnf4j.testdata.QuickProperties}, off unless a system property asks).
 */
package io.github.kbnf4j.testdata;
