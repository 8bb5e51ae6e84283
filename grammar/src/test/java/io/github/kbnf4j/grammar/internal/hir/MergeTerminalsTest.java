package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Which runs of terminals {@link MergeTerminals} joins (merging keeps the language, so
 * {@link PassesTest} cannot see whether it happened; grammars in {@link HirText}'s notation).
 */
class MergeTerminalsTest {

    @Test
    void joinsEveryRunOfTwoOrMoreLiteralsAndNothingElse() {
        String grammar = "S ::= a b | x c d e | A a | a A b c | a b? c | A b? | f; A ::= g h";
        Hir hir = HirText.parse(grammar);
        MergeTerminals.apply(hir);
        assertEquals("*S ::= \"ab\" | \"xcde\" | A a | a A \"bc\" | a b? c | A b? | f; A ::= \"gh\"", HirText.show(hir));
        assertEquals(HirText.language(HirText.parse(grammar), "abcgh", 4), HirText.language(hir, "abcgh", 4));
    }
}
