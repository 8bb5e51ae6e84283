package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Vocabulary#fromTokenizerJson} on small hand-written files: each scheme, each rule, each error. */
class TokenizerJsonLoaderTest {
    static final String SP_DECODER = "{\"type\": \"Sequence\", \"decoders\": ["
            + "{\"type\": \"Replace\", \"pattern\": {\"String\": \"▁\"}, \"content\": \" \"},"
            + "{\"type\": \"ByteFallback\"}, {\"type\": \"Fuse\"},"
            + "{\"type\": \"Strip\", \"content\": \" \", \"start\": 1, \"stop\": 0}]}";

    static String file(String decoder, String model, String added) {
        return "{\"version\": \"1.0\", \"truncation\": null, \"added_tokens\": " + added + ", \"normalizer\": null,"
                + " \"decoder\": " + decoder + ", \"model\": " + model + "}";
    }

    static String byteLevel(String vocab, String added) {
        return file("{\"type\": \"ByteLevel\", \"add_prefix_space\": true, \"trim_offsets\": true}",
                "{\"type\": \"BPE\", \"byte_fallback\": false, \"vocab\": " + vocab + ", \"merges\": [\"a b\", [\"c\", \"d\"]]}",
                added);
    }

    static String sentencePiece(String vocab, String added) {
        return file(SP_DECODER, "{\"type\": \"BPE\", \"byte_fallback\": true, \"vocab\": " + vocab
                + ", \"merges\": [[\"▁\", \"t\"]]}", added);
    }

    private static InputStream in(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    static Vocabulary load(String json) throws IOException {
        return Vocabulary.fromTokenizerJson("test.json", in(json), null);
    }

    static Vocabulary load(String json, String config) throws IOException {
        return Vocabulary.fromTokenizerJson("test.json", in(json), in(config));
    }

    private static IOException fails(String json) {
        return assertThrows(IOException.class, () -> load(json));
    }

    private static void assertMessage(IOException e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' not in: " + e.getMessage());
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void byteLevelMapsEachCharacterToOneByte() throws IOException {
        Vocabulary v = load(byteLevel("{\"!\": 0, \"Ġhi\": 1, \"Ċ\": 2, \"ĠĠ\": 3, \"Ã©\": 4, \"Ń\": 5, \"Ā\": 6, \"ÿ\": 7}",
                "[{\"id\": 8, \"content\": \"<|endoftext|>\", \"special\": true},"
                        + "{\"id\": 9, \"content\": \"<think>\", \"special\": false}]"));
        assertEquals(10, v.size());
        assertArrayEquals(b("!"), v.tokenBytes(0));
        assertArrayEquals(b(" hi"), v.tokenBytes(1));
        assertArrayEquals(b("\n"), v.tokenBytes(2));
        assertArrayEquals(b("  "), v.tokenBytes(3));
        assertArrayEquals(b("é"), v.tokenBytes(4)); // two characters, the two bytes of é
        assertArrayEquals(new byte[] {(byte) 0xAD}, v.tokenBytes(5)); // the last of the 68 moved bytes
        assertArrayEquals(new byte[] {0}, v.tokenBytes(6));
        assertArrayEquals(new byte[] {(byte) 0xFF}, v.tokenBytes(7));
        assertFalse(v.hasBytes(8));
        assertTrue(v.isSpecial(8));
        assertArrayEquals(new int[] {8}, v.eosIds()); // a special token with a common end name
        assertArrayEquals(b("<think>"), v.tokenBytes(9)); // non-special added token: text
        assertFalse(v.isSpecial(9));
    }

    @Test
    void byteLevelModelTokenOutsideTheTableIsNotUnderstood() {
        IOException e = fails(byteLevel("{\"a\": 0, \"a b\": 1}", "[]"));
        assertMessage(e, "test.json", "model token 1", "U+0020", "byte-level");
    }

    @Test
    void byteLevelAddedTokenOutsideTheTableIsItsUtf8() throws IOException {
        Vocabulary v = load(byteLevel("{\"a\": 0}", "[{\"id\": 1, \"content\": \"日本\", \"special\": false},"
                + "{\"id\": 2, \"content\": \" x\\n\", \"special\": false}]"));
        assertArrayEquals(b("日本"), v.tokenBytes(1));
        assertArrayEquals(b(" x\n"), v.tokenBytes(2));
    }

    @Test
    void sentencePieceMapsMetaspaceAndByteTokens() throws IOException {
        Vocabulary v = load(sentencePiece("{\"<unk>\": 0, \"<s>\": 1, \"</s>\": 2, \"<0x0A>\": 3, \"<0xff>\": 4,"
                + " \"▁the\": 5, \"▁\": 6, \"é\": 7, \"<0x20>\": 8, \"a▁b\": 9, \"<0xZZ>\": 10, \"😀\": 11}",
                "[{\"id\": 0, \"content\": \"<unk>\", \"special\": true},"
                        + "{\"id\": 1, \"content\": \"<s>\", \"special\": true},"
                        + "{\"id\": 2, \"content\": \"</s>\", \"special\": true}]"));
        assertEquals(12, v.size());
        assertArrayEquals(new int[] {0, 1, 2}, v.specialIds());
        assertArrayEquals(new int[] {2}, v.eosIds());
        assertArrayEquals(new byte[] {0x0A}, v.tokenBytes(3));
        assertArrayEquals(new byte[] {(byte) 0xFF}, v.tokenBytes(4)); // lower-case hex too
        assertArrayEquals(b(" the"), v.tokenBytes(5));
        assertArrayEquals(b(" "), v.tokenBytes(6));
        assertArrayEquals(b("é"), v.tokenBytes(7));
        assertArrayEquals(v.tokenBytes(6), v.tokenBytes(8)); // two ids, same bytes
        assertArrayEquals(b("a b"), v.tokenBytes(9));
        assertArrayEquals(b("<0xZZ>"), v.tokenBytes(10)); // not a byte token: text
        assertArrayEquals(b("😀"), v.tokenBytes(11));
    }

    /** Every {@code ▁} of a token becomes a space, not only the first; byte tokens are single raw bytes. */
    @Test
    void sentencePieceReplacesEveryMetaspaceAndReadsEveryByteToken() throws IOException {
        Vocabulary v = load(sentencePiece("{\"<unk>\": 0, \"▁▁\": 1, \"▁a▁b\": 2, \"▁▁▁x▁\": 3, \"<0x0A>\": 4,"
                + " \"<0x00>\": 5, \"<0x80>\": 6, \"<0xE2>\": 7, \"x▁▁y\": 8}",
                "[{\"id\": 0, \"content\": \"<unk>\", \"special\": true}]"));
        assertArrayEquals(b("  "), v.tokenBytes(1));
        assertArrayEquals(b(" a b"), v.tokenBytes(2));
        assertArrayEquals(b("   x "), v.tokenBytes(3));
        assertArrayEquals(new byte[] {'\n'}, v.tokenBytes(4));
        assertArrayEquals(new byte[] {0}, v.tokenBytes(5));
        // A lone continuation or lead byte stays one raw byte, not the UTF-8 of U+0080 or U+00E2.
        assertArrayEquals(new byte[] {(byte) 0x80}, v.tokenBytes(6));
        assertArrayEquals(new byte[] {(byte) 0xE2}, v.tokenBytes(7));
        assertArrayEquals(b("x  y"), v.tokenBytes(8));
        // The Metaspace decoder (Unigram models) replaces every ▁ too.
        Vocabulary m = load(file("{\"type\": \"Metaspace\", \"replacement\": \"▁\", \"add_prefix_space\": true}",
                "{\"type\": \"Unigram\", \"byte_fallback\": true, \"vocab\": [[\"▁▁\", 0.0], [\"▁a▁b\", -1.0],"
                        + " [\"<0x0A>\", -2.0]]}", "[]"));
        assertArrayEquals(b("  "), m.tokenBytes(0));
        assertArrayEquals(b(" a b"), m.tokenBytes(1));
        assertArrayEquals(new byte[] {'\n'}, m.tokenBytes(2));
    }

    /**
     * All 256 bytes through a byte-level tokenizer.json: the table is written here from its rule
     * (bytes printable in Latin-1 stand for themselves, the other 68 take U+0100.. in byte order), and
     * multi-character tokens decode character by character.
     */
    @Test
    void byteLevelDecodesAll256BytesAndMultiByteTokens() throws IOException {
        StringBuilder vocab = new StringBuilder("{");
        char[] charOf = new char[256];
        int moved = 0;
        for (int x = 0; x < 256; x++) {
            boolean printable = (x >= '!' && x <= '~') || (x >= 0xA1 && x <= 0xAC) || x >= 0xAE;
            charOf[x] = printable ? (char) x : (char) (0x100 + moved++);
        }
        for (int x = 0; x < 256; x++) {
            vocab.append(x == 0 ? "" : ", ").append('"').append(jsonChar(charOf[x])).append("\": ").append(x);
        }
        // " é\n" and "\u0000\u00FF" as multi-character tokens
        String spaceEAcuteNewline = "" + charOf[' '] + charOf[0xC3] + charOf[0xA9] + charOf['\n'];
        String zeroAndFF = "" + charOf[0] + charOf[0xFF];
        vocab.append(", \"").append(jsonChar(spaceEAcuteNewline.charAt(0))).append(jsonChar(spaceEAcuteNewline.charAt(1)))
                .append(jsonChar(spaceEAcuteNewline.charAt(2))).append(jsonChar(spaceEAcuteNewline.charAt(3)))
                .append("\": 256, \"").append(jsonChar(zeroAndFF.charAt(0))).append(jsonChar(zeroAndFF.charAt(1)))
                .append("\": 257}");
        Vocabulary v = load(byteLevel(vocab.toString(), "[]"));
        assertEquals(258, v.size());
        for (int x = 0; x < 256; x++) {
            assertArrayEquals(new byte[] {(byte) x}, v.tokenBytes(x), "byte " + x);
        }
        assertArrayEquals(b(" é\n"), v.tokenBytes(256));
        assertArrayEquals(new byte[] {0, (byte) 0xFF}, v.tokenBytes(257));
    }

    private static String jsonChar(char c) {
        return String.format("\\u%04X", (int) c);
    }

    @Test
    void metaspaceUnigramWithoutByteFallbackKeepsByteLookalikesAsText() throws IOException {
        Vocabulary v = load(file("{\"type\": \"Metaspace\", \"replacement\": \"▁\", \"add_prefix_space\": true}",
                "{\"type\": \"Unigram\", \"unk_id\": 0, \"vocab\": [[\"<unk>\", 0.0], [\"▁a\", -1.5], [\"b\", -2],"
                        + " [\"<0x41>\", -3.0]]}",
                "[{\"id\": 0, \"content\": \"<unk>\", \"special\": true}]"));
        assertEquals(4, v.size());
        assertFalse(v.hasBytes(0));
        assertArrayEquals(b(" a"), v.tokenBytes(1));
        assertArrayEquals(b("b"), v.tokenBytes(2));
        assertArrayEquals(b("<0x41>"), v.tokenBytes(3));
        assertEquals(0, v.eosIds().length); // none known: the caller must give them
    }

    @Test
    void modelByteFallbackAloneEnablesByteTokens() throws IOException {
        Vocabulary v = load(file("{\"type\": \"Metaspace\"}",
                "{\"type\": \"Unigram\", \"byte_fallback\": true, \"vocab\": [[\"<0x41>\", 0.0], [\"▁x\", -1.0]]}", "[]"));
        assertArrayEquals(b("A"), v.tokenBytes(0));
        assertArrayEquals(b(" x"), v.tokenBytes(1));
    }

    @Test
    void gapsAndAddedTokensBeyondTheModelVocabulary() throws IOException {
        Vocabulary v = load(byteLevel("{\"a\": 0, \"b\": 2}",
                "[{\"id\": 5, \"content\": \"<|eot_id|>\", \"special\": true}]"));
        assertEquals(6, v.size());
        assertTrue(v.hasBytes(0) && v.hasBytes(2));
        for (int id : new int[] {1, 3, 4}) {
            assertFalse(v.hasBytes(id));
            assertFalse(v.isSpecial(id));
        }
        assertArrayEquals(new int[] {5}, v.eosIds());
    }

    @Test
    void addedTokensReplaceModelTokensWithTheSameId() throws IOException {
        Vocabulary v = load(byteLevel("{\"a\": 0, \"b\": 1, \"c\": 2}",
                "[{\"id\": 1, \"content\": \"<pad>\", \"special\": true},"
                        + "{\"id\": 2, \"content\": \"zz\", \"special\": false},"
                        + "{\"id\": 2, \"content\": \"zz\", \"special\": false}]"));
        assertTrue(v.isSpecial(1));
        assertFalse(v.hasBytes(1));
        assertArrayEquals(b("zz"), v.tokenBytes(2));
    }

    @Test
    void oneTokenStringWithTwoIdsGivesTwoIdsWithTheSameBytes() throws IOException {
        Vocabulary v = load(byteLevel("{\"a\": 0, \"a\": 1}", "[]"));
        assertArrayEquals(b("a"), v.tokenBytes(0));
        assertArrayEquals(b("a"), v.tokenBytes(1));
    }

    @Test
    void twoTokensWithOneIdAreNotUnderstood() {
        assertMessage(fails(byteLevel("{\"a\": 0, \"b\": 0}", "[]")), "test.json", "id 0", "'a'", "'b'");
        assertMessage(fails(byteLevel("{\"a\": 0}", "[{\"id\": 1, \"content\": \"x\", \"special\": true},"
                + "{\"id\": 1, \"content\": \"y\", \"special\": true}]")), "added_tokens", "id 1");
    }

    @Test
    void eosFromTheConfigAsStringOrObject() throws IOException {
        String json = byteLevel("{\"a\": 0, \"b\": 1}", "[{\"id\": 2, \"content\": \"<|im_start|>\", \"special\": true},"
                + "{\"id\": 3, \"content\": \"<|im_end|>\", \"special\": true},"
                + "{\"id\": 4, \"content\": \"<|stop|>\", \"special\": true}]");
        assertArrayEquals(new int[] {3}, load(json).eosIds());
        assertArrayEquals(new int[] {3, 4}, load(json, "{\"bos_token\": null, \"eos_token\": \"<|stop|>\"}").eosIds());
        assertArrayEquals(new int[] {3, 4}, load(json, "{\"eos_token\": {\"content\": \"<|stop|>\","
                + " \"lstrip\": false, \"__type\": \"AddedToken\"}, \"added_tokens_decoder\": {\"2\": {}}}").eosIds());
        // a config EOS that names a model token makes it EOS (and so not text)
        Vocabulary v = load(json, "{\"eos_token\": \"b\"}");
        assertArrayEquals(new int[] {1, 3}, v.eosIds());
        assertFalse(v.hasBytes(1));
        // a config EOS absent from the file is ignored
        assertArrayEquals(new int[] {3}, load(json, "{\"eos_token\": \"<nope>\"}").eosIds());
        IOException e = assertThrows(IOException.class, () -> load(json, "[1, 2]"));
        assertMessage(e, "tokenizer_config.json");
        e = assertThrows(IOException.class, () -> load(json, "{\"eos_token\": "));
        assertMessage(e, "tokenizer_config.json", "not valid JSON");
    }

    @Test
    void commonEndNamesCountOnlyWhenSpecial() throws IOException {
        Vocabulary v = load(byteLevel("{\"</s>\": 0, \"x\": 1}", "[]"));
        assertEquals(0, v.eosIds().length);
        assertArrayEquals(b("</s>"), v.tokenBytes(0));
    }

    @Test
    void siblingConfigAndGenerationConfigAreRead(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("tokenizer.json");
        Files.writeString(json, sentencePiece("{\"<unk>\": 0, \"<s>\": 1, \"</s>\": 2, \"a\": 3}",
                "[{\"id\": 0, \"content\": \"<unk>\", \"special\": true},"
                        + "{\"id\": 1, \"content\": \"<s>\", \"special\": true},"
                        + "{\"id\": 2, \"content\": \"</s>\", \"special\": true}]"));
        assertArrayEquals(new int[] {2}, Vocabulary.fromTokenizerJson(json).eosIds());
        Files.writeString(dir.resolve("tokenizer_config.json"), "{\"eos_token\": \"<unk>\"}");
        assertArrayEquals(new int[] {0, 2}, Vocabulary.fromTokenizerJson(json).eosIds());
        Files.writeString(dir.resolve("generation_config.json"), "{\"eos_token_id\": [1, 2], \"bos_token_id\": 1}");
        assertArrayEquals(new int[] {0, 1, 2}, Vocabulary.fromTokenizerJson(json).eosIds());
        Files.writeString(dir.resolve("generation_config.json"), "{\"eos_token_id\": 3}");
        Vocabulary v = Vocabulary.fromTokenizerJson(json);
        assertArrayEquals(new int[] {0, 2, 3}, v.eosIds());
        assertFalse(v.hasBytes(3));
        assertEquals(json.toString(), v.name());
        Files.writeString(dir.resolve("generation_config.json"), "{\"eos_token_id\": 99}");
        IOException e = assertThrows(IOException.class, () -> Vocabulary.fromTokenizerJson(json));
        assertMessage(e, "generation_config.json", "99");
    }

    @Test
    void unsupportedModelsAndDecodersAreNotUnderstood() {
        assertMessage(fails(file("{\"type\": \"WordPiece\", \"prefix\": \"##\"}",
                "{\"type\": \"WordPiece\", \"unk_token\": \"[UNK]\", \"vocab\": {\"a\": 0}}", "[]")),
                "test.json", "model type 'WordPiece'");
        assertMessage(fails(file("{\"type\": \"ByteLevel\"}", "{\"type\": \"WordLevel\", \"vocab\": {\"a\": 0}}", "[]")),
                "WordLevel");
        assertMessage(fails(file("null", "{\"type\": \"BPE\", \"vocab\": {\"a\": 0}}", "[]")), "no 'decoder'");
        assertMessage(fails(file("{\"type\": \"WordPiece\"}", "{\"type\": \"BPE\", \"vocab\": {\"a\": 0}}", "[]")),
                "decoder 'WordPiece'");
        assertMessage(fails(file("{\"type\": \"Sequence\", \"decoders\": [{\"type\": \"Replace\","
                + " \"pattern\": {\"Regex\": \"x+\"}, \"content\": \" \"}]}",
                "{\"type\": \"BPE\", \"vocab\": {\"a\": 0}}", "[]")), "Replace", "Regex");
        assertMessage(fails(file("{\"type\": \"Sequence\", \"decoders\": [{\"type\": \"Strip\", \"content\": \" \","
                + " \"start\": 1, \"stop\": 0}, {\"type\": \"ByteFallback\"}]}",
                "{\"type\": \"BPE\", \"vocab\": {\"a\": 0}}", "[]")), "Strip before Fuse");
        assertMessage(fails(file("{\"type\": \"Sequence\", \"decoders\": [{\"type\": \"ByteLevel\"},"
                + " {\"type\": \"ByteFallback\"}]}", "{\"type\": \"BPE\", \"vocab\": {\"a\": 0}}", "[]")), "mixes");
    }

    @Test
    void malformedFilesAreNotUnderstood() {
        assertMessage(fails("{\"model\": "), "test.json", "not valid JSON");
        assertMessage(fails("[1]"), "not a tokenizer.json");
        assertMessage(fails("{\"decoder\": {\"type\": \"ByteLevel\"}}"), "no 'model'");
        assertMessage(fails(file("{\"type\": \"ByteLevel\"}", "{\"type\": \"BPE\"}", "[]")), "no 'vocab'");
        assertMessage(fails(byteLevel("{\"a\": \"zero\"}", "[]")), "model.vocab['a']");
        assertMessage(fails(byteLevel("{\"a\": -1}", "[]")), "id -1");
        assertMessage(fails(byteLevel("{\"a\": 99999999}", "[]")), "99999999");
        assertMessage(fails(byteLevel("{\"a\": 0}", "[{\"content\": \"x\"}]")), "added token");
        assertMessage(fails(sentencePiece("{\"\\ud800\": 0}", "[]")), "lone surrogate");
    }

    /**
     * Found by fuzzing: a file whose first bytes look like UTF-32 made Jackson throw an IOException
     * whose message did not name the file.
     */
    @Test
    void aFileThatIsNotTextInItsDetectedEncodingIsNamed() {
        byte[] utf32ish = {'{', 0, 0, 0, 0, 's', 'i', 'o', 'n', '"', ':', ' ', '"', '1', '"', '}'};
        IOException e = assertThrows(IOException.class,
                () -> Vocabulary.fromTokenizerJson("test.json", new ByteArrayInputStream(utf32ish), null));
        assertMessage(e, "test.json: not valid JSON: not text in the encoding");
        e = assertThrows(IOException.class, () -> load(byteLevel("{\"a\": 0}", "[]"), "{\u0000\u0000\u0000\u0000\"x\": 1}"));
        assertMessage(e, "(tokenizer_config.json): not valid JSON");
    }
}
