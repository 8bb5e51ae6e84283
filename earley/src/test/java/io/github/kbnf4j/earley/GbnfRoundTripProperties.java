package io.github.kbnf4j.earley;

import io.github.kbnf4j.earley.GbnfRoundTrip.Route;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.testdata.GrammarAndInput;
import io.github.kbnf4j.testdata.Sentences;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * {@link io.github.kbnf4j.grammar.GbnfWriter} round trip: a grammar written as GBNF and compiled
 * back accepts the same strings. For random grammars and the example grammars, on generated
 * sentences and near misses, the original and the round-tripped grammar agree after every byte
 * (byte accepted, sentence complete, next-byte set). Every written text is also checked for what
 * llama.cpp requires (see {@link GbnfRoundTrip#write}), left recursion above all.
 *
 * <p>Two ways back: kbnf4j's GBNF reader ({@link Route#READER}) and an independent test-side
 * reading translated to KBNF ({@link Route#TEST_READING}), so a writer bug and a reader bug
 * do not hide each other.
 */
class GbnfRoundTripProperties {

    @Provide
    Arbitrary<GrammarAndInput> randomGrammarInputs() {
        return Sentences.grammarsWithInputs();
    }

    @Provide
    Arbitrary<GrammarAndInput> exampleInputs() {
        return Sentences.examplesWithInputs();
    }

    @Property(tries = 300)
    void randomGrammarsThroughTheReader(@ForAll("randomGrammarInputs") GrammarAndInput gi) {
        roundTrip(gi, Route.READER);
    }

    @Property(tries = 300)
    void randomGrammarsThroughTheTestReading(@ForAll("randomGrammarInputs") GrammarAndInput gi) {
        roundTrip(gi, Route.TEST_READING);
    }

    @Property(tries = 100)
    void exampleGrammarsThroughTheReader(@ForAll("exampleInputs") GrammarAndInput gi) {
        roundTrip(gi, Route.READER);
    }

    @Property(tries = 100)
    void exampleGrammarsThroughTheTestReading(@ForAll("exampleInputs") GrammarAndInput gi) {
        roundTrip(gi, Route.TEST_READING);
    }

    private static void roundTrip(GrammarAndInput gi, Route route) {
        String gbnf = GbnfRoundTrip.write(gi.grammar());
        CompiledGrammar back = GbnfRoundTrip.compileBack(gbnf, route);
        RecognizerTest.Verdict v = GbnfRoundTrip.agree(gi.grammar(), back, gi.input(), "GBNF:\n" + gbnf);
        Statistics.label("verdict").collect(v);
    }
}
