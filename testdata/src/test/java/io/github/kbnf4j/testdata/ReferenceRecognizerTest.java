package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.Grammar;
import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** The reference recognizer on small grammars whose answers are known by hand. */
class ReferenceRecognizerTest {

    private static ReferenceRecognizer recognizer(String grammar) {
        return new ReferenceRecognizer(Grammar.compile("t.kbnf", grammar));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void leftRecursion() {
        ReferenceRecognizer r = recognizer("start ::= start \"+\" \"1\" | \"1\" ;");
        assertTrue(r.accepts(utf8("1+1+1")));
        assertFalse(r.accepts(utf8("1+")));
        assertTrue(r.isViablePrefix(utf8("1+")));
        assertFalse(r.isViablePrefix(utf8("1++")));
        assertFalse(r.accepts(new byte[0]));
    }

    @Test
    void emptyInputFollowsAcceptsEmpty() {
        assertTrue(recognizer("start ::= [\"a\"] ;").accepts(new byte[0]));
        assertTrue(recognizer("start ::= [\"a\"] ;").accepts(utf8("a")));
    }

    @Test
    void nextBytesOfARegexTerminal() {
        ReferenceRecognizer r = recognizer("start ::= #\"[a-c]+\" \";\" ;");
        BitSet expected = new BitSet();
        expected.set('a', 'd');
        assertEquals(expected, r.nextBytes(new byte[0]));
        expected.set(';');
        assertEquals(expected, r.nextBytes(utf8("ab")));
        assertEquals(new BitSet(), r.nextBytes(utf8("ab;")));
        assertEquals(new BitSet(), r.nextBytes(utf8("x")));
    }

    @Test
    void multiByteCharactersSplitIntoBytes() {
        ReferenceRecognizer r = recognizer("start ::= \"é\" | #\"[日本]\" ;");
        byte[] e = utf8("é");
        assertTrue(r.isViablePrefix(new byte[] {e[0]}));
        assertFalse(r.accepts(new byte[] {e[0]}));
        assertTrue(r.accepts(e));
        assertTrue(r.accepts(utf8("本")));
        assertFalse(r.accepts(utf8("日本")));
    }

    @Test
    void terminalMayEndOrContinue() {
        ReferenceRecognizer r = recognizer("start ::= #\"a+\" \"ab\" ;");
        assertTrue(r.accepts(utf8("aab")));
        assertTrue(r.accepts(utf8("aaaab")));
        assertFalse(r.accepts(utf8("ab")));
    }

    @Test
    void pushAndPopAreInverse() {
        ReferenceRecognizer r = recognizer("start ::= \"ab\" | \"ac\" ;");
        ReferenceRecognizer.State s = r.newState();
        assertTrue(s.push((byte) 'a'));
        assertFalse(s.push((byte) 'x'));
        assertFalse(s.push((byte) 'b'));
        s.pop();
        s.pop();
        assertTrue(s.viable());
        assertTrue(s.push((byte) 'c'));
        assertTrue(s.accepting());
        assertEquals(2, s.length());
    }

    @Test
    void endlessGrammarIsViableButNeverAccepting() {
        ReferenceRecognizer r = recognizer("start ::= \"a\" start ;");
        assertTrue(r.isViablePrefix(utf8("aaaa")));
        assertFalse(r.accepts(utf8("aaaa")));
        assertEquals(2, r.viableLength(utf8("aab")));
    }
}
