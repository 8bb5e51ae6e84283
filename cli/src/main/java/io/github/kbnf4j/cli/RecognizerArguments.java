package io.github.kbnf4j.cli;

import io.github.kbnf4j.earley.RecognizerLimitException;
import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.runtime.ConstraintOptions;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * The recognizer's limits as command-line options ({@code --max-items-per-set},
 * {@code --max-chart-bytes}, {@code --max-work-per-byte}), shared by the commands that run a recognizer, so that a limit
 * message always names an option that raises it.
 */
final class RecognizerArguments {
    @Option(names = "--max-items-per-set", paramLabel = "N",
            description = "Most Earley items after one byte (default: ${DEFAULT-VALUE}).")
    int maxItemsPerSet = RecognizerOptions.DEFAULT.maxItemsPerSet();

    @Option(names = "--max-chart-bytes", paramLabel = "N",
            description = "Most bytes of the recognizer's chart (default: ${DEFAULT-VALUE}).")
    long maxChartBytes = RecognizerOptions.DEFAULT.maxChartBytes();

    @Option(names = "--max-work-per-byte", paramLabel = "N",
            description = "Most work units (elementary recognizer steps) of one byte (default: ${DEFAULT-VALUE}).")
    long maxWorkPerByte = RecognizerOptions.DEFAULT.maxWorkPerByte();

    @Option(names = "--max-work-per-mask", paramLabel = "N",
            description = "Most work units of one token mask, all its bytes together (default: ${DEFAULT-VALUE}).")
    long maxWorkPerMask = ConstraintOptions.DEFAULT.maxWorkPerMask();

    /** The limits, or null after printing why they are invalid. */
    RecognizerOptions optionsReporting(PrintWriter err, String command) {
        try {
            if (maxWorkPerMask < 1) {
                throw new IllegalArgumentException("--max-work-per-mask must be positive, was " + maxWorkPerMask);
            }
            return new RecognizerOptions(maxItemsPerSet, maxChartBytes, maxWorkPerByte);
        } catch (IllegalArgumentException e) {
            err.println("kbnf4j " + command + ": invalid recognizer limit: " + e.getMessage()
                    .replace("maxItemsPerSet", cliOption("maxItemsPerSet"))
                    .replace("maxChartBytes", cliOption("maxChartBytes"))
                    .replace("maxWorkPerByte", cliOption("maxWorkPerByte")));
            return null;
        }
    }

    /** The command-line option of a {@link RecognizerOptions} component. */
    static String cliOption(String setting) {
        if (setting.equals("maxItemsPerSet")) {
            return "--max-items-per-set";
        }
        if (setting.equals("maxChartBytes")) {
            return "--max-chart-bytes";
        }
        if (setting.equals("maxWorkPerByte")) {
            return "--max-work-per-byte";
        }
        if (setting.equals("maxWorkPerMask")) {
            return "--max-work-per-mask";
        }
        return setting;
    }

    /** The exception's message and the option that raises the limit. */
    static String describe(RecognizerLimitException e) {
        return e.getMessage() + "; CLI " + cliOption(e.setting());
    }
}
