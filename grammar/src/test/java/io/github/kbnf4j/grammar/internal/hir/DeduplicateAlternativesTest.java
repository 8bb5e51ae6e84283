package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link DeduplicateAlternatives} keeps the first of equal alternatives, in every rule. */
class DeduplicateAlternativesTest {

    @Test
    void keepsTheFirstOfEqualAlternatives() {
        Hir hir = HirText.parse("S ::= a | b A | a | ε | b A | ε; A ::= c | c | a c");
        DeduplicateAlternatives.apply(hir);
        assertEquals("*S ::= a | b A | ε; A ::= c | a c", HirText.show(hir));
    }
}
