package io.github.kbnf4j.earley;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The language of the built-in grammars {@code json} (RFC 8259) and {@code json:K} (whitespace
 * runs of at most K bytes), on hand-picked inputs and exhaustively over raw UTF-8 inside strings;
 * a few inputs are also checked byte by byte against the reference recognizer. The JSONTestSuite
 * files are in {@link JsonTestSuiteConformanceTest}.
 */
class BuiltinJsonTest {
    static final CompiledGrammar JSON = Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT);

    static CompiledGrammar json(int maxWhitespace) {
        return Grammar.builtin(Grammar.jsonWithWhitespace(maxWhitespace), GrammarOptions.DEFAULT);
    }

    static boolean sentence(CompiledGrammar g, String input) {
        return sentence(g, input.getBytes(UTF_8));
    }

    static boolean sentence(CompiledGrammar g, byte[] input) {
        Recognizer r = new Recognizer(g);
        return r.push(input, 0, input.length) == input.length && r.isAccepting();
    }

    private static void accepts(CompiledGrammar g, String... inputs) {
        for (String s : inputs) {
            assertTrue(sentence(g, s), "should accept '" + s + "'");
        }
    }

    private static void rejects(CompiledGrammar g, String... inputs) {
        for (String s : inputs) {
            assertFalse(sentence(g, s), "should reject '" + s + "'");
        }
    }

    @Test
    void anyValueAtTheTopLevelWithWhitespaceAround() {
        accepts(JSON, "1", "\"a\"", "null", "true", "false", "{}", "[]", " \t\r\n[ ] \n", "{\"a\" : [ 1 , {} ] }",
                "[[[]]]", "{\"\":{\"\":{}}}");
        rejects(JSON, "", " ", "1 2", "[1,]", "[,1]", "{\"a\"}", "{\"a\":1,}", "{1:1}", "[1 2]", "nul", "True",
                "'a'", "[", "]", "{\"a\":1}}");
    }

    @Test
    void whitespaceIsExactlySpaceTabNewlineReturn() {
        rejects(JSON, "\f1", "1\u000B", "\u00A01", "1\u2028", "\uFEFF1", "[1,\u30002]");
    }

    @Test
    void numbersExactlyAsTheRfcGrammar() {
        accepts(JSON, "0", "-0", "1", "-1", "10", "0.5", "-0.0", "1e5", "1E+5", "1e-05", "0e0", "123.456e-789",
                "1.0E+2", "[-1.25e+10]", "99999999999999999999999");
        rejects(JSON, "01", "-01", "00", "+1", ".5", "5.", "1.e5", "1e", "1e+", "-", "0x1", "NaN", "Infinity",
                "-Infinity", "1_000", "- 1", "１", "[1.]", "[-]", "2.e3", "0.1.2");
    }

    @Test
    void stringEscapes() {
        accepts(JSON, "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\u0000\"", "\"\\uFFFF\\uaBcD\"", "\"\\uD834\\uDD1E\"",
                "\"\\uDEAD\"", "\"\\uD800\\uD800\"", "\"\u007F\"", "\"é€😀\"");
        rejects(JSON, "\"\\a\"", "\"\\'\"", "\"\\x41\"", "\"\\u12\"", "\"\\u12G4\"", "\"\\U0041\"", "\"\\0\"",
                "\"\\\n\"", "\"\\u{41}\"", "\"a", "\"\\\"");
        for (int c = 0; c < 0x20; c++) {
            rejects(JSON, "\"" + (char) c + "\"");
        }
    }

    /**
     * Every code point written as raw bytes inside a string, surrogates (CESU-8 style) included: a
     * sentence exactly for the scalar values other than the controls, {@code "} and the backslash.
     */
    @Test
    void rawCodePointsInStrings() {
        Recognizer r = new Recognizer(JSON);
        assertTrue(r.push('"'));
        int mark = r.mark();
        byte[] buf = new byte[5];
        for (int cp = 0; cp <= 0x10FFFF; cp++) {
            int n = encode(cp, buf);
            buf[n] = '"';
            boolean expected = cp >= 0x20 && cp != '"' && cp != '\\' && (cp < 0xD800 || cp > 0xDFFF);
            boolean actual = r.push(buf, 0, n + 1) == n + 1 && r.isAccepting();
            if (expected != actual) {
                assertEquals(expected, actual, "U+" + Integer.toHexString(cp));
            }
            r.popTo(mark);
        }
    }

    /**
     * Byte sequences inside a string, all of one and two bytes, longer ones with sampled tails:
     * one that a strict UTF-8 decoder refuses is never a sentence, and one that decodes to a single
     * code point is one exactly when that code point is allowed raw.
     */
    @Test
    void rawBytesInStringsAreValidUtf8Only() {
        Recognizer r = new Recognizer(JSON);
        assertTrue(r.push('"'));
        int mark = r.mark();
        int[] tails = {0x00, 0x22, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xED, 0xF4, 0xFF};
        int[] fewTails = {0x22, 0x7F, 0x80, 0xBF, 0xC0};
        for (int a = 0; a < 256; a++) {
            check(r, mark, a);
            for (int b = 0; b < 256; b++) {
                check(r, mark, a, b);
                if (a >= 0xC0) {
                    for (int c : a >= 0xE0 ? tails : fewTails) {
                        check(r, mark, a, b, c);
                        if (a >= 0xF0) {
                            for (int d : fewTails) {
                                check(r, mark, a, b, c, d);
                            }
                            check(r, mark, a, b, c, 0xBF, 0x80);
                        }
                    }
                }
            }
        }
    }

    private static void check(Recognizer r, int mark, int... bytes) {
        byte[] input = new byte[bytes.length + 1];
        for (int i = 0; i < bytes.length; i++) {
            input[i] = (byte) bytes[i];
        }
        input[bytes.length] = '"';
        String s = strictDecode(input, bytes.length);
        boolean actual = r.push(input, 0, input.length) == input.length && r.isAccepting();
        r.popTo(mark);
        if (s == null) {
            assertFalse(actual, () -> "accepts invalid UTF-8 " + HexFormat.of().formatHex(input));
        } else if (s.codePointCount(0, s.length()) == 1) {
            int cp = s.codePointAt(0);
            assertEquals(cp >= 0x20 && cp != '"' && cp != '\\', actual, () -> HexFormat.of().formatHex(input));
        }
    }

    private static final CharsetDecoder STRICT = UTF_8.newDecoder();

    private static String strictDecode(byte[] bytes, int length) {
        try {
            return STRICT.reset().decode(ByteBuffer.wrap(bytes, 0, length)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** UTF-8 of {@code cp}, surrogates included (which strict UTF-8 forbids); returns the length. */
    private static int encode(int cp, byte[] out) {
        if (cp < 0x80) {
            out[0] = (byte) cp;
            return 1;
        }
        if (cp < 0x800) {
            out[0] = (byte) (0xC0 | cp >> 6);
            out[1] = (byte) (0x80 | cp & 0x3F);
            return 2;
        }
        if (cp < 0x10000) {
            out[0] = (byte) (0xE0 | cp >> 12);
            out[1] = (byte) (0x80 | cp >> 6 & 0x3F);
            out[2] = (byte) (0x80 | cp & 0x3F);
            return 3;
        }
        out[0] = (byte) (0xF0 | cp >> 18);
        out[1] = (byte) (0x80 | cp >> 12 & 0x3F);
        out[2] = (byte) (0x80 | cp >> 6 & 0x3F);
        out[3] = (byte) (0x80 | cp & 0x3F);
        return 4;
    }

    @Test
    void compactJson() {
        CompiledGrammar compact = json(0);
        accepts(compact, "{\"a\":[1,2]}", "1", "[]", "{}", "\"  spaces inside strings count for nothing  \"",
                "[{\"a\":null,\"b\":[true,false]}]");
        rejects(compact, "{\"a\": 1}", "{\"a\" :1}", " 1", "1\n", "[ ]", "[1, 2]", "{ }");
    }

    @Test
    void twoWhitespaceBytesPerRun() {
        CompiledGrammar two = json(2);
        accepts(two, "{\"a\":  1}", "[1,\r\n2]", "  1  ", "[ 1 , 2 ]", "{ \"a\" : [ ] }", "[\t\t]");
        rejects(two, "{\"a\":   1}", "   1", "1   ", "[1,\r\n\t2]", "[1,\r\n 2]", "[\t\t\t]");
    }

    /** json:K for every K: K bytes in one run is a sentence, K + 1 is refused at the extra byte. */
    @Test
    void everyBoundFromZeroToTheMaximum() {
        String ws = " \t\n\r";
        for (int k = 0; k <= Grammar.MAX_JSON_WHITESPACE; k++) {
            CompiledGrammar g = json(k);
            StringBuilder run = new StringBuilder();
            for (int i = 0; i < k; i++) {
                run.append(ws.charAt(i % 4));
            }
            assertTrue(sentence(g, "[" + run + "1" + run + "]"), "json:" + k);
            assertTrue(sentence(g, run + "{" + run + "}" + run), "json:" + k);
            byte[] over = ("[1," + run + " 2]").getBytes(UTF_8);
            Recognizer r = new Recognizer(g);
            assertEquals(3 + k, r.push(over, 0, over.length), "json:" + k + " refuses byte " + (k + 1) + " of the run");
        }
    }

    @Test
    void boundedJsonAgreesWithTheReference() {
        List<String> inputs = List.of("{\"a\":[1,2]}", "{\"a\": 1}", " [ 1 ,  2 ] ", "[1,   2]", "\"x  y\"",
                "{\"k\" :\t\"v\\u00e9\"}", "  ", "[-0.5e+3, true]");
        for (int k : new int[] {0, 1, 2, 64}) {
            CompiledGrammar g = json(k);
            for (String s : inputs) {
                RecognizerTest.Verdict v = RecognizerTest.agree(g, s);
                assertEquals(maxWhitespaceRun(s.getBytes(UTF_8)) <= k && sentence(JSON, s),
                        v == RecognizerTest.Verdict.COMPLETE, "json:" + k + " on '" + s + "'");
            }
        }
    }

    /**
     * The longest run of JSON whitespace outside strings in {@code json}, which must be a JSON text
     * (or a prefix of one).
     */
    static int maxWhitespaceRun(byte[] json) {
        int max = 0;
        int run = 0;
        boolean inString = false;
        for (int i = 0; i < json.length; i++) {
            byte b = json[i];
            if (inString) {
                if (b == '\\') {
                    i++;
                } else if (b == '"') {
                    inString = false;
                }
            } else if (b == ' ' || b == '\t' || b == '\n' || b == '\r') {
                max = Math.max(max, ++run);
            } else {
                run = 0;
                inString = b == '"';
            }
        }
        return max;
    }
}
