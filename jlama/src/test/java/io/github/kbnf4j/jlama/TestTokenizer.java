package io.github.kbnf4j.jlama;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tokenizer files of a test model, with the ids its {@code config.json} must name.
 *
 * @param vocabSize the number of ids (the model's {@code vocab_size})
 * @param bosId the beginning-of-sequence id
 * @param eosIds the end-of-sequence ids
 * @param files what to put into the model directory: file name to content
 */
record TestTokenizer(int vocabSize, int bosId, int[] eosIds, Map<String, byte[]> files) {

    /**
     * Llama-3's tokenizer (128,256 ids, with its chat template), copied from a folder holding its
     * {@code tokenizer.json} and {@code tokenizer_config.json}.
     */
    static TestTokenizer llama3(Path folder) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("tokenizer.json", Files.readAllBytes(folder.resolve("tokenizer.json")));
        files.put("tokenizer_config.json", Files.readAllBytes(folder.resolve("tokenizer_config.json")));
        return new TestTokenizer(128_256, 128_000, new int[] {128_001, 128_009}, files);
    }

    /** The words the small tokenizer has single tokens for (besides the 256 bytes). */
    private static final String[] WORDS = {
        "{\"", "\"}", "\":", "\",", "\", \"", "\": ", ", ", " \"", "true", "false", "null", "name", "age",
        "id", "ok", "10", "12", "42", "00", "[]", "{}", "[{", "}]", "},", "abc", "the", "hello", " world", "\n",
        "  ", "    ", "e+", "0.", "-1",
    };

    /**
     * A small byte-level BPE tokenizer made here: the 256 single bytes (ids 0..255, in GPT-2's
     * byte-to-character spelling), one token per prefix of a few JSON-ish words (built by merges, as
     * BPE builds them), then {@code <|begin_of_text|>} and {@code <|end_of_text|>} as special added
     * tokens. No chat template.
     */
    static TestTokenizer smallByteLevel() {
        Map<String, Integer> vocab = new LinkedHashMap<>();
        for (int b = 0; b < 256; b++) {
            vocab.put(byteChar(b), b);
        }
        List<String> merges = new ArrayList<>();
        for (String word : WORDS) {
            byte[] bytes = word.getBytes(StandardCharsets.UTF_8);
            String prefix = byteChar(bytes[0] & 0xFF);
            for (int i = 1; i < bytes.length; i++) {
                String next = byteChar(bytes[i] & 0xFF);
                String merged = prefix + next;
                if (!vocab.containsKey(merged)) {
                    vocab.put(merged, vocab.size());
                    merges.add(prefix + " " + next);
                }
                prefix = merged;
            }
        }
        int bos = vocab.size();
        int eos = bos + 1;

        ObjectMapper json = new ObjectMapper();
        ObjectNode root = json.createObjectNode();
        root.put("version", "1.0");
        root.putNull("truncation");
        root.putNull("padding");
        ArrayNode added = root.putArray("added_tokens");
        addSpecial(added, bos, "<|begin_of_text|>");
        addSpecial(added, eos, "<|end_of_text|>");
        root.putNull("normalizer");
        ObjectNode pre = root.putObject("pre_tokenizer");
        pre.put("type", "Sequence");
        ArrayNode pres = pre.putArray("pretokenizers");
        ObjectNode split = pres.addObject();
        split.put("type", "Split");
        split.putObject("pattern").put("Regex",
                "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*"
                        + "|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+");
        split.put("behavior", "Isolated");
        split.put("invert", false);
        ObjectNode byteLevel = pres.addObject();
        byteLevel.put("type", "ByteLevel");
        byteLevel.put("add_prefix_space", false);
        byteLevel.put("trim_offsets", true);
        byteLevel.put("use_regex", false);
        root.putNull("post_processor");
        ObjectNode decoder = root.putObject("decoder");
        decoder.put("type", "ByteLevel");
        decoder.put("add_prefix_space", true);
        decoder.put("trim_offsets", true);
        decoder.put("use_regex", true);
        ObjectNode model = root.putObject("model");
        model.put("type", "BPE");
        model.putNull("dropout");
        model.putNull("unk_token");
        model.putNull("continuing_subword_prefix");
        model.putNull("end_of_word_suffix");
        model.put("fuse_unk", false);
        model.put("byte_fallback", false);
        model.put("ignore_merges", false);
        ObjectNode v = model.putObject("vocab");
        vocab.forEach(v::put);
        ArrayNode m = model.putArray("merges");
        merges.forEach(m::add);
        try {
            return new TestTokenizer(eos + 1, bos, new int[] {eos},
                    Map.of("tokenizer.json", json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root)));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void addSpecial(ArrayNode added, int id, String content) {
        ObjectNode t = added.addObject();
        t.put("id", id);
        t.put("content", content);
        t.put("single_word", false);
        t.put("lstrip", false);
        t.put("rstrip", false);
        t.put("normalized", false);
        t.put("special", true);
    }

    /**
     * GPT-2's spelling of a byte: printable Latin-1 bytes stand for themselves, the others for the
     * characters from U+0100 on, in byte order.
     */
    static String byteChar(int b) {
        if (printable(b)) {
            return Character.toString(b);
        }
        int n = 0;
        for (int c = 0; c < b; c++) {
            if (!printable(c)) {
                n++;
            }
        }
        return Character.toString(256 + n);
    }

    private static boolean printable(int b) {
        return (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
    }

    void writeTo(Path directory) throws IOException {
        for (Map.Entry<String, byte[]> f : files.entrySet()) {
            Files.write(directory.resolve(f.getKey()), f.getValue());
        }
    }
}
