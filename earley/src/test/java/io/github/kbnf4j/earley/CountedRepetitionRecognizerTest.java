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

    /**
     * Regression: an item that returns to its start state ({@code a*b} loops there) was counted
     * with "between copies" and "inside a copy after a" as one state, so {@code (a*b){1,20000}}
     * accepted "ba" and "a" was accepted as zero copies of {@code (a*b){0,1}}.
     */
    @Test
    void anItemThatLoopsOnItsStartStateIsCountedExactly() {
        CompiledGrammar wide = Grammar.compile("t.kbnf", "start ::= ( #\"a*b\" ){1,20000} ;");
        CompiledGrammar tight = Grammar.compile("t.kbnf", "start ::= ( #\"a*b\" ){1,3} ;",
                GrammarOptions.DEFAULT.withMaxDfaStates(5).withMaxRepetition(2));
        for (CompiledGrammar g : new CompiledGrammar[] {wide, tight}) {
            for (String input : new String[] {"b", "ab", "aab", "bb", "bab", "abab", "bbb", "ba", "a", "aba", "abba",
                    "bbba", ""}) {
                RecognizerTest.agree(g, input);
            }
            Recognizer r = new Recognizer(g);
            assertTrue(r.pushAll("ba".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
            assertFalse(r.isAccepting(), "'ba' is one copy and the start of another");
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
