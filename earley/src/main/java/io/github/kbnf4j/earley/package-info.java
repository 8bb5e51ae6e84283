/**
 * The byte-level Earley recognizer (the README's "How it works"): {@link io.github.kbnf4j.earley.Recognizer}
 * consumes bytes one at a time against a {@link io.github.kbnf4j.grammar.CompiledGrammar}, says
 * whether the input is a viable prefix or a sentence and which bytes may come next, and pops back
 * to any earlier byte. {@link io.github.kbnf4j.earley.RecognizerOptions} bounds its memory;
 * {@link io.github.kbnf4j.earley.RecognizerLimitException} reports a bound that was hit.
 */
package io.github.kbnf4j.earley;
