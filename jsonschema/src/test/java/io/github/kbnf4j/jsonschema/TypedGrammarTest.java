package io.github.kbnf4j.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.jsonschema.TypedTypes.Color;
import io.github.kbnf4j.jsonschema.TypedTypes.Ordered;
import io.github.kbnf4j.jsonschema.TypedTypes.Palette;
import io.github.kbnf4j.jsonschema.TypedTypes.Person;
import io.github.kbnf4j.jsonschema.TypedTypes.Primitives;
import io.github.kbnf4j.jsonschema.TypedTypes.Size;
import io.github.kbnf4j.jsonschema.TypedTypes.Tree;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TypedGrammarTest {
    private static final TypedGrammar<Person> PERSON = TypedGrammar.of(Person.class);

    private static boolean accepts(CompiledGrammar g, String text) {
        Recognizer r = new Recognizer(g);
        return r.pushAll(text.getBytes(StandardCharsets.UTF_8)) && r.isAccepting();
    }

    private static List<String> propertyNames(JsonNode schema) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = schema.get("properties").fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    @Test
    void readsARecordWithAndWithoutItsOptionalProperty() {
        assertEquals(new Person("Ada", 36, Optional.of("ada@example.org"), List.of("math")),
                PERSON.parse("{\"name\": \"Ada\", \"age\": 36, \"email\": \"ada@example.org\", \"tags\": [\"math\"]}"));
        assertEquals(new Person("Ada", 36, Optional.empty(), List.of()),
                PERSON.parse("{\"name\":\"Ada\",\"age\":36,\"tags\":[]}"));
        assertEquals(new Person("Ada", 36, Optional.empty(), List.of()),
                PERSON.parse("{\"name\":\"Ada\",\"age\":36,\"email\":null,\"tags\":[]}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theSchemaIsClosedAndRequiresEveryPropertyButOptionalOnes() {
        JsonNode s = PERSON.schema();
        assertEquals("https://json-schema.org/draft/2020-12/schema", s.get("$schema").asText());
        assertFalse(s.get("additionalProperties").asBoolean());
        assertEquals(List.of("name", "age", "tags"), toList(s.get("required")));
        assertEquals(List.of("name", "age", "email", "tags"), propertyNames(s));
        assertFalse(accepts(PERSON.grammar(), "{\"name\":\"Ada\",\"age\":36,\"tags\":[],\"extra\":1}"));
        assertFalse(accepts(PERSON.grammar(), "{\"name\":\"Ada\",\"tags\":[]}"));
        assertFalse(accepts(PERSON.grammar(), "{\"name\":null,\"age\":36,\"tags\":[]}"));
    }

    private static List<String> toList(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(v -> out.add(v.asText()));
        return out;
    }

    @Test
    void schemaIsACopy() {
        ((ObjectNode) PERSON.schema()).put("type", "string");
        assertEquals("object", PERSON.schema().get("type").asText());
        assertEquals(PERSON.schema(), JsonSchemaGrammar.schemaFor(Person.class));
    }

    @Test
    void jacksonAnnotationsNameOrderAndDescribeProperties() {
        JsonNode s = JsonSchemaGrammar.schemaFor(Ordered.class);
        assertEquals(List.of("title", "id", "done"), propertyNames(s));
        assertEquals("a short title", s.at("/properties/title/description").asText());
        // @JsonProperty(required = true) on an Optional
        assertEquals(List.of("title", "id", "done"), toList(s.get("required")));
        TypedGrammar<Ordered> ordered = TypedGrammar.of(Ordered.class);
        assertEquals(new Ordered(7, "x", Optional.of(true)), ordered.parse("{\"title\":\"x\",\"id\":7,\"done\":true}"));
        assertEquals(AnswerException.Kind.REJECTED, assertThrows(AnswerException.class,
                () -> ordered.parse("{\"id\":7,\"title\":\"x\",\"done\":true}")).kind());
        // Declared (Jackson's) order by default; any order on request (Jackson reads both).
        assertEquals(new Ordered(7, "x", Optional.of(true)), TypedGrammar.of(Ordered.class,
                JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.ANY)).parse("{\"id\":7,\"title\":\"x\",\"done\":true}"));
    }

    @Test
    void enumsAreWhatJacksonWritesForTheirConstants() {
        assertEquals(List.of("RED", "verde", "BLUE"), toList(JsonSchemaGrammar.schemaFor(Color.class).get("enum")));
        TypedGrammar<Palette> palette = TypedGrammar.of(Palette.class);
        assertEquals(new Palette(Color.GREEN, Set.of(Color.RED), Size.LARGE),
                palette.parse("{\"primary\":\"verde\",\"others\":[\"RED\"],\"size\":\"l\"}"));
        assertFalse(accepts(palette.grammar(), "{\"primary\":\"GREEN\",\"others\":[],\"size\":\"l\"}"));
        assertFalse(accepts(palette.grammar(), "{\"primary\":\"RED\",\"others\":[],\"size\":\"LARGE\"}"));
    }

    @Test
    void fixedSizeIntegersAreBoundedToTheirRange() {
        CompiledGrammar g = JsonSchemaGrammar.forType(Person.class);
        assertTrue(accepts(g, "{\"name\":\"a\",\"age\":2147483647,\"tags\":[]}"));
        assertFalse(accepts(g, "{\"name\":\"a\",\"age\":2147483648,\"tags\":[]}"));
        assertTrue(accepts(g, "{\"name\":\"a\",\"age\":-2147483648,\"tags\":[]}"));
        assertFalse(accepts(g, "{\"name\":\"a\",\"age\":-2147483649,\"tags\":[]}"));
        JsonNode p = JsonSchemaGrammar.schemaFor(Primitives.class).get("properties");
        assertEquals("integer", p.at("/b/type").asText());
        assertEquals(127, p.at("/b/maximum").asInt());
        assertEquals(Long.MAX_VALUE, p.at("/l/maximum").asLong());
        assertEquals(Short.MIN_VALUE, p.at("/s/minimum").asInt());
    }

    /**
     * Regression: a BigInteger written with a huge exponent ({@code -5E579590}, an integer) was a
     * sentence that Jackson refuses to bind (scale beyond 100,000); exponents now have at most four
     * digits in a type's grammar, whatever the options, unless the options say fewer.
     */
    @Test
    void numbersOfATypeHaveExponentsJacksonCanBind() {
        record Big(java.math.BigInteger big, double d) {
        }
        TypedGrammar<Big> big = TypedGrammar.of(Big.class);
        assertEquals(new Big(new java.math.BigInteger("-5" + "0".repeat(5795)), 1e300),
                big.parse("{\"big\":-5E5795,\"d\":1E300}"));
        assertEquals(AnswerException.Kind.REJECTED, assertThrows(AnswerException.class,
                () -> big.parse("{\"big\":-5E579590,\"d\":0}")).kind());
        assertFalse(accepts(JsonSchemaGrammar.forType(Big.class, JsonSchemaOptions.DEFAULT), "{\"big\":1e10000,\"d\":0}"));
        TypedGrammar<Big> none = TypedGrammar.of(Big.class, JsonSchemaGrammar.TYPE_DEFAULT.withMaxExponentDigits(0));
        assertEquals(AnswerException.Kind.REJECTED, assertThrows(AnswerException.class,
                () -> none.parse("{\"big\":1e1,\"d\":0}")).kind());
        assertEquals(new Big(java.math.BigInteger.TEN, 0), none.parse("{\"big\":10,\"d\":0}"));
    }

    @Test
    void aCharIsOneCharacterOfTheBasicPlane() {
        record Letter(char c) {
        }
        TypedGrammar<Letter> letter = TypedGrammar.of(Letter.class);
        assertEquals(new Letter('é'), letter.parse("{\"c\":\"é\"}"));
        assertEquals(AnswerException.Kind.REJECTED, assertThrows(AnswerException.class,
                () -> letter.parse("{\"c\":\"ab\"}")).kind());
        assertEquals(AnswerException.Kind.REJECTED, assertThrows(AnswerException.class,
                () -> letter.parse("{\"c\":\"\uD83D\uDE00\"}")).kind());
    }

    @Test
    void recursiveAndGenericTypes() {
        TypedGrammar<Tree> tree = TypedGrammar.of(Tree.class);
        assertEquals(new Tree("a", List.of(new Tree("b", List.of()))),
                tree.parse("{\"label\":\"a\",\"children\":[{\"label\":\"b\",\"children\":[]}]}"));
        TypedGrammar<Map<String, List<Person>>> teams = TypedGrammar.of(new TypeReference<>() { });
        assertEquals(Map.of("x", List.of(new Person("a", 1, Optional.empty(), List.of()))),
                teams.parse("{\"x\":[{\"name\":\"a\",\"age\":1,\"tags\":[]}]}"));
        assertEquals("java.util.Map<java.lang.String, java.util.List<" + Person.class.getName() + ">>",
                teams.type().getTypeName());
    }

    @Test
    void polymorphicTypesTakeTheirTypeNameFirstAsJacksonWritesIt() throws Exception {
        TypedGrammar<TypedTypes.Drawing> drawing = TypedGrammar.of(TypedTypes.Drawing.class);
        TypedTypes.Drawing d = new TypedTypes.Drawing("d", List.of(new TypedTypes.Circle(1), new TypedTypes.Square(2)));
        String written = io.github.kbnf4j.jsonschema.internal.JavaTypeSchemas.MAPPER.writeValueAsString(d);
        assertEquals("{\"title\":\"d\",\"shapes\":[{\"kind\":\"circle\",\"r\":1.0},{\"kind\":\"square\",\"side\":2.0}]}",
                written);
        assertEquals(d, drawing.parse(written));
        assertFalse(accepts(drawing.grammar(), "{\"title\":\"d\",\"shapes\":[{\"r\":1,\"kind\":\"circle\"}]}"));
        assertFalse(accepts(drawing.grammar(), "{\"title\":\"d\",\"shapes\":[{\"kind\":\"square\",\"r\":1}]}"));
    }

    @Test
    void anIncompleteAnswerSaysSo() {
        AnswerException e = assertThrows(AnswerException.class, () -> PERSON.parse("{\"name\":\"Ada\",\"age\":3"));
        assertEquals(AnswerException.Kind.INCOMPLETE, e.kind());
        assertEquals(21, e.offset());
        // the shortest completion is ,"tags":[]}
        assertTrue(e.getMessage().startsWith("the answer is incomplete: its 21 bytes are the beginning of a "
                + Person.class.getName() + " but not a whole one (at least 11 more bytes needed"), e.getMessage());
        assertEquals(AnswerException.Kind.INCOMPLETE, assertThrows(AnswerException.class, () -> PERSON.parse("")).kind());
    }

    @Test
    void anAnswerFromAnotherGrammarIsRejectedAtItsFirstBadByte() {
        AnswerException e = assertThrows(AnswerException.class,
                () -> PERSON.parse("{\"name\":\"Ada\",\"age\":36,\"tags\":[],\"x\":1}"));
        assertEquals(AnswerException.Kind.REJECTED, e.kind());
        assertEquals(32, e.offset());
        assertTrue(e.getMessage().startsWith("byte 32 (0x2C) of the answer is not allowed by the grammar of "),
                e.getMessage());
    }

    /** A sentence Jackson cannot bind: a class with neither a default constructor nor a creator. */
    static final class NoCreator {
        public final String x;

        NoCreator(String x, int unused) {
            this.x = x;
        }
    }

    @Test
    void aSentenceThatDoesNotBindSaysWhy() {
        TypedGrammar<NoCreator> t = TypedGrammar.of(NoCreator.class);
        AnswerException e = assertThrows(AnswerException.class, () -> t.parse("{\"x\":\"a\"}"));
        assertEquals(AnswerException.Kind.NOT_BOUND, e.kind());
        assertInstanceOf(com.fasterxml.jackson.databind.JsonMappingException.class, e.getCause());
        assertTrue(e.getMessage().contains("Jackson could not bind it"), e.getMessage());
    }

    @Test
    void javaTimeTypesGetTheirFormatButDoNotBindWithoutJacksonsJavaTimeModule() {
        record Event(java.util.UUID id, java.time.LocalDate day) {
        }
        TypedGrammar<Event> event = TypedGrammar.of(Event.class);
        assertEquals("uuid", event.schema().at("/properties/id/format").asText());
        assertEquals("date", event.schema().at("/properties/day/format").asText());
        assertFalse(accepts(event.grammar(), "{\"id\":\"x\",\"day\":\"2026-11-24\"}"));
        AnswerException e = assertThrows(AnswerException.class,
                () -> event.parse("{\"id\":\"123e4567-e89b-12d3-a456-426614174000\",\"day\":\"2026-11-24\"}"));
        assertEquals(AnswerException.Kind.NOT_BOUND, e.kind());
        assertTrue(e.getMessage().contains("jackson-datatype-jsr310"), e.getMessage());
    }

    @Test
    void anOptionalOutsideAPropertyIsRefused() {
        JsonSchemaException e = assertThrows(JsonSchemaException.class,
                () -> TypedGrammar.of(new TypeReference<List<Optional<String>>>() { }));
        assertTrue(e.getMessage().contains("is only supported as the type of a property"), e.getMessage());
        assertThrows(JsonSchemaException.class, () -> JsonSchemaGrammar.forType(
                new TypeReference<Optional<Person>>() { }.getType()));
    }

    @Test
    void primitiveOptionalsAreRefusedNamingTheAlternative() {
        record Counter(OptionalInt n) {
        }
        JsonSchemaException e = assertThrows(JsonSchemaException.class, () -> TypedGrammar.of(Counter.class));
        assertTrue(e.getMessage().endsWith("java.util.OptionalInt is not supported: use Optional<Integer>"),
                e.getMessage());
    }
}
