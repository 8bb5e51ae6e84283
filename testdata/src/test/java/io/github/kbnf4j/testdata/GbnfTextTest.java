package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The test-side GBNF reading {@link GbnfText}: syntax as llama.cpp reads it, the checks, the KBNF translation. */
class GbnfTextTest {

    @Test
    void readsRulesAlternativesEscapesAndContinuedLines() {
        GbnfText g = GbnfText.parse("""
                # comment
                root ::= a "x\\"\\\\\\u00E9\\U0001F600" | [^a-c\\x2D\\]] | . |
                    ""
                a ::= [\\t\\n] a | ""
                """);
        assertEquals(List.of("root", "a"), List.copyOf(g.rules().keySet()));
        List<List<GbnfText.Element>> root = g.rules().get("root");
        assertEquals(4, root.size());
        assertEquals(new GbnfText.Ref("a"), root.get(0).get(0));
        assertArrayEquals(new int[] {'x', '"', '\\', 0xE9, 0x1F600}, ((GbnfText.Literal) root.get(0).get(1)).codePoints());
        GbnfText.CharClass c = (GbnfText.CharClass) root.get(1).get(0);
        assertTrue(c.negated());
        assertArrayEquals(new int[] {'a', 'c', '-', '-', ']', ']'}, c.ranges());
        assertEquals(List.of(), root.get(3));
        assertEquals(List.of("class ranges out of order or overlapping before offset 59"), g.problems());
    }

    @Test
    void findsLeftRecursionAlsoThroughEmptyRules() {
        assertEquals(Optional.of("a -> a"), GbnfText.parse("root ::= a\na ::= a \"x\" | \"y\"\n").leftRecursion());
        assertEquals(Optional.of("a -> b -> a"),
                GbnfText.parse("root ::= a\na ::= b \"x\" | \"y\"\nb ::= a \"z\"\n").leftRecursion());
        // e can be empty, so a can begin with a; llama.cpp sees it too (e has an empty alternative).
        assertEquals(Optional.of("a -> a"),
                GbnfText.parse("root ::= a\na ::= e a \"x\" | \"y\"\ne ::= \"\" | \"z\"\n").leftRecursion());
        // f can be empty only through e: llama.cpp would miss it, this check does not.
        assertTrue(GbnfText.parse("root ::= a\na ::= f a \"x\" | \"y\"\nf ::= e\ne ::= | \"z\"\n")
                .leftRecursion().isPresent());
        assertEquals(Optional.empty(),
                GbnfText.parse("root ::= a\na ::= \"y\" a-tail\na-tail ::= \"x\" a-tail | \"\"\n").leftRecursion());
    }

    @Test
    void reportsUndefinedAndTwiceDefinedRules() {
        GbnfText g = GbnfText.parse("root ::= a\nroot ::= b\n");
        assertEquals(List.of("rule root defined twice (llama.cpp keeps the last definition), at 11",
                "rule root refers to undefined rule b"), g.problems());
        assertEquals(List.of("no root rule", "rule x has a surrogate code point", "text is not ASCII"),
                GbnfText.parse("x ::= \"\\uD800\" \"é\"\n").problems());
    }

    @Test
    void syntaxErrorsThrow() {
        assertThrows(IllegalArgumentException.class, () -> GbnfText.parse("root ::= \"x\n"));
        assertThrows(IllegalArgumentException.class, () -> GbnfText.parse("root ::= \"\\q\"\n"));
        assertThrows(IllegalArgumentException.class, () -> GbnfText.parse("root ::= (\"x\")\n"));
        assertThrows(IllegalArgumentException.class, () -> GbnfText.parse("root = \"x\"\n"));
        assertThrows(IllegalArgumentException.class, () -> GbnfText.parse("root ::= \"x\" |\nb ::= \"y\"\n"));
    }

    @Test
    void translatesToKbnfWithTheSameMeaning() {
        GbnfText g = GbnfText.parse("root ::= [^a] . \"\\u00E9\" | a\na ::= \"\" | [b-c] a\n");
        CompiledGrammar c = Grammar.compile("g.kbnf", g.toKbnf(), GrammarOptions.DEFAULT.withStartSymbol("g_root"));
        ReferenceRecognizer r = new ReferenceRecognizer(c);
        for (String yes : List.of("", "bcb", "\nxé", "😀aé")) {
            assertTrue(r.accepts(yes.getBytes(StandardCharsets.UTF_8)), yes);
        }
        for (String no : List.of("a", "aaé", "bd", "xy")) {
            assertTrue(!r.accepts(no.getBytes(StandardCharsets.UTF_8)), no);
        }
    }
}
