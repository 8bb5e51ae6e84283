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
    void aRuleUsingAPartOverTheLimitStaysARule() {
        // the regex alone needs 2^13 states: big is decided without a subset construction
        CompiledGrammar g = Grammar.compile("part.kbnf",
                "start ::= big \".\" | \"(\" start \")\"; big ::= \"q\" #\"[ab]*a[ab]{12}\" (\"!\" | \"?\");");
        assertFalse(terminals(g).contains("<big>"), terminals(g).toString());
        assertTrue(nonterminals(g).contains("big"), nonterminals(g).toString());
        assertTrue(terminals(g).contains("#\"[ab]*a[ab]{12}\""), terminals(g).toString());
    }

    @Test
    void rulesWithTheSameBodyShareOneTerminalWithoutSpendingTheBudgetTwice() {
        // a and b are twins of 5 states each; with room for 8 new states the second fitted only
        // while each rule was determinized and counted on its own
        String text = "start ::= a \".\" | b \"!\" | \"(\" start \")\"; a ::= \"x\" d; b ::= \"x\" d;"
                + " d ::= #\"[0-9]{3}\";";
        CompiledGrammar g = Grammar.compile("twins.kbnf", text, GrammarOptions.DEFAULT.withMaxDfaStates(8));
        assertEquals(1, terminals(g).stream().filter(t -> t.equals("<a>") || t.equals("<b>")).count(),
                terminals(g).toString());
        assertFalse(nonterminals(g).contains("a") || nonterminals(g).contains("b"), nonterminals(g).toString());
    }

    @Test
    void aRuleThatWouldCopyALargeSharedRuleStaysARuleAndTheSharedOneIsInlinedOnce() {
        // p and q both use s (over SHARED_COPY_NFA_STATES): as terminals each would hold a copy of s
        CompiledGrammar g = Grammar.compile("shared.kbnf", "start ::= p \".\" | q \",\" | \"(\" start \")\";"
                + " p ::= \"p\" s; q ::= \"q\" s; s ::= \"<\" #\"[a-z]{0,70}\" \">\";");
        assertTrue(nonterminals(g).contains("p") && nonterminals(g).contains("q"), nonterminals(g).toString());
        assertTrue(terminals(g).contains("<s>"), terminals(g).toString());
        assertFalse(terminals(g).contains("<p>") || terminals(g).contains("<q>"), terminals(g).toString());
    }

    /** Keys a, b, c in any order, each at most once, with a value of 71 states: a rule per set of keys seen. */
    private static final String LATTICE = " v ::= #\"[0-9]{1,70}\";"
            + " sa ::= \"\" | \",b\" v sab | \",c\" v sac; sb ::= \"\" | \",a\" v sab | \",c\" v sbc;"
            + " sc ::= \"\" | \",a\" v sac | \",b\" v sbc;"
            + " sab ::= \"\" | \",c\" v; sac ::= \"\" | \",b\" v; sbc ::= \"\" | \",a\" v;";

    @Test
    void aLatticeOfSharedRulesKeepsTheStatesThatWouldCopyOthersAsRules() {
        // s is recursive: sa, sb and sc are the largest regular rules, and each would copy two of
        // the sets of two, which the others copy too
        CompiledGrammar g = Grammar.compile("lattice.kbnf", "start ::= \"{\" s \"}\" | \"[\" start \"]\";"
                + " s ::= \"\" | \"a\" v sa | \"b\" v sb | \"c\" v sc | \"!\" start;" + LATTICE);
        // (nullable, the sets of two become their non-empty part)
        assertTrue(terminals(g).stream().noneMatch(t -> t.startsWith("<sa>") || t.startsWith("<sb>")),
                terminals(g).toString());
        assertTrue(terminals(g).stream().anyMatch(t -> t.startsWith("<sab>")), terminals(g).toString());
    }

    @Test
    void aRegularLatticeInsideOneRuleBecomesOneTerminal() {
        // the same sets inside one regular rule: one automaton holds them once
        CompiledGrammar g = Grammar.compile("whole.kbnf", "start ::= \"{\" s \"}\" | \"[\" start \"]\";"
                + " s ::= \"\" | \"a\" v sa | \"b\" v sb | \"c\" v sc;" + LATTICE);
        assertTrue(terminals(g).stream().anyMatch(t -> t.startsWith("<s>")), terminals(g).toString());
        assertTrue(terminals(g).stream().noneMatch(t -> t.startsWith("<sab>")), terminals(g).toString());
    }

    @Test
    void aSmallSharedRuleIsCopiedIntoItsUsers() {
        CompiledGrammar g = Grammar.compile("small.kbnf", "start ::= p \".\" | q \",\" | \"(\" start \")\";"
                + " p ::= \"p\" s; q ::= \"q\" s; s ::= \"<\" #\"[a-z]{0,3}\" \">\";");
        assertTrue(terminals(g).contains("<p>") && terminals(g).contains("<q>"), terminals(g).toString());
        assertFalse(nonterminals(g).contains("s"), nonterminals(g).toString());
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
