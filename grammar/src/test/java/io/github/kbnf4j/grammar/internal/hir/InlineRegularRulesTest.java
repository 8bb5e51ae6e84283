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

    // The tests below run the pass alone on a HIR in HirText's notation (upper case nonterminals,
    // lower case literals, A ::= B{0,5} a pending repetition), so that each of its decisions is
    // seen in the rules it leaves: a replaced rule is one terminal, named <rule> (or the terminal
    // it equals, which the HIR does not make twice). Composed NFA sizes, as the pass counts them:
    // a literal of n bytes has n + 1 states and n + 2 in an NFA; a concatenation adds 1, a union of
    // several alternatives 2, a repetition 2 plus its copies (max, or min + 1) times its item.

    /** The HIR of {@code grammar} after the pass, repetitions shown. */
    private static String inline(String grammar, int maxNewStates) {
        Hir hir = HirText.parse(grammar);
        InlineRegularRules.apply(hir, maxNewStates);
        return HirText.showWithRepetitions(hir);
    }

    /** {@code count} one-byte literals, a to z over and over, each after a space. */
    private static String letters(int count) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            sb.append(' ').append((char) ('a' + i % 26));
        }
        return sb.toString();
    }

    /** {@code count} alternatives, each the literal {@code word}. */
    private static String alternatives(String word, int count) {
        return String.join(" | ", java.util.Collections.nCopies(count, word));
    }

    @Test
    void aReplacedRepetitionIsNoLongerARepetition() {
        assertEquals("*S ::= ( S ) | <A>; A ::= <A>", inline("S ::= ( S ) | A; A ::= x{0,3}", 5000));
    }

    @Test
    void theStartRuleIsReplacedWhereverARuleUsesIt() {
        // rule 0, in an alternative of a rule that stays a rule, and as the item of a repetition
        // that is over the NFA bound (3,000 copies of S, 7 states each)
        assertEquals("*S ::= <S>; R ::= <S> | ( R )", inline("S ::= a b; R ::= S | ( R )", 5000));
        assertEquals("*S ::= <S>; R ::= <S>{0,3000}", inline("S ::= a b; R ::= S{0,3000}", 5000));
    }

    @Test
    void theStartRuleIsSharedWithTheRulesThatUseIt() {
        // S is a candidate as the start rule, and inside A, through a repetition or an
        // alternative: over SHARED_COPY_NFA_STATES, A would copy it, so A stays a rule
        String s = "S ::=" + letters(30) + ";";
        assertEquals("*S ::= <S>; A ::= <S>{0,3}; R ::= A | ( R )", inline(s + " A ::= S{0,3}; R ::= A | ( R )", 5000));
        assertEquals("*S ::= <S>; A ::= x <S>; R ::= A | ( R )", inline(s + " A ::= x S; R ::= A | ( R )", 5000));
    }

    @Test
    void aSharedRuleOfSharedCopyNfaStatesKeepsItsUsersRules() {
        // K of 21 one-byte literals has 1 + 21 * 3 = 64 NFA states, SHARED_COPY_NFA_STATES: P and Q
        // stay rules; with 20 (61 states) K is small enough to copy into both
        String users = "S ::= ( S ) | P | Q; P ::= p K; Q ::= q K; K ::=";
        assertEquals("*S ::= ( S ) | P | Q; P ::= p <K>; Q ::= q <K>; K ::= <K>", inline(users + letters(21), 5000));
        assertEquals("*S ::= ( S ) | <P> | <Q>; P ::= <P>; Q ::= <Q>; K ::=" + letters(20),
                inline(users + letters(20), 5000));
    }

    @Test
    void aRuleOfSharedCopiesNfaStatesDoesNotCopyARuleItUsesTwice() {
        // K (64 NFA states) is inside C only, twice; C has 1 + 64 + 64 + 4 + 297 * 3 = 1024 states,
        // SHARED_COPIES_NFA_STATES, and stays a rule; with one state less it is one terminal
        String k = "; K ::=" + letters(21);
        assertTrue(inline("S ::= ( S ) | C; C ::= K K yz" + letters(297) + k, 5000).startsWith(
                "*S ::= ( S ) | C; C ::= <K> <K> yz a b c"));
        assertEquals("*S ::= ( S ) | <C>; C ::= <C>" + k, inline("S ::= ( S ) | C; C ::= K K" + letters(298) + k, 5000));
        // a repetition copies its item as many times: 16 * 64 + 2 = 1026 states, 15 * 64 + 2 = 962
        assertEquals("*S ::= ( S ) | C; C ::= <K>{0,16}; K ::= <K>", inline("S ::= ( S ) | C; C ::= K{0,16}" + k, 5000));
        assertEquals("*S ::= ( S ) | <C>; C ::= <C>" + k, inline("S ::= ( S ) | C; C ::= K{0,15}" + k, 5000));
    }

    @Test
    void theBudgetOfNewStatesIsSpentToTheLastState() {
        // A's automaton is x's, 2 states: a budget of 2 replaces it, of 1 does not; the same for a
        // rule that is one terminal, whose automaton is not built
        assertEquals("*S ::= ( S ) | x; A ::= x", inline("S ::= ( S ) | A; A ::= x | x", 2));
        assertEquals("*S ::= ( S ) | A; A ::= x | x", inline("S ::= ( S ) | A; A ::= x | x", 1));
        assertEquals("*S ::= ( S ) | x; A ::= x", inline("S ::= ( S ) | A; A ::= x", 2));
        assertEquals("*S ::= ( S ) | A; A ::= x", inline("S ::= ( S ) | A; A ::= x", 1));
        // B, replaced first, spends 2 of 3 states: 1 is left, not enough for A
        assertEquals("*S ::= ( S ) | A | y; A ::= x | x; B ::= y",
                inline("S ::= ( S ) | A | B; A ::= x | x; B ::= y | y", 3));
        // K (19 NFA states, between SHARED_AUTOMATON_NFA_STATES and SHARED_COPY_NFA_STATES) gets its
        // own automaton (7 states) when P and Q (8 each) are built from it; asked last, it fits in
        // the 7 states left of 23, not in the 6 left of 22
        String shared = "S ::= ( S ) | P | Q | K; P ::= p K; Q ::= q K; K ::= a b c d e f";
        assertEquals("*S ::= ( S ) | <P> | <Q> | <K>; P ::= <P>; Q ::= <Q>; K ::= <K>", inline(shared, 23));
        assertEquals("*S ::= ( S ) | <P> | <Q> | K; P ::= <P>; Q ::= <Q>; K ::= a b c d e f", inline(shared, 22));
    }

    @Test
    void aRuleWithoutAlternativesIsNotRegularNorAreItsUsers() {
        // D derives nothing (RemoveUseless drops it later): A stays a rule as it is
        assertEquals("*S ::= ( S ) | A; A ::= a D | b; D ::=", inline("S ::= ( S ) | A; A ::= a D | b; D ::=", 5000));
    }

    @Test
    void aRuleOfExactlyMaxNfaStatesIsRegular() {
        // B: 2,730 alternatives x, 2 + 2730 * 3 = 8192 = MAX_NFA_STATES, and A ::= B as many (one
        // alternative of one symbol adds no state): A is replaced by B's language, x
        assertTrue(inline("S ::= ( S ) | A; A ::= B; B ::= " + alternatives("x", 2730), 5000).startsWith(
                "*S ::= ( S ) | x; A ::= x; B ::= x | x"));
        // one alternative more: neither is regular
        assertTrue(inline("S ::= ( S ) | A; A ::= B; B ::= " + alternatives("x", 2731), 5000).startsWith(
                "*S ::= ( S ) | A; A ::= B; B ::= x | x"));
        // a repetition: R ::= B{0,1} has 2 + 8190 states with B = yz | x 2,728 times (2 + 4 + 2728 * 3);
        // one more state in B, and only B is regular
        assertTrue(inline("S ::= ( S ) | R; R ::= B{0,1}; B ::= yz | " + alternatives("x", 2728), 5000).startsWith(
                "*S ::= ( S ) | <R>; R ::= <R>; B ::= yz | x"));
        assertEquals("*S ::= ( S ) | R; R ::= <B>{0,1}; B ::= <B>",
                inline("S ::= ( S ) | R; R ::= B{0,1}; B ::= yz | yz | " + alternatives("x", 2727), 5000));
    }

    @Test
    void aRuleOverTheNfaBoundThroughItsPartsIsNotRegular() {
        // A's parts are within MAX_NFA_STATES, together they are not (68 + 68 + 8183): A is not
        // regular, so P and Q are candidates of their own, each with a copy of K (64 NFA states),
        // and stay rules; K becomes a terminal, X stays a rule (its automaton needs 2,728 states)
        assertEquals("*S ::= ( S ) | A; A ::= P Q X; P ::= p <K>; Q ::= q <K>; X ::= x{0,2727}; K ::= <K>",
                inline("S ::= ( S ) | A; A ::= P Q X; P ::= p K; Q ::= q K; X ::= x{0,2727}; K ::=" + letters(21), 5000));
    }

    @Test
    void noRuleIsRegularOnceTheComposedNfasReachTheBudget() {
        // 256 rules of 2 + 2730 * 3 = 8192 NFA states fill NFA_STATE_BUDGET (2^21), so C, counted
        // after them, stays a rule; without the budget it would be replaced by c
        StringBuilder start = new StringBuilder("S ::= ( S )");
        StringBuilder rules = new StringBuilder();
        for (int i = 1; i <= 256; i++) {
            start.append(" | B").append(i);
            rules.append("; B").append(i).append(" ::= x{0,2730}");
        }
        String shown = inline(start + " | C" + rules + "; C ::= c", 5000);
        assertTrue(shown.contains(" | B256 | C;") && shown.endsWith("; C ::= c"), shown);
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
