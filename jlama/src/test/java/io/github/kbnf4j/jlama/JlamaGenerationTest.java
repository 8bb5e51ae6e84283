package io.github.kbnf4j.jlama;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.kbnf4j.decode.Answer;
import io.github.kbnf4j.decode.ChatMessage;
import io.github.kbnf4j.decode.ConstrainedDecoder;
import io.github.kbnf4j.decode.Generation;
import io.github.kbnf4j.decode.GenerationOptions;
import io.github.kbnf4j.decode.SamplingOptions;
import io.github.kbnf4j.decode.StopReason;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.jsonschema.AnswerException;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.TypedGrammar;
import io.github.kbnf4j.testdata.ExampleGrammars;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Constrained generation with Jlama end to end: a tiny random Llama model written by the test,
 * stepped by kbnf4j's decoder under JSON Schemas (from records and raw) and KBNF grammars, for many
 * seeds. Whatever the random model prefers, every output follows its grammar, every complete one
 * parses into its type, and a token limit is reported as such.
 */
class JlamaGenerationTest {
    enum Colour { RED, GREEN, BLUE }

    record Paint(Colour colour, boolean glossy, int coats) {}

    record Address(String city, int zip) {}

    record Person(String name, int age, Address address, List<Colour> favourites) {}

    private static final JsonSchemaOptions COMPACT = JsonSchemaOptions.DEFAULT.withMaxWhitespace(1);
    private static final TypedGrammar<Paint> PAINT = TypedGrammar.of(Paint.class, COMPACT);
    private static final TypedGrammar<Person> PERSON = TypedGrammar.of(Person.class, COMPACT);
    private static final CompiledGrammar CODE = JsonSchemaGrammar.compile("code.json", JsonSchemaGrammar.parse(
            "code.json", """
            {"type": "object", "properties": {
               "code": {"type": "string", "pattern": "^[A-Z]{2}-[0-9]{3}$"},
               "level": {"enum": ["low", "high"]}},
             "required": ["code", "level"], "additionalProperties": false}
            """), COMPACT);
    private static final CompiledGrammar WORDS = Grammar.compile("words.kbnf",
            "start ::= #\"[a-z]+\" (\" \" #\"[a-z]+\")* ;");
    private static final CompiledGrammar YES_NO = Grammar.compile("yes.kbnf", "start ::= \"yes\" | \"no\" ;");

    private static final List<ChatMessage> PROMPT = List.of(ChatMessage.user("Answer in JSON: who is Ada?"));

    private static GenerationOptions options(long seed, int maxTokens) {
        return new GenerationOptions(maxTokens, SamplingOptions.DEFAULT.withSeed(seed), seed % 2 == 0);
    }

    /** Checks what a stop reason promises: a complete sentence at EOS or completion, a prefix otherwise. */
    static void assertFollows(CompiledGrammar grammar, Generation g) {
        Recognizer r = new Recognizer(grammar);
        byte[] bytes = g.bytes();
        assertEquals(bytes.length, r.push(bytes, 0, bytes.length), () -> "not a prefix of the grammar: " + g);
        switch (g.stopReason()) {
            case END_OF_SEQUENCE -> assertTrue(r.isAccepting(), "stopped at EOS but incomplete: " + g);
            case GRAMMAR_COMPLETE -> assertTrue(r.isAccepting() && !r.canContinue(), "not complete: " + g);
            case MAX_TOKENS -> assertFalse(g.tokenCount() == 0);
            case NO_ALLOWED_TOKEN -> throw new AssertionError("the vocabulary has bytes for every grammar here: " + g);
        }
    }

    /** Generates under each grammar for {@code seeds} seeds; returns how many outputs stopped at EOS. */
    private static int generateUnderGrammars(JlamaLanguageModel model, List<CompiledGrammar> grammars, int seeds,
            int maxTokens) {
        ConstrainedDecoder decoder = new ConstrainedDecoder(model);
        int[] prompt = model.encodeConversation(PROMPT);
        int complete = 0;
        int total = 0;
        int eos = 0;
        for (CompiledGrammar grammar : grammars) {
            for (long seed = 0; seed < seeds; seed++) {
                Generation g = decoder.generate(prompt, grammar, options(seed, maxTokens));
                assertFollows(grammar, g);
                total++;
                if (g.stopReason() != StopReason.MAX_TOKENS) {
                    complete++;
                    assertNotNull(g.text());
                }
                if (g.stopReason() == StopReason.END_OF_SEQUENCE) {
                    eos++;
                }
            }
        }
        assertTrue(complete >= total / 2, complete + " of " + total + " complete: the test means little");
        return eos;
    }

    /** Answers of {@code type} for {@code seeds} seeds: each parses, or is reported as cut by the limit. */
    private static <T> int answers(JlamaLanguageModel model, TypedGrammar<T> type, int seeds, int maxTokens,
            Consumer<T> check) {
        ConstrainedDecoder decoder = new ConstrainedDecoder(model);
        int[] prompt = model.encodeConversation(PROMPT);
        int read = 0;
        for (long seed = 0; seed < seeds; seed++) {
            try {
                Answer<T> a = decoder.answer(prompt, type, options(seed, maxTokens));
                check.accept(a.value());
                assertTrue(a.generation().stopReason() == StopReason.END_OF_SEQUENCE
                        || a.generation().stopReason() == StopReason.GRAMMAR_COMPLETE, a.generation().toString());
                assertEquals(a.value(), type.parse(a.generation().text()));
                read++;
            } catch (AnswerException e) {
                assertEquals(AnswerException.Kind.INCOMPLETE, e.kind(), e.getMessage());
                assertTrue(e.getMessage().startsWith("generation reached its limit of " + maxTokens
                        + " tokens (GenerationOptions.maxTokens)"), e.getMessage());
            }
        }
        return read;
    }

    @Test
    void everyOutputFollowsItsGrammarAndSomeStopAtEndOfSequence() {
        int eos = generateUnderGrammars(TestModels.small(),
                List.of(CODE, WORDS, YES_NO, ExampleGrammars.compile("arithmetic")), 12, 48);
        assertTrue(eos > 0, "no generation chose the end-of-sequence token");
    }

    @Test
    void typedAnswersParseIntoTheirTypes() {
        JlamaLanguageModel model = TestModels.small();
        // A random model spells keys with Unicode escapes as readily as plainly, and strings run long: the
        // limits leave room for that, and the checks ask for a share of complete answers only.
        int paints = answers(model, PAINT, 12, 128, p -> assertNotNull(p.colour()));
        assertTrue(paints >= 6, paints + " of 12 paints read");
        int people = answers(model, PERSON, 10, 256, p -> {
            assertNotNull(p.name());
            assertNotNull(p.address());
            assertNotNull(p.favourites());
        });
        assertTrue(people >= 3, people + " of 10 people read");
    }

    @Test
    void aTokenLimitIsReported() {
        JlamaLanguageModel model = TestModels.small();
        ConstrainedDecoder decoder = new ConstrainedDecoder(model);
        Generation g = decoder.generate(model.encodeConversation(PROMPT), PERSON.grammar(), options(3, 4));
        assertEquals(StopReason.MAX_TOKENS, g.stopReason());
        assertEquals(4, g.tokenCount());
        assertFollows(PERSON.grammar(), g);
        assertEquals(0, answers(model, PERSON, 3, 4, p -> { }), "4 tokens cannot hold a person");
    }

    @Test
    void overlapGivesTheSameTokensAsNoOverlap() {
        JlamaLanguageModel model = TestModels.small();
        ConstrainedDecoder decoder = new ConstrainedDecoder(model);
        int[] prompt = model.encodeConversation(PROMPT);
        for (long seed = 0; seed < 4; seed++) {
            GenerationOptions o = new GenerationOptions(40, SamplingOptions.DEFAULT.withSeed(seed).withTopP(0.9), false);
            Generation off = decoder.generate(prompt, PERSON.grammar(), o);
            Generation on = decoder.generate(prompt, PERSON.grammar(), o.withOverlap(true));
            assertArrayEquals(off.tokenIds(), on.tokenIds(), "seed " + seed);
        }
    }

    @Test
    void withLlama3sTokenizerToo() {
        JlamaLanguageModel model = TestModels.llama3(JlamaGenerationTest.class);
        assumeTrue(model != null, "no ../shared/vocab/llama3");
        // fewer grammars and seeds: a step's mask covers 128,256 tokens here
        generateUnderGrammars(model, List.of(CODE, WORDS), 3, 48);
        int paints = answers(model, PAINT, 3, 128, p -> assertNotNull(p.colour()));
        assertTrue(paints >= 1, paints + " of 3 paints read");
    }
}
