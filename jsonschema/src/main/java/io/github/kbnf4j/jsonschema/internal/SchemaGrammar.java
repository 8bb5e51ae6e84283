package io.github.kbnf4j.jsonschema.internal;

import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import java.util.List;

/**
 * What a schema translates to: the grammar's AST, its start rule, and the translator's warnings
 * (an unknown format, a keyword dropped by the lenient option).
 */
public record SchemaGrammar(GrammarAst ast, String start, List<Diagnostic> warnings) {
    public SchemaGrammar {
        warnings = List.copyOf(warnings);
    }

    /** The grammar as KBNF text. */
    public String kbnf() {
        throw new UnsupportedOperationException("KBNF output of a schema grammar is not written yet");
    }
}
