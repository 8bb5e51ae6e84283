/**
 * kbnf4j grammar module: KBNF text to {@link io.github.kbnf4j.grammar.CompiledGrammar}.
 *
 * <p>dk.brics.automaton, used only while compiling a grammar, is not required: it has no module
 * name (only the file-name-based automatic module {@code automaton}), so the build copies it into
 * this jar, relocated to the unexported package {@code io.github.kbnf4j.grammar.internal.brics}.
 * None of its types reaches the public API or the compiled form.
 *
 * <p>The JSON Schema compiler builds grammars as ASTs with automaton terminals, so the internal
 * packages it needs are exported to it alone.
 */
module io.github.kbnf4j.grammar {
    requires org.antlr.antlr4.runtime;
    requires it.unimi.dsi.fastutil.core;

    exports io.github.kbnf4j.grammar;
    exports io.github.kbnf4j.grammar.internal to io.github.kbnf4j.jsonschema;
    exports io.github.kbnf4j.grammar.internal.ast to io.github.kbnf4j.jsonschema;
    exports io.github.kbnf4j.grammar.internal.automata to io.github.kbnf4j.jsonschema;
    exports io.github.kbnf4j.grammar.internal.writer to io.github.kbnf4j.jsonschema;
    // The sentence generator behind the public property-testing module's arbitraries.
    exports io.github.kbnf4j.grammar.internal.sentences to io.github.kbnf4j.jqwik;
}
