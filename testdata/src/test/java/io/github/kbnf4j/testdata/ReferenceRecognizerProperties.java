package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * {@link ReferenceRecognizer.State#nextBytes()}, which reads the next bytes off the scan step,
 * equals its definition (each of the 256 bytes pushed on a copy) after every byte of sentences,
 * near misses of random grammars. Inputs are short (about 8 bytes): the definition closes 256
 * chart sets per call, and at 16 bytes one highly ambiguous grammar in a few hundred took seconds.
 * The equality is about one chart set at a time, so longer inputs add no new kind of case.
 */
class ReferenceRecognizerProperties {

    @Provide
    Arbitrary<GrammarAndInput> inputs() {
        return Sentences.grammarsWith(g -> Sentences.sentencesAndMutations(Sentences.of(g, 12, 8)));
    }

    @Property(tries = 200)
    void nextBytesAreThoseThatPushing(@ForAll("inputs") GrammarAndInput gi) {
        ReferenceRecognizer.State state = new ReferenceRecognizer(gi.grammar()).newState();
        byte[] input = gi.input();
        for (int i = 0; ; i++) {
            int at = i;
            assertEquals(state.nextBytesByPushing(), state.nextBytes(), () -> "after " + at + " bytes of " + gi);
            if (i == input.length || !state.viable()) {
                break;
            }
            state.push(input[i]);
        }
        Statistics.label("input").collect(state.viable() ? "viable to the end" : "dead before the end");
        Statistics.label("input").coverage(c -> c.check("viable to the end").percentage(p -> p >= 30.0));
    }
}
