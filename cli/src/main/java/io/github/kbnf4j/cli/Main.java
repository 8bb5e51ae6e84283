package io.github.kbnf4j.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.Objects;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code kbnf4j} command (the README's "Command line"): {@code compile GRAMMAR} checks and summarizes a
 * grammar (GRAMMAR may also be a JSON Schema, see {@link GrammarArguments}); {@code check GRAMMAR
 * [INPUT|-]} recognizes input bytes ({@code --lines}: each line separately); {@code mask} prints the tokens
 * allowed after a prefix; {@code generate} prints random sentences; {@code bench GRAMMAR --vocab V
 * --corpus FILE.jsonl} runs the replay benchmark (the README's "Replay benchmark"); {@code run --model DIR}
 * generates with a local model under a grammar or schema (the README's "Generate with a local model"). Exit codes: 0 success, 1 input
 * rejected (a dead prefix for {@code mask}, a cut sentence for {@code generate}), 2 grammar or
 * usage error or any other error (always one line on stderr, see {@link Subcommand}), 3 input
 * incomplete (a valid prefix, for {@code check}).
 */
@Command(name = "kbnf4j", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Grammar-constrained decoding for language models: compile KBNF or GBNF (llama.cpp) "
                + "grammars or JSON Schemas, check input against them, print token masks, generate random sentences, "
                + "benchmark masks on a corpus, generate with a local model.",
        subcommands = {CompileCommand.class, CheckCommand.class, MaskCommand.class, GenerateCommand.class,
            BenchCommand.class, MaskBenchCommand.class, RunCommand.class, CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:input rejected (check), dead prefix (mask), sentence cut (generate)",
            "2:grammar or usage error, or any other error (one line on stderr)", "3:input incomplete, a valid prefix (check)"})
public final class Main implements Runnable {
    /** Exit code of input that the grammar rejects (a dead prefix for mask, a cut sentence for generate). */
    static final int EXIT_REJECTED = 1;
    /** Exit code of a grammar or usage error. */
    static final int EXIT_GRAMMAR_ERROR = 2;
    /** Exit code of input that is a valid prefix but not a complete sentence. */
    static final int EXIT_INCOMPLETE = 3;

    /** What subcommands read as standard input ({@code -}); tests pass their own. */
    private final InputStream stdin;

    /** Where subcommands write bytes ({@code generate}); tests pass their own. */
    private final OutputStream stdout;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command reading {@link System#in} and writing bytes to {@link System#out}. */
    public Main() {
        this(System.in, System.out);
    }

    /** The command reading {@code stdin} as standard input (for tests). */
    Main(InputStream stdin) {
        this(stdin, System.out);
    }

    /** The command writing bytes to {@code stdout} (for tests). */
    Main(OutputStream stdout) {
        this(System.in, stdout);
    }

    /** The command reading {@code stdin} and writing bytes to {@code stdout} (for tests). */
    Main(InputStream stdin, OutputStream stdout) {
        this.stdin = Objects.requireNonNull(stdin, "stdin");
        this.stdout = Objects.requireNonNull(stdout, "stdout");
    }

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        int exit;
        try {
            exit = run(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // Outside a subcommand (which reports these itself): picocli reading the arguments.
            System.err.println("kbnf4j: " + (e instanceof OutOfMemoryError ? "out of memory" : "stack overflow")
                    + " reading the command line");
            exit = EXIT_GRAMMAR_ERROR;
        }
        System.exit(exit);
    }

    /** Runs the command line and returns its exit code (for tests). */
    public static int run(String... args) {
        return commandLine(new Main()).execute(args);
    }

    /**
     * The command line of {@code main}, set up as {@code kbnf4j} runs it: enum values in any case,
     * a usage error reported in one line and a hint ({@link UsageErrorHandler}), and any other
     * exception that reaches picocli in one line with exit 2.
     */
    static CommandLine commandLine(Main main) {
        CommandLine cl = new CommandLine(main);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler(new UsageErrorHandler());
        for (CommandLine sub : cl.getSubcommands().values()) {
            sub.getCommandSpec().versionProvider(new Version());  // every subcommand's --version too
        }
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            PrintWriter err = new PrintWriter(new EscapingWriter(commandLine.getErr()));
            err.println(commandLine.getCommandSpec().qualifiedName() + ": internal error, please report it with the "
                    + "command line: " + e);
            err.flush();
            return EXIT_GRAMMAR_ERROR;
        });
        return cl;
    }

    /** What subcommands read as standard input. */
    InputStream stdin() {
        return stdin;
    }

    /** Where subcommands write bytes. */
    OutputStream stdout() {
        return stdout;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand");
    }

    /**
     * The version: the Maven project version, which the build writes into the resource
     * {@value #VERSION_RESOURCE} (so it is the same from classes and from the jar; the jar's
     * manifest also carries it as Implementation-Version).
     */
    static final class Version implements CommandLine.IVersionProvider {
        static final String VERSION_RESOURCE = "version.properties";

        @Override
        public String[] getVersion() throws IOException {
            return new String[] {"kbnf4j " + version()};
        }

        /** The project version. */
        static String version() throws IOException {
            Properties p = new Properties();
            try (InputStream in = Main.class.getResourceAsStream(VERSION_RESOURCE)) {
                if (in == null) {
                    throw new IOException("the resource " + VERSION_RESOURCE + " is missing from the build");
                }
                p.load(in);
            }
            return p.getProperty("version");
        }
    }
}
