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
import java.util.ArrayList;
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
}
