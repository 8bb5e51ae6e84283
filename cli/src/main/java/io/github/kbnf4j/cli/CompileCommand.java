package io.github.kbnf4j.cli;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.GbnfWriter;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code kbnf4j compile GRAMMAR}: parse, validate and simplify; print a one-line summary (exit
 * 0), or every error as {@code file:line:col: message} on stderr (exit 2). Warnings go to stderr
 * in the same form and do not change the exit code. With {@code --emit gbnf}, stdout gets the
 * grammar written as GBNF (llama.cpp) instead of the summary ({@link GbnfWriter}); a grammar that
 * GBNF cannot express is reported on stderr with exit 2. With {@code --emit kbnf}, stdout gets the
 * KBNF text the grammar compiles from: for a JSON Schema the grammar it translates to, for a
 * built-in grammar its source; a grammar file is a usage error (its text is the file).
 *
 * <p>A JSON Schema that is refused is reported as {@code file.json#/json/pointer: reason} on
 * stderr with exit 2, like a grammar error.
 */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = "Parse, validate and simplify a grammar (or compile a JSON Schema into one); print a summary, or "
                + "every error as file:line:col: message (file.json#/pointer: message for a schema).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:compiled", "2:grammar, schema or usage error, or --emit cannot write the grammar"})
final class CompileCommand extends Subcommand {
    /** What {@code --emit} prints instead of the summary. */
    enum Emit { gbnf, kbnf }

    @Mixin
    GrammarArguments grammar;

    @Option(names = "--print", description = "Also print the compiled productions and terminals (not with --emit).")
    boolean print;

    @Option(names = "--emit", paramLabel = "FORMAT",
            description = "Print the grammar in FORMAT instead of the summary: gbnf (the compiled grammar in llama.cpp's "
                    + "GBNF, accepting exactly the same strings; left recursion removed) or kbnf (the KBNF a JSON Schema "
                    + "translates to, or a built-in grammar's text; not for a grammar file).")
    Emit emit;

    @Override
    protected int run(PrintWriter out, PrintWriter err) {
        if (emit != null && print) {
            err.println("kbnf4j compile: --print and --emit cannot be combined (--emit prints only the grammar)");
            return Main.EXIT_GRAMMAR_ERROR;
        }
        if (emit == Emit.kbnf && !canEmitKbnf(err)) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        CompiledGrammar g = grammar.compileReporting(err, "compile", true);
        if (g == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        if (emit == Emit.kbnf) {
            // Compiled first, so that errors and warnings are those of the grammar that is printed.
            String text;
            try {
                text = grammar.kbnfText();
            } catch (GrammarArguments.UsageException e) {
                err.println("kbnf4j compile: " + e.getMessage());
                return Main.EXIT_GRAMMAR_ERROR;
            } catch (JsonSchemaException e) {
                err.println(e.getMessage());
                return Main.EXIT_GRAMMAR_ERROR;
            } catch (UnsupportedOperationException e) {
                err.println("kbnf4j compile: cannot write KBNF: " + e.getMessage());
                return Main.EXIT_GRAMMAR_ERROR;
            } catch (IOException e) {
                err.println("kbnf4j compile: cannot read " + grammar.grammar + ": " + e.getMessage());
                return Main.EXIT_GRAMMAR_ERROR;
            }
            out.print(text);
            if (!text.isEmpty() && !text.endsWith("\n")) {
                out.println();
            }
        } else if (emit == Emit.gbnf) {
            String text;
            try {
                text = GbnfWriter.write(g);
            } catch (IllegalArgumentException e) {
                err.println("kbnf4j compile: cannot write GBNF: " + e.getMessage());
                return Main.EXIT_GRAMMAR_ERROR;
            }
            out.print(text);
        } else {
            out.println(g.summary());
        }
        if (print) {
            out.print(g);
        }
        return 0;
    }

    /**
     * Whether GRAMMAR has a KBNF text to emit (a schema or a built-in grammar); if not, says so on
     * {@code err} before any compiling is done. Other problems are left to compiling.
     */
    private boolean canEmitKbnf(PrintWriter err) {
        try {
            if (grammar.kind() == GrammarArguments.Kind.GRAMMAR_FILE) {
                grammar.kbnfText();  // throws the usage error that explains
            }
        } catch (GrammarArguments.UsageException e) {
            err.println("kbnf4j compile: " + e.getMessage());
            return false;
        } catch (IOException e) {
            return true;  // reported by compiling
        }
        return true;
    }
}
