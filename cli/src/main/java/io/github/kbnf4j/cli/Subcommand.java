package io.github.kbnf4j.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * A subcommand that writes to picocli's out and err writers (which tests replace) and always
 * flushes both, whatever happens. Its err writer escapes control characters ({@link EscapingWriter}).
 *
 * <p>Nothing escapes a subcommand as a stack trace: running out of heap or stack, or an
 * unexpected exception (a bug), is reported as one line {@code kbnf4j COMMAND: ...} saying what
 * to raise or to report, with exit code 2, so that exit code 1 always means "rejected".
 */
abstract class Subcommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = new PrintWriter(new EscapingWriter(spec.commandLine().getErr()));
        String command = spec.qualifiedName();
        try {
            return run(out, err);
        } catch (OutOfMemoryError e) {
            // What filled the heap is unreachable now that the command's frames are gone.
            err.println(command + ": out of memory (Java heap of " + (Runtime.getRuntime().maxMemory() >> 20)
                    + " MiB): raise it (java -Xmx4g -jar kbnf4j.jar ...) or lower a limit: " + memoryLimits());
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (StackOverflowError e) {
            err.println(command + ": stack overflow (the grammar or input nests too deeply): raise the thread stack "
                    + "(java -Xss64m -jar kbnf4j.jar ...) or lower " + stackLimits());
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (ParameterException e) {
            throw e;  // a usage error: UsageErrorHandler reports it
        } catch (RuntimeException | AssertionError e) {
            err.println(command + ": internal error, please report it with the command line: " + e);
            return Main.EXIT_GRAMMAR_ERROR;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** The command's options that bound memory, for the out-of-memory message. */
    private String memoryLimits() {
        return limits("--max-dfa-states", "--max-repetition", "--max-chart-bytes", "--max-items-per-set",
                "--mask-cache-mb");
    }

    /** The command's options that bound nesting, for the stack overflow message. */
    private String stackLimits() {
        return limits("--max-nesting-depth", "--max-repetition");
    }

    /** Those of {@code names} that this command has, comma-separated. */
    private String limits(String... names) {
        StringBuilder sb = new StringBuilder();
        for (String name : names) {
            if (spec.findOption(name) != null) {
                sb.append(sb.length() == 0 ? "" : ", ").append(name);
            }
        }
        return sb.length() == 0 ? "the size of the input" : sb.toString();
    }

    /** Runs the command; returns its exit code. */
    protected abstract int run(PrintWriter out, PrintWriter err);
}
