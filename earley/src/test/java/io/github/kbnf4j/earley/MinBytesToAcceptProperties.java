package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.testdata.GrammarAndInput;
import io.github.kbnf4j.testdata.Sentences;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link Recognizer#minBytesToAccept()} on prefixes of generated sentences: it is 0 exactly when
 * the input is a sentence; it is achievable (some next byte lowers it by exactly one, down to a
 * sentence); no shorter completion exists (exhaustive search up to two bytes); and it is at most
 * the length of the rest of the sentence the prefix was cut from.
 */
class MinBytesToAcceptProperties {

    @Provide
    Arbitrary<GrammarAndInput> sentences() {
        return Sentences.grammarsWithSentences();
    }

    @Property(tries = 300)
    void isTheLengthOfAShortestCompletion(@ForAll("sentences") GrammarAndInput gi, @ForAll @IntRange(max = 100) int cutPercent) {
        byte[] sentence = gi.input();
        int cut = sentence.length * cutPercent / 100;
        Recognizer r = new Recognizer(gi.grammar(), DifferentialOptions.RECOGNIZER);
        assertEquals(cut, r.push(sentence, 0, cut));
        int min = r.minBytesToAccept();
        assertTrue(min >= 0 && min <= sentence.length - cut, "min " + min + " for a rest of " + (sentence.length - cut));
        assertEquals(r.isAccepting(), min == 0);
        assertEquals(min <= 2, completesWithin(r, 2), "a completion of at most 2 bytes exists iff min <= 2 (min " + min + ")");
        // follow a shortest completion byte by byte
        for (int left = min; left > 0; left--) {
            boolean stepped = false;
            for (int b = 0; b < 256 && !stepped; b++) {
                if (r.push(b)) {
                    if (r.minBytesToAccept() == left - 1) {
                        stepped = true;
                    } else {
                        assertTrue(r.minBytesToAccept() >= left - 1, "a byte cannot save more than one byte");
                        r.pop(1);
                    }
                }
            }
            assertTrue(stepped, "some byte lowers the distance from " + left);
        }
        assertTrue(r.isAccepting());
    }

    static boolean completesWithin(Recognizer r, int depth) {
        if (r.isAccepting()) {
            return true;
        }
        if (depth == 0) {
            return false;
        }
        for (int b = 0; b < 256; b++) {
            if (r.push(b)) {
                boolean found = completesWithin(r, depth - 1);
                r.pop(1);
                if (found) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void jsonClosesItsStringsAndBrackets() {
        Recognizer r = new Recognizer(Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT));
        String prefix = "{\"a\": [1, {\"b\": \"xy";
        r.pushAll(prefix.getBytes(StandardCharsets.UTF_8));
        assertEquals("\"}]}".length(), r.minBytesToAccept());
        Recognizer endless = new Recognizer(Grammar.compile("e.kbnf", "start ::= \"a\" start;"));
        assertEquals(-1, endless.minBytesToAccept());
        Recognizer deep = new Recognizer(Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT));
        for (int i = 0; i < 50_000; i++) {
            deep.push('[');
        }
        assertEquals(50_000, deep.minBytesToAccept());
    }

    /**
     * A completion that must derive a nonterminal not yet predicted: after "(" the shortest way
     * out is "a)" then the shortest {@code q}, "bb", so the answer needs the shortest derivation
     * of {@code q} (JSON's completions close what is open and never need one).
     */
    @Test
    void aCompletionThatDerivesANonterminalAfterTheOpenOne() {
        Recognizer r = new Recognizer(Grammar.compile("pq.kbnf",
                "start ::= p q ; p ::= \"(\" p \")\" | \"a\" ; q ::= \"[\" q \"]\" | \"bb\" | \"[\" \"ccc\" \"]\" ;"));
        assertEquals(3, r.minBytesToAccept(), "a then bb");
        r.pushAll("((".getBytes(StandardCharsets.UTF_8));
        assertEquals(5, r.minBytesToAccept(), "a)) then bb");
        r.pushAll("a))[".getBytes(StandardCharsets.UTF_8));
        assertEquals(3, r.minBytesToAccept(), "bb]");
    }

    /**
     * A cycle of unit rules that the compiler keeps (70 alternatives are past its inlining cap)
     * is a cycle of zero-cost edges for the shortest-completion search, here cheaper than the goal
     * (the "!" after it): a node reached again at the same distance must not be queued again, or
     * the search circles there forever.
     */
    @Test
    void aKeptUnitRuleCycleEnds() {
        String many = java.util.stream.IntStream.range(0, 70).mapToObj(i -> "\"k" + i + "\"")
                .collect(java.util.stream.Collectors.joining(" | "));
        Recognizer r = new Recognizer(Grammar.compile("cycle.kbnf",
                "start ::= a \"!\" | \"q\" start; a ::= b | \"a\"; b ::= a | " + many + ";"));
        assertTrue(r.pushAll("qq".getBytes(StandardCharsets.UTF_8)));
        assertEquals(2, r.minBytesToAccept(), "a!");
    }
}
