package io.github.kbnf4j.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.TransitionTable;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link GbnfWriter} on small grammars, whose whole output is checked: names, the root rule,
 * literals and classes with their escapes, code points of 1 to 4 UTF-8 bytes, negated classes,
 * the removal of left recursion, terminals as one rule per DFA state, and the refusal of
 * automata that accept invalid UTF-8. That the output accepts the same strings is checked on
 * random and real grammars in the {@code earley} module ({@code GbnfRoundTripProperties}).
 */
class GbnfWriterTest {
    private static final String HEADER = "# GBNF (llama.cpp) written by kbnf4j; start rule 'start'\n";

    /**
     * Rule by rule, these tests pin the writer's output for small grammars; inlining would turn
     * most of them into a single terminal, so it is off here (the round-trip tests run with it on).
     */
    private static final GrammarOptions RULE_BY_RULE = GrammarOptions.DEFAULT.withInlineRegularRules(false);

    private static String gbnf(String kbnf) {
        return GbnfWriter.write(Grammar.compile("t.kbnf", kbnf, RULE_BY_RULE));
    }

    @Test
    void immediateLeftRecursionBecomesATailRule() {
        assertEquals(HEADER + """
                root ::= start
                start ::= "b" start-tail
                start-tail ::= "a" start-tail | ""
                """, gbnf("start ::= start \"a\" | \"b\";"));
    }

    @Test
    void indirectLeftRecursionBecomesLeftCornerRules() {
        // b ::= c "x" | b "y" | "z"; c ::= b "y" | "z": b and c are one left-recursive group.
        assertEquals(HEADER + """
                root ::= start
                start ::= "a" start-tail
                start-tail ::= start start-tail | "," b start-tail | ""
                b ::= "z" b-tail | "z" b-after-c
                b-tail ::= "y" b-tail | "y" b-after-c | ""
                b-after-c ::= "x" b-tail
                """, gbnf("start ::= start start | \"a\" | start \",\" b ; b ::= c \"x\" | b \"y\" | \"z\"; "
                        + "c ::= b \"y\" | \"z\";"));
    }

    @Test
    void unitProductionsInsideALeftRecursiveGroup() {
        // start ::= start "x" | "1" | a "y" | "2"; a ::= start "x" | "1" after simplification.
        assertEquals(HEADER + """
                root ::= start
                start ::= "1" start-tail | "2" start-tail | "1" start-after-a
                start-tail ::= "x" start-tail | "x" start-after-a | ""
                start-after-a ::= "y" start-tail
                """, gbnf("start ::= a | b; a ::= b \"x\" | \"1\"; b ::= a \"y\" | \"2\" | a;"));
    }

    @Test
    void codePointsOfOneToFourBytesInOneClass() {
        assertEquals(HEADER + """
                root ::= start
                start ::= [a-z\\u00E9\\u65E5\\U0001F600]
                """, gbnf("start ::= #\"[a-zé日😀]\" ;"));
    }

    @Test
    void rangesAcrossEncodingLengthsSkipTheSurrogates() {
        assertEquals(HEADER + """
                root ::= start
                start ::= [\\x7F-\\uD7FF\\uE000-\\U00010000] [^a] [^\\n] .
                """, gbnf("start ::= #\"[\\u{7F}-\\u{10000}]\" #\"[^a]\" #\".\" #\"[\\u{0}-\\u{10FFFF}]\";"));
    }

    @Test
    void negatedClassOfJsonStringsAndOneRulePerState() {
        String out = GbnfWriter.write(Grammar.builtin("json", RULE_BY_RULE));
        assertTrue(out.startsWith("# GBNF (llama.cpp) written by kbnf4j; start rule 'start'\nroot ::= start\n"), out);
        assertTrue(out.contains("""
                string ::= "\\"" string-s1
                string-s1 ::= [^\\x00-\\x1F\\"\\\\] string-s1 | "\\"" | "\\\\" string-s2
                string-s2 ::= [\\"/\\\\bfnrt] string-s1 | "u" [0-9A-Fa-f] [0-9A-Fa-f] [0-9A-Fa-f] [0-9A-Fa-f] string-s1
                """), out);
        assertTrue(out.contains("""
                ws ::= [\\t\\n\\r ] ws-s1
                ws-s1 ::= [\\t\\n\\r ] ws-s1 | ""
                """), out);
        assertTrue(out.chars().allMatch(c -> c < 0x80), "ASCII only");
    }

    @Test
    void escapesInLiteralsAndClasses() {
        assertEquals(HEADER + """
                root ::= start
                start ::= "\\"\\\\-^[]\\n\\t\\x00\\x7F\\u00E9" [\\x2D\\[\\]\\x5E]
                """, gbnf("start ::= \"\\\"\\\\-^[]\\n\\t\\0\\x7F\\u00E9\" #\"[\\-\\^\\]\\[]\";"));
    }

    @Test
    void emptySentenceIsAnEmptyAlternativeOfRoot() {
        assertEquals(HEADER + """
                root ::= start | ""
                start ::= "a"
                """, gbnf("start ::= \"a\" | \"\";"));
    }

    @Test
    void aStartRuleCalledRootIsRootUnlessItAcceptsTheEmptyString() {
        GrammarOptions root = RULE_BY_RULE.withStartSymbol("root");
        assertEquals("""
                # GBNF (llama.cpp) written by kbnf4j; start rule 'root'
                root ::= "x" root-tail
                root-tail ::= "x" root-tail | ""
                """, GbnfWriter.write(Grammar.compile("r.kbnf", "root ::= \"x\"+;", root)));
        assertEquals("""
                # GBNF (llama.cpp) written by kbnf4j; start rule 'root'
                root ::= root-2 | ""
                root-2 ::= "x"
                """, GbnfWriter.write(Grammar.compile("r.kbnf", "root ::= \"x\" | \"\";", root)));
    }

    @Test
    void namesAreMadeValidAndUnique() {
        // a_b and a-b both want a-b; the generated c#1 and the rule c-1 both want c-1.
        assertEquals(HEADER + """
                root ::= start
                start ::= a-b a-b-2 c
                a-b ::= "1" | "3"
                a-b-2 ::= "2" | "4"
                c ::= "a" c-2
                c-2 ::= "x" c-1 c-2-tail | "y" c-2-tail
                c-2-tail ::= c-1-2 c-2-tail | ""
                c-1 ::= "q" | "r"
                c-1-2 ::= "x" c-1 | "y"
                """, gbnf("start ::= a_b a-b c; a_b ::= \"1\" | \"3\"; a-b ::= \"2\" | \"4\" ; "
                        + "c ::= \"a\" ( \"x\" c-1 | \"y\")+ ; c-1 ::= \"q\" | \"r\";"));
    }

    @Test
    void terminalRulesAreNamedAfterTheRuleTheyAreOrTheirNumber() {
        String out = gbnf("start ::= word \" \" #\"[0-9]+\"; word ::= #\"[a-z]+\";");
        assertEquals(HEADER + """
                root ::= start
                start ::= word " " t1
                # word: #"[a-z]+"
                word ::= [a-z] word-s1
                word-s1 ::= [a-z] word-s1 | ""
                # t1: #"[0-9]+"
                t1 ::= [0-9] t1-s1
                t1-s1 ::= [0-9] t1-s1 | ""
                """, out);
    }

    @Test
    void exceptIsWrittenFromItsAutomaton() {
        assertEquals(HEADER + """
                root ::= start
                # start: #ex"ab"
                start ::= [^a] start-s1 | "a" start-s2
                start-s1 ::= [^a] start-s1 | "a" start-s2 | ""
                start-s2 ::= [^ab] start-s1 | "a" start-s2 | ""
                """, gbnf("start ::= #ex\"ab\";"));
    }

    // ---- automata that accept bytes that are not valid UTF-8 (built by hand: KBNF cannot write them)

    /** A grammar {@code start ::= t0} where t0 accepts exactly {@code bytes}. */
    private static CompiledGrammar acceptingExactly(int... bytes) {
        int states = bytes.length + 1;
        byte[] literal = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            literal[i] = (byte) bytes[i];
        }
        TransitionTable next = new TransitionTable(new ByteDfa[] {ByteDfa.literal(literal)});
        long[] accepting = new long[(states + 63) / 64];
        accepting[bytes.length >>> 6] |= 1L << bytes.length;
        return new CompiledGrammar(new String[] {"start"}, 0, false, new int[] {0, 1}, new int[] {0},
                new int[] {0, 2}, new int[] {CompiledGrammar.terminalSymbol(0), CompiledGrammar.END}, new int[] {0, 0},
                new int[] {0}, next, accepting, new String[] {"bytes"}, List.of());
    }

    @Test
    void validHandBuiltAutomatonIsWritten() {
        assertEquals(HEADER + "root ::= start\nstart ::= \"\\U0001F600\"\n",
                GbnfWriter.write(acceptingExactly(0xF0, 0x9F, 0x98, 0x80)));
    }

    @Test
    void invalidUtf8IsRefusedNamingTheTerminal() {
        int[][] cases = {
            {0x80},                    // stray continuation byte
            {0xC0, 0x80},              // lead byte that cannot start a character
            {0xFF},
            {0xC3},                    // ends inside a character
            {0xC3, 0x41},              // ASCII inside a character
            {0xE0, 0x80, 0x80},        // overlong
            {0xED, 0xA0, 0x80},        // surrogate U+D800
            {0xF4, 0x90, 0x80, 0x80},  // above U+10FFFF
        };
        for (int[] bytes : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> GbnfWriter.write(acceptingExactly(bytes)), Arrays.toString(bytes));
            assertTrue(e.getMessage().startsWith("terminal t0 (bytes) matches bytes that are not valid UTF-8 ("),
                    e.getMessage());
        }
    }

    @Test
    void aGrammarOfOnlyTheEmptySentenceIsWrittenAsAnEmptyRoot() {
        String written = gbnf("start ::= \"\" ;");
        assertEquals(HEADER + "root ::= \"\"\n", written);
        CompiledGrammar back = Grammar.compile("back.gbnf", written, Dialect.GBNF, GrammarOptions.DEFAULT);
        assertTrue(back.acceptsEmpty());
        assertEquals(0, back.terminalCount());
    }
}
