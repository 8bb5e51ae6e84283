package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@link InlineRegularRules} turns into terminals, and what it leaves alone. */
class InlineRegularRulesTest {

    @Test
    void aRegularRuleUsedByARecursiveOneBecomesOneTerminal() {
        CompiledGrammar g = Grammar.compile("c.kbnf",
                "start ::= id | \"(\" start \")\" | id \"=\" start; id ::= letter (letter | digit)*;"
                        + " letter ::= #\"[a-z]\"; digit ::= #\"[0-9]\";");
        assertTrue(terminals(g).contains("<id>"), terminals(g).toString());
        assertFalse(nonterminals(g).contains("id"));
        assertFalse(nonterminals(g).contains("letter"));
        assertTrue(nonterminals(g).contains("start"), "a recursive rule stays a rule");
    }

    @Test
    void aWhollyRegularGrammarBecomesOneTerminal() {
        CompiledGrammar g = Grammar.compile("r.kbnf", "start ::= \"a\" b+ \"c\"; b ::= \"b\" | \"x\" \"y\";");
        assertEquals(List.of("<start>"), terminals(g));
        assertEquals(1, g.productionCount());
    }

    @Test
    void aRuleWhoseAutomatonWouldBeTooLargeStaysARule() {
        // the last 13 characters matter: the automaton needs 2^13 states, over MAX_DFA_STATES
        CompiledGrammar g = Grammar.compile("big.kbnf",
                "start ::= big | \"(\" start \")\"; big ::= #\"[ab]\"* \"a\" tail; tail ::= #\"[ab]\"{12};");
        assertFalse(terminals(g).contains("<big>"), terminals(g).toString());
        assertTrue(terminals(g).contains("<tail>"), "the rules it uses are inlined instead: " + terminals(g));
    }

    @Test
    void aRuleThatIsOneTerminalBecomesThatTerminal() {
        // v and w add nothing to the automaton of the regex: the regex's own terminal is used
        CompiledGrammar g = Grammar.compile("one.kbnf",
                "start ::= v | \"(\" start \")\" | \"[\" w \"]\"; v ::= w; w ::= #\"[a-z]+\";");
        assertTrue(terminals(g).contains("#\"[a-z]+\""), terminals(g).toString());
        assertFalse(terminals(g).contains("<v>") || terminals(g).contains("<w>"), terminals(g).toString());
        assertFalse(nonterminals(g).contains("v") || nonterminals(g).contains("w"), nonterminals(g).toString());
    }

    @Test
    void aRuleThatIsOneTooLargeTerminalStaysARule() {
        // as if determinized: the 2^13-state automaton is over MAX_DFA_STATES, so big stays a rule
        CompiledGrammar g = Grammar.compile("onebig.kbnf",
                "start ::= big | \"(\" start \")\"; big ::= #\"[ab]*a[ab]{12}\";");
        assertFalse(terminals(g).contains("<big>"), terminals(g).toString());
        assertEquals(List.of("\"(\"", "\")\"", "#\"[ab]*a[ab]{12}\""), terminals(g).stream().sorted().toList());
    }

    @Test
    void inliningCanBeTurnedOff() {
        String text = "start ::= id | \"(\" start \")\"; id ::= #\"[a-z]\" #\"[a-z0-9]\"*;";
        CompiledGrammar g = Grammar.compile("off.kbnf", text, GrammarOptions.DEFAULT.withInlineRegularRules(false));
        assertFalse(terminals(g).contains("<id>"));
    }

    private static List<String> terminals(CompiledGrammar g) {
        List<String> names = new ArrayList<>();
        for (int t = 0; t < g.terminalCount(); t++) {
            names.add(g.terminalDescription(t));
        }
        return names;
    }

    private static List<String> nonterminals(CompiledGrammar g) {
        List<String> names = new ArrayList<>();
        for (int n = 0; n < g.nonterminalCount(); n++) {
            names.add(g.nonterminalName(n));
        }
        return names;
    }
}
