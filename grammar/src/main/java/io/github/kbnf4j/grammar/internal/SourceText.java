package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.internal.ast.Span;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Decoding of grammar files: strict UTF-8, with the place of the first malformed byte. */
public final class SourceText {
    private SourceText() {
    }

    /**
     * Decodes {@code bytes} as strict UTF-8 (a leading byte-order mark is skipped). On malformed
     * input, records an error at the line and column of the first bad byte and returns null.
     */
    public static String decode(String source, byte[] bytes, Diagnostics diagnostics) {
        int start = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB
                && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            out.flip();
            Span at = spanAtEnd(source, out);
            diagnostics.error(at, String.format("grammar text is not valid UTF-8 (byte 0x%02X at offset %d)",
                    bytes[in.position()] & 0xFF, in.position()));
            return null;
        }
        out.flip();
        return out.toString();
    }

    /** The place just after {@code text}, which starts at line 1, column 1. */
    static Span spanAtEnd(String source, CharSequence text) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                column = 1;
            } else if (!Character.isLowSurrogate(c)) {
                column++;
            }
        }
        return new Span(source, line, column);
    }
}
