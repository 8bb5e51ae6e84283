package io.github.kbnf4j.cli;

import io.github.kbnf4j.grammar.CompiledGrammar;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code kbnf4j compile GRAMMAR}: parse, validate and simplify; print a one-line summary (exit
 * 0), or every error as {@code file:line:col: message} on stderr (exit 2). Warnings go to stderr
 * in the same form and do not change the exit code.
 */
@Command(name = "compile", mixinStandardHelpOptions = true,
        description = "Parse, validate and simplify a grammar; print a summary, or every error as file:line:col: message.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:compiled", "2:grammar or usage error"})
final class CompileCommand extends Subcommand {
    @Mixin
    GrammarArguments grammar;

    @Option(names = "--print", description = "Also print the compiled productions and terminals.")
    boolean print;

    @Override
    protected int run(PrintWriter out, PrintWriter err) {
        CompiledGrammar g = grammar.compileReporting(err, "compile", true);
        if (g == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        out.println(g.summary());
        if (print) {
            out.print(g);
        }
        return 0;
    }
}
