package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ByteLevelAlphabetTest {
    @Test
    void isABijectionBetweenBytesAndItsCharacters() {
        Set<Character> chars = new HashSet<>();
        for (int b = 0; b < 256; b++) {
            char c = ByteLevelAlphabet.charOf(b);
            chars.add(c);
            assertEquals(b, ByteLevelAlphabet.byteOf(c));
        }
        assertEquals(256, chars.size());
        int inside = 0;
        for (char c = 0; c < 0x400; c++) {
            if (ByteLevelAlphabet.byteOf(c) >= 0) {
                inside++;
            }
        }
        assertEquals(256, inside);
        assertEquals(-1, ByteLevelAlphabet.byteOf('\u2581'));
        assertEquals(-1, ByteLevelAlphabet.byteOf((char) 0xFFFF));
    }

    @Test
    void printableBytesStandForThemselvesTheOthersMoveUpInOrder() {
        int moved = 0;
        for (int b = 0; b < 256; b++) {
            boolean printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE);
            char expected = printable ? (char) b : (char) (0x100 + moved++);
            assertEquals(expected, ByteLevelAlphabet.charOf(b), "byte " + b);
        }
        assertEquals(68, moved);
        assertEquals('Ġ', ByteLevelAlphabet.charOf(' '));
        assertEquals('Ċ', ByteLevelAlphabet.charOf('\n'));
        assertEquals('ĉ', ByteLevelAlphabet.charOf('\t'));
        assertEquals('Ń', ByteLevelAlphabet.charOf(0xAD));
        assertEquals("ĠhelloĊ", ByteLevelAlphabet.encode(" hello\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }
}
