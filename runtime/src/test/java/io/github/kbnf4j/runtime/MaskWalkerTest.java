package io.github.kbnf4j.runtime;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.Grammar;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link MaskWalker}'s own bookkeeping, seen from inside the package. */
class MaskWalkerTest {

    /**
     * Nine terminals may start, each from a state where all of the 702 one- and two-letter tokens
     * stay inside it (more than a list holds, so each is a mask): the walker keeps all nine masks
     * as bases of the cache entry, one more than its first buffer holds.
     */
    @Test
    void everyLargeInsideSetOfAMaskIsKeptAsABase() {
        List<byte[]> tokens = new ArrayList<>();
        for (char a = 'a'; a <= 'z'; a++) {
            tokens.add(new byte[] {(byte) a});
            for (char b = 'a'; b <= 'z'; b++) {
                tokens.add(new byte[] {(byte) a, (byte) b});
            }
        }
        tokens.add("<eos>".getBytes(UTF_8));
        StringBuilder grammar = new StringBuilder("start ::= \"(\" start \")\"");
        for (int t = 0; t < 9; t++) {
            grammar.append(" | #\"[a-z]+").append(t).append('"');
        }
        Constraint c = Constraint.of(Grammar.compile("nine.kbnf", grammar.append(';').toString()),
                Vocabulary.of("letters", tokens, new int[] {tokens.size() - 1}, new int[0]));
        Recognizer r = new Recognizer(c.grammar());
        MaskWalker walker = new MaskWalker(r, c.grammar(), c.trie(), c.terminalTokens());
        long[] mask = c.newMask();
        walker.fillByTables(mask);
        assertEquals(9, walker.baseCount(), "one base per terminal");
        long[] walked = c.newMask();
        walker.fillByTrieWalk(walked);
        assertArrayEquals(walked, mask);
        assertEquals(702, Long.bitCount(mask[0]) + java.util.Arrays.stream(mask).skip(1).map(Long::bitCount).sum());
    }
}
