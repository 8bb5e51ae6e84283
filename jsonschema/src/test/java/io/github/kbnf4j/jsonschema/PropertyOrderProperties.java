package io.github.kbnf4j.jsonschema;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.ValidationMessage;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.testdata.Sentences;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Any order, checked against networknt as an independent oracle: a sentence of a schema's
 * any-order grammar is an instance for networknt, and with the members of every object shuffled it
 * still is (order means nothing in JSON Schema) and the grammar accepts it too, unless one of its
 * objects had more properties than {@link JsonSchemaOptions#maxOrderStates()} allows in any order
 * and was cut into blocks (a warning says so; those schemas are left out). The grammars are
 * {@link PropertyOrder#ANY_REPEATABLE}'s, which are {@link PropertyOrder#ANY}'s within the budget
 * and past it keep any order by letting optional properties repeat: a sentence that repeats a key
 * cannot be shuffled (a parser would keep one) and is skipped, the others must stay accepted. And
 * past a tight budget, every sentence of {@link PropertyOrder#ANY}'s grammar (blocks in order) is
 * accepted by {@link PropertyOrder#ANY_REPEATABLE}'s (any order). The schemas are those of
 * {@link NetworkntOracleProperties} (the official suite and a seeded MaskBench sample), compiled
 * again with properties in any order, a few at a time (the grammars of a thousand schemas would
 * not fit the test heap).
 */
class PropertyOrderProperties {
    private static final JsonFactory STRICT = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The any-order grammars compiled last, by case. */
    private static final Map<NetworkntOracleProperties.Case, Optional<CompiledGrammar>> GRAMMARS =
            Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<NetworkntOracleProperties.Case,
                        Optional<CompiledGrammar>> eldest) {
                    return size() > 32;
                }
            });

    /** The case's grammar with properties in any order; empty if refused or past the state budget. */
    static Optional<CompiledGrammar> anyOrder(NetworkntOracleProperties.Case c) {
        return GRAMMARS.computeIfAbsent(c, k -> {
            try {
                CompiledGrammar g = JsonSchemaGrammar.compile(k.schema(), k.options()
                        .withPropertyOrder(PropertyOrder.ANY_REPEATABLE));
                boolean blocks = g.warnings().stream().anyMatch(w -> w.message().contains("within blocks of"));
                return blocks || !Sentences.hasSentences(g) ? Optional.empty() : Optional.of(g);
            } catch (JsonSchemaException e) {
                return Optional.empty();
            }
        });
    }

    record Shuffled(NetworkntOracleProperties.Case schema, CompiledGrammar grammar, String original, String text) {
        @Override
        public String toString() {
            return schema.name() + ":\n  generated " + original + "\n  shuffled  " + text + "\n  schema: "
                    + schema.schema();
        }
    }

    @Provide
    Arbitrary<Shuffled> shuffled() throws IOException {
        List<NetworkntOracleProperties.Case> all = new ArrayList<>();
        for (NetworkntOracleProperties.Case c : NetworkntOracleProperties.cases()) {
            String text = c.schema().toString();
            if (text.contains("\"properties\"") || text.contains("\"const\"") || text.contains("\"enum\"")) {
                all.add(c); // others have no object whose order is constrained
            }
        }
        if (all.isEmpty()) {
            return Arbitraries.just(null);
        }
        return Arbitraries.of(all).flatMap(c -> {
            CompiledGrammar g = anyOrder(c).orElse(null);
            if (g == null) {
                return Arbitraries.just(null);
            }
            return Combinators.combine(Sentences.of(g, 24, 400), Arbitraries.longs()).as((b, seed) -> {
                String text = new String(b, StandardCharsets.UTF_8);
                return new Shuffled(c, g, text, shuffle(text, new Random(seed)));
            });
        });
    }

    @Property(tries = 200, seed = "20261124")
    void shuffledMembersStayAccepted(@ForAll("shuffled") Shuffled s) throws IOException {
        Statistics.collect(s == null ? "no any-order grammar" : s.text() == null ? "a key repeats"
                : s.text().equals(s.original()) ? "checked, order unchanged" : "checked, shuffled");
        if (s == null || s.text() == null) {
            return; // no case, or a sentence that repeats a key (a parser would keep one)
        }
        Set<ValidationMessage> errors;
        try {
            errors = s.schema().oracle().validate(MAPPER.readTree(s.text()));
        } catch (com.networknt.schema.JsonSchemaException | NumberFormatException e) {
            return; // networknt cannot decide here (see NetworkntOracleProperties)
        }
        if (!errors.isEmpty()) {
            // Either the any-order grammar made an invalid sentence, or networknt departs from the
            // specification (see NetworkntOracleProperties): the original must be judged alike.
            Set<ValidationMessage> original = s.schema().oracle().validate(MAPPER.readTree(s.original()));
            assertTrue(!original.isEmpty(), () -> "networknt rejects only the shuffled " + s + "\n  because " + errors);
            return;
        }
        assertTrue(Schemas.accepts(s.grammar(), s.text()), () -> "rejects " + s);
    }

    /** A budget of 4 states: nearly every object with properties is past it. */
    private static final int TIGHT_BUDGET = 4;

    /** A case's grammars under {@link #TIGHT_BUDGET}, {@link PropertyOrder#ANY}'s and the repeatable one, and a sentence. */
    record TightPair(NetworkntOracleProperties.Case schema, CompiledGrammar any, CompiledGrammar repeatable,
            String text) {
        @Override
        public String toString() {
            return schema.name() + ":\n  sentence " + text + "\n  schema: " + schema.schema();
        }
    }

    @Provide
    Arbitrary<TightPair> tightPairs() throws IOException {
        List<NetworkntOracleProperties.Case> all = new ArrayList<>();
        for (NetworkntOracleProperties.Case c : NetworkntOracleProperties.cases()) {
            if (c.schema().toString().contains("\"properties\"")) {
                all.add(c);
            }
        }
        if (all.isEmpty()) {
            return Arbitraries.just(null);
        }
        return Arbitraries.of(all).flatMap(c -> {
            CompiledGrammar any = tight(c, PropertyOrder.ANY);
            CompiledGrammar repeatable = any == null ? null : tight(c, PropertyOrder.ANY_REPEATABLE);
            if (repeatable == null || !Sentences.hasSentences(any)) {
                return Arbitraries.just(null);
            }
            return Sentences.of(any, 24, 400).map(b -> new TightPair(c, any, repeatable,
                    new String(b, StandardCharsets.UTF_8)));
        });
    }

    private static CompiledGrammar tight(NetworkntOracleProperties.Case c, PropertyOrder order) {
        try {
            return JsonSchemaGrammar.compile(c.schema(), c.options().withMaxOrderStates(TIGHT_BUDGET)
                    .withPropertyOrder(order));
        } catch (JsonSchemaException e) {
            return null;
        }
    }

    /**
     * Past the budget {@link PropertyOrder#ANY} keeps blocks of declared properties in order and
     * {@link PropertyOrder#ANY_REPEATABLE} any order (or the same blocks where it cannot), so
     * every object the first accepts the second accepts too: on sentences of the first, with a
     * budget of 4 states so that most objects are past it.
     */
    @Property(tries = 200, seed = "20261129")
    void anyRepeatableAcceptsWhatAnyAccepts(@ForAll("tightPairs") TightPair p) {
        Statistics.collect(p == null ? "no grammar" : "checked");
        if (p != null) {
            assertTrue(Schemas.accepts(p.repeatable(), p.text()), () -> "rejects " + p);
        }
    }

    /**
     * The JSON text with the members of each object in a random order, compact; numbers as written,
     * strings with every non-ASCII character escaped (the same value in another spelling). Null if
     * an object repeats a key.
     */
    static String shuffle(String text, Random random) {
        try (JsonParser p = STRICT.createParser(text)) {
            p.nextToken();
            StringBuilder out = new StringBuilder();
            write(p, random, out);
            return out.toString();
        } catch (IOException e) {
            return null;
        }
    }

    private static void write(JsonParser p, Random random, StringBuilder out) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                List<String> members = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_OBJECT) {
                    StringBuilder m = new StringBuilder();
                    quote(p.currentName(), m);
                    m.append(':');
                    p.nextToken();
                    write(p, random, m);
                    members.add(m.toString());
                }
                Collections.shuffle(members, random);
                out.append('{').append(String.join(",", members)).append('}');
            }
            case START_ARRAY -> {
                out.append('[');
                boolean first = true;
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    if (!first) {
                        out.append(',');
                    }
                    first = false;
                    write(p, random, out);
                }
                out.append(']');
            }
            case VALUE_STRING -> quote(p.getText(), out);
            default -> out.append(p.getText()); // numbers as written, true, false, null
        }
    }

    private static void quote(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7E) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        out.append('"');
    }
}
