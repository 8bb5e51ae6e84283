package io.github.kbnf4j.earley.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.Grammar;
import java.lang.reflect.Method;
import java.util.PriorityQueue;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The binary heap of {@link ShortestCompletion} (its private {@code push} and {@code poll}, by
 * reflection): over random interleavings of pushes and polls it hands out entries in the order a
 * {@link PriorityQueue} does. Dijkstra's answer depends on it only when the goal is popped before
 * a cheaper entry, which the recognizer's properties rarely arrange with 20 random grammars.
 */
class ShortestCompletionTest {

    @Test
    void theHeapPollsInAscendingOrder() throws Exception {
        ShortestCompletion sc = new ShortestCompletion(new EarleyTables(Grammar.compile("t.kbnf", "start ::= \"a\";")));
        Method push = ShortestCompletion.class.getDeclaredMethod("push", long.class);
        Method poll = ShortestCompletion.class.getDeclaredMethod("poll");
        push.setAccessible(true);
        poll.setAccessible(true);
        Random random = new Random(11);
        for (int round = 0; round < 50; round++) {
            PriorityQueue<Long> reference = new PriorityQueue<>();
            int ops = 1 + random.nextInt(300); // past the heap's first 64 entries too
            for (int k = 0; k < ops; k++) {
                if (reference.isEmpty() || random.nextInt(3) != 0) {
                    long x = (long) random.nextInt(round % 2 == 0 ? 20 : 1_000_000) << 32 | k;
                    reference.add(x);
                    push.invoke(sc, x);
                } else {
                    assertEquals(reference.poll(), (Long) poll.invoke(sc), "round " + round + ", step " + k);
                }
            }
            while (!reference.isEmpty()) {
                assertEquals(reference.poll(), (Long) poll.invoke(sc), "draining round " + round);
            }
        }
    }
}
