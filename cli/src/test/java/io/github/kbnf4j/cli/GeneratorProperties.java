package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.ConstraintOptions;
import io.github.kbnf4j.runtime.Matcher;
import io.github.kbnf4j.runtime.Vocabulary;
import io.github.kbnf4j.testdata.RandomGrammars;
import io.github.kbnf4j.testdata.RandomVocabularies;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * {@link Generator} on random grammars and random vocabularies that hold the 256 single bytes:
 * every sentence is a viable prefix within the budget, a complete one is a sentence, and when the
 * grammar's shortest completion fits the budget in bytes the sentence is always complete (the
 * steering argument of {@link Generator}'s javadoc).
 */
class GeneratorProperties {

    @Provide
    Arbitrary<String> grammars() {
        return RandomGrammars.grammars();
    }

    @Provide
    Arbitrary<List<byte[]>> vocabularies() {
        return RandomVocabularies.tokenListsWithAllBytes(60);
    }

    @Property(tries = 300)
    void sentencesFinishWheneverTheBudgetAllows(@ForAll("grammars") String text,
            @ForAll("vocabularies") List<byte[]> tokens, @ForAll @IntRange(min = 1, max = 24) int budget,
            @ForAll long seed) {
        CompiledGrammar g;
        try {
            g = Grammar.compile("random.kbnf", text);
        } catch (GrammarException e) {
            Statistics.label("grammar").collect("rejected by the compiler");
            Statistics.label("grammar").coverage(c -> c.check("compiled").percentage(p -> p >= 50.0));
            return;
        }
        // Most random grammars compile: a compiler regression must fail here, not pass on nothing.
        Statistics.label("grammar").collect("compiled");
        Statistics.label("grammar").coverage(c -> c.check("compiled").percentage(p -> p >= 50.0));
        List<byte[]> withEos = new ArrayList<>(tokens);
        withEos.add("<eos>".getBytes(StandardCharsets.UTF_8));
        Vocabulary v = Vocabulary.of("random", withEos, new int[] {withEos.size() - 1}, null);
        // random grammars include highly ambiguous ones: this property checks masks, not work limits
        Constraint c = Constraint.of(g, v, ConstraintOptions.DEFAULT.withMaxWorkPerMask(Long.MAX_VALUE)
                .withRecognizer(RecognizerOptions.DEFAULT.withMaxWorkPerByte(Long.MAX_VALUE)));
        int need = c.newMatcher().minBytesToAccept();
        Generator.Sentence s = new Generator(c, budget).generate(seed);
        Statistics.label("outcome").collect(s.outcome());
        Statistics.label("fits").collect(need >= 0 && need <= budget);

        assertTrue(s.tokens() <= budget, "tokens " + s.tokens());
        assertEquals(s.tokens(), s.ids().length, "an id per token");
        java.io.ByteArrayOutputStream spelled = new java.io.ByteArrayOutputStream();
        for (int id : s.ids()) {
            spelled.writeBytes(v.tokenBytes(id));
        }
        assertArrayEquals(s.bytes(), spelled.toByteArray(), "the ids spell the text");
        Matcher check = c.newMatcher();
        assertTrue(check.acceptBytes(s.bytes()), "a viable prefix");
        assertNotEquals(Generator.Outcome.STUCK, s.outcome(), "every byte has a token");
        if (s.outcome() == Generator.Outcome.COMPLETE) {
            assertTrue(check.isAccepting(), "a complete sentence");
            assertEquals(0, s.bytesMissing());
        } else {
            assertEquals(check.minBytesToAccept(), s.bytesMissing());
        }
        if (need >= 0 && need <= budget) {
            assertEquals(Generator.Outcome.COMPLETE, s.outcome(), "need " + need + " <= budget " + budget
                    + ", sentence '" + new String(s.bytes(), StandardCharsets.ISO_8859_1) + "'\n" + text);
        }
    }
}
