package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Issue 16: a grammar whose only sentence is empty ({@code root ::= ""}) is compiled with a
 * warning; {@code check} accepts the empty input and rejects any other, {@code generate} ends
 * every sentence at once (EOS is the only token allowed).
 */
class EmptySentenceCommandTest {
    private ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path dir;

    private int run(String... args) {
        out = new ByteArrayOutputStream();
        err.getBuffer().setLength(0);
        CommandLine cl = new CommandLine(new Main(out));
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8).replace("\r", "");
    }

    private Path file(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void checkAcceptsOnlyTheEmptyInput() throws Exception {
        Path gbnf = file("empty.gbnf", "root ::= \"\"\n");
        Path kbnf = file("empty.kbnf", "start ::= \"\" ;\n");
        for (Path grammar : new Path[] {gbnf, kbnf}) {
            assertEquals(0, run("check", grammar.toString(), file("nothing.txt", "").toString()), err.toString());
            assertTrue(err.toString().contains("matches only the empty string"), err.toString());
            assertEquals(1, run("check", grammar.toString(), file("a.txt", "a").toString()), err.toString());
        }
    }

    @Test
    void generateEndsEverySentenceAtOnce() throws Exception {
        Path gbnf = file("empty.gbnf", "root ::= \"\"\n");
        assertEquals(0, run("generate", gbnf.toString(), "--vocab", "cl100k", "-n", "3", "--seed", "1", "--jsonl"),
                err.toString());
        assertEquals("\"\"\n\"\"\n\"\"\n", out());
    }
}
