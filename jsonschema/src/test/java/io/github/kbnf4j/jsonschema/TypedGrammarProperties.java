package io.github.kbnf4j.jsonschema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.github.kbnf4j.jsonschema.internal.JavaTypeSchemas;
import io.github.kbnf4j.testdata.Sentences;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A differential check of the typed grammars of {@link TypedTypes}: random sentences of each
 * type's grammar all bind to the type through {@link TypedGrammar#parse}, and networknt's
 * validator (independent of the compiler and of the generator) accepts each of them against the
 * generated schema; Jackson's own JSON for the bound value is again a sentence (so the schema's
 * property order is the one Jackson writes, and a prompt may show examples Jackson made); every
 * strict prefix of a compact sentence is reported as incomplete. And the other direction: Jackson's
 * JSON for random values of the non-recursive record types is a sentence and reads back equal.
 */
class TypedGrammarProperties {
    private static final ObjectMapper PLAIN = new ObjectMapper();
    /** Numbers as exact decimals: a double would say 1e400 is not an integer, or round a long. */
    private static final ObjectMapper EXACT = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    record Case(String name, TypedGrammar<?> typed, JsonSchema oracle) {
        @Override
        public String toString() {
            return name;
        }
    }

    record Instance(Case type, byte[] text) {
        @Override
        public String toString() {
            return type + ": " + new String(text, StandardCharsets.UTF_8);
        }
    }

    private static List<Case> cases;

    static synchronized List<Case> cases() {
        if (cases == null) {
            List<Case> all = new ArrayList<>();
            for (TypeReference<?> t : TypedTypes.ALL) {
                for (int ws : new int[] {0, JsonSchemaOptions.UNBOUNDED_WHITESPACE}) {
                    TypedGrammar<?> typed = TypedGrammar.of(t, JsonSchemaGrammar.TYPE_DEFAULT.withMaxWhitespace(ws));
                    JsonSchema oracle = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                            .getSchema(typed.schema());
                    all.add(new Case(t.getType().getTypeName() + (ws == 0 ? " (compact)" : ""), typed, oracle));
                }
            }
            cases = all;
        }
        return cases;
    }

    @Provide
    Arbitrary<Instance> sentences() {
        return Arbitraries.of(cases()).flatMap(c -> Sentences.of(c.typed().grammar(), 30, 300)
                .map(b -> new Instance(c, b)));
    }

    @Provide
    Arbitrary<Instance> compactSentences() {
        return Arbitraries.of(cases().stream().filter(c -> c.name().endsWith("(compact)")).toList())
                .flatMap(c -> Sentences.of(c.typed().grammar(), 30, 300).map(b -> new Instance(c, b)));
    }

    @Property(tries = 500, seed = "20261124")
    void everySentenceBindsAndIsValid(@ForAll("sentences") Instance instance) throws Exception {
        Object value = instance.type().typed().parse(instance.text());
        String text = new String(instance.text(), StandardCharsets.UTF_8);
        JsonSchema oracle = instance.type().oracle();
        Set<ValidationMessage> errors = oracle.validate(PLAIN.readTree(text));
        if (!errors.isEmpty()) {
            errors = oracle.validate(EXACT.readTree(text));
        }
        Set<ValidationMessage> found = errors;
        assertTrue(found.isEmpty(), () -> "networknt rejects " + instance + "\n  because " + found
                + "\n  schema: " + instance.type().typed().schema());

        String written = JavaTypeSchemas.MAPPER.writeValueAsString(value);
        if (written.contains("Infinity")) {
            return; // a number beyond float or double range bound as infinity, which JSON cannot write
        }
        Object again = instance.type().typed().parse(written);
        JsonNode first = JavaTypeSchemas.MAPPER.valueToTree(value);
        JsonNode second = JavaTypeSchemas.MAPPER.valueToTree(again);
        assertEquals(first, second, () -> "round trip of " + instance + " through " + written);
    }

    record Value(TypedGrammar<?> typed, Object value) {
        @Override
        public String toString() {
            return typed + ": " + value;
        }
    }

    /**
     * Random values of the non-recursive record types, made by jqwik from their constructors (its
     * type-based generation overflows the stack on the recursive ones): the grammar's sentences
     * above rarely have non-empty arrays (the sentence generator leans to short lists below the
     * top levels, about 4 % of them have one), values made this way often do.
     */
    @Provide
    Arbitrary<Value> values() {
        List<Class<?>> records = List.of(TypedTypes.Person.class, TypedTypes.Palette.class,
                TypedTypes.Primitives.class, TypedTypes.Ordered.class, TypedTypes.Maps.class);
        List<Arbitrary<Value>> each = new ArrayList<>();
        for (Class<?> c : records) {
            TypedGrammar<?> typed = TypedGrammar.of(c, JsonSchemaGrammar.TYPE_DEFAULT.withMaxWhitespace(0));
            each.add(Arbitraries.forType(c).useAllConstructors().enableRecursion().map(v -> new Value(typed, v)));
        }
        return Arbitraries.oneOf(each);
    }

    /** The other direction: what Jackson writes for a value of the type is a sentence, and reads back the same. */
    @Property(tries = 300, seed = "20261124")
    void whatJacksonWritesIsASentence(@ForAll("values") Value v) throws Exception {
        String written = JavaTypeSchemas.MAPPER.writeValueAsString(v.value());
        if (written.contains("Infinity") || written.contains("NaN") || written.matches("(?s).*\\\\u[dD][89a-fA-F].*")) {
            return; // not JSON numbers, and lone surrogates (a char or string of jqwik's) that no schema string holds
        }
        Object again = v.typed().parse(written);
        if (v.value() instanceof TypedTypes.Primitives) {
            // arrays inside: records compare them by identity, so compare Jackson's trees
            assertEquals(JavaTypeSchemas.MAPPER.valueToTree(v.value()), JavaTypeSchemas.MAPPER.valueToTree(again),
                    () -> "round trip of " + v + " through " + written);
        } else {
            assertEquals(v.value(), again, () -> "round trip of " + v + " through " + written);
        }
    }

    @Property(tries = 120, seed = "20261124")
    void everyStrictPrefixIsIncomplete(@ForAll("compactSentences") Instance instance) {
        byte[] text = instance.text();
        for (int n = 0; n < text.length; n++) {
            byte[] prefix = Arrays.copyOf(text, n);
            AnswerException e = assertThrows(AnswerException.class, () -> instance.type().typed().parse(prefix),
                    () -> "prefix of " + prefix.length + " bytes of " + instance);
            assertEquals(AnswerException.Kind.INCOMPLETE, e.kind(), e::getMessage);
            assertEquals(n, e.offset());
        }
    }
}
