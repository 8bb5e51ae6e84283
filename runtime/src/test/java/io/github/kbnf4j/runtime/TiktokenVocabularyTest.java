package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingRegistry;
import com.knuddels.jtokkit.api.EncodingType;
import com.knuddels.jtokkit.api.IntArrayList;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Vocabulary#fromTiktoken} on small files, and {@link Vocabulary#jtokkit} against jtokkit itself. */
class TiktokenVocabularyTest {
    private static final EncodingRegistry REGISTRY = Encodings.newDefaultEncodingRegistry();

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String line(byte[] token, int rank) {
        return Base64.getEncoder().encodeToString(token) + " " + rank;
    }

    @Test
    void rankFileRoundTrip(@TempDir Path dir) throws IOException {
        byte[][] tokens = {b("a"), b(" hello"), {(byte) 0xE6, (byte) 0x97}, {0}, {(byte) 0xFF, (byte) 0xFE, 1}, b("a")};
        int[] ranks = {0, 1, 2, 3, 7, 8};
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < tokens.length; i++) {
            text.append(line(tokens[i], ranks[i])).append(i == 2 ? "\r\n" : "\n");
            if (i == 3) {
                text.append("\n"); // blank lines are fine
            }
        }
        Path file = dir.resolve("small.tiktoken");
        Files.writeString(file, text.toString());
        Map<String, Integer> specials = new LinkedHashMap<>();
        specials.put("<|endoftext|>", 9);
        specials.put("<|fim_prefix|>", 5);
        Vocabulary v = Vocabulary.fromTiktoken(file, specials);
        assertEquals(10, v.size());
        assertEquals(file.toString(), v.name());
        for (int i = 0; i < tokens.length; i++) {
            assertArrayEquals(tokens[i], v.tokenBytes(ranks[i]), "rank " + ranks[i]);
        }
        assertFalse(v.hasBytes(4)); // a gap
        assertFalse(v.isSpecial(4));
        assertFalse(v.hasBytes(6));
        assertArrayEquals(new int[] {5, 9}, v.specialIds());
        assertArrayEquals(new int[] {9}, v.eosIds());

        Vocabulary none = Vocabulary.fromTiktoken(file, null);
        assertEquals(9, none.size());
        assertEquals(0, none.eosIds().length);
    }

    private static IOException fails(Path dir, String content, Map<String, Integer> specials) throws IOException {
        Path file = dir.resolve("bad.tiktoken");
        Files.writeString(file, content);
        return assertThrows(IOException.class, () -> Vocabulary.fromTiktoken(file, specials));
    }

    private static void assertMessage(Exception e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' not in: " + e.getMessage());
        }
    }

    @Test
    void malformedRankFiles(@TempDir Path dir) throws IOException {
        assertMessage(fails(dir, "YQ== 0\nYg==\n", null), "bad.tiktoken:2:", "expected");
        assertMessage(fails(dir, "YQ== 0\n!!!! 1\n", null), "bad.tiktoken:2:", "base64");
        assertMessage(fails(dir, "YQ 0\n", null), ":1:", "base64");
        assertMessage(fails(dir, "YQ== x\n", null), ":1:", "rank");
        assertMessage(fails(dir, "YQ== -1\n", null), ":1:", "rank");
        assertMessage(fails(dir, "YQ== 99999999999\n", null), ":1:", "rank");
        assertMessage(fails(dir, "YQ== 0\nYg== 0\n", null), ":2:", "rank 0");
        assertMessage(fails(dir, " 0\n", null), ":1:");
        assertMessage(fails(dir, "YQ== 0\n", Map.of("<|endoftext|>", 0)), "<|endoftext|>", "id 0");
        Path file = dir.resolve("ok.tiktoken");
        Files.writeString(file, "YQ== 0\n");
        Map<String, Integer> nullId = new LinkedHashMap<>();
        nullId.put("<x>", null);
        assertThrows(IllegalArgumentException.class, () -> Vocabulary.fromTiktoken(file, nullId));
        assertThrows(IllegalArgumentException.class, () -> Vocabulary.fromTiktoken(file, Map.of("<x>", -2)));
    }

    @Test
    void loadGivesShippedSpecialsToAFileNamedLikeAShippedEncoding(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("r50k_base.tiktoken");
        try (var in = Encoding.class.getResourceAsStream("/com/knuddels/jtokkit/r50k_base.tiktoken")) {
            Files.write(file, in.readAllBytes());
        }
        Vocabulary v = Vocabulary.load(file.toString());
        assertEquals(50257, v.size());
        assertArrayEquals(new int[] {50256}, v.eosIds());
    }

    @Test
    void shippedEncodingsHaveTiktokensSizesAndSpecials() {
        Vocabulary r50k = Vocabulary.jtokkit("r50k");
        assertEquals("r50k_base", r50k.name());
        assertEquals(50257, r50k.size());
        assertArrayEquals(new int[] {50256}, r50k.eosIds());
        Vocabulary p50k = Vocabulary.jtokkit("p50k_base");
        assertEquals(50281, p50k.size());
        assertEquals(50280, p50k.textTokenCount());
        assertArrayEquals(new int[] {50256}, p50k.eosIds());
        Vocabulary edit = Vocabulary.jtokkit("p50k_edit");
        assertArrayEquals(new int[] {50256, 50281, 50282, 50283}, edit.specialIds());
        Vocabulary cl100k = Vocabulary.jtokkit("cl100k");
        assertEquals(100277, cl100k.size());
        assertEquals(100256, cl100k.textTokenCount());
        assertArrayEquals(new int[] {100257, 100258, 100259, 100260, 100276}, cl100k.specialIds());
        assertArrayEquals(new int[] {100257}, cl100k.eosIds());
        assertFalse(cl100k.hasBytes(100256)); // a gap: no bytes, not special
        assertFalse(cl100k.isSpecial(100256));
        Vocabulary o200k = Vocabulary.jtokkit("O200K");
        assertEquals(200019, o200k.size());
        assertEquals(199998, o200k.textTokenCount());
        assertArrayEquals(new int[] {199999}, o200k.eosIds());
        assertSame(cl100k, Vocabulary.jtokkit("cl100k_base"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Vocabulary.jtokkit("gpt5"));
        assertMessage(e, "gpt5", "cl100k");
    }

    @Test
    void everyShippedTokenHasJtokkitsBytes() {
        Map<String, EncodingType> types = Map.of("r50k", EncodingType.R50K_BASE, "p50k", EncodingType.P50K_BASE,
                "cl100k", EncodingType.CL100K_BASE, "o200k", EncodingType.O200K_BASE);
        for (Map.Entry<String, EncodingType> t : types.entrySet()) {
            Vocabulary v = Vocabulary.jtokkit(t.getKey());
            Encoding enc = REGISTRY.getEncoding(t.getValue());
            IntArrayList one = new IntArrayList(1);
            for (int id = 0; id < v.size(); id++) {
                if (!v.hasBytes(id)) {
                    continue;
                }
                one.clear();
                one.add(id);
                assertArrayEquals(enc.decodeBytes(one), v.tokenBytes(id), t.getKey() + " id " + id);
            }
        }
    }

    @Test
    void concatenatedTokenBytesOfAnEncodingAreTheText() {
        Vocabulary v = Vocabulary.jtokkit("cl100k");
        Encoding enc = REGISTRY.getEncoding(EncodingType.CL100K_BASE);
        IntArrayList hello = enc.encodeOrdinary(" hello");
        assertEquals(1, hello.size());
        assertArrayEquals(b(" hello"), v.tokenBytes(hello.get(0)));
        for (String text : List.of("Hello, world!", "{\"key\": [1, 2.5e-3, null]}\n", "naïve café 日本語 😀 — ok",
                "  indented\n\tcode();\r\n")) {
            for (EncodingType type : List.of(EncodingType.CL100K_BASE, EncodingType.O200K_BASE, EncodingType.R50K_BASE)) {
                Encoding e = REGISTRY.getEncoding(type);
                Vocabulary voc = Vocabulary.jtokkit(type.getName());
                IntArrayList ids = e.encodeOrdinary(text);
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                for (int i = 0; i < ids.size(); i++) {
                    out.writeBytes(voc.tokenBytes(ids.get(i)));
                }
                assertArrayEquals(b(text), out.toByteArray(), type + ": " + text);
            }
        }
    }
}
