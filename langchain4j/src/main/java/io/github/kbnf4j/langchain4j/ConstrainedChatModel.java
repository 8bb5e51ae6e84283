package io.github.kbnf4j.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.UnsupportedFeatureException;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import io.github.kbnf4j.decode.ChatMessage;
import io.github.kbnf4j.decode.ConstrainedDecoder;
import io.github.kbnf4j.decode.Generation;
import io.github.kbnf4j.decode.GenerationOptions;
import io.github.kbnf4j.decode.LanguageModel;
import io.github.kbnf4j.decode.SamplingOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.runtime.Constraint;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A langchain4j {@link ChatModel} over a kbnf4j {@link LanguageModel}, generating with the
 * constrained decode loop ({@link ConstrainedDecoder}): every answer is a sentence of the request's
 * response format, so an AI Service that returns a record gets one it can read, with no retry.
 *
 * <pre>{@code
 * ChatModel chat = ConstrainedChatModel.builder().model(languageModel).build();
 * Extractor extractor = AiServices.create(Extractor.class, chat);   // interface Extractor { Person extract(String text); }
 * Person p = extractor.extract("Ada Lovelace, born 1815 in London ...");
 * }</pre>
 *
 * <h2>Response formats</h2>
 * It declares {@link Capability#RESPONSE_FORMAT_JSON_SCHEMA} and honours the request's
 * {@link ResponseFormat}: JSON with a schema is compiled into a grammar (langchain4j's schema tree
 * is written out as JSON Schema by langchain4j's own {@code JsonSchemaElementUtils}, by default as
 * in its strict mode ({@link Builder#strictSchemas}), then compiled with {@link JsonSchemaGrammar}
 * and the builder's {@link Builder#schemaOptions}; integers without bounds get those of
 * {@link Builder#integerRange}); JSON without a
 * schema is the built-in {@code json} grammar; text follows the builder's plain grammar if it has
 * one, else is unconstrained. Constraints are kept per schema text (at most
 * {@link Builder#maxCachedSchemas} of them), so a service's schema is compiled once.
 *
 * <h2>Parameters</h2>
 * Temperature, top-p, top-k and maximum output tokens come from the request, else from the
 * builder; the seed from the builder (the same request gives the same answer). Tools, stop
 * sequences, frequency and presence penalties, and non-text content are refused with
 * {@link UnsupportedFeatureException}. The response has the finish reason ({@code STOP} when the
 * model or the grammar ended the answer, {@code LENGTH} when the token limit cut it, {@code OTHER}
 * when no token could continue it) and the token usage (prompt and generated tokens). An answer cut
 * in the middle of a UTF-8 character keeps its whole characters only (finish reason {@code LENGTH}).
 *
 * <p>Thread-safe if the {@link LanguageModel} allows sessions on several threads; the schema cache
 * is shared.
 */
public final class ConstrainedChatModel implements ChatModel {
    /** The builder's default schema options: at most one whitespace byte between tokens. */
    public static final JsonSchemaOptions DEFAULT_SCHEMA_OPTIONS = JsonSchemaOptions.DEFAULT.withMaxWhitespace(1);

    private static final ObjectMapper JSON = new ObjectMapper();

    private final LanguageModel model;
    private final ConstrainedDecoder decoder;
    private final String modelName;
    private final SamplingOptions sampling;
    private final int maxTokens;
    private final boolean overlap;
    private final JsonSchemaOptions schemaOptions;
    private final boolean strictSchemas;
    private final long integerMin;
    private final long integerMax;
    /** The builder's plain grammar for text answers, or null. */
    private final Constraint textConstraint;
    /** JSON without a schema. */
    private final CompiledGrammar anyJson;
    private final Cache<String, Constraint> schemaConstraints;
    private final ChatRequestParameters defaults;

    private ConstrainedChatModel(Builder b) {
        this.model = Objects.requireNonNull(b.model, "model: set it with builder().model(...)");
        this.decoder = new ConstrainedDecoder(model);
        this.modelName = b.modelName != null ? b.modelName : model.vocabulary().name();
        this.sampling = b.sampling;
        this.maxTokens = b.maxTokens;
        this.overlap = b.overlap;
        this.schemaOptions = b.schemaOptions;
        this.strictSchemas = b.strictSchemas;
        this.integerMin = b.integerMin;
        this.integerMax = b.integerMax;
        this.textConstraint = b.grammarText == null ? null : decoder.constraint(Grammar.compile(
                b.grammarDialect == Dialect.GBNF ? "grammar.gbnf" : "grammar.kbnf", b.grammarText, b.grammarDialect,
                schemaOptions.grammarOptions()));
        int ws = schemaOptions.maxWhitespace();
        this.anyJson = Grammar.builtin(ws >= 0 && ws <= Grammar.MAX_JSON_WHITESPACE ? Grammar.jsonWithWhitespace(ws)
                : Grammar.JSON, GrammarOptions.DEFAULT);
        this.schemaConstraints = Caffeine.newBuilder().maximumSize(b.maxCachedSchemas).build();
        this.defaults = ChatRequestParameters.builder()
                .modelName(modelName)
                .temperature(sampling.temperature())
                .topP(sampling.topP())
                .topK(sampling.topK() == 0 ? null : sampling.topK())
                .maxOutputTokens(maxTokens)
                .build();
    }

    /** A builder; {@link Builder#model} is required. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public Set<Capability> supportedCapabilities() {
        return EnumSet.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
    }

    @Override
    public ChatRequestParameters defaultRequestParameters() {
        return defaults;
    }

    /**
     * Generates the answer.
     *
     * @throws UnsupportedFeatureException for tools, stop sequences, penalties, or non-text content
     * @throws IllegalArgumentException if a parameter is out of range (a negative temperature, ...)
     * @throws io.github.kbnf4j.jsonschema.JsonSchemaException if the response format's schema is refused
     */
    @Override
    public ChatResponse doChat(ChatRequest request) {
        ChatRequestParameters p = request.parameters();
        refuseUnsupported(p);
        GenerationOptions options = options(p);
        Constraint constraint = constraintFor(p.responseFormat());
        int[] prompt = model.encodeConversation(conversation(request.messages()));
        Generation g = constraint == null ? decoder.generateUnconstrained(prompt, options)
                : decoder.generate(prompt, constraint, options);
        String text = g.isValidUtf8() ? g.text()
                : new String(Arrays.copyOf(g.bytes(), g.validUtf8Length()), StandardCharsets.UTF_8);
        return ChatResponse.builder()
                .aiMessage(AiMessage.from(text))
                .modelName(modelName)
                .finishReason(finishReason(g))
                .tokenUsage(new TokenUsage(prompt.length, g.tokenCount()))
                .build();
    }

    @Override
    public String toString() {
        return "ConstrainedChatModel[" + modelName + "]";
    }

    private static FinishReason finishReason(Generation g) {
        switch (g.stopReason()) {
            case END_OF_SEQUENCE:
            case GRAMMAR_COMPLETE:
                return FinishReason.STOP;
            case MAX_TOKENS:
                return FinishReason.LENGTH;
            default:
                return FinishReason.OTHER;
        }
    }

    private GenerationOptions options(ChatRequestParameters p) {
        SamplingOptions s = sampling;
        if (p.temperature() != null) {
            s = s.withTemperature(p.temperature());
        }
        if (p.topP() != null) {
            s = s.withTopP(p.topP());
        }
        if (p.topK() != null) {
            s = s.withTopK(p.topK());
        }
        int max = p.maxOutputTokens() != null ? p.maxOutputTokens() : maxTokens;
        return new GenerationOptions(max, s, overlap);
    }

    private static void refuseUnsupported(ChatRequestParameters p) {
        if (p.toolSpecifications() != null && !p.toolSpecifications().isEmpty()) {
            throw new UnsupportedFeatureException("tools are not supported by ConstrainedChatModel (the request has "
                    + p.toolSpecifications().size() + " tool specifications); ask for a JSON answer with a schema "
                    + "instead");
        }
        if (p.stopSequences() != null && !p.stopSequences().isEmpty()) {
            throw new UnsupportedFeatureException("stop sequences are not supported by ConstrainedChatModel; end the "
                    + "answer with a grammar instead");
        }
        if (p.frequencyPenalty() != null || p.presencePenalty() != null) {
            throw new UnsupportedFeatureException("frequency and presence penalties are not supported by "
                    + "ConstrainedChatModel");
        }
    }

    /** The constraint of a response format; null for unconstrained text. */
    private Constraint constraintFor(ResponseFormat format) {
        if (format == null || format.type() == ResponseFormatType.TEXT) {
            return textConstraint;
        }
        JsonSchema schema = format.jsonSchema();
        if (schema == null || schema.rootElement() == null) {
            return decoder.constraint(anyJson);
        }
        String text = schemaText(schema, strictSchemas, integerMin, integerMax);
        return schemaConstraints.get(text, t -> Constraint.of(
                JsonSchemaGrammar.compile(sourceName(schema), JsonSchemaGrammar.parse(sourceName(schema), t),
                        schemaOptions), model.vocabulary()));
    }

    /**
     * langchain4j's schema tree as JSON Schema text, by langchain4j's own conversion, in its strict
     * mode when {@code strict}.
     */
    static String schemaText(JsonSchema schema, boolean strict, long integerMin, long integerMax) {
        Map<String, Object> map = JsonSchemaElementUtils.toMap(schema.rootElement(), strict);
        JsonNode tree = JSON.valueToTree(map);
        boundIntegers(tree, integerMin, integerMax);
        try {
            return JSON.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the schema " + schema.name() + " as JSON", e);
        }
    }

    /**
     * Gives every integer schema in the tree that has no bound of its own the bounds
     * {@code [min, max]}: langchain4j writes {@code int}, {@code long} and {@code BigInteger} fields
     * alike as an unbounded integer, which a model may fill with a number the field cannot hold.
     */
    private static void boundIntegers(JsonNode node, long min, long max) {
        if (node.isObject()) {
            ObjectNode o = (ObjectNode) node;
            JsonNode type = o.get("type");
            boolean integer = type != null && (type.isTextual() && type.asText().equals("integer")
                    || type.isArray() && containsText(type, "integer"));
            if (integer && !o.has("minimum") && !o.has("maximum") && !o.has("exclusiveMinimum")
                    && !o.has("exclusiveMaximum")) {
                o.put("minimum", min);
                o.put("maximum", max);
            }
        }
        for (JsonNode child : node) {
            boundIntegers(child, min, max);
        }
    }

    private static boolean containsText(JsonNode array, String text) {
        for (JsonNode e : array) {
            if (e.isTextual() && e.asText().equals(text)) {
                return true;
            }
        }
        return false;
    }

    private static String sourceName(JsonSchema schema) {
        return (schema.name() == null ? "schema" : schema.name()) + ".json";
    }

    /** langchain4j's messages as the model's conversation; only text. */
    private static List<ChatMessage> conversation(List<dev.langchain4j.data.message.ChatMessage> messages) {
        List<ChatMessage> out = new ArrayList<>(messages.size());
        for (dev.langchain4j.data.message.ChatMessage m : messages) {
            if (m instanceof SystemMessage) {
                out.add(ChatMessage.system(((SystemMessage) m).text()));
            } else if (m instanceof UserMessage) {
                out.add(ChatMessage.user(userText((UserMessage) m)));
            } else if (m instanceof AiMessage) {
                AiMessage ai = (AiMessage) m;
                if (ai.hasToolExecutionRequests()) {
                    throw new UnsupportedFeatureException("tool execution requests are not supported by "
                            + "ConstrainedChatModel");
                }
                out.add(new ChatMessage(ChatMessage.Role.ASSISTANT, ai.text() == null ? "" : ai.text()));
            } else {
                throw new UnsupportedFeatureException("messages of type " + m.type() + " are not supported by "
                        + "ConstrainedChatModel (only system, user and AI text)");
            }
        }
        return out;
    }

    private static String userText(UserMessage m) {
        if (m.hasSingleText()) {
            return m.singleText();
        }
        StringBuilder sb = new StringBuilder();
        for (Content c : m.contents()) {
            if (!(c instanceof TextContent)) {
                throw new UnsupportedFeatureException("content of type " + c.type() + " is not supported by "
                        + "ConstrainedChatModel (only text)");
            }
            sb.append(((TextContent) c).text());
        }
        return sb.toString();
    }

    /** Builds a {@link ConstrainedChatModel}. Not thread-safe. */
    public static final class Builder {
        private LanguageModel model;
        private String modelName;
        private SamplingOptions sampling = SamplingOptions.DEFAULT;
        private int maxTokens = GenerationOptions.DEFAULT_MAX_TOKENS;
        private boolean overlap = true;
        private JsonSchemaOptions schemaOptions = DEFAULT_SCHEMA_OPTIONS;
        private String grammarText;
        private Dialect grammarDialect;
        private int maxCachedSchemas = 64;
        private boolean strictSchemas = true;
        private long integerMin = Integer.MIN_VALUE;
        private long integerMax = Integer.MAX_VALUE;

        private Builder() {}

        /**
         * The bounds given to the integers of langchain4j's schema trees that have none (default: those
         * of {@code int}). langchain4j writes {@code int}, {@code long} and {@code BigInteger} fields
         * alike as an unbounded integer, which a model could fill with a number the field cannot hold
         * (such as {@code 1E40}); widen the bounds for {@code long} fields.
         *
         * @throws IllegalArgumentException if {@code min > max}
         */
        public Builder integerRange(long min, long max) {
            if (min > max) {
                throw new IllegalArgumentException("integerRange: min " + min + " is above max " + max);
            }
            this.integerMin = min;
            this.integerMax = max;
            return this;
        }

        /**
         * Whether langchain4j's schema trees are written out as in its strict mode (the default): every
         * property required (its value may be null) and no other property allowed. Without it, an
         * object of langchain4j's tree for a record requires none of its properties and allows any
         * other, so an answer may miss fields or carry unknown ones that the AI Service then fails
         * to read.
         */
        public Builder strictSchemas(boolean on) {
            this.strictSchemas = on;
            return this;
        }

        /** The model (required). */
        public Builder model(LanguageModel model) {
            this.model = Objects.requireNonNull(model, "model");
            return this;
        }

        /** The model name in responses (default: the vocabulary's name). */
        public Builder modelName(String name) {
            this.modelName = Objects.requireNonNull(name, "name");
            return this;
        }

        /** The default sampling (a request's temperature, top-p and top-k override it; the seed stays). */
        public Builder sampling(SamplingOptions options) {
            this.sampling = Objects.requireNonNull(options, "options");
            return this;
        }

        /**
         * The default token limit of an answer (a request's maximum output tokens overrides it).
         *
         * @throws IllegalArgumentException if less than 1
         */
        public Builder maxTokens(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("maxTokens must be at least 1: " + n);
            }
            this.maxTokens = n;
            return this;
        }

        /** Whether the model's step overlaps the next mask (default true; the answers are the same). */
        public Builder overlap(boolean on) {
            this.overlap = on;
            return this;
        }

        /** How JSON Schemas are compiled (default {@link #DEFAULT_SCHEMA_OPTIONS}). */
        public Builder schemaOptions(JsonSchemaOptions options) {
            this.schemaOptions = Objects.requireNonNull(options, "options");
            return this;
        }

        /** A KBNF grammar for text answers (compiled by {@link #build()}). */
        public Builder grammar(String kbnf) {
            return grammar(kbnf, Dialect.KBNF);
        }

        /**
         * A grammar in {@code dialect} (KBNF or GBNF) for text answers (compiled by {@link #build()}).
         *
         * @throws IllegalStateException if a grammar was already set
         */
        public Builder grammar(String text, Dialect dialect) {
            if (grammarText != null) {
                throw new IllegalStateException("the grammar was already set");
            }
            this.grammarText = Objects.requireNonNull(text, "text");
            this.grammarDialect = Objects.requireNonNull(dialect, "dialect");
            return this;
        }

        /**
         * The most schemas whose constraints are kept (default 64).
         *
         * @throws IllegalArgumentException if less than 1
         */
        public Builder maxCachedSchemas(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("maxCachedSchemas must be at least 1: " + n);
            }
            this.maxCachedSchemas = n;
            return this;
        }

        /**
         * The chat model.
         *
         * @throws NullPointerException if no model was set
         * @throws io.github.kbnf4j.grammar.GrammarException if the plain grammar has errors (the message
         *     names {@code grammar.kbnf} or {@code grammar.gbnf}, line and column)
         */
        public ConstrainedChatModel build() {
            return new ConstrainedChatModel(this);
        }
    }
}
