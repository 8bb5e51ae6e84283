package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A thread reuses the table of its last construction: what that table held must never reach the
 * next automaton, and two constructions open at once must not share a table.
 */
class TableBuilderTest {

    /** The chain automaton of {@code text}, built through a builder. */
    private static ByteDfa chain(TableBuilder b, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        for (int s = 0; s <= bytes.length; s++) {
            b.addState(s);
            if (s < bytes.length) {
                b.set(s, bytes[s] & 0xFF, s + 1);
            }
        }
        b.accept(bytes.length, true);
        return b.minimize(bytes.length + 1);
    }

    private static boolean matches(ByteDfa dfa, String text) {
        return dfa.matches(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aReusedTableLeavesNothingOfTheLastAutomatonBehind() {
        // A large automaton whose every byte leads on, then a small one on the same thread.
        TableBuilder big = new TableBuilder();
        int n = 600;
        for (int s = 0; s < n; s++) {
            big.addState(s);
            big.set(s, 0, 255, Math.min(s + 1, n - 1));
            big.accept(s, true);
        }
        ByteDfa any = big.minimize(n);
        assertTrue(matches(any, "anything at all"));
        ByteDfa ab = chain(new TableBuilder(), "ab");
        assertEquals(ByteDfa.literal("ab".getBytes(StandardCharsets.UTF_8)), ab);
        assertTrue(matches(ab, "ab"));
        assertFalse(matches(ab, "a"));
        assertFalse(matches(ab, "abc"));
        assertFalse(matches(ab, "b"));
    }

    @Test
    void twoConstructionsOpenAtOnceHaveTablesOfTheirOwn() {
        chain(new TableBuilder(), "warm"); // leaves a spare table on this thread
        TableBuilder outer = new TableBuilder();
        outer.addState(0);
        outer.set(0, 'x', 1);
        outer.addState(1);
        outer.accept(1, true);
        ByteDfa inner = chain(new TableBuilder(), "yz"); // built while the outer one is open
        ByteDfa x = outer.minimize(2);
        assertEquals(ByteDfa.literal(new byte[] {'x'}), x);
        assertEquals(ByteDfa.literal("yz".getBytes(StandardCharsets.UTF_8)), inner);
    }

    @Test
    void constructionsAfterAnAbandonedOneAndInsideAnOpenOneStayApart() {
        chain(new TableBuilder(), "warm");
        TableBuilder abandoned = new TableBuilder(); // as if its construction threw: never finished
        abandoned.addState(0);
        abandoned.set(0, 0, 255, 0);
        TableBuilder outer = new TableBuilder();
        outer.addState(0);
        outer.set(0, 'x', 1);
        outer.addState(1);
        ByteDfa first = chain(new TableBuilder(), "first"); // finishes while outer is open
        ByteDfa second = chain(new TableBuilder(), "second"); // may get the table first gave back
        outer.accept(1, true);
        assertEquals(ByteDfa.literal(new byte[] {'x'}), outer.minimize(2));
        assertEquals(ByteDfa.literal("first".getBytes(StandardCharsets.UTF_8)), first);
        assertEquals(ByteDfa.literal("second".getBytes(StandardCharsets.UTF_8)), second);
        assertEquals(ByteDfa.literal("third".getBytes(StandardCharsets.UTF_8)), chain(new TableBuilder(), "third"));
    }
}
