package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Known facts of the real tokenizer files in {@code shared/vocab} (skipped when absent), and a
 * full comparison of every id's bytes with a slow reference decoder written independently from
 * the loader (jackson-databind tree, GPT-2's table built the way GPT-2's Python builds it,
 * regular expressions for byte fallback).
 */
class RealTokenizerFilesTest {
    private static final Map<String, Vocabulary> LOADED = new HashMap<>();

    private static synchronized Vocabulary load(String name) throws IOException {
        Path file = SharedVocab.tokenizerJson(RealTokenizerFilesTest.class, name);
        Vocabulary v = LOADED.get(name);
        if (v == null) {
            long t0 = System.nanoTime();
            v = Vocabulary.fromTokenizerJson(file);
            long t1 = System.nanoTime();
            Vocabulary.fromTokenizerJson(file);
            long t2 = System.nanoTime();
            System.out.printf("loaded %s: %s in %.0f ms (again: %.0f ms)%n", name, v, (t1 - t0) / 1e6, (t2 - t1) / 1e6);
            LOADED.put(name, v);
        }
        return v;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void llama3() throws IOException {
        Vocabulary v = load("llama3");
        assertEquals(128256, v.size());
        assertEquals(128000, v.textTokenCount());
        assertEquals(256, v.specialIds().length);
        assertArrayEquals(new int[] {128001, 128009}, v.eosIds()); // <|end_of_text|>, <|eot_id|> (the config's eos_token)
        assertArrayEquals(utf8(" hello"), v.tokenBytes(24748)); // Ġhello
        assertArrayEquals(utf8("hello"), v.tokenBytes(15339));
        assertArrayEquals(utf8("\n"), v.tokenBytes(198)); // Ċ
        assertArrayEquals(utf8(" "), v.tokenBytes(220)); // Ġ
        assertArrayEquals(utf8(" {\n"), v.tokenBytes(341)); // Ġ{Ċ
        assertArrayEquals(new byte[] {(byte) 0xE9, (byte) 0x94, (byte) 0xA6}, v.tokenBytes(127999)); // éĶ¦ = 锦
        assertArrayEquals(utf8("!"), v.tokenBytes(0));
        for (int id = 128000; id < 128256; id++) {
            assertFalse(v.hasBytes(id), "special " + id);
            assertTrue(v.isSpecial(id));
        }
        assertTrue(v.isSpecial(128000)); // <|begin_of_text|>
        assertFalse(v.isEos(128000));
    }

    @Test
    void llama3TokensWrittenWithLeadingGStartWithASpace() throws IOException {
        Vocabulary v = load("llama3");
        Map<String, Integer> vocab = modelVocab("llama3");
        int count = 0;
        for (Map.Entry<String, Integer> e : vocab.entrySet()) {
            if (e.getKey().startsWith("Ġ")) {
                assertEquals(0x20, v.tokenBytes(e.getValue())[0], e.getKey());
                count++;
            }
        }
        assertEquals(57875, count);
    }

    @Test
    void qwen3() throws IOException {
        Vocabulary v = load("qwen3");
        assertEquals(151669, v.size());
        assertEquals(151655, v.textTokenCount()); // 151643 model tokens + 12 non-special added tokens
        assertEquals(14, v.specialIds().length);
        assertArrayEquals(new int[] {151643, 151645}, v.eosIds()); // <|endoftext|>, <|im_end|>
        assertArrayEquals(utf8(" hello"), v.tokenBytes(23811));
        assertArrayEquals(utf8("你好"), v.tokenBytes(108386));
        assertArrayEquals(utf8("<think>"), v.tokenBytes(151667)); // non-special added token: text
        assertArrayEquals(utf8("<tool_call>"), v.tokenBytes(151657));
        assertTrue(v.isSpecial(151644)); // <|im_start|>
        assertFalse(v.hasBytes(151644));
    }

    @Test
    void sentencePiece32k() throws IOException {
        Vocabulary v = load("sp32k");
        assertEquals(32000, v.size());
        assertEquals(31997, v.textTokenCount());
        assertArrayEquals(new int[] {0, 1, 2}, v.specialIds()); // <unk> <s> </s>
        assertArrayEquals(new int[] {2}, v.eosIds());
        assertArrayEquals(new byte[] {0x0A}, v.tokenBytes(13)); // <0x0A>
        assertArrayEquals(new byte[] {0x00}, v.tokenBytes(3)); // <0x00>
        assertArrayEquals(new byte[] {(byte) 0xFF}, v.tokenBytes(258)); // <0xFF>
        assertArrayEquals(utf8(" the"), v.tokenBytes(272)); // ▁the
        assertArrayEquals(utf8(" "), v.tokenBytes(28705)); // ▁
        assertArrayEquals(utf8("  "), v.tokenBytes(259)); // ▁▁
        assertArrayEquals(utf8("hello"), v.tokenBytes(21558));
        assertArrayEquals(utf8("梦"), v.tokenBytes(31999));
        // <0x20> and ▁ are two ids with the same bytes
        assertArrayEquals(v.tokenBytes(3 + 0x20), v.tokenBytes(28705));
    }

    @Test
    void gemma3() throws IOException {
        Vocabulary v = load("gemma3");
        assertEquals(262145, v.size()); // <image_soft_token> 262144 is an added token past the model vocabulary
        assertEquals(262136, v.textTokenCount());
        assertArrayEquals(new int[] {0, 1, 2, 3, 105, 106, 255999, 256000, 262144}, v.specialIds());
        assertArrayEquals(new int[] {1, 106}, v.eosIds()); // <eos>, <end_of_turn> (the config's eos_token)
        assertArrayEquals(new byte[] {0x0A}, v.tokenBytes(248)); // <0x0A>
        assertArrayEquals(utf8("\n"), v.tokenBytes(107)); // a non-special added token
        assertArrayEquals(utf8("  "), v.tokenBytes(138)); // ▁▁, a non-special added token
        assertArrayEquals(utf8(" hello"), v.tokenBytes(29104));
        assertArrayEquals(utf8("<mask>"), v.tokenBytes(4)); // declared non-special: text
    }

    @Test
    void everyIdMatchesTheReferenceDecoder() throws IOException {
        for (String name : List.of("llama3", "qwen3", "sp32k", "gemma3")) {
            Vocabulary v = load(name);
            byte[][] expected = referenceDecode(name);
            assertEquals(expected.length, v.size(), name);
            for (int id = 0; id < expected.length; id++) {
                if (expected[id] == null) {
                    assertFalse(v.hasBytes(id), name + " id " + id);
                } else {
                    assertArrayEquals(expected[id], v.tokenBytes(id), name + " id " + id);
                }
            }
        }
    }

    private static JsonNode tree(String name) throws IOException {
        return new ObjectMapper().readTree(SharedVocab.tokenizerJson(RealTokenizerFilesTest.class, name).toFile());
    }

    private static Map<String, Integer> modelVocab(String name) throws IOException {
        Map<String, Integer> out = new HashMap<>();
        for (Map.Entry<String, JsonNode> e : tree(name).get("model").get("vocab").properties()) {
            out.put(e.getKey(), e.getValue().asInt());
        }
        return out;
    }

    /** Reference: expected bytes per id (null: not text), from a plain reading of the file. */
    private static byte[][] referenceDecode(String name) throws IOException {
        JsonNode root = tree(name);
        boolean byteLevel = root.get("decoder").toString().contains("\"ByteLevel\"");
        Map<Character, Integer> table = gpt2ByteDecoder();
        Pattern byteToken = Pattern.compile("<0x([0-9A-Fa-f]{2})>");
        Map<Integer, String> tokens = new HashMap<>();
        for (Map.Entry<String, JsonNode> e : root.get("model").get("vocab").properties()) {
            tokens.put(e.getValue().asInt(), e.getKey());
        }
        Map<Integer, Boolean> special = new HashMap<>();
        for (JsonNode a : root.get("added_tokens")) {
            tokens.put(a.get("id").asInt(), a.get("content").asText());
            special.put(a.get("id").asInt(), a.get("special").asBoolean());
        }
        int size = tokens.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
        byte[][] out = new byte[size][];
        for (Map.Entry<Integer, String> e : tokens.entrySet()) {
            if (special.getOrDefault(e.getKey(), false)) {
                continue;
            }
            String t = e.getValue();
            if (byteLevel) {
                List<Integer> bytes = new ArrayList<>();
                for (char c : t.toCharArray()) {
                    bytes.add(table.get(c));
                }
                if (bytes.contains(null)) {
                    out[e.getKey()] = utf8(t);
                } else {
                    out[e.getKey()] = new byte[bytes.size()];
                    for (int i = 0; i < bytes.size(); i++) {
                        out[e.getKey()][i] = (byte) (int) bytes.get(i);
                    }
                }
            } else {
                Matcher m = byteToken.matcher(t);
                out[e.getKey()] = m.matches() ? new byte[] {(byte) Integer.parseInt(m.group(1), 16)}
                        : utf8(t.replace("▁", " "));
            }
        }
        return out;
    }

    /** GPT-2's {@code bytes_to_unicode}, inverted, as its Python source builds it. */
    private static Map<Character, Integer> gpt2ByteDecoder() {
        List<Integer> bs = new ArrayList<>();
        for (int b = '!'; b <= '~'; b++) {
            bs.add(b);
        }
        for (int b = 0xA1; b <= 0xAC; b++) {
            bs.add(b);
        }
        for (int b = 0xAE; b <= 0xFF; b++) {
            bs.add(b);
        }
        List<Integer> cs = new ArrayList<>(bs);
        int n = 0;
        for (int b = 0; b < 256; b++) {
            if (!bs.contains(b)) {
                bs.add(b);
                cs.add(256 + n);
                n++;
            }
        }
        Map<Character, Integer> out = new HashMap<>();
        for (int i = 0; i < bs.size(); i++) {
            out.put((char) (int) cs.get(i), bs.get(i));
        }
        return out;
    }
}
