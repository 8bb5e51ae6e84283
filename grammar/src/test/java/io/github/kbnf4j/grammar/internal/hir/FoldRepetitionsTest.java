package io.github.kbnf4j.grammar.internal.hir;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.GrammarCompiler;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Which nests {@link FoldRepetitions} folds: exactly those whose repetition counts form an
 * interval (checked against the counts themselves, computed by brute force), in both dialects,
 * through unit rules, and not beyond {@code maxRepetition}. That the languages stay the same is
 * checked by {@link PassesTest}, {@link GbnfLanguageTest} and {@link FoldRepetitionsProperties}.
 */
class FoldRepetitionsTest {
    /** Counts are compared up to here; the finite bounds below multiply to at most 25. */
    static final int LIMIT = 40;

    /**
     * The numbers {@code s} (up to {@link #LIMIT}) such that {@code (x{a,b}){c,d}} has a
     * derivation with {@code s} copies of {@code x}; -1 is unbounded.
     */
    static BitSet counts(int a, int b, int c, int d) {
        BitSet reach = new BitSet();
        reach.set(0); // the sums of k inner counts, k = 0 so far
        BitSet all = new BitSet();
        int lastK = d < 0 ? LIMIT + 1 : d; // with a = 0 the sums stop growing after LIMIT steps
        for (int k = 0; k <= lastK; k++) {
            if (k >= c) {
                all.or(reach);
            }
            BitSet next = new BitSet();
            for (int s = reach.nextSetBit(0); s >= 0; s = reach.nextSetBit(s + 1)) {
                for (int i = a; i <= (b < 0 ? LIMIT : b) && s + i <= LIMIT; i++) {
                    next.set(s + i);
                }
            }
            reach = next;
        }
        return all;
    }

    static boolean isInterval(BitSet s) {
        return s.isEmpty() || s.nextClearBit(s.nextSetBit(0)) > s.previousSetBit(LIMIT);
    }

    @Test
    void foldsExactlyTheNestsWhoseCountsFormAnInterval() {
        int folds = 0;
        for (int a = 0; a <= 5; a++) {
            for (int b = a - 1; b <= 5; b++) {
                int innerMax = b < a ? -1 : b;
                for (int c = 0; c <= 5; c++) {
                    for (int d = c - 1; d <= 5; d++) {
                        int outerMax = d < c ? -1 : d;
                        BitSet nest = counts(a, innerMax, c, outerMax);
                        Hir.Repetition folded = FoldRepetitions.fold(new Hir.Repetition(7, c, outerMax),
                                new Hir.Repetition(3, a, innerMax), 1000);
                        String what = "(x{" + a + "," + innerMax + "}){" + c + "," + outerMax + "}";
                        // Every bound here is far below the maxRepetition given: only exactness decides.
                        assertEquals(isInterval(nest), folded != null, what + " counts " + nest + ", folded to " + folded);
                        if (folded != null) {
                            folds++;
                            assertEquals(3, folded.symbol(), what);
                            assertEquals(nest, counts(folded.min(), folded.max(), 1, 1), what + " folded to " + folded);
                        }
                    }
                }
            }
        }
        assertTrue(folds > 500, folds + " folds");
    }

    @Test
    void theStarPlusOptionNests() {
        int[][] ops = {{0, 1}, {0, -1}, {1, -1}}; // ? * +
        String[] names = {"?", "*", "+"};
        // (x?)? (x?)* (x?)+ / (x*)? (x*)* (x*)+ / (x+)? (x+)* (x+)+
        String[] expected = {"{0,1}", "{0,-1}", "{0,-1}", "{0,-1}", "{0,-1}", "{0,-1}", "{0,-1}", "{0,-1}", "{1,-1}"};
        for (int i = 0; i < 3; i++) {
            for (int o = 0; o < 3; o++) {
                Hir.Repetition f = FoldRepetitions.fold(new Hir.Repetition(1, ops[o][0], ops[o][1]),
                        new Hir.Repetition(0, ops[i][0], ops[i][1]), 10);
                assertNotNull(f);
                assertEquals(expected[i * 3 + o], "{" + f.min() + "," + f.max() + "}",
                        "(x" + names[i] + ")" + names[o]);
            }
        }
    }

    @Test
    void noFoldBeyondMaxRepetition() {
        Hir.Repetition upTo99 = new Hir.Repetition(0, 0, 99);
        assertEquals(new Hir.Repetition(0, 0, 9801), FoldRepetitions.fold(upTo99, upTo99, 9801));
        assertNull(FoldRepetitions.fold(upTo99, upTo99, 9800));
        Hir.Repetition atLeast100 = new Hir.Repetition(0, 100, -1);
        assertNull(FoldRepetitions.fold(atLeast100, atLeast100, 9999), "the minimum counts too");
        assertEquals(new Hir.Repetition(0, 10_000, -1), FoldRepetitions.fold(atLeast100, atLeast100, 10_000));
    }

    /**
     * How far the pass folds each nest, rule by rule (in {@link HirText}'s notation, {@code A ::=
     * B{0,5}} a pending repetition). Every fold is exact, so the language cannot tell how far a nest
     * was folded, nor whether a fold was refused: only the rules can. Each case pins one of the
     * pass's decisions.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '/', value = {
        // a nest folds all the way down, through a unit rule, and to rule 0 as well as any other
        "S ::= A; A ::= B{0,2}; B ::= U; U ::= C{1,3}; C ::= x{1,4}"
                + " / *S ::= A; A ::= x{0,24}; B ::= U; U ::= x{1,12}; C ::= x{1,4}",
        "S ::= x{0,3}; A ::= S{0,2} / *S ::= x{0,3}; A ::= x{0,6}",
        // a cycle of repetitions is followed for as many steps as there are rules (4 here), so that
        // the pass ends: A's walk meets B, C, B, C, and A is left a repetition of B
        "S ::= A; A ::= B{0,}; B ::= C{0,}; C ::= B{0,} / *S ::= A; A ::= B{0,}; B ::= B{0,}; C ::= B{0,}",
        // a fold that makes the chain longer is refused when its item derives the empty string
        // (E derives only the empty string, so it has no non-empty part to stand for it; E' is the
        // rule the pass made for that part, left without alternatives)...
        "S ::= A; A ::= B{0,5}; B ::= E{0,5}; E ::= ε / *S ::= A; A ::= B{0,5}; B ::= E{0,5}; E ::= ε; E' ::=",
        // ... but not when the chain stays as long as the inner one
        "S ::= A; A ::= B{0,1}; B ::= E{0,5}; E ::= ε / *S ::= A; A ::= E{0,5}; B ::= E{0,5}; E ::= ε; E' ::=",
        // a nullable item is replaced by its non-empty part, which goes down through a rule into a
        // repetition (Y{0,3} is nullable because its minimum is 0)
        "S ::= A; A ::= X{0,5}; X ::= Y | a; Y ::= y{0,3}"
                + " / *S ::= A; A ::= X'{0,5}; X ::= Y | a; Y ::= y{0,3}; X' ::= Y' | a; Y' ::= y{1,3}",
        // the non-empty part of a rule is made once, for every repetition of it
        "S ::= A B; A ::= X{0,3}; B ::= X{0,4}; X ::= x y | ε / *S ::= A B; A ::= X'{0,3}; B ::= X'{0,4}; X ::= x y | ε; X' ::= x y",
    })
    void foldsEachNestAsFarAsItMay(String grammar, String expected) {
        Hir hir = HirText.parse(grammar);
        FoldRepetitions.apply(hir, 1000);
        assertEquals(expected, HirText.showWithRepetitions(hir), grammar);
    }

    /** The repetition the start rule's first alternative stands for, right after the fold. */
    static String folded(String grammar, Dialect dialect) {
        Map<String, Hir> stages = new LinkedHashMap<>();
        GrammarCompiler.simplify("t", grammar.getBytes(UTF_8), dialect, GrammarOptions.DEFAULT, new Diagnostics(),
                stages::put);
        Hir hir = stages.get("fold-repetitions");
        int top = hir.alternatives(hir.start()).get(0)[0];
        Hir.Repetition r = hir.repetition(top);
        String item = r.symbol() < 0 ? hir.terminal(Hir.terminalOf(r.symbol())).description() : hir.name(r.symbol());
        return item + "{" + r.min() + "," + (r.max() < 0 ? "" : r.max()) + "}";
    }

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", value = {
        "KBNF => start ::= { {\"x\"} };                                              => \"x\"{0,}",
        "KBNF => start ::= (\"x\"*)*;                                                => \"x\"{0,}",
        "KBNF => start ::= [ {\"x\"}+ ];                                             => \"x\"{0,}",
        "KBNF => start ::= ( (\"(\" start \")\")* )* | \"x\";                        => start#1{0,}",
        "KBNF => start ::= ((\"(\" start \")\"){0,99}){0,99} | \"x\";                => start#1{0,9801}",
        "KBNF => start ::= ((\"x\"{1,2}){3}){1,2};                                   => \"x\"{3,12}",
        "KBNF => start ::= a*; a ::= b+; b ::= c; c ::= \"x\"?;                      => \"x\"{0,}",
        // Not folded, or not all the way: x{2,3} misses x once, x^6 or x^12 are not x{6,12},
        // x{0,970299} would be too long.
        "KBNF => start ::= ((\"x\"{2}){3}){1,2};                                   => start#2{1,2}",
        "KBNF => start ::= (\"x\"{2,3})*;                                            => start#1{0,}",
        "KBNF => start ::= (((\"x\"{0,99}){0,99}){0,99});                            => start#2{0,99}",
        "KBNF => start ::= a*; a ::= a* \"x\" | \"y\";                               => a{0,}",
        // A nullable item is replaced by its non-empty part ((x | ""){a,b} = x{0,b}), then folds.
        "KBNF => start ::= ((\"a\" | \"\"){0,99}){0,99} \"x\";                        => \"a\"{0,9801}",
        "KBNF => start ::= ((\"a\" | \"\"){0,99})* \"x\";                             => \"a\"{0,}",
        "KBNF => start ::= ((\"a\" | \"\")?){0,99} \"x\";                             => \"a\"{0,99}",
        "KBNF => start ::= ((\"a\" | \"\"){2,3}) \"x\";                               => \"a\"{0,3}",
        "KBNF => start ::= ((\"a\" | \"b\" \"c\" | \"\"){0,9}){0,9} \"x\";           => start#1'{0,81}",
        "KBNF => start ::= ((\"a\" | \"b\"? | \"\"){0,99}){0,99} \"x\";                => start#1'{0,9801}",
        "KBNF => start ::= ((#\"[^x]*\"){0,99}){0,99} \"x\";                          => #\"[^x]*\" (non-empty){0,1}",
        // A terminal closed under concatenation: t{0,n} = t? and t{1,n} = t (abc is one, two or three copies).
        "KBNF => start ::= (#\"[a-z]+\")* \"x\";                                      => #\"[a-z]+\"{0,1}",
        "KBNF => start ::= (#\"[a-z]+\"){1,5} \"x\";                                  => #\"[a-z]+\"{1,1}",
        "KBNF => start ::= (#\"[a-z]+\"){2,5} \"x\";                                  => #\"[a-z]+\"{2,5}",
        "KBNF => start ::= (#\"ab\")* \"x\";                                          => #\"ab\"{0,}",
        // llama.cpp's regression grammars (test-grammar-integration.cpp, "segfault" and "hang")
        "GBNF => root ::= ( [x]* )*                                                  => \"x\"{0,}",
        "GBNF => root ::= (((((([^x]*){0,99}){0,99}){0,99}){0,99}){0,99}){0,99}      => #\"[^x]\"{0,}",
        "GBNF => root ::= (\"a\"+){3,5}                                              => \"a\"{3,}",
        "GBNF => root ::= (\"a\"?){2,4}                                              => \"a\"{0,4}",
        "GBNF => root ::= (\"a\"*){0} \"b\"                                         => \"a\"{0,0}",
    })
    void nestsFoldInBothDialects(Dialect dialect, String grammar, String expected) {
        assertEquals(expected, folded(grammar, dialect), grammar);
    }
}
