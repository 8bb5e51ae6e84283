package io.github.kbnf4j.decode.scripted;

import io.github.kbnf4j.runtime.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Vocabularies for the scripted models, one shared instance each (the engine keys tables by instance). */
public final class TestVocabularies {
    private static final String[] WORDS = {"true", "false", "null", "\":", "{\"", "\"}", "\",\"", "},", "[\"",
        "\"]", ", ", "name", "age", "id", "value", "12", "0.5", "-1", "ab", "abc", " + ", " * ", "\\n", "\\\"",
        "é", "日本"};
    private static final Vocabulary BYTE_LEVEL = byteLevel("byte-level");

    private TestVocabularies() {}

    /**
     * 256 single bytes (ids 0..255, id = byte), then a few words of JSON and arithmetic (some with
     * multi-byte UTF-8 characters), then the end-of-sequence id {@code </s>} (the last id).
     */
    public static Vocabulary byteLevel() {
        return BYTE_LEVEL;
    }

    private static Vocabulary byteLevel(String name) {
        List<byte[]> tokens = new ArrayList<>();
        for (int b = 0; b < 256; b++) {
            tokens.add(new byte[] {(byte) b});
        }
        for (String w : WORDS) {
            tokens.add(w.getBytes(StandardCharsets.UTF_8));
        }
        tokens.add("</s>".getBytes(StandardCharsets.UTF_8));
        return Vocabulary.of(name, tokens, new int[] {tokens.size() - 1}, null);
    }

    /** The id of a word of {@link #byteLevel()}. */
    public static int byteLevelId(String word) {
        byte[] w = word.getBytes(StandardCharsets.UTF_8);
        for (int id = 0; id < BYTE_LEVEL.size(); id++) {
            if (java.util.Arrays.equals(BYTE_LEVEL.tokenBytes(id), w)) {
                return id;
            }
        }
        throw new IllegalArgumentException("no token " + word);
    }
}
