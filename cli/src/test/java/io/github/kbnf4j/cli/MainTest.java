package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What every subcommand shares: the version, usage errors in one line with a hint, exit 2 (never
 * 1, never a stack trace) for anything that goes wrong, and control characters escaped on stderr.
 */
class MainTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return run(Main.commandLine(new Main()), args);
    }

    private int run(CommandLine cl, String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        PrintWriter o = new PrintWriter(out);
        PrintWriter e = new PrintWriter(err);
        cl.setOut(o);
        cl.setErr(e);
        int exit = cl.execute(args);
        o.flush();  // picocli does not flush after --help and --version
        e.flush();
        return exit;
    }

    private String err() {
        return err.toString().replace("\r\n", "\n");
    }

    /** Asserts that stderr is exactly one message line and the usage hint of {@code command}. */
    private void assertUsageError(String command, String message) {
        String[] lines = err().split("\n");
        assertEquals(2, lines.length, err());
        assertTrue(lines[0].startsWith(command + ": ") && lines[0].contains(message), err());
        assertEquals("Try '" + command + " --help' for more information.", lines[1]);
        assertEquals("", out.toString(), "no help on stdout");
    }

    @Test
    void versionIsTheProjectVersion() {
        String expected = System.getProperty("kbnf4j.projectVersion");
        assertNotNull(expected, "surefire passes the project version");
        assertEquals(0, run("--version"));
        assertEquals("kbnf4j " + expected, out.toString().strip());
        assertEquals(0, run("check", "--version"));
        assertEquals("kbnf4j " + expected, out.toString().strip());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "compile json --max-dfa-states abc|kbnf4j compile|Invalid value for option '--max-dfa-states': 'abc' is not an int",
        "compile json --max-repetition 99999999999|kbnf4j compile|'99999999999' is not an int",
        "check json --max-dfa-state 5|kbnf4j check|Unknown option: '--max-dfa-state' (did you mean --max-repetition or --max-dfa-states",
        "check|kbnf4j check|Missing required parameter: 'GRAMMAR'",
        "mask json|kbnf4j mask|Missing required option: '--vocab=V'",
        "generate json --vocab cl100k -n x|kbnf4j generate|Invalid value for option '--count'",
        "bench json --vocab cl100k|kbnf4j bench|Missing required option",
        "frobnicate|kbnf4j|Unmatched argument at index 0: 'frobnicate'",
        "''|kbnf4j|missing subcommand"})
    void parseErrorsAreOneLineAndAHint(String args, String command, String message) {
        String[] argv = args.isEmpty() ? new String[0] : args.split(" ");
        assertEquals(2, run(argv));
        assertUsageError(command, message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "compile json --max-dfa-states -5|--max-dfa-states must be at least 2, was -5",
        "compile json --max-repetition 0|--max-repetition must be positive, was 0",
        "check json --max-nesting-depth 20000|--max-nesting-depth must be in 1..10000, was 20000",
        "mask json --vocab cl100k --max-nesting-depth -1|--max-nesting-depth must be in 1..10000, was -1",
        "generate json --vocab cl100k --max-dfa-states 1|--max-dfa-states must be at least 2, was 1",
        "check json --max-items-per-set -1|--max-items-per-set must be positive, was -1",
        "check json --max-chart-bytes 99999999999999|--max-chart-bytes must be in"})
    void invalidLimitsNameTheirOption(String args, String message) {
        assertEquals(2, run(args.split(" ")));
        String[] lines = err().split("\n");
        assertEquals(1, lines.length, err());
        assertTrue(lines[0].contains(message), err());
    }

    /** A subcommand whose {@code run} throws what {@code --throw} names, standing in for a real failure. */
    @Command(name = "throwing")
    static final class ThrowingCommand extends Subcommand {
        @Option(names = "--throw")
        String what;

        @Option(names = "--max-dfa-states")
        int maxDfaStates;

        @Override
        protected int run(PrintWriter out, PrintWriter err) {
            switch (what) {
                case "oom":
                    throw new OutOfMemoryError("Java heap space");
                case "soe":
                    throw new StackOverflowError();
                default:
                    throw new IllegalStateException("a bug");
            }
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "oom|throwing: out of memory (Java heap of|raise it (java -Xmx4g -jar kbnf4j.jar ...) or lower a limit: --max-dfa-states",
        "soe|throwing: stack overflow|raise the thread stack (java -Xss64m -jar kbnf4j.jar ...)",
        "bug|throwing: internal error, please report it|java.lang.IllegalStateException: a bug"})
    void errorsEscapingACommandAreOneLineAndExitTwo(String what, String start, String rest) {
        assertEquals(2, run(new CommandLine(new ThrowingCommand()), "--throw", what));
        String[] lines = err().split("\n");
        assertEquals(1, lines.length, err());
        assertTrue(lines[0].startsWith(start) && lines[0].contains(rest), err());
    }

    /** A real stack overflow: a deeply nested grammar compiled on a thread with a small stack. */
    @Test
    void aRealStackOverflowIsOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("deep.kbnf");
        Files.writeString(file, "start ::= " + "(".repeat(5000) + "\"a\"" + ")".repeat(5000) + " ;\n");
        AtomicInteger exit = new AtomicInteger(-1);
        Thread t = new Thread(null, () -> exit.set(run("compile", "--max-nesting-depth", "10000", file.toString())),
                "small-stack", 128 * 1024);
        t.start();
        t.join();
        assertEquals(2, exit.get(), err());
        String[] lines = err().split("\n");
        assertEquals(1, lines.length, err());
        assertTrue(lines[0].startsWith("kbnf4j compile: stack overflow") && lines[0].contains("--max-nesting-depth"),
                err());
    }

    @Test
    void controlCharactersInMessagesAreEscaped(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad\u001b[2J.kbnf");
        Files.write(file, "start ::= \"a\" \u001b[31m \u202e ;\n".getBytes(StandardCharsets.UTF_8));
        assertEquals(2, run("compile", file.toString()));
        String text = err();
        assertTrue(text.contains("bad\\x1b[2J.kbnf:1:"), text);
        text.chars().forEach(c -> assertFalse(c < 0x20 && c != '\n' || c == 0x7F || c == 0x202E,
                "unescaped character " + Integer.toHexString(c) + " in: " + text));
        assertEquals(2, run("compile", "no\u0007such\u009bgrammar"));
        assertTrue(err().contains("no grammar file 'no\\x07such\\x9bgrammar'"), err());
        assertEquals(2, run("compile", "json", "--bogus\u001b"));
        assertTrue(err().contains("'--bogus\\x1b'"), err());
    }

    /**
     * Found by fuzzing the GBNF reader: this grammar made it fail an internal assertion, which
     * escaped as a stack trace with exit 1. Whatever the reader says about it, the CLI says it in
     * one line with exit 2.
     */
    @Test
    void aGrammarTheReaderChokesOnIsStillOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("fuzzed.gbnf");
        Files.writeString(file, "root ::= \"a\"{\"\n");
        assertEquals(2, run("compile", file.toString()));
        assertEquals(1, err().split("\n").length, err());
        assertTrue(err().startsWith("kbnf4j compile: ") || err().startsWith("fuzzed.gbnf:"), err());
    }
}
