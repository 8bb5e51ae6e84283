package io.github.kbnf4j.cli;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.earley.RecognizerLimitException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.util.Arrays;

/**
 * {@code check --lines}: every line of a stream is a separate document, recognized by one
 * {@link Recognizer} that is reset between lines, with one JSON verdict per line:
 * <pre>{"line":7,"verdict":"rejected","offset":12}</pre>
 * {@code line} counts from 1; {@code verdict} is {@code accepted} (a complete sentence),
 * {@code prefix} (a valid prefix, not complete) or {@code rejected}; {@code offset} is the byte
 * offset within the line of the first refused byte when rejected, else the line's length in bytes.
 *
 * <p>Lines end at each LF byte. A CR just before it (or at the end of the input) is not part of
 * the line, so CRLF files read as LF files; a JSON document never holds a raw CR or LF outside
 * whitespace, so this loses nothing for JSON Lines. The bytes after the last LF are a last line
 * only if there are some: a final LF does not start an empty document. Bytes are never decoded
 * (invalid UTF-8 is recognized like any other bytes).
 *
 * <p>Streams: memory is one read buffer plus the longest line. Not thread-safe.
 */
final class LineChecker {
    /** The verdicts, as printed. */
    static final String ACCEPTED = "accepted";
    static final String PREFIX = "prefix";
    static final String REJECTED = "rejected";

    private final Recognizer recognizer;
    private final PrintWriter out;
    private final boolean onlyFailures;
    private final StringBuilder json = new StringBuilder(64);

    /** The current line's bytes so far: {@code line[0 .. length)}. */
    private byte[] line = new byte[1 << 12];
    private int length;
    private long lineNumber;
    private boolean allAccepted = true;

    /**
     * @param onlyFailures print only the lines that are not accepted ({@code -q})
     */
    LineChecker(Recognizer recognizer, PrintWriter out, boolean onlyFailures) {
        this.recognizer = recognizer;
        this.out = out;
        this.onlyFailures = onlyFailures;
    }

    /**
     * Checks every line of {@code in} and prints their verdicts.
     *
     * @return true if every line was accepted (also when there was none)
     * @throws IOException if {@code in} cannot be read
     * @throws LineLimitException if the recognizer hit a limit (the verdicts of the lines before
     *     are printed)
     */
    boolean run(InputStream in) throws IOException {
        byte[] buffer = new byte[1 << 16];
        int n;
        while ((n = in.read(buffer)) >= 0) {
            int from = 0;
            for (int i = 0; i < n; i++) {
                if (buffer[i] == '\n') {
                    append(buffer, from, i - from);
                    endLine();
                    from = i + 1;
                }
            }
            append(buffer, from, n - from);
        }
        if (length > 0) {
            endLine();
        }
        return allAccepted;
    }

    private void append(byte[] bytes, int from, int count) {
        if (count == 0) {
            return;
        }
        if (length + count > line.length) {
            long wanted = Math.max(2L * line.length, (long) length + count);
            if (wanted > Integer.MAX_VALUE - 8) {
                if ((long) length + count > Integer.MAX_VALUE - 8) {
                    throw new OutOfMemoryError("line " + (lineNumber + 1) + " is longer than 2 GiB");
                }
                wanted = Integer.MAX_VALUE - 8;
            }
            line = Arrays.copyOf(line, (int) wanted);
        }
        System.arraycopy(bytes, from, line, length, count);
        length += count;
    }

    /** Recognizes the line {@code line[0 .. length)} (minus a final CR) and prints its verdict. */
    private void endLine() {
        lineNumber++;
        int n = length;
        length = 0;
        if (n > 0 && line[n - 1] == '\r') {
            n--;
        }
        Recognizer r = recognizer;
        r.reset();
        int consumed;
        try {
            consumed = r.push(line, 0, n);
        } catch (RecognizerLimitException e) {
            throw new LineLimitException(lineNumber, Arrays.copyOf(line, n), r.length(), e);
        }
        boolean accepted = consumed == n && r.isAccepting();
        if (!accepted) {
            allAccepted = false;
        } else if (onlyFailures) {
            return;
        }
        String verdict = accepted ? ACCEPTED : consumed < n ? REJECTED : PREFIX;
        StringBuilder sb = json;
        sb.setLength(0);
        sb.append("{\"line\":").append(lineNumber)
                .append(",\"verdict\":\"").append(verdict)
                .append("\",\"offset\":").append(consumed).append("}\n");
        out.append(sb);
    }

    /** A recognizer limit hit on one line: the line, and the offset within it. */
    static final class LineLimitException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final long lineNumber;
        final byte[] line;
        final int offset;

        LineLimitException(long lineNumber, byte[] line, int offset, RecognizerLimitException cause) {
            super(cause.getMessage(), cause);
            this.lineNumber = lineNumber;
            this.line = line;
            this.offset = offset;
        }

        /** The limit that was hit. */
        RecognizerLimitException limit() {
            return (RecognizerLimitException) getCause();
        }
    }
}
