package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which rules {@link MergeIdenticalNonterminals} merges and which survives (merging keeps the
 * language, so {@link MergeIdenticalNonterminalsProperties} cannot see a missed merge; grammars in
 * {@link HirText}'s notation).
 */
class MergeIdenticalNonterminalsTest {

    private static String apply(String grammar, int start) {
        Hir hir = HirText.parse(grammar);
        hir.setStart(start);
        MergeIdenticalNonterminals.apply(hir);
        return HirText.show(hir);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '/', value = {
        // the same set of alternatives in another order, or with a repeat; the lower id survives
        "S ::= A B | B A; A ::= a | b; B ::= b | a / *S ::= A A; A ::= a | b; B ::=",
        "S ::= A | B; A ::= a | b; B ::= b | a | b / *S ::= A; A ::= a | b; B ::=",
        // a merge makes their users equal: merged in turn
        "S ::= X c | Y c; X ::= P; Y ::= Q; P ::= p; Q ::= p / *S ::= X c; X ::= P; Y ::=; P ::= p; Q ::=",
        // only equal sets: a subset is not merged
        "S ::= A | B | C; A ::= a; B ::= a b; C ::= a / *S ::= A | B; A ::= a; B ::= a b; C ::=",
        // rules without alternatives are left alone
        "S ::= A | B; A ::=; B ::= / *S ::= A | B; A ::=; B ::=",
    })
    void mergesRulesWithTheSameSetOfAlternatives(String grammar, String expected) {
        assertEquals(expected, apply(grammar, 0), grammar);
    }

    @Test
    void theStartSymbolSurvivesItsTwin() {
        assertEquals("T ::= x S; U ::=; *S ::= b | a", apply("T ::= x U | x S; U ::= a | b; S ::= b | a", 2));
        assertEquals("T ::= x U; *U ::= a | b; S ::=", apply("T ::= x U | x S; U ::= a | b; S ::= b | a", 1));
    }

    @Test
    void aRepetitionOfAMergedRuleIsRenumbered() {
        Hir hir = HirText.parse("S ::= A R; A ::= a; B ::= a; R ::=");
        hir.setRepetition(3, new Hir.Repetition(2, 1, 3)); // R is B{1,3}
        MergeIdenticalNonterminals.apply(hir);
        assertEquals("*S ::= A R; A ::= a; B ::=; R ::=", HirText.show(hir));
        assertEquals(new Hir.Repetition(1, 1, 3), hir.repetition(3));
    }
}
