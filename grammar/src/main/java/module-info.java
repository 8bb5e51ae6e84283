/**
 * kbnf4j grammar module: KBNF text to {@link io.github.kbnf4j.grammar.CompiledGrammar}.
 *
 * <p>dk.brics.automaton has no module descriptor; it is the automatic module {@code automaton}
 * (named after its jar) and is used only while compiling a grammar: none of its types reaches
 * the public API or the compiled form.
 */
module io.github.kbnf4j.grammar {
    requires org.antlr.antlr4.runtime;
    requires automaton;
    requires it.unimi.dsi.fastutil.core;

    exports io.github.kbnf4j.grammar;
}
