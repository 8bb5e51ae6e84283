package io.github.kbnf4j.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.decode.scripted.AdversarialModel;
import io.github.kbnf4j.decode.scripted.RandomLogitsModel;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.jsonschema.AnswerException;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.TypedGrammar;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Vocabulary;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The decode loop over a real vocabulary (cl100k, 100277 ids, shipped in jtokkit). */
class RealVocabularyDecodeTest {
    enum Role { ADMIN, USER, GUEST }

    record Account(String login, Role role, List<Integer> groups, Optional<Boolean> active) {}

    private static final Vocabulary CL100K = Vocabulary.jtokkit("cl100k_base");
    private static final TypedGrammar<Account> ACCOUNT =
            TypedGrammar.of(Account.class, JsonSchemaOptions.DEFAULT.withMaxWhitespace(1));

    private static RandomLogitsModel model(long seed) {
        // Padded logits, as real models have (cl100k's 100277 ids padded to 100352).
        return new RandomLogitsModel(CL100K, 100_352, seed, 4f, 8f).favouring("\"}],", 6f);
    }

    @Test
    void typedAnswersOverCl100kParse() {
        int read = 0;
        for (long seed = 0; seed < 10; seed++) {
            RandomLogitsModel m = model(seed);
            ConstrainedDecoder decoder = new ConstrainedDecoder(m);
            GenerationOptions options = new GenerationOptions(300, SamplingOptions.DEFAULT.withSeed(seed), true);
            try {
                Answer<Account> a = decoder.answer(m.encode("account?"), ACCOUNT, options);
                assertTrue(a.value().login() != null && a.value().role() != null);
                read++;
            } catch (AnswerException e) {
                assertEquals(AnswerException.Kind.INCOMPLETE, e.kind(), e.getMessage());
            }
        }
        assertTrue(read >= 8, read + " of 10 read");
    }

    @Test
    void overlapGivesTheSameTokensOverCl100k() {
        CompiledGrammar json = Grammar.builtin(Grammar.jsonWithWhitespace(1), GrammarOptions.DEFAULT);
        for (long seed = 0; seed < 4; seed++) {
            RandomLogitsModel m = model(seed);
            ConstrainedDecoder decoder = new ConstrainedDecoder(m);
            int[] prompt = m.encode("json");
            SamplingOptions sampling = SamplingOptions.DEFAULT.withSeed(seed).withTopK(50).withTopP(0.95);
            Generation off = decoder.generate(prompt, json, new GenerationOptions(120, sampling, false));
            Generation on = decoder.generate(prompt, json, new GenerationOptions(120, sampling, true));
            assertArrayEquals(off.tokenIds(), on.tokenIds());
            assertEquals(off.stopReason(), on.stopReason());
        }
    }

    @Test
    void adversarialModelOverCl100kStaysInTheGrammar() {
        CompiledGrammar grammar = ACCOUNT.grammar();
        AdversarialModel m = new AdversarialModel(Constraint.of(grammar, CL100K), 3);
        Generation g = new ConstrainedDecoder(m).generate(m.encode("x"), grammar,
                new GenerationOptions(40, SamplingOptions.DEFAULT.withSeed(3), true));
        Recognizer r = new Recognizer(grammar);
        byte[] bytes = g.bytes();
        assertEquals(bytes.length, r.push(bytes, 0, bytes.length));
    }
}
