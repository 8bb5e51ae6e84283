package io.github.kbnf4j.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports a command line that picocli cannot parse (an unknown option, a value that is not a
 * number, a missing argument) the way every other usage error is reported: one line
 * {@code kbnf4j COMMAND: message} on stderr, then the hint {@code Try 'kbnf4j COMMAND --help' for
 * more information.} instead of the whole help; exit 2.
 */
final class UsageErrorHandler implements IParameterExceptionHandler {
    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = new PrintWriter(new EscapingWriter(cl.getErr()));
        String command = cl.getCommandSpec().qualifiedName();
        String message = e.getMessage();
        if (e instanceof UnmatchedArgumentException) {
            List<String> suggestions = ((UnmatchedArgumentException) e).getSuggestions();
            if (!suggestions.isEmpty()) {
                message += " (did you mean " + String.join(" or ", suggestions.subList(0, Math.min(3, suggestions.size())))
                        + "?)";
            }
        }
        err.println(command + ": " + message);
        err.println("Try '" + command + " --help' for more information.");
        err.flush();
        return Main.EXIT_GRAMMAR_ERROR;
    }
}
