package io.github.kbnf4j.jsonschema.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.jsonschema.FormatMode;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.testdata.SharedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Sharing automata across compilations changes no grammar: every case translates to the same KBNF
 * (or the same refusal, with its own source and pointer) as when it is translated alone with a
 * cache of its own, whatever was compiled before it, in whatever order, from two threads at once,
 * and with a cache so small that it evicts all the time.
 */
class AutomatonCacheTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Strings with patterns, formats and lengths; numbers with bounds; enums; keys; negations. */
    private static final List<String> SCHEMAS = List.of(
        "{\"type\":\"string\"}",
        "{\"type\":\"string\",\"format\":\"date-time\"}",
        "{\"type\":\"string\",\"format\":\"email\",\"maxLength\":40}",
        "{\"type\":\"string\",\"format\":\"time\",\"minLength\":10}",
        "{\"type\":\"string\",\"pattern\":\"^[a-z]+$\",\"minLength\":2,\"maxLength\":8}",
        "{\"type\":\"string\",\"pattern\":\"[0-9a-fA-F]+\",\"minLength\":12,\"maxLength\":12}",
        "{\"type\":\"string\",\"pattern\":\"^(a|b)*c{3}$\",\"format\":\"hostname\"}",
        "{\"type\":\"string\",\"pattern\":\"^x{40}$\"}",
        "{\"type\":\"string\",\"pattern\":\"(?<=a)b\"}",
        "{\"type\":\"string\",\"maxLength\":1000}",
        "{\"type\":\"string\",\"minLength\":300}",
        "{\"type\":\"string\",\"format\":\"no-such-format\"}",
        "{\"type\":\"integer\",\"minimum\":0,\"maximum\":150}",
        "{\"type\":\"number\",\"exclusiveMinimum\":0.5,\"multipleOf\":0.25}",
        "{\"type\":\"integer\",\"multipleOf\":7,\"minimum\":-100}",
        "{\"$schema\":\"http://json-schema.org/draft-04/schema#\",\"type\":\"number\",\"maximum\":10,"
            + "\"exclusiveMaximum\":true}",
        "{\"enum\":[\"red\",\"green\",1,2.5,null,true]}",
        "{\"const\":{\"a\":[1,\"x\"]}}",
        "{\"type\":\"string\",\"not\":{\"enum\":[\"a\",\"b\"]}}",
        "{\"not\":{\"type\":\"string\",\"format\":\"uuid\"}}",
        "{\"not\":{\"type\":\"number\",\"minimum\":3}}",
        "{\"oneOf\":[{\"type\":\"string\",\"pattern\":\"^a\"},{\"type\":\"string\",\"pattern\":\"^b\"}]}",
        "{\"anyOf\":[{\"type\":\"string\",\"format\":\"ipv4\"},{\"type\":\"string\",\"format\":\"ipv6\"},"
            + "{\"type\":\"number\",\"minimum\":-1e3}]}",
        "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"id\":{\"type\":\"integer\"},"
            + "\"type\":{\"enum\":[\"x\",\"y\"]}},\"required\":[\"name\",\"id\"],\"additionalProperties\":false}",
        "{\"type\":\"object\",\"patternProperties\":{\"^x-\":{\"type\":\"string\"},\"^[0-9]+$\":{\"type\":\"number\"}},"
            + "\"propertyNames\":{\"pattern\":\"^[a-z0-9_-]+$\",\"maxLength\":20},"
            + "\"additionalProperties\":{\"type\":\"integer\"},\"properties\":{\"name\":{\"format\":\"uri\"}}}",
        "{\"type\":\"array\",\"items\":{\"type\":\"string\",\"format\":\"uri\"},\"minItems\":1,\"maxItems\":3}",
        "{\"$defs\":{\"name\":{\"type\":\"string\",\"minLength\":1}},\"type\":\"object\",\"properties\":{"
            + "\"first\":{\"$ref\":\"#/$defs/name\"},\"last\":{\"$ref\":\"#/$defs/name\"},"
            + "\"tags\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/name\"}}}}",
        "{\"if\":{\"type\":\"string\",\"maxLength\":3},\"then\":{\"pattern\":\"^[A-Z]+$\"},"
            + "\"else\":{\"format\":\"date\"}}");

    /** The options the cases run under; the small limits make some automata too big. */
    private static final List<JsonSchemaOptions> OPTIONS = List.of(
        JsonSchemaOptions.DEFAULT,
        JsonSchemaOptions.DEFAULT.withLenient(true).withFormats(FormatMode.ANNOTATE),
        JsonSchemaOptions.DEFAULT.withGrammarOptions(GrammarOptions.DEFAULT.withMaxDfaStates(120)),
        JsonSchemaOptions.DEFAULT.withGrammarOptions(GrammarOptions.DEFAULT.withMaxRepetition(30)));

    /** How many MaskBench schemas join the cases (when the shared corpus is here). */
    private static final int CORPUS_SCHEMAS = 40;

    record Case(String source, JsonNode schema, JsonSchemaOptions options) {
    }

    private static List<Case> cases;
    /** Each case translated alone, with a cache of its own: the grammars before sharing. */
    private static List<String> expected;

    @BeforeAll
    static void translateEachAlone() throws IOException {
        cases = new ArrayList<>();
        for (int o = 0; o < OPTIONS.size(); o++) {
            for (int i = 0; i < SCHEMAS.size(); i++) {
                cases.add(new Case("case" + i + "-" + o + ".json", JsonSchemaGrammar.parse("s", SCHEMAS.get(i)),
                        OPTIONS.get(o)));
            }
        }
        Path corpus = SharedFiles.locate("shared/corpus/maskbench-schemas/Github_medium.jsonl", AutomatonCacheTest.class);
        if (corpus != null) {
            List<String> lines = Files.readAllLines(corpus, StandardCharsets.UTF_8);
            for (String line : lines.subList(0, Math.min(CORPUS_SCHEMAS, lines.size()))) {
                JsonNode n = MAPPER.readTree(line);
                String file = n.get("file").asText();
                cases.add(new Case(file, JsonSchemaGrammar.parse(file, n.get("schema").toString()),
                        JsonSchemaOptions.DEFAULT));
            }
        }
        expected = new ArrayList<>();
        for (Case c : cases) {
            expected.add(outcome(c, new AutomatonCache(AutomatonCache.DEFAULT_MAX_BYTES)));
        }
    }

    /** The KBNF and warnings of a case, or its refusal (source, pointer, reason) or crash. */
    private static String outcome(Case c, AutomatonCache automata) {
        try {
            SchemaGrammar g = SchemaCompiler.translate(c.source(), c.schema(), c.options(), automata);
            return g.kbnf() + "\nwarnings: " + g.warnings();
        } catch (JsonSchemaException e) {
            return "refused: " + e.getMessage();
        } catch (RuntimeException e) {
            return "crashed: " + e;
        }
    }

    private static List<Integer> order(long seed) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            order.add(i);
        }
        if (seed < 0) {
            Collections.reverse(order);
        } else if (seed > 0) {
            Collections.shuffle(order, new Random(seed));
        }
        return order;
    }

    private static void assertPass(AutomatonCache automata, List<Integer> order, String what) {
        for (int i : order) {
            assertEquals(expected.get(i), outcome(cases.get(i), automata), what + ": " + cases.get(i).source());
        }
    }

    @Test
    void theCasesCoverRefusalsAndGrammars() {
        assertTrue(expected.stream().anyMatch(s -> s.contains("maxDfaStates")), "a case goes over the state limit");
        assertTrue(expected.stream().anyMatch(s -> s.startsWith("refused: ") && s.contains("pattern")));
        assertTrue(expected.stream().filter(s -> !s.startsWith("refused: ") && !s.startsWith("crashed: ")).count()
                > SCHEMAS.size(), "most cases compile");
    }

    @Test
    void coldThenWarmInEveryOrderGivesTheSameGrammars() {
        AutomatonCache automata = new AutomatonCache(AutomatonCache.DEFAULT_MAX_BYTES);
        assertPass(automata, order(0), "cold");
        long hitsCold = automata.stats().hitCount();
        assertPass(automata, order(-1), "warm, reversed");
        assertPass(automata, order(7), "warm, shuffled");
        assertTrue(automata.stats().hitCount() > hitsCold, "warm passes find their automata");
        assertTrue(automata.weightedBytes() <= automata.maximumBytes());
    }

    @Test
    void twoThreadsAtOnceGiveTheSameGrammars() throws Exception {
        AutomatonCache automata = new AutomatonCache(AutomatonCache.DEFAULT_MAX_BYTES);
        for (String phase : List.of("cold", "warm")) {
            CyclicBarrier start = new CyclicBarrier(2);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<?>> runs = new ArrayList<>();
                for (long seed : new long[] {0, 11}) {
                    runs.add(pool.submit(() -> {
                        start.await();
                        assertPass(automata, order(seed), phase + ", thread with order " + seed);
                        return null;
                    }));
                }
                for (Future<?> run : runs) {
                    run.get();
                }
            } finally {
                pool.shutdown();
            }
        }
    }

    @Test
    void theProcessWideCacheGivesTheSameGrammars() {
        for (int round = 0; round < 2; round++) {
            for (int i : order(round == 0 ? 0 : 3)) {
                Case c = cases.get(i);
                String got;
                try {
                    got = JsonSchemaGrammar.toKbnf(c.source(), c.schema(), c.options());
                } catch (JsonSchemaException e) {
                    got = "refused: " + e.getMessage();
                } catch (RuntimeException e) {
                    got = "crashed: " + e;
                }
                String want = expected.get(i);
                assertEquals(want.startsWith("refused: ") || want.startsWith("crashed: ") ? want
                        : want.substring(0, want.lastIndexOf("\nwarnings: ")), got, c.source());
            }
        }
    }

    @Test
    void aCacheThatEvictsAllTheTimeGivesTheSameGrammars() {
        // 2 KiB holds one small automaton at a time.
        AutomatonCache automata = new AutomatonCache(2048);
        assertPass(automata, order(0), "tiny, first pass");
        assertPass(automata, order(5), "tiny, second pass");
        assertTrue(automata.stats().evictionCount() > 0, "the tiny cache evicted");
        assertTrue(automata.weightedBytes() <= 2048);
    }

    @Test
    void limitsArePartOfTheKey() {
        Case big = new Case("big.json", JsonSchemaGrammar.parse("s", "{\"format\":\"date-time\"}"),
                JsonSchemaOptions.DEFAULT);
        Case small = new Case("small.json", big.schema(), OPTIONS.get(2));
        AutomatonCache automata = new AutomatonCache(AutomatonCache.DEFAULT_MAX_BYTES);
        // built under the default limit first: the smaller limit must still refuse, and then still allow
        String allowed = outcome(big, automata);
        assertTrue(!allowed.startsWith("refused: "), allowed);
        String refused = outcome(small, automata);
        assertEquals("refused: small.json#/format: the automaton for this keyword needs more than 120 states "
                + "(limit " + Languages.STATE_LIMIT + ")", refused);
        assertEquals(allowed, outcome(big, automata));
        assertEquals(refused, outcome(small, automata));
    }

    @Test
    void aRefusalNamesTheSchemaThatHitsTheLimitNotOneBefore() {
        AutomatonCache automata = new AutomatonCache(AutomatonCache.DEFAULT_MAX_BYTES);
        JsonSchemaOptions small = OPTIONS.get(2);
        JsonNode a = JsonSchemaGrammar.parse("s", "{\"properties\":{\"a\":{\"format\":\"date-time\"}}}");
        JsonNode b = JsonSchemaGrammar.parse("s", "{\"items\":{\"format\":\"date-time\"}}");
        for (int round = 0; round < 2; round++) {
            JsonSchemaException ea = assertThrows(JsonSchemaException.class,
                    () -> SchemaCompiler.translate("a.json", a, small, automata));
            assertEquals("a.json", ea.source());
            assertEquals("/properties/a/format", ea.pointer());
            JsonSchemaException eb = assertThrows(JsonSchemaException.class,
                    () -> SchemaCompiler.translate("b.json", b, small, automata));
            assertEquals("b.json", eb.source());
            assertEquals("/items/format", eb.pointer());
        }
    }

    @Test
    void weightsGrowWithTheAutomatonAndCountItsKey() {
        ByteDfa utf8 = Constructions.validUtf8();
        ByteDfa a = ByteDfa.literal("a".getBytes(StandardCharsets.UTF_8));
        long small = AutomatonCache.bytes(a);
        long large = AutomatonCache.bytes(utf8);
        assertTrue(small > 0 && small < large, small + " < " + large);
        // "a": 2 states, 2 byte classes ('a' and the rest): 2 × 2 ints, 2 flags and 2 × 4 longs of live bytes
        assertEquals(96 + 4 * 256 + 2 * (4 * 2 + 1 + 32), small);
        // 8 states: the table holds at most 8 × 256 ints, plus the class map, the flags and the live bytes
        assertTrue(large <= 96 + 4 * 256 + 8 * (4 * 256 + 1 + 32), String.valueOf(large));
        AutomatonCache.Key key = new AutomatonCache.Key("quoted", List.of(utf8), 20_000, 10_000);
        assertTrue(AutomatonCache.entryBytes(key, a) >= large + small);
    }
}
