package io.github.kbnf4j.grammar.internal.automata;

import static io.github.kbnf4j.grammar.internal.automata.TestSupport.decode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class Utf8Test {
    static final String[] INVALID = {"C0 80", "C1 BF", "C0 AF", "E0 80 80", "E0 9F BF", "ED A0 80", "ED BF BF",
        "ED AF BF ED BF BF", "F0 80 80 80", "F0 8F BF BF", "F4 90 80 80", "F5 80 80 80", "F7 BF BF BF", "F8 88 80 80 80",
        "FC 84 80 80 80 80", "FE", "FF", "E2 82", "F0 9F 98", "C3", "E2", "F0", "C3 41", "E2 41 AC", "F0 9F 41 80",
        "80", "BF", "C3 A9 A9", "E2 82 AC 80"};

    static final String[] VALID_EDGES = {"00", "7F", "C2 80", "DF BF", "E0 A0 80", "ED 9F BF", "EE 80 80", "EF BF BF",
        "F0 90 80 80", "F4 8F BF BF", "F3 BF BF BF"};

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    static List<byte[]> invalidSamples() {
        List<byte[]> out = new ArrayList<>();
        for (String s : INVALID) {
            out.add(hex(s));
        }
        for (int b = 0x80; b <= 0xFF; b++) {
            out.add(new byte[] {(byte) b});
        }
        return out;
    }

    @Test
    void everyInvalidSequenceIsRejected() {
        List<ByteDfa> dfas = List.of(Regexes.compile(".*", 10, 1000), Regexes.compile("[^a]*", 10, 1000),
            Regexes.compile("[\\s\\S]*", 10, 1000), Constructions.validUtf8(),
            Constructions.excluding(Regexes.compile("q", 10, 100), 1000));
        for (byte[] bad : invalidSamples()) {
            byte[] framed = concat(hex("78"), bad, hex("79"));
            assertFalse(Utf8.isValid(bad), HexFormat.of().formatHex(bad));
            assertFalse(Utf8.isValid(framed));
            for (ByteDfa d : dfas) {
                assertFalse(d.matches(bad), () -> d + " accepts " + HexFormat.of().formatHex(bad));
                assertFalse(d.matches(framed), () -> d + " accepts " + HexFormat.of().formatHex(framed));
            }
        }
        for (String s : VALID_EDGES) {
            assertTrue(Utf8.isValid(hex(s)));
            for (ByteDfa d : dfas) {
                assertTrue(d.matches(hex(s)), () -> d + " rejects " + s);
            }
        }
    }

    @Test
    void firstInvalidIndex() {
        assertEquals(-1, Utf8.firstInvalidIndex(hex("41 C3 A9")));
        assertEquals(1, Utf8.firstInvalidIndex(hex("41 C3")));
        assertEquals(2, Utf8.firstInvalidIndex(hex("41 42 ED A0 80")));
        assertEquals(0, Utf8.firstInvalidIndex(hex("80 41")));
    }

    /** Exhaustive over 1- and 2-byte inputs, and 3-byte inputs with sampled tails: '.' is one scalar but \n. */
    @Test
    void dotIsExactlyOneScalarValue() {
        ByteDfa dot = Regexes.compile(".", 10, 1000);
        int[] tails = {0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF};
        for (int a = 0; a < 256; a++) {
            check(dot, new byte[] {(byte) a});
            for (int b = 0; b < 256; b++) {
                check(dot, new byte[] {(byte) a, (byte) b});
                for (int c : tails) {
                    check(dot, new byte[] {(byte) a, (byte) b, (byte) c});
                    if (a >= 0xF0) {
                        for (int d : tails) {
                            check(dot, new byte[] {(byte) a, (byte) b, (byte) c, (byte) d});
                        }
                    }
                }
            }
        }
    }

    private static void check(ByteDfa dot, byte[] bytes) {
        String s = decode(bytes);
        boolean expected = s != null && s.codePointCount(0, s.length()) == 1 && !s.equals("\n");
        assertEquals(expected, dot.matches(bytes), () -> HexFormat.of().formatHex(bytes));
        assertEquals(s != null, Utf8.isValid(bytes), () -> HexFormat.of().formatHex(bytes));
    }

    @Property(tries = 2000)
    void isValidAgreesWithStrictDecoder(@ForAll("byteArrays") byte[] bytes) {
        assertEquals(decode(bytes) != null, Utf8.isValid(bytes));
        assertEquals(Utf8.isValid(bytes), Constructions.validUtf8().matches(bytes));
    }

    @Provide
    Arbitrary<byte[]> byteArrays() {
        // Bias toward the bytes where UTF-8 validity is decided.
        Arbitrary<Byte> interesting = Arbitraries.of(0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
            0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF).map(i -> (byte) (int) i);
        Arbitrary<Byte> any = Arbitraries.bytes();
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, interesting), net.jqwik.api.Tuple.of(1, any))
            .list().ofMaxSize(12).map(l -> {
                byte[] b = new byte[l.size()];
                for (int i = 0; i < b.length; i++) {
                    b[i] = l.get(i);
                }
                return b;
            });
    }

    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }
}
