package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What {@link RemoveUnreachable} keeps, and its answer to "was a nonterminal dropped" (grammars
 * in {@link HirText}'s notation; repetitions set by hand).
 */
class RemoveUnreachableTest {

    @Test
    void dropsWhatTheStartCannotReachAndSaysSo() {
        Hir hir = HirText.parse("S ::= a B; U ::= u S; B ::= b | C; C ::= c; V ::= V");
        assertTrue(RemoveUnreachable.apply(hir));
        assertEquals("*S ::= a B; B ::= b | C; C ::= c", HirText.show(hir));
        assertFalse(RemoveUnreachable.apply(hir), "nothing left to drop");
        assertEquals("*S ::= a B; B ::= b | C; C ::= c", HirText.show(hir));
    }

    @Test
    void aRepetitionReachesItsItem() {
        Hir hir = HirText.parse("S ::= a R; R ::=; X ::= x; U ::= u");
        hir.setRepetition(1, new Hir.Repetition(2, 0, 3)); // R is X{0,3}
        assertTrue(RemoveUnreachable.apply(hir));
        assertEquals("*S ::= a R; R ::=; X ::= x", HirText.show(hir));
        assertEquals(new Hir.Repetition(2, 0, 3), hir.repetition(1));
        assertFalse(RemoveUnreachable.apply(hir), "nothing left to drop");
    }

    @Test
    void aGrammarWhoseRulesAreAllReachableIsUnchanged() {
        Hir hir = HirText.parse("S ::= a R | S S; R ::=; X ::= x R");
        hir.setRepetition(1, new Hir.Repetition(2, 1, -1)); // R is X+, and X refers back to R
        assertFalse(RemoveUnreachable.apply(hir));
        assertEquals("*S ::= a R | S S; R ::=; X ::= x R", HirText.show(hir));
    }
}
