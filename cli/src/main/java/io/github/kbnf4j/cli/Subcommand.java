package io.github.kbnf4j.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A subcommand that writes to picocli's out and err writers (which tests replace) and always
 * flushes both, whatever happens.
 */
abstract class Subcommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            return run(out, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Runs the command; returns its exit code. */
    protected abstract int run(PrintWriter out, PrintWriter err);
}
