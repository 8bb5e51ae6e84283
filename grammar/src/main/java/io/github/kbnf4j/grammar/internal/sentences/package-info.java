/**
 * Random sentences of a compiled grammar as a pure function of a list of choices
 * ({@link io.github.kbnf4j.grammar.internal.sentences.SentenceGenerator}), and near misses made by
 * editing a few bytes of one ({@link io.github.kbnf4j.grammar.internal.sentences.Edits}). No
 * randomness lives here: the property-testing library that calls this supplies the choices, so
 * its seeds reproduce values and its shrinking of the choices shrinks the sentences. Used by the
 * public {@code kbnf4j-jqwik} module and by the project's internal test support.
 */
package io.github.kbnf4j.grammar.internal.sentences;
