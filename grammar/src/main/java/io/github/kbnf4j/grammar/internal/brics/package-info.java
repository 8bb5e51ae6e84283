/**
 * Where the build puts dk.brics.automaton: at package time the shade plugin copies its classes
 * into this package (relocated from {@code dk.brics.automaton}, otherwise unchanged; licence in
 * {@code LICENSE-dk.brics.automaton.txt} beside them), and rewrites kbnf4j's references to match.
 * Before packaging (compiling, unit tests) the classes come from the dk.brics jar itself.
 *
 * <p>Why: brics has no module name of its own, so a module requiring it would depend on the
 * file-name-based automatic module {@code automaton}, which is not a stable name to publish. It is
 * used only while a grammar is compiled ({@link io.github.kbnf4j.grammar.internal.automata}), so
 * keeping a private copy inside this module takes it off the module path and the public API. The
 * copy also has its own static settings, which no other brics user in the JVM can change.
 *
 * <p>The package is not exported.
 */
package io.github.kbnf4j.grammar.internal.brics;
