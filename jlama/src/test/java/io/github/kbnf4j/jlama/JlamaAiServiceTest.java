package io.github.kbnf4j.jlama;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.service.AiServices;
import io.github.kbnf4j.decode.SamplingOptions;
import io.github.kbnf4j.langchain4j.ConstrainedChatModel;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A langchain4j AI Service over a Jlama model: {@code interface Extractor { Reading extract(String
 * text); }} returns a record read from the model's constrained answer, with no retry, for many
 * seeds of a tiny random model.
 */
class JlamaAiServiceTest {
    enum Level { LOW, MEDIUM, HIGH }

    record Reading(Level level, boolean ok, Level trend) {}

    interface Extractor {
        Reading extract(String text);
    }

    @Test
    void anAiServiceReturnsRecordsFromAJlamaModel() {
        JlamaLanguageModel model = TestModels.small();
        int read = 0;
        int seeds = 8;
        for (long seed = 0; seed < seeds; seed++) {
            ConstrainedChatModel chat = ConstrainedChatModel.builder().model(model)
                    .sampling(SamplingOptions.DEFAULT.withSeed(seed)).maxTokens(200).build();
            FinishReason[] last = new FinishReason[1];
            // remembers the finish reason, so that an answer cut by the token limit can be told apart
            ChatModel recording = new ChatModel() {
                @Override
                public ChatResponse doChat(ChatRequest request) {
                    ChatResponse r = chat.doChat(request);
                    last[0] = r.finishReason();
                    return r;
                }

                @Override
                public Set<Capability> supportedCapabilities() {
                    return chat.supportedCapabilities();
                }

                @Override
                public ChatRequestParameters defaultRequestParameters() {
                    return chat.defaultRequestParameters();
                }
            };
            Extractor extractor = AiServices.create(Extractor.class, recording);
            try {
                Reading r = extractor.extract("The level is high and rising; all is well.");
                assertNotNull(r);
                assertEquals(FinishReason.STOP, last[0]);
                read++;
            } catch (RuntimeException e) {
                // only an answer cut by the token limit may fail to parse
                assertEquals(FinishReason.LENGTH, last[0], e::toString);
            }
        }
        assertTrue(read >= seeds / 2, read + " of " + seeds + " readings read");
    }
}
