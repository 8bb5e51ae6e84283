package io.github.kbnf4j.jlama;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.github.tjake.jlama.safetensors.prompt.PromptContext;
import com.github.tjake.jlama.tensor.KvBufferCache;
import io.github.kbnf4j.decode.ChatMessage;
import io.github.kbnf4j.decode.LanguageModel;
import io.github.kbnf4j.decode.LanguageModelProvider;
import io.github.kbnf4j.decode.LogitsSession;
import io.github.kbnf4j.jlama.SafetensorsWriter.DType;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JlamaLanguageModelTest {
    private static final List<ChatMessage> CONVERSATION = List.of(
            ChatMessage.system("Answer in JSON."), ChatMessage.user("hello world"));

    @TempDir
    Path tmp;

    @Test
    void vocabularyIsTheTokenizersWithTheConfigsEndOfSequence() {
        JlamaLanguageModel m = TestModels.small();
        TestTokenizer t = TestTokenizer.smallByteLevel();
        Vocabulary v = m.vocabulary();
        assertEquals(t.vocabSize(), v.size());
        assertEquals(t.vocabSize(), m.logitsSize());
        assertArrayEquals(t.eosIds(), v.eosIds());
        assertTrue(v.isSpecial(t.bosId()));
        assertEquals("A", new String(v.tokenBytes('A'), StandardCharsets.UTF_8));
    }

    @Test
    void encodedTextSpellsTheText() {
        JlamaLanguageModel m = TestModels.small();
        String text = "{\"name\": \"hello world\", \"ok\": true}";
        int[] ids = m.encode(text);
        assertEquals(text, spell(m.vocabulary(), ids));
        assertTrue(ids.length < text.length(), "merges were used: " + Arrays.toString(ids));
    }

    @Test
    void conversationWithoutTemplateHasThePlainLayoutAfterTheBeginningOfSequence() {
        JlamaLanguageModel m = TestModels.small();
        assertFalse(m.hasChatTemplate());
        String plain = JlamaLanguageModel.plainLayout(CONVERSATION);
        assertEquals("System: Answer in JSON.\n\nUser: hello world\n\nAssistant:", plain);
        int[] ids = m.encodeConversation(CONVERSATION);
        assertEquals(TestTokenizer.smallByteLevel().bosId(), ids[0]);
        assertArrayEquals(m.encode(plain), Arrays.copyOfRange(ids, 1, ids.length));
        assertThrows(IllegalArgumentException.class, () -> m.encodeConversation(List.of()));
    }

    /** The logits are Jlama's own: their argmax is what Jlama's greedy generation picks, token by token. */
    @Test
    void argmaxOfTheLogitsIsJlamasGreedyGeneration() {
        JlamaLanguageModel m = TestModels.small();
        int[] prompt = m.encodeConversation(CONVERSATION);
        int steps = 24;
        var tokenizer = m.jlamaModel().getTokenizer();
        List<String> ours = new ArrayList<>();
        float[] logits = new float[m.logitsSize()];
        try (LogitsSession s = m.newSession()) {
            s.append(prompt, 0, prompt.length, logits);
            int appended = 0;
            for (int i = 0; i < steps; i++) {
                int next = argmax(logits);
                if (m.vocabulary().isEos(next)) {
                    break;
                }
                if (!tokenizer.getModel().isSpecialToken(next)) {
                    // Jlama's generate leaves special tokens out of what it reports
                    ours.add(tokenizer.decode(next));
                }
                s.append(new int[] {next}, 0, 1, logits);
                appended++;
            }
            assertEquals(prompt.length + appended, s.length());
        }
        List<String> jlamas = new ArrayList<>();
        m.jlamaModel().generate(UUID.randomUUID(), PromptContext.of(JlamaLanguageModel.plainLayout(CONVERSATION)), 0f,
                prompt.length - 1 + steps, (text, ms) -> jlamas.add(text));
        assertEquals(jlamas, ours);
        assertTrue(ours.stream().distinct().count() > 1, "a random model that says one thing only tests little: " + ours);
    }

    @Test
    void aPromptInOneBatchGivesTheLogitsOfThePromptTokenByToken() {
        JlamaLanguageModel m = TestModels.small();
        int[] prompt = m.encodeConversation(CONVERSATION);
        float[] batched = new float[m.logitsSize()];
        float[] stepwise = new float[m.logitsSize() + 3];
        try (LogitsSession a = m.newSession(); LogitsSession b = m.newSession()) {
            a.append(prompt, 0, prompt.length, batched);
            for (int i = 0; i < prompt.length; i++) {
                b.append(prompt, i, i + 1, stepwise);
            }
            assertEquals(prompt.length, b.length());
        }
        float scale = 0;
        for (float f : batched) {
            scale = Math.max(scale, Math.abs(f));
        }
        for (int i = 0; i < batched.length; i++) {
            assertEquals(batched[i], stepwise[i], 1e-3f * scale, "logit " + i);
        }
        assertEquals(argmax(batched), argmax(Arrays.copyOf(stepwise, batched.length)));
    }

    @Test
    void appendRefusesBadArguments() {
        JlamaLanguageModel m = TestModels.small();
        float[] logits = new float[m.logitsSize()];
        try (LogitsSession s = m.newSession()) {
            int[] ok = {1, 2, 3};
            assertThrows(IllegalArgumentException.class, () -> s.append(ok, 1, 1, logits));
            assertThrows(IllegalArgumentException.class, () -> s.append(ok, 2, 4, logits));
            assertThrows(IllegalArgumentException.class, () -> s.append(ok, 0, 3, new float[m.logitsSize() - 1]));
            IllegalArgumentException outside = assertThrows(IllegalArgumentException.class,
                    () -> s.append(new int[] {5, m.logitsSize()}, 0, 2, logits));
            assertTrue(outside.getMessage().contains("token id " + m.logitsSize()), outside.getMessage());
            assertThrows(IllegalArgumentException.class, () -> s.append(new int[] {-1}, 0, 1, logits));
            assertEquals(0, s.length(), "nothing was appended");
        }
    }

    @Test
    void theContextLengthIsALimitWithAClearMessage() throws Exception {
        // 2 KV heads: Jlama cannot compute the last 2 positions (see JlamaLanguageModel.usableContextLength)
        int context = 40 - 2;
        Path dir = TestModels.write("short", TinyLlama.TINY.withContextLength(40), TestTokenizer.smallByteLevel(),
                DType.F32);
        try (JlamaLanguageModel m = JlamaLanguageModel.load(dir)) {
            assertEquals(context, m.contextLength());
            float[] logits = new float[m.logitsSize()];
            try (LogitsSession s = m.newSession()) {
                int[] prompt = new int[context - 2];
                Arrays.setAll(prompt, i -> 65 + i % 200);
                s.append(prompt, 0, prompt.length, logits);
                s.append(new int[] {7}, 0, 1, logits);
                IllegalStateException batch = assertThrows(IllegalStateException.class,
                        () -> s.append(new int[] {8, 9}, 0, 2, logits));
                assertTrue(batch.getMessage().contains("context length " + context), batch.getMessage());
                s.append(new int[] {8}, 0, 1, logits);
                IllegalStateException e = assertThrows(IllegalStateException.class,
                        () -> s.append(new int[] {9}, 0, 1, logits));
                assertTrue(e.getMessage().contains("context length " + context), e.getMessage());
                assertEquals(context, s.length());
            }
            // the margin is needed: Jlama itself fails at the first position past it
            try (var kv = new KvBufferCache(m.jlamaModel()).getEphemeralKvBuffer()) {
                m.jlamaModel().forward(9, context - 1, kv, Optional.empty()).close();
                assertThrows(ArrayIndexOutOfBoundsException.class,
                        () -> m.jlamaModel().forward(9, context, kv, Optional.empty()));
            }
            LogitsSession closed = m.newSession();
            closed.close();
            assertThrows(IllegalStateException.class, () -> closed.append(new int[] {1}, 0, 1, logits));
        }
    }

    @Test
    void missingFilesAreNamed() throws Exception {
        NoSuchFileException none = assertThrows(NoSuchFileException.class,
                () -> JlamaLanguageModel.load(tmp.resolve("absent")));
        assertTrue(none.getMessage().contains("absent"), none.getMessage());

        Path dir = TestModels.write("parts", TinyLlama.TINY, TestTokenizer.smallByteLevel(), DType.F32);
        Path partial = Files.createDirectories(tmp.resolve("partial"));
        Files.copy(dir.resolve("config.json"), partial.resolve("config.json"));
        NoSuchFileException tokenizer = assertThrows(NoSuchFileException.class, () -> JlamaLanguageModel.load(partial));
        assertEquals(partial.resolve("tokenizer.json").toString(), tokenizer.getFile());
        Files.copy(dir.resolve("tokenizer.json"), partial.resolve("tokenizer.json"));
        NoSuchFileException weights = assertThrows(NoSuchFileException.class, () -> JlamaLanguageModel.load(partial));
        assertTrue(weights.getReason().contains("safetensors"), weights.getReason());
    }

    @Test
    void theProviderIsAServiceNamedJlama() throws Exception {
        LanguageModelProvider jlama = ServiceLoader.load(LanguageModelProvider.class).stream()
                .map(ServiceLoader.Provider::get).filter(p -> p.name().equals("jlama")).findFirst().orElseThrow();
        Path dir = TestModels.write("service", TinyLlama.TINY, TestTokenizer.smallByteLevel(), DType.F32);
        try (LanguageModel m = jlama.load(dir)) {
            assertEquals(TestTokenizer.smallByteLevel().vocabSize(), m.logitsSize());
        }
    }

    @Test
    void llama3UsesItsChatTemplateAndItsEndOfSequenceTokens() {
        JlamaLanguageModel m = TestModels.llama3(JlamaLanguageModelTest.class);
        assumeTrue(m != null, "no ../shared/vocab/llama3");
        assertTrue(m.hasChatTemplate());
        assertEquals(128_256, m.logitsSize());
        assertTrue(m.vocabulary().isEos(128_001) && m.vocabulary().isEos(128_009),
                Arrays.toString(m.vocabulary().eosIds()));
        int[] ids = m.encodeConversation(CONVERSATION);
        assertEquals(128_000, ids[0], "begin_of_text first");
        assertEquals(1, Arrays.stream(ids).filter(id -> id == 128_000).count(), "and only once");
        String prompt = spell(m.vocabulary(), ids);
        assertTrue(prompt.contains("hello world") && prompt.contains("Answer in JSON."), prompt);
        assertTrue(Arrays.stream(ids).anyMatch(id -> id == 128_006), "start_header_id: " + Arrays.toString(ids));
        float[] logits = new float[m.logitsSize()];
        try (LogitsSession s = m.newSession()) {
            s.append(ids, 0, ids.length, logits);
            s.append(new int[] {argmax(logits)}, 0, 1, logits);
        }
        assertTrue(Float.isFinite(logits[argmax(logits)]));
    }

    /** The text bytes of {@code ids} (special tokens left out). */
    static String spell(Vocabulary v, int[] ids) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int id : ids) {
            if (v.hasBytes(id)) {
                out.writeBytes(v.tokenBytes(id));
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static int argmax(float[] logits) {
        int best = 0;
        for (int i = 1; i < logits.length; i++) {
            if (logits[i] > logits[best]) {
                best = i;
            }
        }
        return best;
    }
}
