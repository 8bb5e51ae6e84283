/**
 * Byte-level finite automata for terminals: regular expressions and the special terminals
 * ({@code #e}, {@code #ex}, {@code #substrs}, {@code except!}) compiled to minimal, trimmed DFAs
 * over UTF-8 bytes.
 *
 * <p>Flow: {@link io.github.kbnf4j.grammar.internal.automata.Regexes} parses a pattern with its own
 * recursive-descent parser, builds a dk.brics.automaton {@code Automaton} through brics's API
 * (UTF-16, supplementary characters as surrogate pairs), and converts it to a
 * {@link io.github.kbnf4j.grammar.internal.automata.ByteNfa} (surrogate pairs merged into code points,
 * code-point ranges split into valid UTF-8 byte sequences). The NFAs are composed, then
 * {@link io.github.kbnf4j.grammar.internal.automata.Constructions#determinize} makes a
 * {@link io.github.kbnf4j.grammar.internal.automata.ByteDfa} under a work limit. brics objects never
 * leave {@code Regexes}; brics's determinize/minimize/complement (no work limit) are never called.
 *
 * <p>Every construction is deterministic: outputs never depend on hash iteration order, and
 * DFAs are canonically numbered so equal languages give {@code equals} DFAs.
 */
package io.github.kbnf4j.grammar.internal.automata;
