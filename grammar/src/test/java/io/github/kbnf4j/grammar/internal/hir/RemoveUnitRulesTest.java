package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rules {@link RemoveUnitRules} leaves. Inlining a unit alternative keeps the language (the
 * recognizer handles unit rules anyway), so {@link PassesTest} cannot see whether it happened:
 * these tests check the rules themselves (grammars in {@link HirText}'s notation).
 */
class RemoveUnitRulesTest {

    private static String apply(String grammar) {
        Hir hir = HirText.parse(grammar);
        RemoveUnitRules.apply(hir);
        return HirText.show(hir);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '/', value = {
        "S ::= A | x; A ::= y / *S ::= x | y; A ::= y",
        // a chain, and a rule other than the first whose targets no earlier rule reached
        "S ::= s; A ::= B | a; B ::= C; C ::= c / *S ::= s; A ::= a | c; B ::= c; C ::= c",
        // a cycle: every rule on it gets the others' alternatives, in the order the closure meets them
        "S ::= A | s; A ::= B | a; B ::= S | b / *S ::= s | a | b; A ::= a | b | s; B ::= b | s | a",
        // two paths to the same rule, and the same alternative from two rules: each kept once
        "S ::= A | B; A ::= C | x; B ::= C | x; C ::= c / *S ::= x | c; A ::= x | c; B ::= x | c; C ::= c",
        // a single terminal, or a nonterminal with more after it, is no unit alternative
        "S ::= x | A y | A; A ::= a / *S ::= x | A y | a; A ::= a",
        // a unit rule to a rule without alternatives is dropped
        "S ::= A | s; A ::= / *S ::= s; A ::=",
    })
    void inlinesTheAlternativesReachedThroughUnitAlternatives(String grammar, String expected) {
        assertEquals(expected, apply(grammar), grammar);
    }

    /** {@code S ::= A | t1 | .. | tk; A ::= a}: the closure of {@code S} has {@code k + 1} alternatives. */
    private static String wide(int k) {
        StringJoiner alts = new StringJoiner(" | ");
        alts.add("A");
        for (int i = 1; i <= k; i++) {
            alts.add("t" + i);
        }
        return "S ::= " + alts + "; A ::= a";
    }

    @Test
    void inlinesUpToTheLimitOfAlternatives() {
        int limit = RemoveUnitRules.MAX_INLINED_ALTERNATIVES;
        String atLimit = wide(limit - 1);
        String inlined = apply(atLimit);
        assertEquals(limit, HirText.parse(atLimit).alternatives(0).size());
        assertEquals(atLimit.replace("S ::= A | ", "*S ::= ").replace("; A ::= a", " | a; A ::= a"), inlined);
    }

    @Test
    void aClosurePastTheLimitKeepsItsUnitAlternatives() {
        String pastLimit = wide(RemoveUnitRules.MAX_INLINED_ALTERNATIVES);
        // the closure reaches the limit with its first rule; the rest of it must still be counted
        assertEquals("*" + pastLimit, apply(pastLimit));
    }
}
