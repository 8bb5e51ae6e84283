package io.github.kbnf4j.jsonschema;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.internal.ProgramGrammars;
import io.github.kbnf4j.jsonschema.internal.JavaTypeSchemas;
import io.github.kbnf4j.jsonschema.internal.SchemaCompiler;
import io.github.kbnf4j.jsonschema.internal.SchemaGrammar;
import java.io.IOException;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Compiles a JSON Schema into a {@link CompiledGrammar} whose sentences are exactly the JSON texts
 * (UTF-8) that the schema accepts, within what {@link JsonSchemaOptions} allows for whitespace.
 *
 * <pre>{@code
 * CompiledGrammar g = JsonSchemaGrammar.compile("""
 *     {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
 *     """, JsonSchemaOptions.DEFAULT);
 * }</pre>
 *
 * <p>Exact: no instance the schema forbids is a sentence, and every instance it allows is, in every
 * valid JSON spelling (escapes, number forms), except where the README's keyword table says
 * otherwise (object properties are read in any order, or in the order the schema declares them
 * when {@link JsonSchemaOptions#propertyOrder()} is {@link PropertyOrder#DECLARED}; past
 * {@link JsonSchemaOptions#maxOrderStates()}, an object keeps part of the declared order, or, with
 * {@link PropertyOrder#ANY_REPEATABLE}, may repeat an optional property). A keyword or
 * combination that cannot be expressed exactly is refused with a {@link JsonSchemaException} naming
 * its JSON pointer, never ignored, unless {@link JsonSchemaOptions#lenient()} is set.
 *
 * <p>Thread-safe: all methods are static. Compilations share only immutable automata (the string,
 * number, format and key automata that do not depend on the rest of the schema), through a
 * process-wide cache bounded to 64 MiB; nothing of one schema affects another's result.
 */
public final class JsonSchemaGrammar {
    /** The source name of a schema given as text or as a tree. */
    public static final String DEFAULT_SOURCE = "schema.json";

    /** Reads numbers as exact decimals: bounds like 0.1 or 1e400 must not pass through a double. */
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    private JsonSchemaGrammar() {
    }

    /**
     * Compiles schema text.
     *
     * @throws JsonSchemaException if the text is not JSON, the schema is refused, or a limit is hit
     */
    public static CompiledGrammar compile(String schemaJson, JsonSchemaOptions options) {
        return compile(DEFAULT_SOURCE, parse(DEFAULT_SOURCE, schemaJson), options);
    }

    /**
     * Compiles the schema in {@code file}; its file name is the source name in messages.
     *
     * @throws IOException if the file cannot be read
     * @throws JsonSchemaException if the file is not JSON, or the schema is refused
     */
    public static CompiledGrammar compile(Path file, JsonSchemaOptions options) throws IOException {
        String source = file.getFileName().toString();
        return compile(source, parse(source, Files.readString(file)), options);
    }

    /**
     * Compiles a schema tree.
     *
     * @throws JsonSchemaException if the schema is refused
     */
    public static CompiledGrammar compile(JsonNode schema, JsonSchemaOptions options) {
        return compile(DEFAULT_SOURCE, schema, options);
    }

    /**
     * Compiles a schema tree, naming it {@code source} in messages.
     *
     * @throws JsonSchemaException if the schema is refused
     */
    public static CompiledGrammar compile(String source, JsonNode schema, JsonSchemaOptions options) {
        SchemaGrammar g = translate(source, schema, options);
        try {
            return ProgramGrammars.compile(g.ast(), g.start(), options.grammarOptions(), g.warnings());
        } catch (GrammarException e) {
            // The schema's own checks passed, so this is a limit of the grammar compiler, or a
            // schema no value satisfies (its start rule derives nothing).
            throw new JsonSchemaException(source, "", "the schema's grammar could not be compiled: " + e.getMessage());
        }
    }

    /**
     * The options of the methods for Java types that take none: {@link JsonSchemaOptions#DEFAULT}
     * with properties in declared order, the order Jackson writes them in (so that a model writes
     * them in the order the class declares, and a polymorphic type's name first).
     */
    static final JsonSchemaOptions TYPE_DEFAULT = JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.DECLARED);

    /**
     * The grammar of a Java type's JSON form, with {@link JsonSchemaOptions#DEFAULT} but properties
     * in {@link PropertyOrder#DECLARED declared order}, as Jackson writes them: the grammar of
     * {@link #schemaFor(Type)}. {@link TypedGrammar} also reads the answers back into the type.
     *
     * @throws JsonSchemaException if the type's schema cannot be made or is refused
     */
    public static CompiledGrammar forType(Type type) {
        return forType(type, TYPE_DEFAULT);
    }

    /**
     * The grammar of a Java type's JSON form: the grammar of {@link #schemaFor(Type)}, compiled
     * with {@code options} but numbers' exponents of at most four digits (a smaller
     * {@link JsonSchemaOptions#maxExponentDigits()} is kept), so that Jackson binds every sentence;
     * messages name the type as the source.
     *
     * @throws JsonSchemaException if the type's schema cannot be made or is refused
     */
    public static CompiledGrammar forType(Type type, JsonSchemaOptions options) {
        return compile(sourceName(type), schemaFor(type), bindable(options));
    }

    /**
     * The most exponent digits of a number in a Java type's grammar: Jackson refuses to bind a
     * {@code BigInteger} from a number whose scale (fraction digits minus exponent) exceeds 100,000
     * in magnitude; with an exponent of at most 9,999 in magnitude, only a number with over 90,000
     * fraction digits still gets there.
     */
    static final int BINDABLE_EXPONENT_DIGITS = 4;

    /**
     * {@code options} for a Java type's grammar: numbers get at most
     * {@value #BINDABLE_EXPONENT_DIGITS} exponent digits (a smaller bound in {@code options} is
     * kept), so that every sentence is one Jackson binds ({@code 5E579590} is an integer that
     * {@code BigInteger} cannot take from Jackson; {@code 5E5795} or its plain digits it can).
     */
    static JsonSchemaOptions bindable(JsonSchemaOptions options) {
        int digits = options.maxExponentDigits();
        return digits >= 0 && digits <= BINDABLE_EXPONENT_DIGITS ? options
                : options.withMaxExponentDigits(BINDABLE_EXPONENT_DIGITS);
    }

    /**
     * The JSON Schema (draft 2020-12) of a Java type: a class, record or enum, or a generic type
     * such as {@code List<Person>} (from a {@code TypeReference} or reflection). Made by victools'
     * jsonschema-generator with its Jackson module, so that the JSON Jackson binds to the type is
     * what the schema accepts:
     * <ul>
     *   <li>objects are closed ({@code additionalProperties: false});
     *   <li>every property is required and not null, except those of type {@code Optional}, which
     *       may be left out or be {@code null}; {@code @JsonProperty(required = true)} makes one required;
     *   <li>properties in declaration order, fields before getters, {@code @JsonPropertyOrder}'s first;
     *   <li>{@code @JsonProperty}, {@code @JsonValue}, {@code @JsonPropertyDescription} and
     *       {@code @JsonIgnore} respected; enums as their constants' JSON names;
     *   <li>{@code int}, {@code long}, {@code short} and {@code byte} bounded to their range,
     *       {@code char} a one-character string, collections and arrays as arrays, maps as objects;
     *   <li>recursive types and types used twice under {@code $defs}.
     * </ul>
     *
     * @return a new tree, the caller's to change
     * @throws JsonSchemaException if the type cannot be described (an {@code Optional} other than
     *     as a property, for instance)
     */
    public static ObjectNode schemaFor(Type type) {
        Objects.requireNonNull(type, "type");
        try {
            return JavaTypeSchemas.schemaOf(type);
        } catch (IllegalArgumentException e) {
            throw new JsonSchemaException(sourceName(type), "", e.getMessage());
        }
    }

    /** The source name of a type's schema in messages: the type's name. */
    static String sourceName(Type type) {
        return type.getTypeName();
    }

    /**
     * The grammar a schema compiles to, as KBNF text (string and number constraints appear as
     * rules, one per automaton state). Compiling that text gives the same language.
     *
     * @throws JsonSchemaException if the schema is refused
     */
    public static String toKbnf(String source, JsonNode schema, JsonSchemaOptions options) {
        return translate(source, schema, options).kbnf();
    }

    /**
     * What the process-wide cache of automata that compilations share has done since the JVM
     * started (a snapshot; thread-safe). Bounded to 64 MiB of automata.
     */
    public static AutomatonCacheStats automatonCacheStats() {
        return SchemaCompiler.automatonCacheStats();
    }

    /**
     * Reads schema text as JSON.
     *
     * @throws JsonSchemaException if it is not one JSON value
     */
    public static JsonNode parse(String source, String schemaJson) {
        Objects.requireNonNull(schemaJson, "schemaJson");
        try {
            JsonNode node = MAPPER.readTree(schemaJson);
            if (node == null || node.isMissingNode()) {
                throw new JsonSchemaException(source, "", "the schema text is empty");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new JsonSchemaException(source, "", "not JSON: " + e.getOriginalMessage() + " at line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr());
        }
    }

    static SchemaGrammar translate(String source, JsonNode schema, JsonSchemaOptions options) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(options, "options");
        try {
            return SchemaCompiler.translate(source, schema, options);
        } catch (StackOverflowError e) {
            // The translation recurses along the schema's nesting (subschemas, $ref chains), never
            // along its width; only a pathologically deep schema gets here, and nothing is left
            // half-done (the translation holds no locks and shares no state).
            throw new JsonSchemaException(source, "", "the schema is nested too deeply to compile on this thread's "
                    + "stack; run the compilation on a thread with a larger stack (-Xss) or flatten the schema");
        }
    }
}
