package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kbnf4j check GRAMMAR --lines FILE|-}: one JSON verdict per line, exit 0 / 1 / 2. */
class LineCheckerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private byte[] stdin = new byte[0];

    @TempDir
    Path dir;

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine cl = Main.commandLine(new Main(new ByteArrayInputStream(stdin)));
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    private String err() {
        return err.toString().replace("\r", "");
    }

    private String out() {
        return out.toString().replace("\r", "");
    }

    private Path file(String name, String text) throws Exception {
        return file(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private Path file(String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    private static String verdict(int line, String verdict, int offset) {
        return "{\"line\":" + line + ",\"verdict\":\"" + verdict + "\",\"offset\":" + offset + "}\n";
    }

    @Test
    void mixedFileGivesOneVerdictPerLineAndExitsOne() throws Exception {
        Path in = file("mixed.jsonl", "{\"a\": [1, 2]}\n"   // accepted, 13 bytes
                + "[1, 2\n"                                  // a prefix
                + "[1 2]\n"                                  // rejected at the '2'
                + "\"\u00e9t\u00e9\"\n"                      // accepted: 7 bytes, 5 characters
                + "\n"                                       // an empty document is a prefix of JSON
                + "true");                                   // no final newline: still a line
        assertEquals(1, run("check", "json", "--lines", in.toString()));
        assertEquals(verdict(1, "accepted", 13) + verdict(2, "prefix", 5) + verdict(3, "rejected", 3)
                + verdict(4, "accepted", 7) + verdict(5, "prefix", 0) + verdict(6, "accepted", 4), out());
        assertEquals("", err());
        for (String line : out().split("\n")) {
            JsonNode node = JSON.readTree(line);  // every line is one JSON object with the three fields
            assertEquals(3, node.size(), line);
        }
    }

    @Test
    void everyLineAcceptedExitsZero() throws Exception {
        Path in = file("ok.jsonl", "1\n[]\n{\"k\": null}\n");
        assertEquals(0, run("check", "json", "--lines", in.toString()), err());
        // The final newline does not start an empty fourth document.
        assertEquals(verdict(1, "accepted", 1) + verdict(2, "accepted", 2) + verdict(3, "accepted", 11), out());
    }

    @Test
    void standardInputWithDash() {
        stdin = "[1]\n[\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(1, run("check", "json", "--lines", "-"));
        assertEquals(verdict(1, "accepted", 3) + verdict(2, "prefix", 1), out());
        stdin = "2\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(0, run("check", "json:0", "--lines", "-"), err());
        assertEquals(verdict(1, "accepted", 1), out());
    }

    @Test
    void emptyInputHasNoLinesAndExitsZero() {
        assertEquals(0, run("check", "json", "--lines", "-"), err());
        assertEquals("", out());
    }

    @Test
    void crlfLineEndsAreNotPartOfTheLine() throws Exception {
        // json:0 refuses any whitespace, so a CR left in the line would be rejected.
        Path in = file("crlf.jsonl", "[1,2]\r\n{}\r\n\"a\"\r");
        assertEquals(0, run("check", "json:0", "--lines", in.toString()), out());
        assertEquals(verdict(1, "accepted", 5) + verdict(2, "accepted", 2) + verdict(3, "accepted", 3), out());
        // Only one final CR is dropped: one before it is the line's.
        Path two = file("crcr.jsonl", "[1]\r\r\n");
        assertEquals(1, run("check", "json:0", "--lines", two.toString()));
        assertEquals(verdict(1, "rejected", 3), out());
    }

    @Test
    void bytesAreNeverDecoded() throws Exception {
        byte[] text = {'[', '"', 'a', (byte) 0xFF, '"', ']', '\n', '"', (byte) 0xC3, (byte) 0xA9, '"', '\n',
            '"', (byte) 0xC3};
        assertEquals(1, run("check", "json", "--lines", file("bin.jsonl", text).toString()));
        assertEquals(verdict(1, "rejected", 3) + verdict(2, "accepted", 4) + verdict(3, "prefix", 2), out());
    }

    @Test
    void quietPrintsOnlyTheLinesNotAccepted() throws Exception {
        Path in = file("mixed.jsonl", "1\nx\n2\n[\n");
        assertEquals(1, run("check", "-q", "json", "--lines", in.toString()));
        assertEquals(verdict(2, "rejected", 0) + verdict(4, "prefix", 1), out());
        assertEquals(0, run("check", "-q", "json", "--lines", file("ok.jsonl", "1\n2\n").toString()));
        assertEquals("", out());
    }

    @Test
    void anyGrammarNotOnlyJson() throws Exception {
        Path g = file("ab.gbnf", "root ::= \"a\"+ \"b\"\n");
        Path in = file("in.txt", "aab\nab\nb\nba\naa\n");
        assertEquals(1, run("check", g.toString(), "--lines", in.toString()));
        assertEquals(verdict(1, "accepted", 3) + verdict(2, "accepted", 2) + verdict(3, "rejected", 0)
                + verdict(4, "rejected", 0) + verdict(5, "prefix", 2), out());
    }

    @Test
    void manyLinesInOneRun() throws Exception {
        // One recognizer, reset between lines: 20,000 documents check in well under a second each run.
        StringBuilder sb = new StringBuilder();
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            sb.append(i % 1000 == 999 ? "{\"id\": " + i + ",}" : "{\"id\": " + i + ", \"tags\": [\"x\", \"y\"]}").append('\n');
        }
        assertEquals(1, run("check", "-q", "json", "--lines", file("many.jsonl", sb.toString()).toString()));
        String[] lines = out().split("\n");
        assertEquals(n / 1000, lines.length, out());
        for (int k = 0; k < lines.length; k++) {
            int line = 1000 * (k + 1);
            assertEquals(verdict(line, "rejected", ("{\"id\": " + (line - 1) + ",").length()).trim(), lines[k]);
        }
    }

    @Test
    void usageAndReadErrorsExitTwo() throws Exception {
        Path in = file("in.jsonl", "1\n");
        assertEquals(2, run("check", "json", in.toString(), "--lines", in.toString()));
        assertEquals("kbnf4j check: give the input either as INPUT or with --lines, not both\n", err());
        assertEquals(2, run("check", "json", "--lines", dir.resolve("missing.jsonl").toString()));
        assertEquals("kbnf4j check: cannot read input " + dir.resolve("missing.jsonl") + ": no such file\n", err());
        assertEquals(2, run("check", "json", "--lines", dir.toString()));
        assertTrue(err().startsWith("kbnf4j check: cannot read input " + dir + ": "), err());
        assertEquals(2, run("check", "json", "--lines"));
        assertEquals("", out());
        Path bad = file("bad.kbnf", "start ::= valeu;\nvalue ::= \"v\";\n");
        assertEquals(2, run("check", bad.toString(), "--lines", in.toString()));
        assertEquals("bad.kbnf:1:11: undefined rule 'valeu' (did you mean 'value'?)\n", err());
    }

    @Test
    void recognizerLimitStopsAtItsLineAndExitsTwo() throws Exception {
        byte[] deep = new byte[20_000];
        Arrays.fill(deep, (byte) '[');
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        text.write("[]\n".getBytes(StandardCharsets.UTF_8));
        text.write(deep);
        text.write("\n[]\n".getBytes(StandardCharsets.UTF_8));
        Path in = file("deep.jsonl", text.toByteArray());
        assertEquals(2, run("check", "--max-chart-bytes", "4096", "json", "--lines", in.toString()));
        assertEquals(verdict(1, "accepted", 2), out());
        String e = err();
        assertTrue(e.startsWith(in + ":2:") && e.contains(": recognizer limit at offset ") && e.contains(" of line 2: "), e);
        assertTrue(e.contains("maxChartBytes = 4096") && e.contains("CLI --max-chart-bytes"), e);
    }

    @Test
    void helpDescribesLines() {
        assertEquals(0, run("check", "--help"));
        String o = out();
        assertTrue(o.contains("--lines=FILE") && o.contains("\"verdict\""), o);
    }
}
