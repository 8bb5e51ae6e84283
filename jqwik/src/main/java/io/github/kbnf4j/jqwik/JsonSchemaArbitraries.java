package io.github.kbnf4j.jqwik;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.internal.sentences.Edits;
import io.github.kbnf4j.jqwik.internal.InstanceMutator;
import io.github.kbnf4j.jqwik.internal.Json;
import io.github.kbnf4j.jqwik.internal.PreparedGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries from a JSON Schema: valid instances, and invalid ones labelled with how they
 * break the schema.
 *
 * <pre>{@code
 * @Provide
 * Arbitrary<String> orders() {
 *     return JsonSchemaArbitraries.instances(ORDER_SCHEMA).pretty();
 * }
 * }</pre>
 *
 * <p>The schema is compiled by kbnf4j's JSON Schema compiler ({@link JsonSchemaGrammar}) into a
 * grammar whose sentences are exactly the schema's instances, so what it refuses (with a
 * {@link io.github.kbnf4j.jsonschema.JsonSchemaException} naming the keyword's JSON pointer) cannot be
 * generated from either. The draft is the schema's {@code $schema}, else the options' default
 * (2020-12). Formats are asserted by default ({@link JsonSchemaOptions#formats()}).
 *
 * <p>Thread-safe: stateless.
 */
public final class JsonSchemaArbitraries {
    private JsonSchemaArbitraries() {
    }

    /**
     * Valid instances of the schema in {@code schemaJson}, as compact JSON text.
     *
     * @throws io.github.kbnf4j.jsonschema.JsonSchemaException if the text is not JSON or the schema is refused
     * @throws IllegalArgumentException if no value satisfies the schema
     */
    public static InstanceArbitrary instances(String schemaJson) {
        return instances(JsonSchemaGrammar.parse(JsonSchemaGrammar.DEFAULT_SOURCE, schemaJson));
    }

    /** Valid instances of {@code schema}, as compact JSON text (see {@link #instances(String)}). */
    public static InstanceArbitrary instances(JsonNode schema) {
        return instances(schema, JsonSchemaOptions.DEFAULT);
    }

    /**
     * Valid instances of {@code schema} compiled with {@code options} (its whitespace setting is
     * replaced: instances are generated compact and pretty-printed on request).
     */
    public static InstanceArbitrary instances(JsonNode schema, JsonSchemaOptions options) {
        return new InstanceArbitrary(SentenceArbitrary.bytes(compile(schema, options)));
    }

    /**
     * Invalid instances of the schema in {@code schemaJson}: valid instances with one change that
     * breaks an assertion keyword where it certainly applies (see {@link InvalidInstance}),
     * confirmed by the schema's grammar rejecting the result. A schema that allows every value
     * (such as {@code {}}) has no invalid instance, and jqwik reports too many filter misses; so
     * does a schema whose constraints sit only under {@code anyOf}, {@code oneOf}, {@code not} or
     * conditionals, where no change is certain to break it.
     *
     * @throws io.github.kbnf4j.jsonschema.JsonSchemaException if the text is not JSON or the schema is refused
     */
    public static Arbitrary<InvalidInstance> invalidInstances(String schemaJson) {
        return invalidInstances(JsonSchemaGrammar.parse(JsonSchemaGrammar.DEFAULT_SOURCE, schemaJson));
    }

    /** Invalid instances of {@code schema} (see {@link #invalidInstances(String)}). */
    public static Arbitrary<InvalidInstance> invalidInstances(JsonNode schema) {
        return invalidInstances(schema, JsonSchemaOptions.DEFAULT);
    }

    /** Invalid instances of {@code schema} compiled with {@code options}. */
    public static Arbitrary<InvalidInstance> invalidInstances(JsonNode schema, JsonSchemaOptions options) {
        PreparedGrammar grammar = compile(schema, options);
        InstanceMutator mutator = new InstanceMutator(schema, options.defaultDraft());
        return Combinators.combine(SentenceArbitrary.bytes(grammar), SentenceArbitrary.choice(), SentenceArbitrary.choice())
                .as((sentence, kind, change) -> pick(grammar, mutator, sentence, kind, change))
                .filter(Optional::isPresent).map(Optional::get);
    }

    /**
     * One confirmed change of {@code sentence}: a kind of violation first (each kind the instance
     * offers equally likely, so that rare kinds are not drowned by the many type changes), then a
     * change of that kind; the next one in turn if the grammar accepts it, so that usually one
     * recognizer run is enough. Empty if the instance offers no confirmed change, or its numbers
     * are beyond what a tree can hold exactly.
     */
    private static Optional<InvalidInstance> pick(PreparedGrammar grammar, InstanceMutator mutator, byte[] sentence,
            int kindChoice, int changeChoice) {
        Optional<JsonNode> instance = Json.tryRead(sentence);
        if (instance.isEmpty()) {
            return Optional.empty();
        }
        Map<InvalidInstance.Violation, List<InstanceMutator.Candidate>> byKind = new EnumMap<>(InvalidInstance.Violation.class);
        for (InstanceMutator.Candidate c : mutator.candidates(instance.get())) {
            byKind.computeIfAbsent(c.violation(), k -> new ArrayList<>()).add(c);
        }
        List<List<InstanceMutator.Candidate>> kinds = new ArrayList<>(byKind.values());
        int firstKind = Edits.scale(kindChoice, kinds.size());
        for (int k = 0; k < kinds.size(); k++) {
            List<InstanceMutator.Candidate> changes = kinds.get((firstKind + k) % kinds.size());
            int first = Edits.scale(changeChoice, changes.size());
            for (int i = 0; i < changes.size(); i++) {
                InstanceMutator.Candidate c = changes.get((first + i) % changes.size());
                String text = Json.compact(c.instance());
                if (!grammar.accepts(text.getBytes(StandardCharsets.UTF_8))) {
                    return Optional.of(new InvalidInstance(text, c.instance(), c.violation(), c.pointer(), c.detail()));
                }
            }
        }
        return Optional.empty();
    }

    private static PreparedGrammar compile(JsonNode schema, JsonSchemaOptions options) {
        Objects.requireNonNull(schema, "schema");
        CompiledGrammar g = JsonSchemaGrammar.compile(schema, options.withMaxWhitespace(0));
        return new PreparedGrammar(g);
    }
}
