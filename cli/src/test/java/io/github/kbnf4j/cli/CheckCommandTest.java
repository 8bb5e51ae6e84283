package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kbnf4j check}: exit codes 0/1/2/3 and the messages of the README's "Command line". */
class CheckCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private byte[] stdin = new byte[0];

    @TempDir
    Path dir;

    private int run(String... args) {
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

    @Test
    void gbnfGrammarsByExtensionOrOption() throws Exception {
        String arithmetic = "root ::= expr \"\\n\"\nexpr ::= term ([-+] term)*\nterm ::= [0-9]+ | \"(\" expr \")\"\n";
        Path gbnf = file("arith.gbnf", arithmetic);
        assertEquals(0, run("check", gbnf.toString(), file("ok.txt", "1+(2-3)\n").toString()), err());
        assertEquals(3, run("check", gbnf.toString(), file("prefix.txt", "1+(2").toString()), err());
        assertEquals(1, run("check", gbnf.toString(), file("bad.txt", "1+*").toString()), err());
        Path other = file("arith.grammar", arithmetic);
        assertEquals(0, run("check", "--dialect", "gbnf", other.toString(), file("ok2.txt", "(7)\n").toString()), err());
    }

    @Test
    void completeJsonExitsZero() throws Exception {
        Path in = file("ok.json", "{\"a\": [1, 2.5e3, true, null], \"b\": \"x\"}\n");
        assertEquals(0, run("check", "json", in.toString()), err());
        assertEquals("accepted: 40 bytes\n", out());
        assertEquals("", err());
    }

    @Test
    void quietPrintsNothingOnSuccess() throws Exception {
        Path in = file("ok.json", "[]");
        assertEquals(0, run("check", "-q", "json", in.toString()), err());
        assertEquals(0, run("check", "--quiet", "json", in.toString()), err());
        assertEquals("", out());
        assertEquals("", err());
    }

    @Test
    void validPrefixExitsThreeAndSaysWhatMayFollow() throws Exception {
        Path in = file("prefix.json", "[1, 2");
        assertEquals(3, run("check", "json", in.toString()));
        assertEquals("", out());
        String e = err();
        assertTrue(e.startsWith(in + ":1:6: incomplete: the input is a valid prefix but not a complete sentence (5 bytes); "
                + "expected one of: "), e);
        assertTrue(e.contains("','") && e.contains("']'") && e.contains("'0'..'9'"), e);
        assertTrue(e.endsWith("\n") && e.indexOf('\n') == e.length() - 1, "one line: " + e);
    }

    @Test
    void rejectionGivesOffsetLineAndColumn() throws Exception {
        // Line 3 has a two-byte character before the failure: the column counts characters.
        String text = "{\n  \"a\": [1, 2],\n  \"\u00e9\": [3 4]\n}\n";
        Path in = file("bad.json", text);
        assertEquals(28, text.getBytes(StandardCharsets.UTF_8).length - "4]\n}\n".length());
        assertEquals(1, run("check", "json", in.toString()));
        assertEquals("", out());
        String e = err();
        assertTrue(e.startsWith(in + ":3:11: rejected byte 0x34 '4' at offset 28; expected one of: "), e);
        assertTrue(e.contains("','") && e.contains("']'"), e);
    }

    @Test
    void rejectionAtTheFirstByte() throws Exception {
        Path in = file("x.json", "x");
        assertEquals(1, run("check", "json", in.toString()));
        assertTrue(err().startsWith(in + ":1:1: rejected byte 0x78 'x' at offset 0; expected one of: "), err());
    }

    @Test
    void trailingGarbageAfterACompleteSentence() throws Exception {
        Path in = file("two.json", "[] []");
        assertEquals(1, run("check", "json", in.toString()));
        assertTrue(err().startsWith(in + ":1:4: rejected byte 0x5B '[' at offset 3; expected one of: '\\t' '\\n' '\\r' ' '\n"),
                err());
    }

    @Test
    void binaryInputIsNeverDecoded() throws Exception {
        // Valid UTF-8 inside a string is accepted byte for byte.
        Path ok = file("ok.json", new byte[] {'[', '"', (byte) 0xC3, (byte) 0xA9, '"', ']'});
        assertEquals(0, run("check", "-q", "json", ok.toString()), err());

        // 0xFF is never UTF-8.
        Path ff = file("ff.json", new byte[] {'[', '"', 'a', (byte) 0xFF, '"', ']'});
        assertEquals(1, run("check", "json", ff.toString()));
        assertTrue(err().startsWith(ff + ":1:4: rejected byte 0xFF at offset 3; expected one of: "), err());

        // A lead byte followed by a non-continuation byte: the second one is rejected.
        err.getBuffer().setLength(0);
        Path broken = file("broken.json", new byte[] {'[', '"', (byte) 0xC3, '(', '"', ']'});
        assertEquals(1, run("check", "json", broken.toString()));
        assertTrue(err().startsWith(broken + ":1:4: rejected byte 0x28 '(' at offset 3; expected one of: 0x80..0xBF\n"),
                err());
    }

    @Test
    void standardInputWithDashOrNoInputArgument() {
        stdin = "[1,\n 2]".getBytes(StandardCharsets.UTF_8);
        assertEquals(0, run("check", "json", "-"), err());
        assertEquals(0, run("check", "json"), err());
        assertEquals("accepted: 7 bytes\naccepted: 7 bytes\n", out());

        stdin = "[1,\n 2}".getBytes(StandardCharsets.UTF_8);
        assertEquals(1, run("check", "json"));
        assertTrue(err().startsWith("<stdin>:2:3: rejected byte 0x7D '}' at offset 6; "), err());
    }

    @Test
    void emptyInputIsIncomplete() {
        assertEquals(3, run("check", "json", "-"));
        assertTrue(err().startsWith("<stdin>:1:1: incomplete: the input is a valid prefix but not a complete sentence (0 bytes); "
                + "expected one of: "), err());
    }

    @Test
    void grammarFromAFile() throws Exception {
        Path g = file("list.kbnf", "start ::= item { \",\" item } ;\nitem ::= \"a\" | \"bc\" ;\n");
        assertEquals(0, run("check", g.toString(), file("ok.txt", "a,bc,a").toString()), err());
        assertEquals(3, run("check", g.toString(), file("prefix.txt", "a,b").toString()));
        assertTrue(err().contains("prefix.txt:1:4: incomplete: ") && err().endsWith("expected one of: 'c'\n"), err());
        assertEquals(1, run("check", g.toString(), file("bad.txt", "a,a,,").toString()));
        assertTrue(err().contains("bad.txt:1:5: rejected byte 0x2C ',' at offset 4; expected one of: 'a' 'b'\n"), err());
        assertEquals(1, run("check", g.toString(), file("end.txt", "a;").toString()));
        assertTrue(err().contains("end.txt:1:2: rejected byte 0x3B ';' at offset 1; expected one of: ','\n"), err());
    }

    @Test
    void expectedEndOfInput() throws Exception {
        Path g = file("one.kbnf", "start ::= \"ab\" ;\n");
        assertEquals(1, run("check", g.toString(), file("in.txt", "abc").toString()));
        assertTrue(err().endsWith("in.txt:1:3: rejected byte 0x63 'c' at offset 2; expected the end of the input\n"), err());
    }

    @Test
    void unreadableInputExitsTwo() {
        Path missing = dir.resolve("missing.json");
        assertEquals(2, run("check", "json", missing.toString()));
        assertEquals("kbnf4j check: cannot read input " + missing + ": no such file\n", err());
        assertEquals("", out());
        err.getBuffer().setLength(0);
        assertEquals(2, run("check", "json", dir.toString()));
        assertTrue(err().startsWith("kbnf4j check: cannot read input " + dir + ": "), err());
    }

    @Test
    void grammarErrorsExitTwoLikeCompile() throws Exception {
        Path g = file("bad.kbnf", "start ::= valeu;\nvalue ::= \"v\";\n");
        assertEquals(2, run("check", g.toString(), file("in.txt", "v").toString()));
        assertEquals("bad.kbnf:1:11: undefined rule 'valeu' (did you mean 'value'?)\n", err());
        err.getBuffer().setLength(0);
        assertEquals(2, run("check", "no-such-grammar", "-"));
        assertTrue(err().startsWith("kbnf4j check: no grammar file 'no-such-grammar'"), err());
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, run("check"));
        assertEquals(2, run("check", "json", "a", "b"));
        assertEquals(2, run("check", "--max-items-per-set", "x", "json"));
        err.getBuffer().setLength(0);
        assertEquals(2, run("check", "--max-items-per-set", "0", "json", "-"));
        assertTrue(err().startsWith("kbnf4j check: invalid recognizer limit: --max-items-per-set must be positive"), err());
    }

    @Test
    void recognizerLimitExitsTwoNamingTheOption() throws Exception {
        Path in = file("deep.json", "[[[[[[[[1]]]]]]]]");
        assertEquals(2, run("check", "--max-items-per-set", "1", "json", in.toString()));
        String e = err();
        assertTrue(e.startsWith(in + ":1:") && e.contains(": recognizer limit at offset "), e);
        assertTrue(e.contains("maxItemsPerSet = 1") && e.contains("CLI --max-items-per-set"), e);
        assertEquals("", out());
    }

    @Test
    void chartLimitExitsTwoNamingTheOption() throws Exception {
        byte[] deep = new byte[20_000];
        Arrays.fill(deep, (byte) '[');
        Path in = file("deep.json", deep);
        assertEquals(2, run("check", "--max-chart-bytes", "4096", "json", in.toString()));
        assertTrue(err().contains("maxChartBytes = 4096") && err().contains("CLI --max-chart-bytes"), err());
    }

    @Test
    void hundredThousandNestedBracketsOnASmallStack() throws Exception {
        byte[] deep = new byte[100_000];
        Arrays.fill(deep, (byte) '[');
        Path in = file("deep.json", deep);
        AtomicInteger code = new AtomicInteger(-1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        // A small stack: a recursion on the nesting depth would overflow it.
        Thread t = new Thread(null, () -> {
            try {
                code.set(run("check", "json", in.toString()));
            } catch (Throwable x) {
                failure.set(x);
            }
        }, "check", 256 * 1024);
        t.start();
        t.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertEquals(3, code.get(), err());
        assertTrue(err().startsWith(in + ":1:100001: incomplete: the input is a valid prefix but not a complete sentence "
                + "(100000 bytes); expected one of: "), err());
    }

    @Test
    void helpListsTheExitCodes() {
        assertEquals(0, run("check", "--help"));
        String o = out();
        assertTrue(o.contains("Usage: kbnf4j check") && o.contains("Exit codes:") && o.contains("[INPUT]"), o);
        assertTrue(o.contains("--max-items-per-set") && o.contains("--max-chart-bytes"), o);
    }

    @Test
    void positions() {
        byte[] b = "ab\ncd".getBytes(StandardCharsets.UTF_8);
        assertEquals("1:1", CheckCommand.position(b, 0));
        assertEquals("1:3", CheckCommand.position(b, 2)); // the LF ends line 1
        assertEquals("2:1", CheckCommand.position(b, 3));
        assertEquals("2:3", CheckCommand.position(b, 5)); // the end of the input
        assertEquals("1:1", CheckCommand.position(new byte[0], 0));
        byte[] u = {'a', (byte) 0xE2, (byte) 0x82, (byte) 0xAC, 'b', (byte) 0xFF, (byte) 0x80, 'c'};
        assertEquals("1:2", CheckCommand.position(u, 1));
        assertEquals("1:2", CheckCommand.position(u, 3)); // inside the euro sign
        assertEquals("1:3", CheckCommand.position(u, 4));
        assertEquals("1:4", CheckCommand.position(u, 5)); // 0xFF: one column
        assertEquals("1:5", CheckCommand.position(u, 6)); // a stray continuation byte: one column
        assertEquals("1:6", CheckCommand.position(u, 7));
        assertEquals("1:7", CheckCommand.position(u, 8));
    }

    @Test
    void byteDescriptions() {
        assertEquals("0x7D '}'", CheckCommand.describeRejected((byte) '}'));
        assertEquals("0xC3", CheckCommand.describeRejected((byte) 0xC3));
        assertEquals("0x0A '\\n'", CheckCommand.describeRejected((byte) '\n'));
        assertEquals("0x27 '\\''", CheckCommand.describeRejected((byte) '\''));
        long[] set = new long[4];
        assertEquals("expected the end of the input", CheckCommand.expected(set));
        for (int b : new int[] {'\t', '\n', ',', '0', '1', '2', '3', ']', 0xC2, 0xC3}) {
            set[b >>> 6] |= 1L << (b & 63);
        }
        assertEquals("expected one of: '\\t' '\\n' ',' '0'..'3' ']' 0xC2 0xC3", CheckCommand.expected(set));
        long[] all = {-1L, -1L, -1L, -1L};
        assertEquals("expected one of: 0x00..0xFF", CheckCommand.expected(all));
        long[] odd = new long[4];
        for (int b = 'A'; b <= 'Z'; b += 2) {
            odd[b >>> 6] |= 1L << (b & 63);
        }
        assertEquals("expected one of: 'A' 'C' 'E' 'G' 'I' 'K' 'M' 'O' 'Q' 'S' ... (3 more)", CheckCommand.expected(odd));
    }
}
