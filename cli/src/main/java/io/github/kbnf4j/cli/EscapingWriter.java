package io.github.kbnf4j.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * A writer that makes what it passes on safe to show on a terminal: every control character
 * (C0 but the line feed and tab, DEL, C1) and every invisible formatting character that can
 * reorder or hide text (the bidirectional controls, zero-width characters) is written as
 * {@code \xHH} (below U+0100) or as a backslash, {@code u} and the hex code point in braces
 * (as in KBNF literals). Messages quote grammar text, file names and
 * input bytes; an escape sequence among them must not move the cursor, recolour or clear the
 * screen, or make one text look like another. A carriage return is kept only as part of the
 * platform's line separator.
 *
 * <p>Not thread-safe (as the writer it wraps is used from one thread).
 */
final class EscapingWriter extends FilterWriter {
    /** Whether the platform's line separator is CRLF, so that a CR before LF is kept. */
    private static final boolean CRLF = System.lineSeparator().equals("\r\n");

    /** A carriage return held back until the next character shows whether it ends a line. */
    private boolean pendingCr;

    EscapingWriter(Writer out) {
        super(out);
    }

    /** Whether {@code c} is written as an escape. */
    static boolean mustEscape(int c) {
        if (c < 0x20) {
            return c != '\n' && c != '\t';
        }
        if (c < 0x7F) {
            return false;
        }
        if (c <= 0x9F) {
            return true;  // DEL and the C1 controls (0x9B is a one-byte CSI on some terminals)
        }
        int type = Character.getType(c);
        return type == Character.FORMAT || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE;
    }

    private static void append(StringBuilder sb, int c) {
        if (!mustEscape(c)) {
            sb.appendCodePoint(c);
        } else if (c < 0x100) {
            sb.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
        } else {
            sb.append("\\u{").append(Integer.toHexString(c).toUpperCase(Locale.ROOT)).append('}');
        }
    }

    @Override
    public void write(int c) throws IOException {
        if (pendingCr) {
            pendingCr = false;
            out.write(c == '\n' ? "\r" : "\\x0d");
        }
        if (c == '\r' && CRLF) {
            pendingCr = true;
        } else if (Character.isSurrogate((char) c) || !mustEscape(c)) {
            out.write(c);  // a surrogate pair is passed on whole, char by char
        } else {
            StringBuilder sb = new StringBuilder(8);
            append(sb, c);
            out.write(sb.toString());
        }
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
            write(cbuf[i]);
        }
    }

    @Override
    public void write(String str, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
            write(str.charAt(i));
        }
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        if (pendingCr) {
            pendingCr = false;
            out.write("\\x0d");
        }
        out.close();
    }
}
