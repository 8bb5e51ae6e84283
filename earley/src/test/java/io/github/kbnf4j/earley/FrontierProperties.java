package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.testdata.RandomGrammars;
import io.github.kbnf4j.testdata.Sentences;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * {@link Recognizer#frontier(Frontier)} is a sound cache key: inputs with equal frontiers have
 * equal futures (every continuation up to a few bytes over the grammar's alphabet is viable for
 * one iff for the other, and a sentence for one iff for the other), and the frontier of an input
 * does not depend on how it was reached (pushes, pops and re-pushes).
 */
class FrontierProperties {

    @Provide
    Arbitrary<String> grammars() {
        return RandomGrammars.grammars();
    }

    @Property(tries = 200)
    void equalFrontiersHaveEqualFutures(@ForAll("grammars") String text) {
        CompiledGrammar g;
        try {
            g = Grammar.compile("random.kbnf", text);
        } catch (GrammarException e) {
            ranOn("rejected by the compiler");
            return;
        }
        if (!Sentences.hasSentences(g)) {
            ranOn("no sentence");
            return;
        }
        ranOn("checked");
        List<byte[]> sentences = Sentences.of(g, 12, 24).sampleStream().limit(6).toList();
        byte[] alphabet = RandomGrammars.alphabet(text, 4);
        Map<Frontier, byte[]> seen = new HashMap<>();
        Frontier f = new Frontier();
        int pairs = 0;
        for (byte[] s : sentences) {
            Recognizer r = new Recognizer(g, DifferentialOptions.RECOGNIZER);
            for (int i = 0; ; i++) {
                r.frontier(f);
                byte[] prefix = java.util.Arrays.copyOf(s, i);
                byte[] other = seen.putIfAbsent(f.freeze(), prefix);
                if (other != null && !java.util.Arrays.equals(other, prefix)) {
                    pairs++;
                    Recognizer a = new Recognizer(g, DifferentialOptions.RECOGNIZER);
                    a.pushAll(other);
                    assertSameFuture(a, r, alphabet, 3, "prefixes '" + str(other) + "' and '" + str(prefix) + "' of\n" + text);
                }
                if (i == s.length) {
                    break;
                }
                r.push(s[i]);
            }
            // pop back and re-push: the same frontiers
            Frontier before = new Frontier();
            r.frontier(before);
            int k = Math.min(3, r.length());
            byte[] tail = java.util.Arrays.copyOfRange(s, s.length - k, s.length);
            r.pop(k);
            r.pushAll(tail);
            r.frontier(f);
            assertEquals(before, f, "re-pushing gives the same frontier");
        }
        Statistics.label("distinct prefixes with equal frontiers").collect(pairs == 0 ? "0" : pairs < 5 ? "1-4" : "5+");
    }

    /**
     * Counts what a try ran on and requires that most tries checked a grammar: a compiler regression
     * that rejects most random grammars must fail this property, not turn it into a test of nothing.
     */
    private static void ranOn(String what) {
        Statistics.label("grammar").collect(what);
        Statistics.label("grammar").coverage(c -> c.check("checked").percentage(p -> p >= 50.0));
    }

    static void assertSameFuture(Recognizer a, Recognizer b, byte[] alphabet, int depth, String what) {
        assertEquals(a.isAccepting(), b.isAccepting(), "accepting: " + what);
        assertArrayEquals(a.nextBytes(), b.nextBytes(), "next bytes: " + what);
        assertEquals(a.minBytesToAccept(), b.minBytesToAccept(), "min bytes: " + what);
        if (depth == 0) {
            return;
        }
        for (byte x : alphabet) {
            boolean pa = a.push(x);
            boolean pb = b.push(x);
            assertEquals(pa, pb, "push " + (x & 0xFF) + ": " + what);
            if (pa) {
                assertSameFuture(a, b, alphabet, depth - 1, what);
                a.pop(1);
                b.pop(1);
            }
        }
    }

    static String str(byte[] b) {
        return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** Equal structure at different positions: inside the third string of a JSON array as in the second. */
    @org.junit.jupiter.api.Test
    void jsonStatesRepeatAcrossPositions() {
        CompiledGrammar json = Grammar.builtin(Grammar.JSON, io.github.kbnf4j.grammar.GrammarOptions.DEFAULT);
        Recognizer a = new Recognizer(json);
        a.pushAll("[1, \"ab".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Recognizer b = new Recognizer(json);
        b.pushAll("[\"xyz\", 2, \"abcd".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Frontier fa = new Frontier();
        Frontier fb = new Frontier();
        a.frontier(fa);
        b.frontier(fb);
        assertEquals(fa, fb);
        Recognizer c = new Recognizer(json);
        c.pushAll("{\"k\": \"ab".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Frontier fc = new Frontier();
        c.frontier(fc);
        org.junit.jupiter.api.Assertions.assertNotEquals(fa, fc, "in an object a string is followed by other things");
    }
}
