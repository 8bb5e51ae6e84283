package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.GrammarCompiler;
import io.github.kbnf4j.grammar.internal.ast.Span;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@link Hir} itself: its listing, quoting, renumbering, copies, and a start symbol that is not rule 0. */
class HirTest {

    @Test
    void theListingShowsEveryRuleItsRepetitionAndEmptyAlternatives() {
        Hir hir = HirText.parse("S ::= a R | ε; R ::=; X ::= x; T ::=");
        hir.setRepetition(1, new Hir.Repetition(2, 2, -1));
        hir.setRepetition(3, new Hir.Repetition(-1, 0, 3)); // the terminal a
        hir.setStart(1);
        assertEquals("S ::= a R | ε ;\n*R ::= X{2,} ;\nX ::= x ;\nT ::= a{0,3} ;\n", hir.toString());
        hir.setRepetition(3, new Hir.Repetition(-1, 0, 0));
        assertEquals("T ::= a{0,0} ;", hir.toString().lines().toList().get(3));
    }

    @Test
    void quotesControlCharactersQuotesAndBackslashes() {
        assertEquals("\"a \\\"b\\\\ \\n\\t\\r\\x01\\x1F\\x7F ~\u00e9\"", Hir.quote("a \"b\\ \n\t\r\u0001\u001f\u007f ~\u00e9"));
    }

    @Test
    void compactRenumbersRulesSpansAndRepetitions() {
        Hir hir = new Hir();
        int s = hir.addNonterminal("S", new Span("t", 1, 1));
        hir.addNonterminal("U", new Span("t", 2, 1));
        int r = hir.addNonterminal("R", new Span("t", 3, 1));
        int x = hir.addNonterminal("X", new Span("t", 4, 1));
        int a = hir.terminalSymbol(ByteDfa.literal(new byte[] {'a'}), new byte[] {'a'}, "a");
        hir.setAlternatives(s, List.of(new int[] {a, r}, new int[] {x}));
        hir.setAlternatives(x, List.<int[]>of(new int[] {a, x}));
        hir.setRepetition(r, new Hir.Repetition(x, 1, 2));
        hir.setStart(r);
        hir.compact(new boolean[] {true, false, true, true});
        assertEquals("S ::= a R | X; *R ::=; X ::= a X", HirText.show(hir));
        assertEquals(new Span("t", 3, 1), hir.span(1));
        assertEquals(new Span("t", 4, 1), hir.span(2));
        assertEquals(new Hir.Repetition(2, 1, 2), hir.repetition(1));
        assertNull(hir.repetition(2));
        assertEquals(1, hir.start());
    }

    @Test
    void aCopyFindsTheTerminalsOfTheOriginal() {
        Hir hir = HirText.parse("S ::= a b");
        Hir copy = hir.copy();
        assertEquals(hir.terminalSymbol(ByteDfa.literal(new byte[] {'b'}), new byte[] {'b'}, "b"),
                copy.terminalSymbol(ByteDfa.literal(new byte[] {'b'}), new byte[] {'b'}, "b"));
        assertEquals(hir.terminalCount(), copy.terminalCount());
        assertEquals(HirText.show(hir), HirText.show(copy));
    }

    @Test
    void theStartRuleNeedNotBeTheFirst() {
        Hir hir = GrammarCompiler.simplify("t.kbnf", "x ::= \"b\" | \"c\"; start ::= \"a\" x;".getBytes(StandardCharsets.UTF_8),
                Dialect.KBNF, GrammarOptions.DEFAULT, new Diagnostics(), null);
        assertEquals("ab\nac", HirText.language(hir, "abcq", 3));
    }
}
