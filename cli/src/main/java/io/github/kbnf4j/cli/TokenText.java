package io.github.kbnf4j.cli;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A token's bytes as text a person can read and a terminal cannot misread: UTF-8 characters that
 * print (letters, digits, punctuation, symbols, spaces) as they are; a backslash doubled; every
 * other byte (a control character, a format or separator character, a byte that is not part of
 * valid UTF-8, as in a token holding half a character) as {@code \xHH}. Different bytes always
 * give different texts.
 */
final class TokenText {
    private TokenText() {}

    /** The text of {@code bytes}. */
    static String of(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer chars = CharBuffer.allocate(bytes.length);  // never more chars than bytes
        StringBuilder sb = new StringBuilder(bytes.length + 8);
        while (true) {
            CoderResult r = decoder.decode(in, chars, true);
            appendChars(sb, chars.flip());
            chars.clear();
            if (!r.isError()) {
                break;
            }
            for (int k = 0; k < r.length(); k++) {
                hex(sb, in.get() & 0xFF);  // the bytes that are not UTF-8
            }
        }
        return sb.toString();
    }

    private static void appendChars(StringBuilder sb, CharSequence chars) {
        chars.codePoints().forEach(c -> {
            if (c == '\\') {
                sb.append("\\\\");
            } else if (c == '\t' || c == '\n' || EscapingWriter.mustEscape(c) || !Character.isDefined(c)) {
                for (byte b : new String(Character.toChars(c)).getBytes(StandardCharsets.UTF_8)) {
                    hex(sb, b & 0xFF);
                }
            } else {
                sb.appendCodePoint(c);
            }
        });
    }

    private static void hex(StringBuilder sb, int b) {
        sb.append("\\x").append(Character.forDigit(b >> 4, 16)).append(Character.forDigit(b & 15, 16));
    }
}
