package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link ByteNfa#of} (which finds a state's edges over the DFA's runs of one byte class): the NFA
 * of a DFA, determinized and minimized again, is that DFA (equal, since both are canonical), and
 * it has one edge per maximal range of bytes with one target, as reading the DFA byte by byte
 * finds them.
 */
class ByteNfaOfProperties {
    @Property(tries = 300)
    void determinizingTheNfaGivesTheDfaBack(@ForAll @IntRange(min = 1, max = 60) int n, @ForAll long seed) {
        check(RandomDfas.of(n, new Random(seed)));
    }

    @Example
    void theEmptyLanguageAndALiteral() {
        check(ByteDfa.emptyLanguage());
        check(ByteDfa.literal(new byte[] {'a', (byte) 0xFF, 0, 'a'}));
    }

    private static void check(ByteDfa dfa) {
        ByteNfa nfa = ByteNfa.of(dfa);
        assertEquals(dfa, Constructions.determinize(nfa, 1_000_000));
        assertEquals(byteRanges(dfa) + (acceptingStates(dfa)), nfa.edgeCount());
    }

    /** The maximal ranges of bytes with one live target, over all states, read byte by byte. */
    private static int byteRanges(ByteDfa dfa) {
        int ranges = 0;
        for (int s = 0; s < dfa.stateCount(); s++) {
            for (int b = 0; b < 256; b++) {
                int t = dfa.next(s, b);
                if (t >= 0 && (b == 0 || dfa.next(s, b - 1) != t)) {
                    ranges++;
                }
            }
        }
        return ranges;
    }

    private static int acceptingStates(ByteDfa dfa) {
        int n = 0;
        for (int s = 0; s < dfa.stateCount(); s++) {
            if (dfa.isAccepting(s)) {
                n++;
            }
        }
        return n;
    }
}
