package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.testdata.ExampleGrammars;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Real vocabularies on real documents: at sampled steps of JSON, arithmetic and C-subset
 * documents, the trie-walk mask equals the brute-force mask ({@link Matcher#isAllowed(int)} for
 * every id, which pushes each token's bytes on its own). cl100k always; Llama-3 when the shared
 * tokenizer files are present (with the MaskBench documents' own token ids).
 */
class RealVocabularyMaskTest {
    private static final int SAMPLED_STEPS_PER_DOCUMENT = 2;

    @Test
    void cl100kOnTheExampleDocuments() {
        Vocabulary v = Vocabulary.jtokkit("cl100k");
        for (String name : List.of("json", "arithmetic", "c_subset")) {
            CompiledGrammar g = ExampleGrammars.compile(name);
            Constraint c = Constraint.of(g, v);
            for (byte[] doc : ExampleGrammars.acceptSamples(name).values()) {
                replay(c, greedyTokens(v, doc), name);
            }
        }
    }

    @Test
    void llama3OnMaskBenchDocuments() throws IOException {
        Vocabulary v = Vocabulary.fromTokenizerJson(SharedVocab.tokenizerJson(RealVocabularyMaskTest.class, "llama3"));
        Path corpus = SharedVocab.root(RealVocabularyMaskTest.class).resolveSibling("corpus").resolve("maskbench-smoke.jsonl");
        assumeTrue(Files.isRegularFile(corpus), "absent: " + corpus);
        Constraint json = Constraint.of(ExampleGrammars.compile("json"), v);
        ObjectMapper mapper = new ObjectMapper();
        try (BufferedReader in = Files.newBufferedReader(corpus)) {
            for (int doc = 0; doc < 4; doc++) {
                JsonNode line = mapper.readTree(in.readLine());
                int[] ids = new int[line.get("token_ids").size()];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = line.get("token_ids").get(i).asInt();
                }
                replay(json, ids, line.get("file").asText());
            }
        }
        for (String name : List.of("arithmetic", "c_subset")) {
            Constraint c = Constraint.of(ExampleGrammars.compile(name), v);
            ExampleGrammars.acceptSamples(name).values().stream().limit(2)
                    .forEach(doc -> replay(c, greedyTokens(v, doc), name));
        }
    }

    /** Accepts every token, comparing the mask with brute force at a few evenly spread steps and at the end. */
    static void replay(Constraint c, int[] ids, String what) {
        Matcher m = c.newMatcher();
        int every = Math.max(1, ids.length / SAMPLED_STEPS_PER_DOCUMENT);
        for (int i = 0; i <= ids.length; i++) {
            if (i % every == 0 || i == ids.length) {
                assertArrayEquals(bruteForce(m), m.mask(), what + ": mask at step " + i);
            }
            if (i < ids.length) {
                assertTrue(m.acceptToken(ids[i]), what + ": token " + i + " (id " + ids[i] + ") refused");
            }
        }
        assertTrue(m.isAccepting(), what + ": complete at the end");
    }

    static long[] bruteForce(Matcher m) {
        long[] mask = m.constraint().newMask();
        for (int id = 0; id < m.constraint().vocabulary().size(); id++) {
            if (m.isAllowed(id)) {
                mask[id >>> 6] |= 1L << id;
            }
        }
        return mask;
    }

    /** A valid (not canonical) tokenization: longest token matching at each position. */
    static int[] greedyTokens(Vocabulary v, byte[] text) {
        Map<ByteBuffer, Integer> ids = new HashMap<>();
        int longest = 0;
        for (int id = 0; id < v.size(); id++) {
            if (v.hasBytes(id) && !v.isEos(id)) {
                byte[] b = v.tokenBytes(id);
                ids.putIfAbsent(ByteBuffer.wrap(b), id);
                longest = Math.max(longest, b.length);
            }
        }
        List<Integer> out = new ArrayList<>();
        int i = 0;
        while (i < text.length) {
            int found = -1;
            int len = Math.min(longest, text.length - i);
            for (; len > 0; len--) {
                Integer id = ids.get(ByteBuffer.wrap(text, i, len).slice());
                if (id != null) {
                    found = id;
                    break;
                }
            }
            if (found < 0) {
                throw new IllegalStateException("no token for byte " + (text[i] & 0xFF) + " in "
                        + new String(text, StandardCharsets.UTF_8));
            }
            out.add(found);
            i += len;
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
