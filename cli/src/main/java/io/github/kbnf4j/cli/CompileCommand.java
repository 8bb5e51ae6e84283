package io.github.kbnf4j.cli;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.GbnfWriter;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code kbnf4j compile GRAMMAR}: parse, validate and simplify; print a one-line summary (exit
 * 0), or every error as {@code file:line:col: message} on stderr (exit 2). Warnings go to stderr
 * in the same form and do not change the exit code. With {@code --emit gbnf}, stdout gets the
 * grammar written as GBNF (llama.cpp) instead of the summary ({@link GbnfWriter}); a grammar that
 * GBNF cannot express is reported on stderr with exit 2.
 */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = "Parse, validate and simplify a grammar; print a summary, or every error as file:line:col: message.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:compiled", "2:grammar or usage error, or --emit gbnf cannot express the grammar"})
final class CompileCommand extends Subcommand {
    /** What {@code --emit} prints instead of the summary. */
    enum Emit { gbnf }

    @Mixin
    GrammarArguments grammar;

    @Option(names = "--print", description = "Also print the compiled productions and terminals (not with --emit).")
    boolean print;

    @Option(names = "--emit", paramLabel = "FORMAT",
            description = "Print the compiled grammar in FORMAT instead of the summary: gbnf (llama.cpp's GBNF, "
                    + "accepting exactly the same strings; left recursion removed).")
    Emit emit;

    @Override
    protected int run(PrintWriter out, PrintWriter err) {
        if (emit != null && print) {
            err.println("kbnf4j compile: --print and --emit cannot be combined (--emit prints only the grammar)");
            return Main.EXIT_GRAMMAR_ERROR;
        }
        CompiledGrammar g = grammar.compileReporting(err, "compile", true);
        if (g == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        if (emit == Emit.gbnf) {
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
}
