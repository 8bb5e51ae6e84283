package io.github.kbnf4j.grammar.internal.hir;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.GrammarCompiler;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 16: a counted repetition of a terminal beyond {@code maxRepetition} is built in the
 * automaton (one terminal when it fits in {@code maxDfaStates}, chunks of as many copies as fit
 * otherwise); the language is exactly the repetition's, checked against {@link java.util.regex}
 * on every short string, with tiny limits that force the chunks (the last case is within the
 * limit: written out, as before).
 */
class CountedRepetitionsTest {

    private static Hir compile(String grammar, GrammarOptions options) {
        return GrammarCompiler.simplify("t.kbnf", grammar.getBytes(UTF_8), Dialect.KBNF, options, new Diagnostics(),
                null);
    }

    /** Every string over {@code alphabet} up to {@code maxLength} characters. */
    private static List<String> strings(String alphabet, int maxLength) {
        List<String> all = new ArrayList<>();
        all.add("");
        for (int from = 0; from < all.size(); from++) {
            String s = all.get(from);
            if (s.length() < maxLength) {
                for (char c : alphabet.toCharArray()) {
                    all.add(s + c);
                }
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0} with maxDfaStates {2}, maxRepetition {3}")
    @CsvSource(delimiter = '@', value = {
        "start ::= \"a\"{3,17} ;                  @ a{3,17}       @ 11 @ 4  @ a   @ 24",
        "start ::= \"a\"{5,5} ;                   @ a{5}          @ 5  @ 2  @ a   @ 12",
        "start ::= \"a\"{0,23} ;                  @ a{0,23}       @ 5  @ 15 @ a   @ 28",
        "start ::= \"a\"{7,} ;                    @ a{7,}         @ 5  @ 4  @ a   @ 20",
        "start ::= \"ab\"{2,9} \"c\" ;             @ (ab){2,9}c    @ 7  @ 6  @ abc @ 9",
        "start ::= x{2,9} ; x ::= \"a\" | \"bb\" ;  @ (a|bb){2,9}   @ 7  @ 6  @ ab  @ 11",
        "start ::= x{3,} ; x ::= \"a\" | \"bb\" ;   @ (a|bb){3,}    @ 7  @ 2  @ ab  @ 10",
        "start ::= #\"[ab]c?\"{2,7} ;             @ ([ab]c?){2,7} @ 7  @ 5  @ abc @ 8",
        "start ::= \"(\" start \")\" | \"a\"{2,13} ; @ a{2,13}        @ 5  @ 8  @ a() @ 10",
        "start ::= \"ab\"{3,5} ;                  @ (ab){3,5}     @ 5  @ 10 @ ab  @ 12",
    })
    void chunkedRepetitionsKeepTheLanguage(String grammar, String regex, int maxStates, int maxRepetition,
            String alphabet, int length) {
        GrammarOptions tight = GrammarOptions.DEFAULT.withMaxDfaStates(maxStates).withMaxRepetition(maxRepetition);
        Hir chunked = compile(grammar, tight);
        Hir plain = compile(grammar, GrammarOptions.DEFAULT);
        Pattern p = Pattern.compile(regex);
        for (String s : strings(alphabet, length)) {
            String inner = s;
            if (grammar.contains("start \")\"")) {
                // The recursive grammar: the repetition inside any number of parentheses.
                while (inner.length() >= 2 && inner.startsWith("(") && inner.endsWith(")")) {
                    inner = inner.substring(1, inner.length() - 1);
                }
            }
            boolean expected = p.matcher(inner).matches();
            assertEquals(expected, HirMatcher.matches(chunked, s.getBytes(UTF_8)), "chunked: '" + s + "'");
            assertEquals(expected, HirMatcher.matches(plain, s.getBytes(UTF_8)), "default: '" + s + "'");
        }
    }

    @Test
    @Timeout(20)
    void aLargeRepetitionOfALiteralCompilesUnderTheDefaults() {
        CompiledGrammar g = Grammar.compile("t.kbnf", "start ::= \"a\"{100,20000} ;");
        // Chunks, not 20,000 rules: a few terminals and a handful of productions.
        assertTrue(g.productionCount() < 20, g.summary());
        assertTrue(g.dfaStateCount() <= 4 * GrammarOptions.DEFAULT.maxDfaStates(), g.summary());
        CompiledGrammar fits = Grammar.compile("t.kbnf", "start ::= \"a\"{1,15000} ;");
        assertEquals(1, fits.terminalCount(), fits.summary());
        assertEquals(15_001, fits.dfaStateCount(), fits.summary());
        // The bound of a written-out rule is still maxRepetition; of a terminal, it is not.
        CompiledGrammar many = Grammar.compile("t.kbnf", "start ::= #\"[0-9]\"{1,200000} ;");
        assertTrue(many.productionCount() < 100, many.summary());
    }

    /** {@code S ::= N a} with {@code N} the repetition {@code a{min,max}}, after the pass. */
    private static String chunks(int min, int max, int maxStates, int maxRepetition) {
        Hir hir = HirText.parse("S ::= N a; N ::=");
        hir.setRepetition(1, new Hir.Repetition(-1, min, max)); // the literal "a", two states
        CountedRepetitions.apply(hir, maxStates, maxRepetition);
        int longest = (max < 0 ? min : max) + 3;
        for (int k = 0; k <= longest; k++) {
            boolean inRange = k >= min && (max < 0 || k <= max);
            assertEquals(inRange, HirMatcher.matches(hir, "a".repeat(k + 1).getBytes(UTF_8)), "a{" + min + "," + max + "}: " + k);
        }
        return HirText.show(hir) + (hir.repetition(1) == null ? "" : " pending " + hir.repetition(1).min() + ","
                + hir.repetition(1).max());
    }

    /**
     * Where the chunks fall (the language is checked above): chunks of {@code c = (maxStates - 1)
     * / 2} copies of the two-state literal, {@code m div c} full chunks, the rest, and levels
     * "some or a full chunk and the level below" down to the shortest, as the class documents.
     */
    @Test
    void theRepetitionIsCutWhereTheClassSays() {
        // within maxRepetition: left to the other passes
        assertEquals("*S ::= N a; N ::= pending 0,3", chunks(0, 3, 50, 3));
        assertEquals("*S ::= N a; N ::= pending 1,-1", chunks(1, -1, 3, 1));
        // above it and within maxDfaStates: one terminal
        assertEquals("*S ::= N a; N ::= a{0,4}", chunks(0, 4, 50, 3));
        assertEquals("*S ::= N a; N ::= a{6}", chunks(6, 6, 7, 2));
        assertEquals("*S ::= N a; N ::= a{2,}", chunks(2, -1, 3, 1));
        // chunks of 2: three full ones, the rest, a star
        assertEquals("*S ::= N a; N ::= a{2} a{2} a{2} a a*", chunks(7, -1, 5, 4));
        assertEquals("*S ::= N a; N ::= a{2} a{2} a", chunks(5, 5, 5, 2));
        // chunks of 3 (maxStates 7): 4 = 3 + 1 required, then 5 optional in two levels, the lowest up to 2
        assertEquals("*S ::= N a; N ::= a{3} a N.2; N.2 ::= a{0,2} | a{3} a{0,2}", chunks(4, 9, 7, 3));
        // 7 optional: the lowest level repeats 1 (a terminal); 8 optional: it repeats a full chunk (a rule)
        assertEquals("*S ::= N a; N ::= N.4; N.2 ::= a{0,1} | a{2} a{0,1}; N.3 ::= a{0,1} | a{2} N.2;"
                + " N.4 ::= a{0,1} | a{2} N.3", chunks(0, 7, 5, 6));
        assertEquals("*S ::= N a; N ::= N.4; N.1 ::= a{0,1} | a{2}; N.2 ::= a{0,1} | a{2} N.1;"
                + " N.3 ::= a{0,1} | a{2} N.2; N.4 ::= a{0,1} | a{2} N.3", chunks(0, 8, 5, 6));
        // one required chunk and seven levels: within a maxRepetition of 8, not of 7 (then no chunk size fits)
        assertEquals("*S ::= N a; N ::= a{2} a N.7; N.1 ::= a{0,1} | a{2}; N.2 ::= a{0,1} | a{2} N.1;"
                + " N.3 ::= a{0,1} | a{2} N.2; N.4 ::= a{0,1} | a{2} N.3; N.5 ::= a{0,1} | a{2} N.4;"
                + " N.6 ::= a{0,1} | a{2} N.5; N.7 ::= a{0,1} | a{2} N.6", chunks(3, 17, 5, 8));
        assertEquals("*S ::= N a; N ::= pending 3,17", chunks(3, 17, 5, 7));
    }

    /**
     * An item whose powers grow faster than its state count: the three-state automaton whose
     * star needs 2^(n-1) + 2^(n-2) states for n states (Yu, Zhuang and Salomaa's witness: {@code a}
     * counts up modulo 3, {@code b} too except in the start state, which it keeps; state 2
     * accepts). Two copies need 20 states, three 43; its star only 6 (concatenation can cost
     * more states than the star, which is why no test has an item whose star alone does not fit).
     */
    private static ByteDfa growingItem() {
        int[] next = new int[3 * 256];
        Arrays.fill(next, -1);
        for (int state = 0; state < 3; state++) {
            next[state * 256 + 'a'] = (state + 1) % 3;
            next[state * 256 + 'b'] = state == 0 ? 0 : (state + 1) % 3;
        }
        return Constructions.fromTable(3, next, new boolean[] {false, false, true});
    }

    @Test
    void aChunkSizeWhoseAutomatonDoesNotFitIsHalved() {
        // 44 states would hold 14 copies of a three-state item, and the repetition has 4: a chunk
        // of 4 copies is tried first, its automaton does not fit in 44 states, and the chunk size
        // is halved: two chunks of 2
        Hir hir = HirText.parse("S ::= N; N ::=");
        hir.setRepetition(1, new Hir.Repetition(hir.terminalSymbol(growingItem(), null, "t"), 4, 4));
        CountedRepetitions.apply(hir, 44, 2);
        assertEquals("*S ::= N; N ::= t{2} t{2}", HirText.showWithRepetitions(hir));
    }
}
