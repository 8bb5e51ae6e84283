package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@link EscapingWriter}: what a terminal would act on is written as an escape; text and line ends pass. */
class EscapingWriterTest {
    private static String through(String s) throws IOException {
        StringWriter target = new StringWriter();
        try (EscapingWriter w = new EscapingWriter(target)) {
            w.write(s);
        }
        return target.toString();
    }

    @Test
    void controlsAreEscaped() throws IOException {
        assertEquals("a\\x1b[31mb\\x07\\x00\\x7f\\x9b", through("a\u001b[31mb\u0007\u0000\u007f\u009b"));
        assertEquals("x\\u{202E}y\\u{200B}\\u{2028}", through("x\u202ey\u200b\u2028"));
    }

    @Test
    void textTabsAndLineEndsPass() throws IOException {
        assertEquals("café\t日本 😀\nnext" + System.lineSeparator(), through("café\t日本 😀\nnext" + System.lineSeparator()));
        assertEquals("a\\x0db", through("a\rb"), "a carriage return that does not end a line");
    }
}
