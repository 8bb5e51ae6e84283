package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.classmate.ResolvedType;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.github.victools.jsonschema.generator.CustomDefinition;
import com.github.victools.jsonschema.generator.CustomDefinitionProviderV2;
import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.MemberScope;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerationContext;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.generator.TypeAttributeOverrideV2;
import com.github.victools.jsonschema.generator.TypeScope;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jackson.JacksonOption;
import java.lang.reflect.Type;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The JSON Schema of a Java type, made by victools' jsonschema-generator with its Jackson module,
 * configured so that the schema says exactly what Jackson will bind and only uses keywords the
 * compiler supports exactly. The rules (the README's "From a Java type" lists them for users):
 * <ul>
 *   <li>Draft 2020-12; nested types that occur more than once, and recursive ones, go to
 *       {@code $defs} and are referenced.
 *   <li>Objects are closed ({@code additionalProperties: false}): a model cannot invent keys, and
 *       Jackson, which fails on unknown properties, reads every instance.
 *   <li>Every property is required, except one of type {@code Optional}, which may be left out or
 *       be {@code null} (both read as {@code Optional.empty()}). A required property is never
 *       {@code null}. {@code @JsonProperty(required = true)} makes an {@code Optional} required.
 *   <li>Properties come in declaration order (the order the JVM reports fields, which is the source
 *       order on HotSpot), fields before getters; {@code @JsonPropertyOrder} puts the properties it
 *       names first, in its order ({@code alphabetic = true} sorts the others).
 *   <li>Names and descriptions follow {@code @JsonProperty} and {@code @JsonPropertyDescription};
 *       {@code @JsonIgnore} drops a property; a private field without getter is none.
 *       An enum's values are what {@link #MAPPER} writes for its constants.
 *   <li>{@code int}, {@code long}, {@code short}, {@code byte} (boxed too) get their range as
 *       {@code minimum}/{@code maximum}, so that every instance fits; {@code char} is a string of
 *       one character.
 *   <li>Maps with string-like keys are objects whose other properties are the values.
 *   <li>A polymorphic type ({@code @JsonTypeInfo} with a type-name property, {@code @JsonSubTypes})
 *       is an {@code anyOf} of its subtypes, each with the type name first, as Jackson writes it.
 *   <li>{@code Optional} anywhere but as a property (a list element, a map value, the root) is
 *       refused: the generator would describe the {@code Optional} object itself there. So are
 *       {@code OptionalInt}, {@code OptionalLong} and {@code OptionalDouble} (use {@code Optional<Integer>}...).
 * </ul>
 *
 * <p>Thread-safe: one generator, built once; generations are serialized, because victools lets
 * modules keep state during a generation (it resets "stateful" configuration parts afterwards), and
 * making a schema costs little next to compiling it.
 */
public final class JavaTypeSchemas {
    /**
     * The mapper that reads answers back into their types; the schemas' enum values come from it
     * too. Optional support, unknown properties, trailing tokens and nulls for primitives refused.
     * Numbers of any length: the grammar allows them (a schema bounds values, not digits), and the
     * answer is the grammar's sentence, not untrusted input of unbounded size.
     */
    public static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNumberLength(Integer.MAX_VALUE).build())
                    .build())
            .registerModule(new Jdk8Module())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private static final SchemaGenerator GENERATOR = new SchemaGenerator(config().build());

    private JavaTypeSchemas() {
    }

    /**
     * The schema of {@code type}.
     *
     * @throws IllegalArgumentException if the type uses something the rules above refuse
     */
    public static ObjectNode schemaOf(Type type) {
        Objects.requireNonNull(type, "type");
        ObjectNode schema;
        synchronized (GENERATOR) {
            schema = GENERATOR.generateSchema(type);
        }
        typeNamesFirst(schema);
        return schema;
    }

    /**
     * Moves each subtype's type-name property (Jackson's {@code @JsonTypeInfo} property, which the
     * generator appends after the subtype's own properties as a bare {@code {"const": name}}, the
     * only property schema of that shape it makes) to the front of its object: that is where
     * Jackson writes it, and a model then names the subtype before filling it in.
     */
    private static void typeNamesFirst(JsonNode node) {
        if (node.isObject()) {
            JsonNode properties = node.get("properties");
            if (properties instanceof ObjectNode props) {
                Map<String, JsonNode> typeNames = new LinkedHashMap<>();
                props.fields().forEachRemaining(e -> {
                    if (e.getValue().size() == 1 && e.getValue().has("const")) {
                        typeNames.put(e.getKey(), e.getValue());
                    }
                });
                if (!typeNames.isEmpty()) {
                    ObjectNode reordered = MAPPER.createObjectNode();
                    reordered.setAll(typeNames);
                    props.fields().forEachRemaining(e -> reordered.putIfAbsent(e.getKey(), e.getValue()));
                    props.removeAll();
                    props.setAll(reordered);
                }
            }
        }
        for (JsonNode child : node) {
            typeNamesFirst(child);
        }
    }

    private static SchemaGeneratorConfigBuilder config() {
        SchemaGeneratorConfigBuilder b = new SchemaGeneratorConfigBuilder(SchemaVersion.DRAFT_2020_12,
                OptionPreset.PLAIN_JSON);
        b.with(new JacksonModule(JacksonOption.RESPECT_JSONPROPERTY_REQUIRED));
        b.with(Option.FORBIDDEN_ADDITIONAL_PROPERTIES_BY_DEFAULT, Option.MAP_VALUES_AS_ADDITIONAL_PROPERTIES);
        // a private field without a getter is left out (a record's are not: its accessors read them)
        b.forFields().withIgnoreCheck(f -> !f.isPublic() && !f.getDeclaringType().getErasedType().isRecord()
                && f.findGetter() == null);
        b.forFields().withRequiredCheck(f -> !isOptional(f.getDeclaredType()));
        b.forMethods().withRequiredCheck(m -> !isOptional(m.getDeclaredType()));
        b.forTypesInGeneral()
                .withPropertySorter(new PropertyOrder())
                .withCustomDefinitionProvider(new OptionalOutsideProperty())
                .withCustomDefinitionProvider(new EnumsAsJacksonWritesThem())
                .withTypeAttributeOverride(new IntegerRanges());
        return b;
    }

    private static boolean isOptional(ResolvedType t) {
        return t.isInstanceOf(Optional.class);
    }

    /**
     * Called for types, not properties: a property's {@code Optional} is unwrapped before (the
     * preset's flattened optionals), so an {@code Optional} reaching this provider stands elsewhere.
     * The primitive optionals are not unwrapped anywhere: {@code Optional<Integer>} says the same.
     */
    private static final class OptionalOutsideProperty implements CustomDefinitionProviderV2 {
        @Override
        public CustomDefinition provideCustomSchemaDefinition(ResolvedType javaType, SchemaGenerationContext context) {
            Class<?> c = javaType.getErasedType();
            if (c == OptionalInt.class || c == OptionalLong.class || c == OptionalDouble.class) {
                throw new IllegalArgumentException(c.getName() + " is not supported: use Optional<"
                        + (c == OptionalInt.class ? "Integer" : c == OptionalLong.class ? "Long" : "Double") + ">");
            }
            if (c == Optional.class) {
                throw new IllegalArgumentException(javaType.getBriefDescription() + " is only supported as the type of"
                        + " a property (a record component, field or getter), where it may be left out");
            }
            return null;
        }
    }

    /**
     * An enum's values as {@link #MAPPER} writes its constants, which is also what it reads:
     * {@code @JsonProperty} names, a {@code @JsonValue}, or the constant's name. Asking Jackson keeps
     * the schema and the binding in agreement whatever annotations the enum uses.
     */
    private static final class EnumsAsJacksonWritesThem implements CustomDefinitionProviderV2 {
        @Override
        public CustomDefinition provideCustomSchemaDefinition(ResolvedType javaType, SchemaGenerationContext context) {
            Class<?> c = javaType.getErasedType();
            if (!c.isEnum()) {
                return null;
            }
            ObjectNode schema = MAPPER.createObjectNode();
            ArrayNode values = MAPPER.createArrayNode();
            for (Object constant : c.getEnumConstants()) {
                values.add(MAPPER.<JsonNode>valueToTree(constant));
            }
            boolean strings = true;
            for (JsonNode v : values) {
                strings &= v.isTextual();
            }
            if (strings) {
                schema.put("type", "string");
            }
            schema.set("enum", values);
            return new CustomDefinition(schema, CustomDefinition.DefinitionType.STANDARD,
                    CustomDefinition.AttributeInclusion.YES);
        }
    }

    /** Ranges of the fixed-size integer types, and single characters. */
    private static final class IntegerRanges implements TypeAttributeOverrideV2 {
        @Override
        public void overrideTypeAttributes(ObjectNode schema, TypeScope scope, SchemaGenerationContext context) {
            Class<?> c = scope.getType().getErasedType();
            if (c == int.class || c == Integer.class) {
                range(schema, Integer.MIN_VALUE, Integer.MAX_VALUE);
            } else if (c == long.class || c == Long.class) {
                range(schema, Long.MIN_VALUE, Long.MAX_VALUE);
            } else if (c == short.class || c == Short.class) {
                range(schema, Short.MIN_VALUE, Short.MAX_VALUE);
            } else if (c == byte.class || c == Byte.class) {
                schema.put("type", "integer"); // victools says string (for byte[] as base64); Jackson reads a number
                range(schema, Byte.MIN_VALUE, Byte.MAX_VALUE);
            } else if (c == char.class || c == Character.class) {
                // one character of the Basic Multilingual Plane: one beyond U+FFFF would not fit a char
                schema.put("minLength", 1).put("maxLength", 1).put("pattern", "^[\\u0000-\\uD7FF\\uE000-\\uFFFF]$");
            }
        }

        private static void range(ObjectNode schema, long min, long max) {
            schema.put("minimum", min).put("maximum", max);
        }
    }

    /**
     * {@code @JsonPropertyOrder}'s names first, in its order; then fields before methods; then
     * alphabetical if the annotation asks, otherwise equal (the sort is stable, so declaration order).
     */
    private static final class PropertyOrder implements Comparator<MemberScope<?, ?>> {
        @Override
        public int compare(MemberScope<?, ?> a, MemberScope<?, ?> b) {
            JsonPropertyOrder order = a.getDeclaringType().getErasedType()
                    .getAnnotation(JsonPropertyOrder.class);
            if (order != null) {
                int c = Integer.compare(listed(order, a), listed(order, b));
                if (c != 0) {
                    return c;
                }
            }
            int c = Boolean.compare(!(a instanceof FieldScope), !(b instanceof FieldScope));
            if (c != 0) {
                return c;
            }
            return order != null && order.alphabetic() ? a.getSchemaPropertyName().compareTo(b.getSchemaPropertyName())
                    : 0;
        }

        /** The position among the annotation's names (the JSON name or the Java name), or after all of them. */
        private static int listed(JsonPropertyOrder order, MemberScope<?, ?> m) {
            String[] names = order.value();
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(m.getSchemaPropertyName()) || names[i].equals(m.getDeclaredName())) {
                    return i;
                }
            }
            return names.length;
        }
    }
}
