package io.github.kbnf4j.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code kbnf4j} command (DESIGN.md §6). Exit codes: 0 success, 1 input rejected, 2 grammar
 * or usage error, 3 input incomplete (for {@code check}).
 */
@Command(name = "kbnf4j", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Grammar-constrained decoding for language models: compile and check KBNF grammars.",
        subcommands = {CompileCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    /** Exit code of a grammar or usage error. */
    static final int EXIT_GRAMMAR_ERROR = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit code (for tests). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        return cl.execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing subcommand");
    }

    /** The version from the jar manifest, or "development" when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"kbnf4j " + (v == null ? "development" : v)};
        }
    }
}
