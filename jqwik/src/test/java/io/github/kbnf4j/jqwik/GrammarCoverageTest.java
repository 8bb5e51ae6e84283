package io.github.kbnf4j.jqwik;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import java.util.Iterator;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.Shrinkable;

/**
 * The coverage record counts what sentences used, and steering reaches every reachable
 * alternative in fewer tries than plain generation: measured on the built-in json grammar, the
 * arithmetic example, and llama.cpp's arithmetic and C grammars when the shared folder is there.
 */
class GrammarCoverageTest {
    private static final int MAX_TRIES = 5000;

    /** Sentences generated until every reachable alternative is covered (MAX_TRIES + 1 if not by then). */
    private static long triesToCover(CompiledGrammar g, boolean steer, long seed) {
        GrammarCoverage coverage = GrammarCoverage.of(g);
        SentenceArbitrary<byte[]> base = GrammarArbitraries.sentenceBytes(g);
        SentenceArbitrary<byte[]> a = steer ? base.steeredBy(coverage) : base.withCoverage(coverage);
        Iterator<Shrinkable<byte[]>> it = a.generator(1000).stream(new Random(seed)).iterator();
        for (int i = 0; i < MAX_TRIES && !coverage.isComplete(); i++) {
            it.next().value(); // values are computed lazily
        }
        return coverage.isComplete() ? coverage.sentencesToCompleteCoverage() : MAX_TRIES + 1;
    }

    private static void measure(String name, CompiledGrammar g, long steeredBound) {
        long[] plain = new long[3];
        long[] steered = new long[3];
        for (int s = 0; s < 3; s++) {
            plain[s] = triesToCover(g, false, s + 1);
            steered[s] = triesToCover(g, true, s + 1);
        }
        GrammarCoverage c = GrammarCoverage.of(g);
        System.out.printf("coverage of %s (%d reachable alternatives): plain %s, steered %s sentences (%d = not by %d)%n",
                name, c.reachableAlternatives(), java.util.Arrays.toString(plain), java.util.Arrays.toString(steered),
                MAX_TRIES + 1, MAX_TRIES);
        for (long t : steered) {
            assertTrue(t <= steeredBound, () -> name + ": steered coverage took " + java.util.Arrays.toString(steered));
        }
    }

    @Example
    void steeringCoversEveryAlternativeOfJsonWithinAThousandTries() {
        measure("json", Grammar.builtin(Grammar.JSON, io.github.kbnf4j.grammar.GrammarOptions.DEFAULT), 1000);
        measure("arithmetic.kbnf", io.github.kbnf4j.testdata.ExampleGrammars.compile("arithmetic"), 1000);
    }

    @Example
    void steeringCoversLlamaCppGrammars() {
        CompiledGrammar arithmetic = TestGrammars.gbnfFile("arithmetic.gbnf");
        CompiledGrammar c = TestGrammars.gbnfFile("c.gbnf");
        if (arithmetic == null || c == null) {
            System.out.println("llama.cpp's arithmetic.gbnf and c.gbnf skipped: no shared folder");
            return;
        }
        measure("arithmetic.gbnf", arithmetic, 1000);
        measure("c.gbnf", c, 1000);
    }

    @Example
    void theReportCountsWhatWasUsed() {
        CompiledGrammar g = GrammarArbitraries.grammar("start ::= \"a\" | \"b\" x ; x ::= \"c\" | \"(\" x \")\" ; y ::= \"never\" ;");
        GrammarCoverage coverage = GrammarCoverage.of(g);
        assertEquals(0, coverage.coveredAlternatives());
        assertTrue(coverage.reachableRules().containsAll(java.util.Set.of("start", "x")), coverage.reachableRules()::toString);
        assertTrue(!coverage.reachableRules().contains("y"));
        Iterator<Shrinkable<String>> it = GrammarArbitraries.sentences(g).withCoverage(coverage).generator(100)
                .stream(new Random(1)).iterator();
        for (int i = 0; i < 200 && !coverage.isComplete(); i++) {
            it.next().value(); // values are computed lazily
        }
        assertTrue(coverage.isComplete(), coverage::report);
        assertEquals(coverage.reachableAlternatives(), coverage.coveredAlternatives());
        assertEquals(coverage.reachableTerminals(), coverage.coveredTerminals());
        assertTrue(coverage.uncoveredAlternatives().isEmpty());
        assertTrue(coverage.report().contains("alternatives " + coverage.reachableAlternatives() + "/"), coverage.report());
        GrammarCoverage fresh = GrammarCoverage.of(g);
        assertTrue(fresh.report().contains("uncovered alternative: start ::= "), fresh.report());
    }
}
