package io.github.kbnf4j.jsonschema;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.jsonschema.internal.JavaTypeSchemas;
import java.io.IOException;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A Java type with the JSON Schema and the grammar of its JSON form, which reads a finished answer
 * back into the type: constrain generation with {@link #grammar()}, then {@link #parse} the text.
 *
 * <pre>{@code
 * record Person(String name, int age, Optional<String> email) {}
 *
 * TypedGrammar<Person> person = TypedGrammar.of(Person.class);
 * CompiledGrammar g = person.grammar();          // constrain the decode loop with it
 * Person p = person.parse(answerText);            // or parse(answerBytes)
 * }</pre>
 *
 * <p>The schema follows the rules of {@link JsonSchemaGrammar#schemaFor(Type)}; every sentence of
 * the grammar binds (the tests check this for generated sentences of many types). To that end a
 * number's exponent has at most four digits, whatever the options say (a smaller
 * {@link JsonSchemaOptions#maxExponentDigits()} is kept): Jackson binds no {@code BigInteger} from
 * {@code 5E579590}. Numbers may have any number of digits (Jackson's default limit of 1,000
 * is lifted); a {@code BigInteger} written with over 90,000 fraction digits is still a sentence
 * that Jackson refuses, reported as an {@link AnswerException}. Binding uses a
 * Jackson {@link ObjectMapper} with the same view of the type as the schema generator: default
 * property naming, {@code @JsonProperty}/{@code @JsonValue} names, {@code Optional} support
 * (jackson-datatype-jdk8), unknown properties and trailing tokens refused.
 *
 * <p>{@link #parse} first runs the answer through an Earley recognizer of the grammar, so that an
 * answer cut off by a token limit is reported as {@link AnswerException.Kind#INCOMPLETE} (Jackson
 * alone would read {@code 12} of an unfinished {@code 123}, or an unfinished {@code "tr"} of
 * {@code "true"} as an error about something else). Complexity: linear in the answer's length for
 * these grammars (JSON is deterministic), plus Jackson's binding.
 *
 * <p>Immutable and thread-safe: share one per type. Each parse copies a pristine recognizer.
 *
 * @param <T> the type answers are read into
 */
public final class TypedGrammar<T> {
    private static final ObjectMapper MAPPER = JavaTypeSchemas.MAPPER;

    private final Type type;
    private final JsonNode schema;
    private final CompiledGrammar grammar;
    private final ObjectReader reader;
    /** Never pushed into: each parse works on a copy. */
    private final Recognizer pristine;

    private TypedGrammar(Type type, JsonSchemaOptions options) {
        this.type = type;
        this.schema = JsonSchemaGrammar.schemaFor(type);
        this.grammar = JsonSchemaGrammar.compile(JsonSchemaGrammar.sourceName(type), schema,
                JsonSchemaGrammar.bindable(options));
        JavaType javaType = MAPPER.getTypeFactory().constructType(type);
        this.reader = MAPPER.readerFor(javaType);
        this.pristine = new Recognizer(grammar);
    }

    /**
     * The typed grammar of a class, with {@link JsonSchemaOptions#DEFAULT} but properties in
     * {@link PropertyOrder#DECLARED declared order}, the order Jackson writes them in (any
     * whitespace; prefer a small {@link JsonSchemaOptions#withMaxWhitespace} for generation).
     *
     * @throws JsonSchemaException if the type's schema cannot be made or compiled
     */
    public static <T> TypedGrammar<T> of(Class<T> type) {
        return of(type, JsonSchemaGrammar.TYPE_DEFAULT);
    }

    /**
     * The typed grammar of a class.
     *
     * @throws JsonSchemaException if the type's schema cannot be made or compiled
     */
    public static <T> TypedGrammar<T> of(Class<T> type, JsonSchemaOptions options) {
        return new TypedGrammar<>(Objects.requireNonNull(type, "type"), Objects.requireNonNull(options, "options"));
    }

    /**
     * The typed grammar of a generic type, e.g. {@code new TypeReference<List<Person>>() {}}, with
     * {@link JsonSchemaOptions#DEFAULT} but properties in {@link PropertyOrder#DECLARED declared
     * order}, as Jackson writes them.
     *
     * @throws JsonSchemaException if the type's schema cannot be made or compiled
     */
    public static <T> TypedGrammar<T> of(TypeReference<T> type) {
        return of(type, JsonSchemaGrammar.TYPE_DEFAULT);
    }

    /**
     * The typed grammar of a generic type, e.g. {@code new TypeReference<List<Person>>() {}}.
     *
     * @throws JsonSchemaException if the type's schema cannot be made or compiled
     */
    public static <T> TypedGrammar<T> of(TypeReference<T> type, JsonSchemaOptions options) {
        return new TypedGrammar<>(Objects.requireNonNull(type, "type").getType(),
                Objects.requireNonNull(options, "options"));
    }

    /** The Java type answers are read into. */
    public Type type() {
        return type;
    }

    /** The JSON Schema made from the type (a copy: changing it changes nothing here). */
    public JsonNode schema() {
        return schema.deepCopy();
    }

    /** The grammar of the schema: its sentences are the JSON texts that {@link #parse} reads. */
    public CompiledGrammar grammar() {
        return grammar;
    }

    /**
     * Reads a finished answer.
     *
     * @throws AnswerException if the answer is incomplete, not a sentence of the grammar, or does not bind
     * @throws io.github.kbnf4j.earley.RecognizerLimitException if recognizing it reaches a recognizer limit
     */
    public T parse(String answer) {
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        return parse(bytes, 0, bytes.length);
    }

    /**
     * Reads a finished answer from its UTF-8 bytes.
     *
     * @throws AnswerException if the answer is incomplete, not a sentence of the grammar, or does not bind
     */
    public T parse(byte[] utf8) {
        return parse(utf8, 0, utf8.length);
    }

    /**
     * Reads a finished answer from {@code utf8[offset .. offset + length)}.
     *
     * @throws AnswerException if the answer is incomplete, not a sentence of the grammar, or does not bind
     */
    public T parse(byte[] utf8, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, utf8.length);
        Recognizer r = pristine.copy();
        int consumed = r.push(utf8, offset, length);
        if (consumed < length) {
            throw new AnswerException(AnswerException.Kind.REJECTED, consumed, String.format(
                    "byte %d (0x%02X) of the answer is not allowed by the grammar of %s here: the answer was not "
                    + "generated under this grammar (it reads %s)", consumed, utf8[offset + consumed] & 0xFF,
                    type.getTypeName(), excerpt(utf8, offset, consumed)), null);
        }
        if (!r.isAccepting()) {
            throw new AnswerException(AnswerException.Kind.INCOMPLETE, length, String.format(
                    "the answer is incomplete: its %d bytes are the beginning of a %s but not a whole one (at least "
                    + "%d more bytes needed; was generation stopped by a token limit?): %s", length,
                    type.getTypeName(), r.minBytesToAccept(), excerpt(utf8, offset, length)), null);
        }
        try {
            return reader.readValue(utf8, offset, length);
        } catch (IOException e) {
            throw new AnswerException(AnswerException.Kind.NOT_BOUND, length, "the answer is a sentence of the grammar "
                    + "of " + type.getTypeName() + " but Jackson could not bind it: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "TypedGrammar[" + type.getTypeName() + "]";
    }

    /** The last 60 bytes before {@code end}, as text, for messages. */
    private static String excerpt(byte[] utf8, int offset, int end) {
        int from = Math.max(0, end - 60);
        String s = new String(utf8, offset + from, end - from, StandardCharsets.UTF_8);
        return (from > 0 ? "..." : "") + "'" + s + "'";
    }
}
