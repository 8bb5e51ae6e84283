package io.github.kbnf4j.earley;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.internal.Chart;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.testdata.ReferenceRecognizer;
import java.time.Duration;
import java.util.BitSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The recognizer on hand-picked grammars that stress one feature each (recursion shapes,
 * ambiguity, nested stars, UTF-8, the special regex forms), compared byte by byte with
 * {@link ReferenceRecognizer}; plus the API contract (pop, marks, atomic pushes, copies, limits).
 */
class RecognizerTest {
    /**
     * {@code "k0" | "k1" | ... | "k69"}: alternatives enough to keep a rule that reaches them a unit
     * rule (the compiler inlines unit rules of at most 64 alternatives).
     */
    private static final String SEVENTY_KEYWORDS =
            IntStream.range(0, 70).mapToObj(i -> "\"k" + i + "\"").collect(Collectors.joining(" | "));


    static CompiledGrammar compile(String text) {
        return Grammar.compile("test.kbnf", text);
    }

    /**
     * Feeds {@code input} byte by byte to both recognizers and asserts they agree on every prefix
     * (viable, accepting, next bytes); returns the fast recognizer's final verdict.
     */
    static Verdict agree(CompiledGrammar g, String input) {
        return agree(g, input.getBytes(UTF_8));
    }

    static Verdict agree(CompiledGrammar g, byte[] input) {
        Recognizer fast = new Recognizer(g, DifferentialOptions.RECOGNIZER);
        ReferenceRecognizer.State ref = new ReferenceRecognizer(g).newState();
        for (int i = 0; ; i++) {
            String where = "after " + i + " bytes of '" + new String(input, UTF_8) + "'";
            assertEquals(ref.accepting(), fast.isAccepting(), "accepting " + where);
            assertEquals(ref.nextBytes(), BitSet.valueOf(fast.nextBytes()), "next bytes " + where);
            if (i == input.length) {
                return fast.isAccepting() ? Verdict.COMPLETE : Verdict.PREFIX;
            }
            boolean ok = fast.push(input[i]);
            assertEquals(ref.push(input[i]), ok, "push " + where);
            if (!ok) {
                return Verdict.REJECTED;
            }
        }
    }

    enum Verdict { COMPLETE, PREFIX, REJECTED }

    private static void check(String grammar, String... cases) {
        CompiledGrammar g = compile(grammar);
        for (String c : cases) {
            int eq = c.lastIndexOf('=');
            String input = c.substring(0, eq);
            Verdict expected = Verdict.valueOf(c.substring(eq + 1));
            assertEquals(expected, agree(g, input), "input '" + input + "' of\n" + grammar);
        }
    }

    @Test
    void directLeftRecursion() {
        check("start ::= start \"+\" n | n; n ::= #\"[0-9]+\";",
                "1=COMPLETE", "1+2+33=COMPLETE", "1+=PREFIX", "+=REJECTED", "1++=REJECTED", "=PREFIX");
    }

    @Test
    void indirectLeftRecursion() {
        check("start ::= a \"x\" | \"y\"; a ::= start \"z\";",
                "y=COMPLETE", "yzx=COMPLETE", "yzxzx=COMPLETE", "yz=PREFIX", "yx=REJECTED");
    }

    @Test
    void leftRecursionThroughNullableParts() {
        check("start ::= o start \"a\" o | \"b\"; o ::= \"-\"?;",
                "b=COMPLETE", "ba=COMPLETE", "-ba-=COMPLETE", "--ba-a=COMPLETE", "-b=PREFIX", "-b-a=REJECTED",
                "--=PREFIX", "ba-a=COMPLETE", "ba--=REJECTED");
    }

    @Test
    void rightRecursion() {
        check("start ::= \"a\" start | \"b\";",
                "b=COMPLETE", "aaab=COMPLETE", "aaa=PREFIX", "aaba=REJECTED");
        check("start ::= item \",\" start | item; item ::= #\"[a-z]+\";",
                "x=COMPLETE", "x,yy,z=COMPLETE", "x,=PREFIX", "x,,=REJECTED");
    }

    @Test
    void middleRecursion() {
        check("start ::= \"(\" start \")\" | \"x\";",
                "x=COMPLETE", "((x))=COMPLETE", "((x)=PREFIX", "(x))=REJECTED", "()=REJECTED");
    }

    @Test
    void ambiguousConcatenation() {
        check("start ::= start start | \"a\";",
                "a=COMPLETE", "aaaaaaa=COMPLETE", "=PREFIX", "ab=REJECTED");
        check("start ::= start start start | start start | \"a\" | \"aa\";",
                "aaaaaaaaa=COMPLETE", "ab=REJECTED");
    }

    @Test
    void nestedStars() {
        check("start ::= ( #\"x*\" )* \"y\";", "y=COMPLETE", "xxxy=COMPLETE", "xxx=PREFIX", "xyx=REJECTED");
        check("start ::= ( ( \"a\" | \"b\" \"c\"* )* \";\" )+;",
                ";=COMPLETE", "abcc;a;=COMPLETE", "abcc=PREFIX", "c=REJECTED");
    }

    @Test
    void multiByteUtf8() {
        check("start ::= \"é€😀\" #\"[α-ω]+\";",
                "é€😀αβ=COMPLETE", "é€😀=PREFIX", "é€😀a=REJECTED");
        CompiledGrammar g = compile("start ::= #\"[α-ω]\";");
        Recognizer r = new Recognizer(g);
        byte[] alpha = "α".getBytes(UTF_8);
        assertTrue(r.push(alpha[0]));
        assertFalse(r.isAccepting(), "half a character is not a sentence");
        assertFalse(r.push(0x41), "an ASCII byte cannot continue a two-byte character");
        assertTrue(r.push(alpha[1]));
        assertTrue(r.isAccepting());
        assertEquals(Verdict.REJECTED, agree(g, new byte[] {(byte) 0xCE, (byte) 0xCE}));
    }

    @Test
    void exceptAndTheSpecialRegexForms() {
        check("start ::= except!(\"*/\") \"*/\";",
                "abc*/=COMPLETE", "**/=COMPLETE", "a*=PREFIX", "*/=REJECTED", "a*/b=REJECTED");
        check("start ::= \"<\" except!(\">\", 3) \">\";",
                "<ab>=COMPLETE", "<abc>=COMPLETE", "<abcd=REJECTED", "<é€x>=COMPLETE");
        check("start ::= #e\"a+\" \"b\";", "ab=COMPLETE", "aab=REJECTED");
        check("start ::= #ex\"[0-9]+\\.\" \"x\";", "a.x=COMPLETE", "xx=COMPLETE", "x=PREFIX", "1.x=REJECTED", "12.3.x=REJECTED");
        check("start ::= #substrs\"hello\" \"!\";", "ell!=COMPLETE", "!=COMPLETE", "hl!=REJECTED");
    }

    @Test
    void anEndlessGrammarIsAlwaysAPrefixNeverASentence() {
        check("start ::= \"a\" start;", "aaaa=PREFIX", "ab=REJECTED");
    }

    @Test
    void emptySentence() {
        CompiledGrammar g = compile("start ::= \"a\"*;");
        Recognizer r = new Recognizer(g);
        assertTrue(r.isAccepting());
        check("start ::= \"a\"*;", "=COMPLETE", "aaa=COMPLETE", "b=REJECTED");
    }

    /** (start, 0) completed in the middle of a Leo chain still makes the input a sentence. */
    @Test
    void leoChainThroughTheStartSymbolAtOriginZero() {
        // 70 alternatives keep 'wrap ::= start' a unit rule (inlining is capped at 64).
        String grammar = "start ::= wrap \"x\" | \"a\" start | \"b\" | " + SEVENTY_KEYWORDS + "; wrap ::= start;";
        CompiledGrammar g = compile(grammar);
        assertTrue(g.toString().contains("wrap ::= start"), "the test needs the unit rule to survive:\n" + g);
        check(grammar, "ab=COMPLETE", "aab=COMPLETE", "abx=COMPLETE", "aabxx=COMPLETE", "abxa=REJECTED", "k3x=COMPLETE");
    }

    @Test
    void unitRuleCycle() {
        check("start ::= a | \"q\" start; a ::= b | \"a\"; b ::= a | " + SEVENTY_KEYWORDS + ";",
                "a=COMPLETE", "qqk5=COMPLETE", "qq=PREFIX", "qk=PREFIX", "x=REJECTED");
    }

    @ParameterizedTest
    @CsvSource({"right, start ::= \"a\" start | \"a\";", "left, start ::= start \"a\" | \"a\";"})
    void linearListsKeepSetsSmall(String kind, String grammar) {
        Recognizer r = new Recognizer(compile(grammar));
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            assertTrue(r.push('a'));
        }
        assertTrue(r.isAccepting());
        assertTrue(r.itemCount() <= 4L * (n + 1), kind + ": " + r.itemCount() + " items for " + n + " bytes");
    }

    @Test
    void hundredThousandNestedBracketsOfJson() {
        CompiledGrammar json = Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT);
        Recognizer r = new Recognizer(json);
        int n = 100_000;
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int i = 0; i < n; i++) {
                assertTrue(r.push('['));
            }
            assertFalse(r.isAccepting());
            for (int i = 0; i < n; i++) {
                assertTrue(r.push(']'), "closing bracket " + i);
            }
            assertTrue(r.isAccepting());
            assertFalse(r.push(']'));
        });
    }

    @Test
    void pushIsAllOrNothingAndMarksRollBack() {
        CompiledGrammar g = compile("start ::= \"ab\" \"c\"+;");
        Recognizer r = new Recognizer(g);
        assertFalse(r.pushAll("abx".getBytes(UTF_8)));
        assertEquals(0, r.length());
        assertEquals(2, r.push("abxc".getBytes(UTF_8), 0, 4));
        assertEquals(2, r.length());
        int mark = r.mark();
        assertTrue(r.pushAll("ccc".getBytes(UTF_8)));
        assertTrue(r.isAccepting());
        r.popTo(mark);
        assertFalse(r.isAccepting());
        assertEquals(2, r.length());
        assertTrue(r.allows('c'));
        assertFalse(r.allows('a'));
        r.pop(1);
        assertTrue(r.allows('b'));
        r.reset();
        assertEquals(0, r.length());
        assertTrue(r.allows('a'));
        assertThrows(IllegalArgumentException.class, () -> r.pop(1));
        assertThrows(IllegalArgumentException.class, () -> r.popTo(3));
    }

    @Test
    void copiesAreIndependent() {
        CompiledGrammar g = compile("start ::= \"a\"+ \"b\";");
        Recognizer r = new Recognizer(g);
        assertTrue(r.pushAll("aa".getBytes(UTF_8)));
        Recognizer c = r.copy();
        assertTrue(c.push('b'));
        assertTrue(c.isAccepting());
        assertFalse(r.isAccepting());
        assertTrue(r.push('a'));
        assertEquals(3, r.length());
        assertEquals(3, c.length());
        assertFalse(c.canContinue());
    }

    @Test
    void itemsPerSetLimitNamesTheSettingAndLeavesTheStateAlone() {
        CompiledGrammar g = compile("start ::= start start | \"a\";");
        Recognizer r = new Recognizer(g, RecognizerOptions.DEFAULT.withMaxItemsPerSet(50));
        RecognizerLimitException e = assertThrows(RecognizerLimitException.class, () -> {
            for (int i = 0; i < 1000; i++) {
                r.push('a');
            }
        });
        assertEquals("maxItemsPerSet", e.setting());
        assertTrue(e.getMessage().contains("maxItemsPerSet = 50"), e.getMessage());
        int length = r.length();
        assertTrue(r.isAccepting(), "the state before the failing byte is intact");
        assertEquals(length, r.length());
    }

    @Test
    void chartBytesLimitNamesTheSetting() {
        CompiledGrammar g = compile("start ::= \"a\" start | \"a\";");
        Recognizer r = new Recognizer(g, RecognizerOptions.DEFAULT.withMaxChartBytes(64 * 1024));
        RecognizerLimitException e = assertThrows(RecognizerLimitException.class, () -> {
            for (int i = 0; i < 1_000_000; i++) {
                r.push('a');
            }
        });
        assertEquals("maxChartBytes", e.setting());
        assertTrue(r.chartBytes() <= 64 * 1024, r.chartBytes() + " bytes");
        assertTrue(r.isAccepting());
    }

    /**
     * Regression: inside a long terminal a push takes the fast path (one item, nothing to close);
     * when that item needed a new chart page and the bound refused it, the new set was left
     * behind empty: the length grew by one and no byte could follow.
     */
    @Test
    void theChartBoundInsideALongTerminalLeavesTheStateAsItWas() {
        CompiledGrammar g = compile("start ::= #\"<[a-z]*>\";");
        int refusedPages = 0;
        for (long limit = 4096; limit <= 16 * 1024; limit += 4) {
            // pages of 9 items, set-table chunks of 256 sets: many bounds meet a page first
            Recognizer r = new Recognizer(g, RecognizerOptions.DEFAULT.withMaxChartBytes(limit),
                    new Chart.Layout(5, 3, 8));
            assertTrue(r.push('<'));
            int before = -1;
            try {
                while (true) {
                    before = r.length();
                    r.push('a');
                }
            } catch (RecognizerLimitException e) {
                assertEquals("maxChartBytes", e.setting());
                refusedPages += e.getMessage().contains("scan items") ? 1 : 0;
            }
            assertEquals(before, r.length(), "the refused byte is not consumed (bound " + limit + ")");
            assertTrue(r.canContinue() && r.allows('a') && r.allows('>'), "bound " + limit);
            r.pop(1); // room for one more set
            assertTrue(r.push('>') && r.isAccepting(), "bound " + limit);
        }
        // a page of scan items is refused when the set table took the last bytes
        assertTrue(refusedPages > 0, "no bound stopped at a page of scan items");
    }

    /**
     * A Leo chain that starts at a later set and passes (start, 0) on its way: completing {@code n}
     * at origin 1 advances only {@code start ::= "a" • n}, which completes start at 0, which in
     * set 0 advances only {@code wrap ::= • start}; the chain's top is {@code wrap} at 0, so only
     * the chain's flag tells that the input is a sentence. (In {@link
     * #leoChainThroughTheStartSymbolAtOriginZero} the recursion goes through {@code start} itself,
     * which later sets also predict {@code wrap} for: no chain forms there.)
     */
    @Test
    void aLeoChainFromALaterSetThatPassesTheStartSymbolAtOriginZero() {
        String grammar = "start ::= wrap \"x\" | \"a\" n | " + SEVENTY_KEYWORDS
                + "; wrap ::= start; n ::= \"b\" | \"(\" n \")\";";
        CompiledGrammar g = compile(grammar);
        assertTrue(g.toString().contains("wrap ::= start"), "the test needs the unit rule to survive:\n" + g);
        Recognizer r = new Recognizer(g);
        assertTrue(r.pushAll("ab".getBytes(UTF_8)));
        assertTrue(r.isAccepting(), "'ab' is a sentence");
        check(grammar, "ab=COMPLETE", "a(b)=COMPLETE", "abx=COMPLETE", "a((b))xx=COMPLETE", "a(b=PREFIX", "k7x=COMPLETE");
    }

    /** {@link Recognizer#itemCount()} counts the chart's items: it grows with each set and a pop gives the set's items back. */
    @Test
    void itemCountGrowsWithTheChartAndShrinksOnPop() {
        Recognizer r = new Recognizer(compile("start ::= \"(\" start \")\" | \"a\";"));
        long first = r.itemCount();
        assertTrue(first > 0, "the first set holds the start's items: " + first);
        assertTrue(r.push('('));
        long second = r.itemCount();
        assertTrue(second > first, first + " then " + second);
        assertTrue(r.push('('));
        assertTrue(r.itemCount() > second);
        r.pop(1);
        assertEquals(second, r.itemCount());
        r.pop(1);
        assertEquals(first, r.itemCount());
    }

    /**
     * A right-recursive chain that completes only at its end: the {@code "b"} after 100 bytes of
     * {@code "a"} completes {@code n}, and the Leo walk climbs 100 waiting items at once, past the
     * 64 that its path stack holds at first.
     */
    @Test
    void aLeoWalkLongerThanItsFirstPathStack() {
        String a100 = "a".repeat(100);
        check("start ::= \"a\" start | \"a\" n; n ::= \"b\" | \"(\" n \")\";",
                a100 + "b=COMPLETE", a100 + "(b)=COMPLETE", a100 + "=PREFIX", a100 + "bb=REJECTED");
    }

    /**
     * A cycle of unit rules through the start symbol ({@code start ::= b}, {@code b ::= start}):
     * in set 0 each has a single waiting item, since nothing predicts {@code start} there. The
     * Leo walk of {@code "x"} and that of {@code "abc"} (completing {@code n}) climb into the
     * cycle, find it and mark their paths as no chain; in {@code "abcc"} the walk of {@code p}'s
     * completion then stops one item up, at the first of those marks, and names that item as the
     * chain's top. ({@code q} only adds waiting items, so that a wrong address names an item whose
     * completion allows other bytes.)
     */
    @Test
    void leoWalksThatMeetAUnitCycleThroughTheStartSymbol() {
        String grammar = "start ::= b | \"a\" m | q \"z\" | " + SEVENTY_KEYWORDS + "; b ::= start | \"x\";"
                + " m ::= \"b\" n | \"b\" p | q \"!\"; n ::= \"c\" | \"(\" n \")\"; p ::= \"cc\" | \"[\" p \"]\";"
                + " q ::= \"y\" | \"{\" q \"}\";";
        CompiledGrammar g = compile(grammar);
        assertTrue(g.toString().contains("b ::= start"), "the test needs the unit rules to survive:\n" + g);
        check(grammar, "x=COMPLETE", "abc=COMPLETE", "abcc=COMPLETE", "ab(c)=COMPLETE", "ab[cc]=COMPLETE",
                "k9=COMPLETE", "abccc=REJECTED", "ab=PREFIX");
    }

    /**
     * The same (origin, nonterminal) completed again in later sets reuses the Leo memo of its
     * first walk: after a right-recursive list of 2,000 elements, each further {@code "b"}
     * completes the list's last element at the same origin, and without the memo would complete
     * the 2,000 elements one by one again. Completed items are not kept in the chart, so the work
     * count shows it, not the item count.
     */
    @Test
    void aCompletionAtTheSameOriginAgainReusesItsLeoMemo() {
        Recognizer r = new Recognizer(
                compile("start ::= \"a\" start | \"a\" n; n ::= \"b\" | n \"b\" | \"(\" n \")\";"));
        int n = 2_000;
        for (int i = 0; i < n; i++) {
            assertTrue(r.push('a'));
        }
        assertTrue(r.push('b'));
        long first = r.work();
        for (int i = 0; i < 50; i++) {
            assertTrue(r.push('b'));
            assertTrue(r.isAccepting());
        }
        long perByte = (r.work() - first) / 50;
        assertTrue(perByte < 100, perByte + " work units per byte of b after a list of " + n);
    }
}
