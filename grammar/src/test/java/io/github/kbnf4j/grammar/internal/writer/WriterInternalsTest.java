package io.github.kbnf4j.grammar.internal.writer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import org.junit.jupiter.api.Test;

/** The pieces of the GBNF writer: names, classes, and the size bound of the left-corner transform. */
class WriterInternalsTest {

    @Test
    void validNamesStayOthersLoseTheirOtherCharacters() {
        assertEquals("item-name", GbnfSyntax.sanitize("item-name"));
        assertEquals("Value2", GbnfSyntax.sanitize("Value2"));
        assertEquals("value-2", GbnfSyntax.sanitize("value#2"));
        assertEquals("a-b", GbnfSyntax.sanitize("a_b"));
        assertEquals("list-1", GbnfSyntax.sanitize("list.1"));
        assertEquals("private", GbnfSyntax.sanitize("_private"));
        assertEquals("substrs-ab", GbnfSyntax.sanitize("#substrs\"ab\"?"));
        assertEquals("caf", GbnfSyntax.sanitize("café"));
        assertEquals("r", GbnfSyntax.sanitize("__"));
    }

    @Test
    void complementIsAmongScalarValues() {
        assertArrayEquals(new int[] {0, 0x60, 0x62, 0xD7FF, 0xE000, 0x10FFFF}, GbnfSyntax.complement(new int[] {'a', 'a'}));
        assertArrayEquals(new int[] {0xD7FF, 0xD7FF, 0xE000, 0xE000},
                GbnfSyntax.complement(new int[] {0, 0xD7FE, 0xE001, 0x10FFFF}));
        assertArrayEquals(new int[0], GbnfSyntax.complement(new int[] {0, 0xD7FF, 0xE000, 0x10FFFF}));
        assertArrayEquals(new int[] {0, 0xD7FF, 0xE000, 0x10FFFF}, GbnfSyntax.complement(new int[0]));
    }

    @Test
    void classesTakeTheShorterForm() {
        assertEquals("[ab]", GbnfSyntax.characterClass(new int[] {'a', 'b'}));
        assertEquals("[\\x2Da-c]", GbnfSyntax.characterClass(new int[] {'-', '-', 'a', 'c'}));
        assertEquals("[^\\n]", GbnfSyntax.characterClass(new int[] {0, 9, 11, 0xD7FF, 0xE000, 0x10FFFF}));
        assertEquals(".", GbnfSyntax.characterClass(new int[] {0, 0xD7FF, 0xE000, 0x10FFFF}));
        assertEquals("[\\x00-\\x7F\\u00E9\\U0010FFFF]", GbnfSyntax.characterClass(new int[] {0, 0x7F, 0xE9, 0xE9, 0x10FFFF, 0x10FFFF}));
    }

    @Test
    void sequencesMergeSingleCodePointsIntoLiterals() {
        GbnfSyntax.Sequence s = new GbnfSyntax.Sequence();
        s.codePoints(new int[] {'a', 'a'}).codePoints(new int[] {'"', '"'}).rule("x").codePoints(new int[] {'0', '9'})
                .codePoints(new int[] {0x1F600, 0x1F600});
        assertEquals("\"a\\\"\" x [0-9] \"\\U0001F600\"", s.toString());
        assertEquals("\"\"", new GbnfSyntax.Sequence().toString());
    }

    @Test
    void leftCornerSizeBoundNamesTheRules() {
        CompiledGrammar g = Grammar.compile("lr.kbnf", "start ::= a \"x\" | b \"y\" | \"z\"; a ::= start \"1\" | b \"2\"; "
                + "b ::= start \"3\" | a \"4\";");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LeftCornerTransform.apply(g, 10));
        assertEquals("removing the left recursion through rules 'start', 'a', 'b' makes more than 10 symbols in GBNF",
                e.getMessage());
        // start, start-tail, start-after-a, start-after-b: a and b are only ever left corners.
        assertEquals(4, LeftCornerTransform.apply(g).size());
    }
}
