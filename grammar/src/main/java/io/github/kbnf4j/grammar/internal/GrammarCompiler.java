package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.hir.PackedGrammar;

/** The compilation pipeline: text, AST, validation, HIR, passes, packed arrays. */
public final class GrammarCompiler {
    private GrammarCompiler() {
    }

    /** Compiles UTF-8 grammar text; throws GrammarException with every error. */
    public static PackedGrammar compile(String source, byte[] utf8, GrammarOptions options) {
        throw new UnsupportedOperationException("pipeline under construction");
    }
}
