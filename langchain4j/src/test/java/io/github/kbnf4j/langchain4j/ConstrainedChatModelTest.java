package io.github.kbnf4j.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.UnsupportedFeatureException;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.service.AiServices;
import io.github.kbnf4j.decode.scripted.RandomLogitsModel;
import io.github.kbnf4j.decode.scripted.TestVocabularies;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.GrammarException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConstrainedChatModelTest {
    enum Role { ENGINEER, MATHEMATICIAN, POET }

    record Address(String city, String country) {}

    record Person(String name, int birthYear, Role role, Address address, List<String> languages, String nickname) {}

    interface Extractor {
        Person extract(String text);
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private static RandomLogitsModel model(long seed) {
        return new RandomLogitsModel(TestVocabularies.byteLevel(), seed, 4f, 8f).favouring("\"}]1,", 4f);
    }

    private static ConstrainedChatModel chat(long seed) {
        return ConstrainedChatModel.builder().model(model(seed)).maxTokens(400).build();
    }

    @Test
    void aiServiceReturnsAValidPersonForManySeeds() {
        int read = 0;
        for (long seed = 0; seed < 20; seed++) {
            FinishReason[] last = new FinishReason[1];
            ConstrainedChatModel model = chat(seed);
            // Remembers the finish reason of the last answer, so that a failure can be told apart.
            dev.langchain4j.model.chat.ChatModel recording = new dev.langchain4j.model.chat.ChatModel() {
                @Override
                public ChatResponse doChat(ChatRequest request) {
                    ChatResponse r = model.doChat(request);
                    last[0] = r.finishReason();
                    return r;
                }

                @Override
                public java.util.Set<Capability> supportedCapabilities() {
                    return model.supportedCapabilities();
                }

                @Override
                public dev.langchain4j.model.chat.request.ChatRequestParameters defaultRequestParameters() {
                    return model.defaultRequestParameters();
                }
            };
            Extractor extractor = AiServices.create(Extractor.class, recording);
            try {
                Person p = extractor.extract("Ada Lovelace, born 1815 in London, wrote on the Analytical Engine.");
                // Under langchain4j's strict schema every field is present, but may be null.
                assertNotNull(p);
                read++;
            } catch (RuntimeException e) {
                // Only an answer cut by the token limit may fail to parse.
                assertEquals(FinishReason.LENGTH, last[0], e::toString);
            }
        }
        assertTrue(read >= 16, read + " of 20 persons read");
    }

    @Test
    void declaresJsonSchemaAndFillsFinishReasonAndUsage() {
        ConstrainedChatModel chat = chat(1);
        assertTrue(chat.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA));
        JsonSchema schema = JsonSchema.builder().name("Point").rootElement(JsonObjectSchema.builder()
                .addIntegerProperty("x").addStringProperty("label").required("x", "label").build()).build();
        ChatResponse r = chat.chat(ChatRequest.builder().messages(UserMessage.from("a point"))
                .responseFormat(ResponseFormat.builder().type(ResponseFormatType.JSON).jsonSchema(schema).build())
                .build());
        assertEquals(FinishReason.STOP, r.finishReason());
        JsonNode node = assertJson(r.aiMessage().text());
        assertTrue(node.has("x") && node.has("label"), node.toString());
        assertTrue(r.tokenUsage().inputTokenCount() > 0);
        assertTrue(r.tokenUsage().outputTokenCount() > 0);
    }

    @Test
    void strictSchemaAsksForEveryPropertyAndNoOther() throws Exception {
        JsonSchema schema = JsonSchema.builder().name("Person")
                .rootElement(dev.langchain4j.internal.JsonSchemaElementUtils.jsonSchemaElementFrom(Person.class)).build();
        JsonNode strict = JSON.readTree(ConstrainedChatModel.schemaText(schema, true, -5, 5));
        assertEquals(6, strict.get("required").size(), strict.toString());
        assertEquals(false, strict.get("additionalProperties").asBoolean(true));
        assertEquals(-5, strict.at("/properties/birthYear/minimum").asInt(), strict.toString());
        assertEquals(5, strict.at("/properties/birthYear/maximum").asInt(), strict.toString());
        for (long seed = 0; seed < 10; seed++) {
            ChatResponse r = chat(seed).chat(ChatRequest.builder().messages(UserMessage.from("who?"))
                    .responseFormat(ResponseFormat.builder().type(ResponseFormatType.JSON).jsonSchema(schema).build())
                    .build());
            if (r.finishReason() == FinishReason.STOP) {
                JsonNode node = assertJson(r.aiMessage().text());
                assertEquals(6, node.size(), node.toString());
                JSON.treeToValue(node, Person.class);
            }
        }
    }

    @Test
    void tokenLimitIsFinishReasonLength() {
        JsonSchema schema = JsonSchema.builder().name("Person")
                .rootElement(dev.langchain4j.internal.JsonSchemaElementUtils.jsonSchemaElementFrom(Person.class)).build();
        ChatResponse r = chat(2).chat(ChatRequest.builder().messages(UserMessage.from("json"))
                .responseFormat(ResponseFormat.builder().type(ResponseFormatType.JSON).jsonSchema(schema).build())
                .maxOutputTokens(2).build());
        assertEquals(FinishReason.LENGTH, r.finishReason());
        assertEquals(2, r.tokenUsage().outputTokenCount());
    }

    @Test
    void jsonWithoutSchemaIsAnyJson() {
        for (long seed = 0; seed < 5; seed++) {
            ChatResponse r = chat(seed).chat(ChatRequest.builder().messages(UserMessage.from("json"))
                    .responseFormat(ResponseFormat.JSON).build());
            if (r.finishReason() == FinishReason.STOP) {
                assertJson(r.aiMessage().text());
            }
        }
    }

    @Test
    void textFollowsThePlainGrammarWhenThereIsOne() {
        ConstrainedChatModel kbnf = ConstrainedChatModel.builder().model(model(3))
                .grammar("start ::= (\"yes\" | \"no\") \".\" ;").build();
        String answer = kbnf.chat("Is it?");
        assertTrue(answer.equals("yes.") || answer.equals("no."), answer);
        ConstrainedChatModel gbnf = ConstrainedChatModel.builder().model(model(3))
                .grammar("root ::= [0-9] [0-9]\n", Dialect.GBNF).build();
        assertTrue(gbnf.chat("How old?").matches("[0-9]{2}"));
        GrammarException e = assertThrows(GrammarException.class,
                () -> ConstrainedChatModel.builder().model(model(3)).grammar("start ::= nope ;").build());
        assertTrue(e.getMessage().startsWith("grammar.kbnf:1:"), e.getMessage());
    }

    @Test
    void toolsAreRefusedClearly() {
        UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, () -> chat(0).chat(
                ChatRequest.builder().messages(UserMessage.from("weather?")).toolSpecifications(
                        ToolSpecification.builder().name("weather").build()).build()));
        assertTrue(e.getMessage().startsWith("tools are not supported by ConstrainedChatModel"), e.getMessage());
    }

    @Test
    void sameRequestSameAnswerAndSchemaCompiledOnce() {
        ConstrainedChatModel chat = chat(4);
        Extractor extractor = AiServices.create(Extractor.class, chat);
        Person a = extractor.extract("Grace Hopper");
        Person b = extractor.extract("Grace Hopper");
        assertEquals(a, b);
    }

    private static JsonNode assertJson(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }
}
