package io.github.kbnf4j.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.decode.scripted.AdversarialModel;
import io.github.kbnf4j.decode.scripted.RandomLogitsModel;
import io.github.kbnf4j.decode.scripted.ScriptedModel;
import io.github.kbnf4j.decode.scripted.TestVocabularies;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.jsonschema.AnswerException;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.TypedGrammar;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Vocabulary;
import io.github.kbnf4j.testdata.ExampleGrammars;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConstrainedDecoderTest {
    /** Closing bytes of JSON and arithmetic, favoured so that random outputs end within the budget. */
    private static final String CLOSERS = "\"}]1,";

    enum Colour { RED, GREEN, BLUE }

    record Address(String city, int zip) {}

    record Person(String name, int age, Colour favourite, Address address, List<String> tags,
            Optional<String> email) {}

    private static final Vocabulary BYTES = TestVocabularies.byteLevel();
    private static final TypedGrammar<Person> PERSON =
            TypedGrammar.of(Person.class, JsonSchemaOptions.DEFAULT.withMaxWhitespace(1));

    private static RandomLogitsModel randomModel(long seed) {
        return new RandomLogitsModel(BYTES, seed, 4f, 8f).favouring(CLOSERS, 4f);
    }

    private static GenerationOptions options(long seed, boolean overlap) {
        return new GenerationOptions(400, SamplingOptions.DEFAULT.withSeed(seed), overlap);
    }

    private static List<CompiledGrammar> grammars() {
        return List.of(PERSON.grammar(), ExampleGrammars.compile("arithmetic"),
                Grammar.builtin(Grammar.jsonWithWhitespace(1), GrammarOptions.DEFAULT));
    }

    /** Checks what a stop reason promises: complete sentences end at EOS or completion, prefixes otherwise. */
    private static void assertFollowsGrammar(CompiledGrammar grammar, Generation g) {
        Recognizer r = new Recognizer(grammar);
        byte[] bytes = g.bytes();
        assertEquals(bytes.length, r.push(bytes, 0, bytes.length), () -> "not a prefix of the grammar: " + g);
        switch (g.stopReason()) {
            case END_OF_SEQUENCE -> assertTrue(r.isAccepting(), "stopped at EOS but incomplete");
            case GRAMMAR_COMPLETE -> assertTrue(r.isAccepting() && !r.canContinue(), "not complete");
            case MAX_TOKENS -> assertTrue(g.tokenCount() > 0);
            case NO_ALLOWED_TOKEN -> assertFalse(r.isAccepting());
        }
    }

    @Test
    void everyOutputFollowsItsGrammarForManySeeds() {
        int complete = 0;
        int total = 0;
        for (CompiledGrammar grammar : grammars()) {
            for (long seed = 0; seed < 25; seed++) {
                ScriptedModel model = randomModel(seed);
                ConstrainedDecoder decoder = new ConstrainedDecoder(model);
                Generation g = decoder.generate(model.encode("prompt " + seed), grammar, options(seed, seed % 2 == 0));
                assertFollowsGrammar(grammar, g);
                total++;
                if (g.stopReason() == StopReason.END_OF_SEQUENCE || g.stopReason() == StopReason.GRAMMAR_COMPLETE) {
                    complete++;
                    g.text(); // these grammars are UTF-8 text: a complete output decodes
                }
                assertEquals(0, model.openSessions());
            }
        }
        // The test means something only if most outputs are complete sentences.
        assertTrue(complete >= total * 3 / 4, complete + " of " + total + " complete");
    }

    @Test
    void typedAnswersParseIntoTheirTypeForManySeeds() {
        int read = 0;
        for (long seed = 0; seed < 40; seed++) {
            ScriptedModel model = randomModel(seed);
            ConstrainedDecoder decoder = new ConstrainedDecoder(model);
            try {
                Answer<Person> a = decoder.answer(model.encode("who?"), PERSON, options(seed, true));
                assertTrue(a.value().name() != null && a.value().tags() != null && a.value().address() != null);
                read++;
            } catch (AnswerException e) {
                assertEquals(AnswerException.Kind.INCOMPLETE, e.kind(), e.getMessage());
                assertTrue(e.getMessage().contains("GenerationOptions.maxTokens"), e.getMessage());
            }
        }
        assertTrue(read >= 30, read + " of 40 answers read");
    }

    @Test
    void adversarialModelNeverBreaksTheGrammar() {
        for (CompiledGrammar grammar : grammars()) {
            for (long seed = 0; seed < 8; seed++) {
                AdversarialModel model = new AdversarialModel(Constraint.of(grammar, BYTES), seed);
                // The adversary's constraint is its own; the decoder makes another from the grammar.
                ConstrainedDecoder decoder = new ConstrainedDecoder(model);
                Generation g = decoder.generate(model.encode("x"), grammar,
                        new GenerationOptions(60, SamplingOptions.DEFAULT.withSeed(seed), seed % 2 == 1));
                assertFollowsGrammar(grammar, g);
            }
        }
    }

    @Test
    void overlapGivesTheSameTokensAsNoOverlap() {
        for (CompiledGrammar grammar : grammars()) {
            for (long seed = 0; seed < 12; seed++) {
                ScriptedModel model = randomModel(seed);
                ConstrainedDecoder decoder = new ConstrainedDecoder(model);
                int[] prompt = model.encode("same " + seed);
                SamplingOptions sampling = seed % 3 == 0 ? SamplingOptions.greedy()
                        : SamplingOptions.DEFAULT.withSeed(seed).withTopP(0.9).withTemperature(0.7);
                Generation off = decoder.generate(prompt, grammar, new GenerationOptions(200, sampling, false));
                Generation on = decoder.generate(prompt, grammar, new GenerationOptions(200, sampling, true));
                assertArrayEquals(off.tokenIds(), on.tokenIds(), "seed " + seed + " " + grammar.summary());
                assertEquals(off.stopReason(), on.stopReason());
                assertEquals(0, off.timing().overlapSavedNanos());
            }
        }
    }

    @Test
    void endOfSequenceStopsAsSoonAsTheModelPrefersIt() {
        CompiledGrammar grammar = Grammar.compile("ab.kbnf", "start ::= \"a\" \"c\"* ;");
        // EOS far above the rest: taken at the first step where the sentence is complete.
        RandomLogitsModel model = new RandomLogitsModel(BYTES, 7, 1f, 50f);
        Generation g = new ConstrainedDecoder(model).generate(model.encode("p"), grammar, GenerationOptions.DEFAULT);
        assertEquals(StopReason.END_OF_SEQUENCE, g.stopReason());
        assertEquals("a", g.text());
        assertArrayEquals(new int[] {'a'}, g.tokenIds(), "the EOS id is not among the tokens");
    }

    @Test
    void completeSentenceStopsWithoutAskingForEos() {
        CompiledGrammar grammar = Grammar.compile("yes.kbnf", "start ::= \"yes\" | \"no\" ;");
        for (boolean overlap : new boolean[] {false, true}) {
            RandomLogitsModel model = new RandomLogitsModel(BYTES, 3, 1f, -50f);
            Generation g = new ConstrainedDecoder(model).generate(model.encode("p"), grammar,
                    GenerationOptions.DEFAULT.withOverlap(overlap));
            assertEquals(StopReason.GRAMMAR_COMPLETE, g.stopReason());
            assertTrue(g.text().equals("yes") || g.text().equals("no"), g.text());
            // The prompt, then one append per token but the last: the last token is never appended.
            assertEquals(g.tokenCount(), model.appends());
        }
    }

    @Test
    void tokenLimitIsReported() {
        CompiledGrammar grammar = Grammar.compile("letters.kbnf", "start ::= #\"[a-z]+\" ;");
        RandomLogitsModel model = new RandomLogitsModel(BYTES, 3, 1f, -50f);
        Generation g = new ConstrainedDecoder(model).generate(model.encode("p"), grammar,
                GenerationOptions.DEFAULT.withMaxTokens(5));
        assertEquals(StopReason.MAX_TOKENS, g.stopReason());
        assertEquals(5, g.tokenCount());
        assertTrue(g.text().matches("[a-z]+"), g.text());
    }

    @Test
    void typedAnswerCutByTheTokenLimitIsIncomplete() {
        ScriptedModel model = randomModel(1);
        AnswerException e = assertThrows(AnswerException.class, () -> new ConstrainedDecoder(model)
                .answer(model.encode("p"), PERSON, GenerationOptions.DEFAULT.withMaxTokens(3)));
        assertEquals(AnswerException.Kind.INCOMPLETE, e.kind());
        assertTrue(e.getMessage().startsWith("generation reached its limit of 3 tokens (GenerationOptions.maxTokens)"),
                e.getMessage());
    }

    @Test
    void noTokenContinuingTheOutputIsReported() {
        List<byte[]> tokens = new ArrayList<>();
        tokens.add("a".getBytes(StandardCharsets.UTF_8));
        tokens.add("x".getBytes(StandardCharsets.UTF_8));
        tokens.add(new byte[] {0});
        Vocabulary v = Vocabulary.of("no-b", tokens, new int[] {2}, null);
        RandomLogitsModel model = new RandomLogitsModel(v, 1, 1f, 0f);
        Generation g = new ConstrainedDecoder(model).generate(new int[] {1}, Grammar.compile("ab.kbnf",
                "start ::= \"ab\" ;"), GenerationOptions.DEFAULT);
        assertEquals(StopReason.NO_ALLOWED_TOKEN, g.stopReason());
        assertEquals("a", g.text());
    }

    @Test
    void outputCutInTheMiddleOfACharacterIsReportedNotGuessed() {
        List<byte[]> tokens = new ArrayList<>();
        tokens.add(new byte[] {(byte) 0xC3});
        tokens.add(new byte[] {(byte) 0xA9});
        tokens.add(new byte[] {0});
        Vocabulary v = Vocabulary.of("split-e", tokens, new int[] {2}, null);
        RandomLogitsModel model = new RandomLogitsModel(v, 1, 1f, 0f);
        Generation g = new ConstrainedDecoder(model).generate(new int[] {0}, Grammar.compile("e.kbnf",
                "start ::= \"é\"+ ;"), GenerationOptions.DEFAULT.withMaxTokens(3));
        assertEquals(StopReason.MAX_TOKENS, g.stopReason());
        assertFalse(g.isValidUtf8());
        assertEquals(2, g.validUtf8Length());
        IllegalStateException e = assertThrows(IllegalStateException.class, g::text);
        assertEquals("the generated bytes are not UTF-8 from byte 2 of 3: the output ends in the middle of a "
                + "character (stopped by MAX_TOKENS)", e.getMessage());
    }

    @Test
    void unconstrainedGenerationDrawsOnlyTextTokensAndStopsAtEos() {
        List<byte[]> tokens = new ArrayList<>();
        tokens.add("a".getBytes(StandardCharsets.UTF_8));
        tokens.add("<special>".getBytes(StandardCharsets.UTF_8));
        tokens.add("</s>".getBytes(StandardCharsets.UTF_8));
        Vocabulary v = Vocabulary.of("special", tokens, new int[] {2}, new int[] {1});
        // Padded logits (8 > 3 ids): the padding must never be drawn either.
        RandomLogitsModel model = new RandomLogitsModel(v, 8, 5, 1f, 0f);
        int eos = 0;
        for (long seed = 0; seed < 50; seed++) {
            Generation g = new ConstrainedDecoder(model).generateUnconstrained(new int[] {0},
                    new GenerationOptions(20, SamplingOptions.DEFAULT.withSeed(seed), seed % 2 == 0));
            for (int id : g.tokenIds()) {
                assertEquals(0, id);
            }
            if (g.stopReason() == StopReason.END_OF_SEQUENCE) {
                eos++;
            } else {
                assertEquals(StopReason.MAX_TOKENS, g.stopReason());
            }
        }
        assertTrue(eos > 10, eos + " of 50 stopped at EOS");
    }

    @Test
    void badArgumentsAreRefusedClearly() {
        ScriptedModel model = randomModel(0);
        ConstrainedDecoder decoder = new ConstrainedDecoder(model);
        CompiledGrammar grammar = Grammar.compile("a.kbnf", "start ::= \"a\" ;");
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> decoder.generate(new int[0], grammar, GenerationOptions.DEFAULT));
        assertTrue(empty.getMessage().startsWith("the prompt is empty"), empty.getMessage());
        Vocabulary other = Vocabulary.of("other", List.of(new byte[] {'a'}), null, null);
        IllegalArgumentException wrongVocabulary = assertThrows(IllegalArgumentException.class,
                () -> decoder.generate(new int[] {1}, Constraint.of(grammar, other), GenerationOptions.DEFAULT));
        assertTrue(wrongVocabulary.getMessage().startsWith("the constraint is on the vocabulary other, not on the "
                + "model's (byte-level)"), wrongVocabulary.getMessage());
        assertEquals(decoder.constraint(grammar), decoder.constraint(grammar), "one constraint per grammar");
    }

    @Test
    void modelFailureEndsTheGenerationAndClosesEverything() {
        for (boolean overlap : new boolean[] {false, true}) {
            ScriptedModel model = new RandomLogitsModel(BYTES, 0, 1f, -50f) {
                @Override
                protected void fillLogits(long hash, int last, int[] generated, int count, float[] logits) {
                    if (count == 3) {
                        throw new IllegalStateException("the sequence would exceed the context length of 4 tokens");
                    }
                    super.fillLogits(hash, last, generated, count, logits);
                }
            };
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> new ConstrainedDecoder(model)
                    .generate(new int[] {'x'}, Grammar.compile("l.kbnf", "start ::= #\"[a-z]+\" ;"),
                            GenerationOptions.DEFAULT.withOverlap(overlap)));
            assertEquals("the sequence would exceed the context length of 4 tokens", e.getMessage());
            assertEquals(0, model.openSessions());
        }
        assertNoMaskThreadAlive();
    }

    @Test
    void interruptStopsTheGenerationAndClosesEverything() throws Exception {
        for (boolean overlap : new boolean[] {false, true}) {
            ScriptedModel model = new RandomLogitsModel(BYTES, 0, 1f, -50f).withAppendCost(200_000);
            Throwable[] thrown = new Throwable[1];
            boolean[] flagKept = new boolean[1];
            Thread t = new Thread(() -> {
                try {
                    new ConstrainedDecoder(model).generate(new int[] {'x'},
                            Grammar.compile("l.kbnf", "start ::= #\"[a-z]+\" ;"),
                            GenerationOptions.DEFAULT.withMaxTokens(1_000_000).withOverlap(overlap));
                } catch (Throwable e) {
                    thrown[0] = e;
                    flagKept[0] = Thread.currentThread().isInterrupted();
                }
            });
            t.start();
            Thread.sleep(100);
            t.interrupt();
            t.join(10_000);
            assertFalse(t.isAlive());
            assertTrue(thrown[0] instanceof java.util.concurrent.CancellationException, String.valueOf(thrown[0]));
            assertTrue(thrown[0].getMessage().startsWith("generation interrupted after "), thrown[0].getMessage());
            assertTrue(flagKept[0]);
            assertEquals(0, model.openSessions());
        }
        assertNoMaskThreadAlive();
    }

    @Test
    void noMaskThreadOutlivesAGeneration() {
        ScriptedModel model = randomModel(2);
        ConstrainedDecoder decoder = new ConstrainedDecoder(model);
        for (int i = 0; i < 20; i++) {
            decoder.generate(model.encode("p"), PERSON.grammar(), options(i, true));
        }
        assertNoMaskThreadAlive();
    }

    private static void assertNoMaskThreadAlive() {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            assertFalse(t.getName().equals("kbnf4j-decode-mask") && t.isAlive(), "a mask thread is still alive");
        }
    }
}
