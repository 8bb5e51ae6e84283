package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 16: {@code "a"{100,20000}} compiles under the default options (its repetition is built in
 * the automaton, in chunks) and is recognized exactly, with a few items per byte; and chunked
 * repetitions agree with the reference recognizer on every prefix.
 */
class CountedRepetitionRecognizerTest {

    private static byte[] as(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) 'a');
        return b;
    }

    @Test
    @Timeout(60)
    void aHundredToTwentyThousandCopies() {
        CompiledGrammar g = Grammar.compile("t.kbnf", "start ::= \"a\"{100,20000} \"b\" ;");
        Recognizer r = new Recognizer(g);
        assertEquals(20_000, r.push(as(20_001), 0, 20_001), "the 20,001st 'a' is refused");
        assertTrue(r.push('b'));
        assertTrue(r.isAccepting());
        // Linear: a few items per byte, not a chain of 20,000 rules.
        assertTrue(r.itemCount() < 10L * 20_000, "items: " + r.itemCount());
        for (int n : new int[] {0, 99, 100, 101, 9_998, 9_999, 10_000, 10_099, 10_100, 19_999, 20_000}) {
            Recognizer s = new Recognizer(g);
            assertTrue(s.pushAll(as(n)), "prefix of " + n);
            assertEquals(n >= 100, s.push('b'), n + " copies");
            assertEquals(n >= 100, s.isAccepting(), n + " copies");
        }
    }

    @Test
    void chunkedFormsAgreeWithTheReference() {
        // Bounds above maxRepetition 7, automata of at most 7 states: chunks of 2 or 3 copies.
        GrammarOptions tight = GrammarOptions.DEFAULT.withMaxDfaStates(7).withMaxRepetition(7);
        for (String text : new String[] {"start ::= \"ab\"{2,11} \"c\" ;", "start ::= x{3,14} ; x ::= \"a\" | \"bb\" ;",
                "start ::= \"a\"{9,} \"b\" ;", "start ::= (\"a\" | \"b\" start){0,7} \"c\" ;"}) {
            CompiledGrammar g = Grammar.compile("t.kbnf", text, tight);
            for (String input : new String[] {"ababc", "abababababababababababc", "abababababababababababababc",
                    "aaabbaabbabba", "aaaaaaaaaaaaaaaabbbb", "aaaab", "aaab", "ababababbaaac", "c", "bcac"}) {
                RecognizerTest.agree(g, input);
            }
        }
    }
}
