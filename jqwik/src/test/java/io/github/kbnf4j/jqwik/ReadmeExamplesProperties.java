package io.github.kbnf4j.jqwik;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The three examples of the README's "Property-based testing" section, as they are written there. */
class ReadmeExamplesProperties {
    // ---- 1. a JSON parser against the built-in json grammar

    static final ObjectMapper MAPPER = new ObjectMapper();
    static final CompiledGrammar JSON = GrammarArbitraries.grammar("json");

    @Property
    void jacksonReadsEveryJsonTextAndWritesJson(@ForAll @FromGrammar(builtin = "json") String text) throws Exception {
        String written = MAPPER.writeValueAsString(MAPPER.readTree(text));
        Recognizer r = new Recognizer(JSON);
        assertTrue(r.pushAll(written.getBytes(StandardCharsets.UTF_8)) && r.isAccepting(), written);
    }

    // ---- 2. a Jackson DTO with schema instances

    record Order(String id, int quantity, BigDecimal price, String status, String note, List<String> tags) {
    }

    @Property
    void ordersSurviveARoundTrip(@ForAll @FromSchema(file = "schemas/order.json") String json) throws Exception {
        Order order = MAPPER.readValue(json, Order.class);
        assertEquals(order, MAPPER.readValue(MAPPER.writeValueAsString(order), Order.class));
        assertTrue(order.quantity() >= 1 && order.quantity() <= 99, json);
    }

    // ---- 3. a hand-written parser against its grammar

    static final String SUM = """
            start ::= num { " + " num } ;
            num   ::= #"[1-9][0-9]?" ;
            """;

    /** The parser under test: what it accepts must be exactly the grammar's sentences. */
    static boolean parseSum(byte[] in) {
        int i = 0;
        while (true) {
            if (i >= in.length || in[i] < '1' || in[i] > '9') {
                return false;
            }
            i++;
            if (i < in.length && in[i] >= '0' && in[i] <= '9') {
                i++;
            }
            if (i == in.length) {
                return true;
            }
            if (i + 3 > in.length || in[i] != ' ' || in[i + 1] != '+' || in[i + 2] != ' ') {
                return false;
            }
            i += 3;
        }
    }

    @Provide
    Arbitrary<NearMiss> sums() {
        return GrammarArbitraries.nearMisses(GrammarArbitraries.grammar(SUM));
    }

    @Property
    void theParserAgreesWithTheGrammar(@ForAll("sums") NearMiss input) {
        assertEquals(input.verdict() == NearMiss.Verdict.SENTENCE, parseSum(input.input()), input::toString);
    }
}
