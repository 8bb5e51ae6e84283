package io.github.kbnf4j.jsonschema.internal;

import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.writer.KbnfWriter;
import java.util.List;

/**
 * What a schema translates to: the grammar's AST, its start rule, and the translator's warnings
 * (an unknown format, a keyword dropped by the lenient option).
 */
public record SchemaGrammar(GrammarAst ast, String start, List<Diagnostic> warnings) {
    public SchemaGrammar {
        warnings = List.copyOf(warnings);
    }

    /** The grammar as KBNF text (automaton terminals as right-linear rules, one per state). */
    public String kbnf() {
        return KbnfWriter.write(ast);
    }
}
