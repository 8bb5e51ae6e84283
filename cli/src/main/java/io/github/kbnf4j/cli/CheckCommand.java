package io.github.kbnf4j.cli;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.earley.RecognizerLimitException;
import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code kbnf4j check GRAMMAR [INPUT|-]}: recognize the bytes of a file or of standard input.
 *
 * <p>The input is read as bytes and never decoded, so any byte sequence (invalid UTF-8
 * included) can be checked. Results:
 * <ul>
 * <li>exit 0: a complete sentence; stdout {@code accepted: N bytes} (not with {@code -q});
 * <li>exit 3: a valid prefix but not a complete sentence; stderr
 *     {@code SOURCE:LINE:COL: incomplete: ...; expected one of: ...} at the end of the input;
 * <li>exit 1: rejected; stderr
 *     {@code SOURCE:LINE:COL: rejected byte 0x34 '4' at offset 57; expected one of: ',' ']' ...};
 * <li>exit 2: grammar error (as {@code compile}), usage error, unreadable input, or a
 *     recognizer limit ({@code --max-items-per-set}, {@code --max-chart-bytes}) was hit: stderr
 *     {@code SOURCE:LINE:COL: recognizer limit at offset N: MESSAGE; CLI --OPTION}.
 * </ul>
 * SOURCE is the INPUT argument as given, or {@code <stdin>}. The offset counts bytes from 0;
 * LINE counts from 1, lines ending at each LF byte; COL counts from 1, in UTF-8 characters of
 * the line, where each byte that does not decode as part of a character counts as one.
 *
 * <p>{@code check GRAMMAR --lines FILE|-} checks every line of FILE (or standard input) as a
 * separate document in one run, printing one JSON object per line on stdout
 * ({@link LineChecker}): {@code {"line":N,"verdict":"accepted"|"prefix"|"rejected","offset":K}}.
 * Exit 0 when every line was accepted, 1 otherwise, 2 as above (a recognizer limit stops the run
 * at its line). With {@code -q} only the lines that are not accepted are printed.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Recognize the bytes of INPUT (a file; - or absent: standard input) with a grammar.",
            "",
            "Messages give the input's name (or <stdin>) and LINE:COL of the failure or of the end of "
                + "the input, then the 0-based byte offset. LINE counts from 1 (lines end at LF); COL counts "
                + "from 1 in UTF-8 characters of the line (a byte that does not decode counts as one).",
            "",
            "With --lines, every line of the input is a separate document (JSON Lines); stdout gets one JSON object "
                + "per line: {\"line\":N,\"verdict\":\"accepted\"|\"prefix\"|\"rejected\",\"offset\":K}, N from 1, "
                + "K the byte offset of the refused byte within the line if rejected, else the line's length. Lines "
                + "end at LF; a CR before the LF is not part of the line; a final LF does not start an empty line."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:a complete sentence (--lines: every line is one)",
            "1:rejected (the message gives the byte offset); --lines: some line is not a complete sentence",
            "2:grammar, schema or usage error, unreadable input, or a recognizer limit",
            "3:a valid prefix, but not a complete sentence (not with --lines)"})
final class CheckCommand extends Subcommand {
    /** The most alternatives listed after "expected one of:". */
    static final int MAX_EXPECTED_SHOWN = 10;

    @Mixin
    GrammarArguments grammar;

    @Parameters(index = "1", arity = "0..1", paramLabel = "INPUT",
            description = "The input file; - or absent: standard input.")
    String input;

    @Option(names = {"-q", "--quiet"},
            description = "Print nothing on success (no 'accepted' line, no grammar warnings; with --lines, only the "
                    + "lines not accepted); the exit code tells.")
    boolean quiet;

    @Option(names = "--lines", paramLabel = "FILE",
            description = "Check every line of FILE (- : standard input) as a separate document, printing one JSON "
                    + "verdict per line (instead of INPUT).")
    String lines;

    @Mixin
    RecognizerArguments limits;

    @ParentCommand
    Main parent;

    @Override
    protected int run(PrintWriter out, PrintWriter err) {
        if (lines != null && input != null) {
            err.println("kbnf4j check: give the input either as INPUT or with --lines, not both");
            return Main.EXIT_GRAMMAR_ERROR;
        }
        RecognizerOptions options = limits.optionsReporting(err, "check");
        if (options == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        CompiledGrammar g = grammar.compileReporting(err, "check", !quiet);
        if (g == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        if (lines != null) {
            return checkLines(g, options, out, err);
        }
        boolean stdin = input == null || input.equals("-");
        String source = stdin ? "<stdin>" : input;
        byte[] bytes;
        try {
            bytes = stdin ? (parent == null ? System.in : parent.stdin()).readAllBytes() : Files.readAllBytes(Path.of(input));
        } catch (NoSuchFileException e) {
            err.println("kbnf4j check: cannot read input " + source + ": no such file");
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (AccessDeniedException e) {
            err.println("kbnf4j check: cannot read input " + source + ": permission denied");
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (IOException | OutOfMemoryError e) {
            // readAllBytes throws OutOfMemoryError ("Required array size too large") for 2 GiB or
            // more: the recognizer's offsets are ints, so such an input is a usage error.
            err.println("kbnf4j check: cannot read input " + source + ": " + e.getMessage());
            return Main.EXIT_GRAMMAR_ERROR;
        }

        Recognizer r = null;
        int consumed;
        try {
            r = new Recognizer(g, options);
            consumed = r.push(bytes, 0, bytes.length);
        } catch (RecognizerLimitException e) {
            // The recognizer stays before the byte that hit the limit (or the constructor hit it).
            int at = r == null ? 0 : r.length();
            err.println(source + ":" + position(bytes, at) + ": recognizer limit at offset " + at + ": "
                    + RecognizerArguments.describe(e));
            return Main.EXIT_GRAMMAR_ERROR;
        }
        if (consumed < bytes.length) {
            err.println(source + ":" + position(bytes, consumed) + ": rejected byte " + describeRejected(bytes[consumed])
                    + " at offset " + consumed + "; " + expected(r.nextBytes()));
            return Main.EXIT_REJECTED;
        }
        if (!r.isAccepting()) {
            err.println(source + ":" + position(bytes, bytes.length)
                    + ": incomplete: the input is a valid prefix but not a complete sentence (" + bytes.length
                    + " bytes); " + expected(r.nextBytes()));
            return Main.EXIT_INCOMPLETE;
        }
        if (!quiet) {
            out.println("accepted: " + bytes.length + " bytes");
        }
        return 0;
    }

    /** {@code --lines}: every line a document, one verdict each. */
    private int checkLines(CompiledGrammar g, RecognizerOptions options, PrintWriter out, PrintWriter err) {
        boolean stdin = lines.equals("-");
        String source = stdin ? "<stdin>" : lines;
        Recognizer r;
        try {
            r = new Recognizer(g, options);
        } catch (RecognizerLimitException e) {
            err.println("kbnf4j check: recognizer limit: " + RecognizerArguments.describe(e));
            return Main.EXIT_GRAMMAR_ERROR;
        }
        LineChecker checker = new LineChecker(r, out, quiet);
        try {
            boolean all;
            if (stdin) {
                all = checker.run(parent == null ? System.in : parent.stdin());  // not closed: not ours
            } else {
                try (InputStream in = Files.newInputStream(Path.of(lines))) {
                    all = checker.run(in);
                }
            }
            return all ? 0 : Main.EXIT_REJECTED;
        } catch (LineChecker.LineLimitException e) {
            out.flush();  // the verdicts of the lines before come first
            String at = position(e.line, e.offset);
            err.println(source + ":" + e.lineNumber + at.substring(at.indexOf(':')) + ": recognizer limit at offset "
                    + e.offset + " of line " + e.lineNumber + ": " + RecognizerArguments.describe(e.limit()));
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (NoSuchFileException e) {
            err.println("kbnf4j check: cannot read input " + source + ": no such file");
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (AccessDeniedException e) {
            err.println("kbnf4j check: cannot read input " + source + ": permission denied");
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (IOException | OutOfMemoryError e) {
            // OutOfMemoryError: a line of 2 GiB or more (the recognizer's offsets are ints).
            out.flush();
            err.println("kbnf4j check: cannot read input " + source + ": " + e.getMessage());
            return Main.EXIT_GRAMMAR_ERROR;
        }
    }

    /**
     * {@code LINE:COL} of byte {@code offset} of {@code bytes} ({@code offset == bytes.length}:
     * just after the last byte). LINE counts from 1, a line ending at each LF byte; COL counts
     * from 1 in characters: a UTF-8 lead byte with its continuation bytes is one character, and so
     * is every byte that does not decode as part of one. A byte inside a character gets that
     * character's column.
     */
    static String position(byte[] bytes, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = 0;
        int pending = 0; // continuation bytes the current character still expects
        int limit = Math.min(offset, bytes.length - 1);
        for (int i = lineStart; i <= limit; i++) {
            int b = bytes[i] & 0xFF;
            if (pending > 0 && (b & 0xC0) == 0x80) {
                pending--;
                continue;
            }
            column++;
            pending = b >= 0xC2 && b <= 0xDF ? 1 : b >= 0xE0 && b <= 0xEF ? 2 : b >= 0xF0 && b <= 0xF4 ? 3 : 0;
        }
        if (offset >= bytes.length) {
            column++; // the end of the input is one column past the last character
        }
        return line + ":" + column;
    }

    /** A byte of the input that was rejected: {@code 0x34 '4'}, or {@code 0xFF} when not printable. */
    static String describeRejected(byte b) {
        int v = b & 0xFF;
        String hex = String.format("0x%02X", v);
        String c = quoted(v);
        return c == null ? hex : hex + " " + c;
    }

    /** A byte in a list: {@code '4'} when printable ASCII or a common control character, else {@code 0xC3}. */
    static String describe(int b) {
        String c = quoted(b);
        return c == null ? String.format("0x%02X", b) : c;
    }

    private static String quoted(int b) {
        if (b == '\n') {
            return "'\\n'";
        }
        if (b == '\t') {
            return "'\\t'";
        }
        if (b == '\r') {
            return "'\\r'";
        }
        if (b == '\'' || b == '\\') {
            return "'\\" + (char) b + "'";
        }
        if (b >= 0x20 && b < 0x7F) {
            return "'" + (char) b + "'";
        }
        return null;
    }

    /**
     * What may come next, from a 256-bit byte set: {@code expected one of: ',' ']' '0'..'9'},
     * runs of three or more bytes shown as ranges, at most {@link #MAX_EXPECTED_SHOWN} entries
     * then {@code ... (N more)}; {@code expected the end of the input} for the empty set.
     */
    static String expected(long[] set) {
        StringBuilder sb = new StringBuilder();
        int shown = 0;
        int more = 0;
        int b = 0;
        while (b < 256) {
            if (!contains(set, b)) {
                b++;
                continue;
            }
            int end = b;
            while (end + 1 < 256 && contains(set, end + 1)) {
                end++;
            }
            // A run of three or more is one range entry; shorter runs are single entries.
            int first = b;
            b = end + 1;
            if (end - first >= 2) {
                if (shown < MAX_EXPECTED_SHOWN) {
                    sb.append(' ').append(describe(first)).append("..").append(describe(end));
                    shown++;
                } else {
                    more++;
                }
            } else {
                for (int x = first; x <= end; x++) {
                    if (shown < MAX_EXPECTED_SHOWN) {
                        sb.append(' ').append(describe(x));
                        shown++;
                    } else {
                        more++;
                    }
                }
            }
        }
        if (shown == 0) {
            return "expected the end of the input";
        }
        if (more > 0) {
            sb.append(" ... (").append(more).append(" more)");
        }
        return "expected one of:" + sb;
    }

    private static boolean contains(long[] set, int b) {
        return (set[b >>> 6] & (1L << (b & 63))) != 0;
    }
}
