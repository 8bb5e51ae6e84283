package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** {@link TokenText}: readable, safe on a terminal, and different bytes give different texts. */
class TokenTextTest {
    private static byte[] b(int... bytes) {
        byte[] r = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            r[i] = (byte) bytes[i];
        }
        return r;
    }

    @Test
    void printableTextIsItself() {
        assertEquals(" the", TokenText.of(" the".getBytes(StandardCharsets.UTF_8)));
        assertEquals("café 日本 😀", TokenText.of("café 日本 😀".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void everythingElseIsHex() {
        assertEquals("\\x0a\\x09\\x1b[0m\\x7f", TokenText.of(b('\n', '\t', 0x1B, '[', '0', 'm', 0x7F)));
        assertEquals("a\\\\b", TokenText.of(b('a', '\\', 'b')), "a backslash is doubled");
        assertEquals("\\xc3", TokenText.of(b(0xC3)), "half of é");
        assertEquals("\\xa9x", TokenText.of(b(0xA9, 'x')), "a stray continuation byte");
        assertEquals("\\xc2\\x9b", TokenText.of(b(0xC2, 0x9B)), "C1 control U+009B");
        assertEquals("\\xe2\\x80\\xae", TokenText.of(b(0xE2, 0x80, 0xAE)), "right-to-left override U+202E");
        assertEquals("\\xed\\xa0\\x80", TokenText.of(b(0xED, 0xA0, 0x80)), "an encoded surrogate is not UTF-8");
        assertEquals("\\xc0\\xaf", TokenText.of(b(0xC0, 0xAF)), "an overlong form is not UTF-8");
    }

    /** The inverse of {@link TokenText#of}: a backslash pair is one backslash, \xHH one byte, the rest UTF-8. */
    private static byte[] parse(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\' && text.charAt(i + 1) == '\\') {
                out.write('\\');
                i += 2;
            } else if (c == '\\') {
                assertEquals('x', text.charAt(i + 1), text);
                out.write(Integer.parseInt(text.substring(i + 2, i + 4), 16));
                i += 4;
            } else {
                int cp = text.codePointAt(i);
                out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
                i += Character.charCount(cp);
            }
        }
        return out.toByteArray();
    }

    @Property(tries = 2000)
    void differentBytesGiveDifferentTexts(@ForAll @Size(max = 12) byte[] bytes) {
        String text = TokenText.of(bytes);
        assertArrayEquals(bytes, parse(text), text);
        text.codePoints().forEach(c -> assertEquals(false, EscapingWriter.mustEscape(c) || c == '\n' || c == '\t',
                "unescaped " + Integer.toHexString(c) + " in " + text));
    }
}
