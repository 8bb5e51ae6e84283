package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * How {@link EliminateNullable} splits alternatives with many nullable symbols: where it splits,
 * which links of the chains it shares, and that the language stays the same (grammars in
 * {@link HirText}'s notation).
 */
class EliminateNullableTest {
    private static final String NULLABLE = "; A ::= a | ε; B ::= b | ε; C ::= c | ε; D ::= d | ε; E ::= e | ε";

    private static Hir apply(String grammar) {
        Hir hir = HirText.parse(grammar);
        EliminateNullable.apply(hir);
        return hir;
    }

    private static void assertSameLanguage(String grammar, Hir after) {
        assertSameLanguage(grammar, after, "abcdes", 5);
    }

    private static void assertSameLanguage(String grammar, Hir after, String alphabet, int maxLength) {
        assertEquals(HirText.language(HirText.parse(grammar), alphabet, maxLength),
                HirText.language(after, alphabet, maxLength),
                () -> grammar + " became " + HirText.show(after));
    }

    @Test
    void anAlternativeWithUpToThreeNullableSymbolsGetsEveryVariant() {
        String grammar = "S ::= A s B C" + NULLABLE;
        Hir hir = apply(grammar);
        // (in no particular order: the variants are a set)
        assertEquals("*S ::= A s | A s B | A s B C | A s C | s | s B | s B C | s C; A ::= a; B ::= b; C ::= c;"
                + " D ::= d; E ::= e", HirText.showSorted(hir));
        assertSameLanguage(grammar, hir);
    }

    @Test
    void anAlternativeWithFourNullableSymbolsIsSplitIntoAChain() {
        String grammar = "S ::= A B s C D" + NULLABLE;
        Hir hir = apply(grammar);
        assertEquals("*S ::= A S+1 | S+1; A ::= a; B ::= b; C ::= c; D ::= d; E ::= e;"
                + " S+3 ::= C | C D | D; S+2 ::= s | s S+3; S+1 ::= B S+2 | S+2", HirText.showSorted(hir));
        assertSameLanguage(grammar, hir);
    }

    @Test
    void equalTailsOfChainsAreSharedAndOthersAreNot() {
        // the two alternatives share the tail "C D" and differ before it; the third has another
        // symbol before the same tail, the fourth the same symbol before another tail
        String grammar = "S ::= A B C D | E B C D | A B E D | A B C E" + NULLABLE;
        Hir hir = apply(grammar);
        assertSameLanguage(grammar, hir);
        // links: (C, D), (B, CD) shared by the first two; (E, D), (B, ED); (C, E), (B, CE)
        assertEquals(6 + 6, hir.nonterminalCount(), () -> HirText.show(hir));
    }

    @Test
    void theStartSymbolsEmptyStringIsKept() {
        Hir hir = apply("S ::= A B" + NULLABLE);
        assertEquals("*S ::= A | A B | B; A ::= a; B ::= b; C ::= c; D ::= d; E ::= e", HirText.showSorted(hir));
        assertEquals(true, hir.acceptsEmpty());
        Hir notNullable = apply("S ::= A s" + NULLABLE);
        assertEquals(false, notNullable.acceptsEmpty());
    }

    @Test
    void aTerminalThatMatchesTheEmptyStringBecomesANullableRule() {
        // "?" matches only the empty string: it is dropped
        String grammar = "S ::= x? s y* | ? s";
        Hir hir = apply(grammar);
        assertEquals("*S ::= s | s y*? | x?? s | x?? s y*?; x?? ::= x? (non-empty); y*? ::= y* (non-empty)",
                HirText.showSorted(hir));
        assertSameLanguage(grammar, hir, "sxyq", 5);
    }
}
