package io.github.kbnf4j.cli;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The grammar argument and the options every subcommand that reads a grammar shares.
 *
 * <p>The dialect of a grammar file: {@code --dialect} if given, else GBNF for a name ending in
 * {@code .gbnf} (any case), else KBNF. The built-in grammars are KBNF whatever {@code --dialect}
 * says: it names the dialect of a file.
 */
final class GrammarArguments {
    /** The grammar dialects, as spelled on the command line. */
    enum DialectOption {
        kbnf(Dialect.KBNF),
        gbnf(Dialect.GBNF);

        final Dialect dialect;

        DialectOption(Dialect dialect) {
            this.dialect = dialect;
        }
    }

    @Parameters(index = "0", paramLabel = "GRAMMAR",
            description = "A grammar file (KBNF, or GBNF if it ends in .gbnf), or the name of a built-in grammar: "
                    + "json, or json:K (JSON with at most K whitespace bytes between tokens, K = 0.."
                    + Grammar.MAX_JSON_WHITESPACE + "; json:0 is compact).")
    String grammar;

    @Option(names = "--start", paramLabel = "NAME",
            description = "The start rule (default: start in KBNF, root in GBNF).")
    String start;

    @Option(names = "--dialect", paramLabel = "DIALECT",
            description = "The dialect of the grammar file: kbnf or gbnf (llama.cpp's). Default: gbnf for a file "
                    + "ending in .gbnf, kbnf otherwise; built-in grammars are always kbnf.")
    DialectOption dialect;

    @Option(names = "--max-repetition", paramLabel = "N",
            description = "Largest bound of a counted repetition {m,n} (default: ${DEFAULT-VALUE}).")
    int maxRepetition = GrammarOptions.DEFAULT.maxRepetition();

    @Option(names = "--max-dfa-states", paramLabel = "N",
            description = "Most automaton states of one terminal (default: ${DEFAULT-VALUE}).")
    int maxDfaStates = GrammarOptions.DEFAULT.maxDfaStates();

    @Option(names = "--max-nesting-depth", paramLabel = "N",
            description = "Deepest bracket nesting (default: ${DEFAULT-VALUE}).")
    int maxNestingDepth = GrammarOptions.DEFAULT.maxNestingDepth();

    @Option(names = "--no-inline-regular-rules",
            description = "Keep rules that describe a regular language as rules instead of compiling each into one "
                    + "terminal (same language, slower; to read compile --print or --emit gbnf rule by rule).")
    boolean noInlineRegularRules;

    GrammarOptions options() {
        return new GrammarOptions(start, maxRepetition, maxDfaStates, maxNestingDepth, !noInlineRegularRules);
    }

    /**
     * Reads and compiles the grammar: the file {@link #grammar} in the dialect {@link #dialectOf}
     * picks, or else the built-in grammar of that name.
     *
     * @throws UsageException if there is neither such a file nor such a built-in grammar
     */
    CompiledGrammar compile() throws IOException {
        Path file = pathOrNull(grammar);
        if (file == null || !Files.exists(file)) {
            if (Grammar.isBuiltin(grammar)) {
                return Grammar.builtin(grammar, options());
            }
            throw noSuchGrammar();
        }
        try {
            return Grammar.compileFile(file, dialectOf(file), options());
        } catch (NoSuchFileException e) {
            throw noSuchGrammar();
        }
    }

    /** The dialect of a grammar file: {@code --dialect}, else the one its extension names. */
    Dialect dialectOf(Path file) {
        if (dialect != null) {
            return dialect.dialect;
        }
        Path name = file.getFileName();
        return Dialect.forFileName(name == null ? file.toString() : name.toString());
    }

    private UsageException noSuchGrammar() {
        try {
            Grammar.builtinText(grammar);  // throws, naming the built-ins or the range of K in json:K
        } catch (IllegalArgumentException e) {
            return new UsageException("no grammar file '" + grammar + "' and " + e.getMessage());
        }
        return new UsageException("no grammar file '" + grammar + "'");
    }

    /** The path named {@code name}, or null if it cannot be a path here (a colon on Windows). */
    private static Path pathOrNull(String name) {
        try {
            return Path.of(name);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /**
     * Compiles the grammar as {@link #compile()} does, reporting on {@code err} instead of
     * throwing: every grammar error as {@code file:line:col: message}, a usage or read problem as
     * {@code kbnf4j COMMAND: message}, and (unless {@code warnings} is false) the grammar's
     * warnings.
     *
     * @param command the subcommand's name, for messages
     * @return the grammar, or null after an error was printed (the caller exits with
     *     {@link Main#EXIT_GRAMMAR_ERROR})
     */
    CompiledGrammar compileReporting(PrintWriter err, String command, boolean warnings) {
        CompiledGrammar g;
        try {
            g = compile();
        } catch (GrammarException e) {
            err.println(e.getMessage());
            err.flush();
            return null;
        } catch (UsageException e) {
            err.println("kbnf4j " + command + ": " + e.getMessage());
            err.flush();
            return null;
        } catch (IOException e) {
            err.println("kbnf4j " + command + ": cannot read " + grammar + ": " + e.getMessage());
            err.flush();
            return null;
        }
        if (warnings) {
            for (Diagnostic w : g.warnings()) {
                err.println(w);
            }
            err.flush();
        }
        return g;
    }

    /** A problem with the command line's arguments, reported with exit code 2. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
