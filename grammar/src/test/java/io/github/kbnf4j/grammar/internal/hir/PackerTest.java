package io.github.kbnf4j.grammar.internal.hir;

import static io.github.kbnf4j.grammar.CompiledGrammar.END;
import static io.github.kbnf4j.grammar.CompiledGrammar.terminalSymbol;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The arrays {@link Packer} makes from a small HIR, array by array (grammars in {@link HirText}'s notation). */
class PackerTest {

    /** {@code S ::= c A a | a; A ::= c b}, with an unused terminal {@code z} made first. */
    private static Hir hir() {
        Hir hir = HirText.parse("S ::= z | c A a | a; A ::= c b");
        List<int[]> alts = new ArrayList<>(hir.alternatives(0));
        alts.remove(0);
        hir.setAlternatives(0, alts);
        return hir;
    }

    @Test
    void packsProductionsAndTheUsedTerminalsInOrderOfFirstUse() {
        PackedGrammar p = Packer.pack(hir(), List.of(), 6);
        assertArrayEquals(new String[] {"S", "A"}, p.nonterminalNames());
        assertEquals(0, p.startNonterminal());
        assertArrayEquals(new String[] {"c", "a", "b"}, p.terminalDescriptions());
        assertArrayEquals(new int[] {0, 2, 3}, p.firstProduction());
        assertArrayEquals(new int[] {0, 0, 1}, p.productionLhs());
        assertArrayEquals(new int[] {0, 4, 6, 9}, p.productionDot0());
        int c = terminalSymbol(0);
        int a = terminalSymbol(1);
        int b = terminalSymbol(2);
        assertArrayEquals(new int[] {c, 1, a, END, a, END, c, b, END}, p.rhs());
        assertArrayEquals(new int[] {0, 0, 0, 0, 1, 1, 2, 2, 2}, p.dotProduction());
        // each literal of one byte has two states: start and accepting
        assertArrayEquals(new int[] {0, 2, 4}, p.terminalStartState());
        assertArrayEquals(new long[] {0b101010}, p.dfaAccepting());
        assertEquals(6, p.dfaNext().stateCount());
        // the automata laid end to end: each reads its byte from its start state to the next
        assertEquals(1, p.dfaNext().next(0, 'c'));
        assertEquals(3, p.dfaNext().next(2, 'a'));
        assertEquals(5, p.dfaNext().next(4, 'b'));
        assertEquals(-1, p.dfaNext().next(4, 'a'));
        assertEquals(4 * 6, p.dfaNext().liveBytes().length);
    }

    @Test
    void refusesTerminalsWithMoreStatesThanTheBound() {
        assertNull(Packer.pack(hir(), List.of(), 5));
    }
}
