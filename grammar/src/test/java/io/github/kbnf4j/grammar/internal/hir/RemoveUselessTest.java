package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.internal.hir.RemoveUseless.StartStatus;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What {@link RemoveUseless} keeps, rule by rule. Whether a nonterminal is <em>endless</em> (can
 * consume bytes forever) cannot be seen in the language: an endless branch never completes a
 * sentence, so dropping it keeps every sentence and only loses prefixes (the recognizer would
 * then refuse bytes it should take). So these tests check the analysis and the rules it leaves
 * (grammars in {@link HirText}'s notation: upper case nonterminals, lower case literals).
 */
class RemoveUselessTest {

    /** The endless nonterminals of {@code grammar}, by name in id order. */
    private static String endless(String grammar) {
        Hir hir = HirText.parse(grammar);
        boolean[] endless = RemoveUseless.endless(hir, RemoveUseless.productive(hir));
        StringJoiner names = new StringJoiner(" ");
        for (int n = 0; n < endless.length; n++) {
            if (endless[n]) {
                names.add(hir.name(n));
            }
        }
        return names.toString();
    }

    @ParameterizedTest(name = "{0}: endless {1}")
    @CsvSource(delimiter = '/', value = {
        // a loop that reads a byte each time round
        "S ::= l S / S",
        // reached by reading a byte first, or by reading nothing (the reverse edges of both kinds)
        "S ::= x L; L ::= l L / S L",
        "S ::= L; L ::= l L / S L",
        // a loop through two rules, each reading a byte before the other
        "S ::= A; A ::= x B; B ::= y A / S A B",
        // a loop with one reading edge, the other starting at the first symbol
        "S ::= A; A ::= B | a; B ::= x A / S A B",
        // left recursion without a base: a loop that never reads a byte before coming back
        "S ::= A s; A ::= A a / ''",
        "S ::= A s; A ::= B; B ::= A / ''",
        // a reading edge into a rule that is not endless does not make a loop
        "S ::= x D; D ::= D d / ''",
        "S ::= s; A ::= x D | a; D ::= D d / ''",
        // nothing after an unproductive symbol is ever reached
        "S ::= D L; D ::= D d; L ::= l L / L",
        // but after a productive nonterminal it is, and that edge reads bytes
        "S ::= P L; P ::= p; L ::= l L / S L",
        "S ::= P S; P ::= p / S",
        // endlessness goes back along chains and branches of any length
        "S ::= A | B; A ::= C; B ::= x C; C ::= D; D ::= d D / S A B C D",
        "S ::= s; X ::= Y; Y ::= Z; Z ::= z Z / X Y Z",
        // a productive rule can be endless too (it has arbitrarily long derivations)
        "S ::= s S | s / S",
        "S ::= A s; A ::= a | a A / S A",
    })
    void findsTheRulesThatCanReadForever(String grammar, String expected) {
        assertEquals(expected, endless(grammar), grammar);
    }

    private static String apply(String grammar, boolean acceptsEmpty, StartStatus expected) {
        Hir hir = HirText.parse(grammar);
        hir.setAcceptsEmpty(acceptsEmpty);
        assertEquals(expected, RemoveUseless.apply(hir), grammar);
        return HirText.show(hir);
    }

    @Test
    void dropsAlternativesThatCanNeverBeReadThroughAndCutsTheOthersAfterAnEndlessSymbol() {
        assertEquals("*S ::= a | c L; L ::= l L",
                apply("S ::= a | b D | c L | c L z | D c L | P L; D ::= D x; L ::= l L; P ::= D", false,
                        StartStatus.PRODUCTIVE));
        // an endless symbol past productive ones: the prefix up to it is kept
        assertEquals("*S ::= a | a B L | B L; B ::= b | b B; L ::= l L",
                apply("S ::= a | a B L x | B L D; B ::= b | b B; L ::= l L; D ::= D", false,
                        StartStatus.PRODUCTIVE));
        // two alternatives that are cut to the same prefix are kept once
        assertEquals("*S ::= a | c L; L ::= l L",
                apply("S ::= a | c L x | c L y; L ::= l L", false, StartStatus.PRODUCTIVE));
    }

    @Test
    void anEndlessStartKeepsItsLoop() {
        assertEquals("*S ::= s S | x L; L ::= l L",
                apply("S ::= s S | x L | D; L ::= l L; D ::= D d", false, StartStatus.ENDLESS));
        // endless comes before the empty sentence
        assertEquals("*S ::= A; A ::= a A", apply("S ::= A | D A; A ::= a A; D ::= D", true, StartStatus.ENDLESS));
    }

    @Test
    void aStartThatDerivesOnlyTheEmptyStringIsLeftWithoutAlternatives() {
        assertEquals("*S ::=", apply("S ::= D | s D; D ::= D d", true, StartStatus.EMPTY));
        assertEquals("*S ::=", apply("S ::=", true, StartStatus.EMPTY));
    }

    @Test
    void aDeadStartLeavesTheGrammarAsItWas() {
        String grammar = "S ::= D | s D; D ::= D d; L ::= l L";
        assertEquals(HirText.show(HirText.parse(grammar)), apply(grammar, false, StartStatus.DEAD));
    }
}
