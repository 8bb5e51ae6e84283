package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules {@link ExpandRepetitions} writes, and the bound at which it refuses (grammars in {@link HirText}'s notation). */
class ExpandRepetitionsTest {

    /** {@code S ::= N} with {@code N} the repetition {@code x{min,max}}; the result of the pass at {@code maxRepetition}. */
    private static String expand(int min, int max, int maxRepetition, List<Integer> tooLarge) {
        Hir hir = HirText.parse("S ::= N; N ::=; X ::= x");
        hir.setRepetition(1, new Hir.Repetition(2, min, max));
        assertEquals(tooLarge, ExpandRepetitions.apply(hir, maxRepetition));
        return HirText.show(hir);
    }

    @Test
    void writesOutBoundedAndUnboundedRepetitions() {
        assertEquals("*S ::= N; N ::= ε | X N.2; X ::= x; N.1 ::= ε | X; N.2 ::= ε | X N.1", expand(0, 3, 3, List.of()));
        assertEquals("*S ::= N; N ::= X X | X X X; X ::= x", expand(2, 3, 3, List.of()));
        assertEquals("*S ::= N; N ::= X X; X ::= x", expand(2, 2, 3, List.of()));
        assertEquals("*S ::= N; N ::= N X | X X X; X ::= x", expand(3, -1, 3, List.of()));
    }

    @Test
    void aBoundAboveTheLimitIsLeftPendingAndReported() {
        assertEquals("*S ::= N; N ::=; X ::= x", expand(0, 4, 3, List.of(1)));
        assertEquals("*S ::= N; N ::=; X ::= x", expand(4, -1, 3, List.of(1)));
    }
}
