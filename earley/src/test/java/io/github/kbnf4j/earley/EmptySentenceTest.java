package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.testdata.ReferenceRecognizer;
import java.util.BitSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 16: a grammar whose only sentence is the empty string ({@code root ::= ""}, legal in the
 * engines kbnf4j is compared with, a warning here) compiles to a start symbol without productions;
 * the recognizer accepts at once and refuses every byte.
 */
class EmptySentenceTest {

    @ParameterizedTest
    @ValueSource(strings = {"start ::= \"\" ;", "start ::= e e ; e ::= \"\" | [\"\"] ;", "root ::= \"\"\n",
        "root ::= ( \"\" | )\n"})
    void acceptsAtOnceAndRefusesEveryByte(String text) {
        Dialect dialect = text.startsWith("root") ? Dialect.GBNF : Dialect.KBNF;
        CompiledGrammar g = Grammar.compile("t", text, dialect, GrammarOptions.DEFAULT);
        assertFalse(g.warnings().isEmpty());
        Recognizer r = new Recognizer(g);
        ReferenceRecognizer.State ref = new ReferenceRecognizer(g).newState();
        assertTrue(r.isAccepting());
        assertEquals(ref.accepting(), r.isAccepting());
        assertFalse(r.canContinue());
        assertArrayEquals(new long[4], r.nextBytes());
        assertEquals(ref.nextBytes(), BitSet.valueOf(r.nextBytes()));
        assertEquals(0, r.minBytesToAccept());
        for (int b = 0; b < 256; b++) {
            assertFalse(r.allows(b), "byte " + b);
            assertFalse(r.push(b), "byte " + b);
            assertFalse(ref.copy().push((byte) b), "byte " + b);
        }
        assertEquals(0, r.length());
        assertTrue(r.isAccepting());
        Frontier f = new Frontier();
        r.frontier(f);
        assertTrue(f.length() >= 0); // filled without failing
        Recognizer copy = r.copy();
        assertTrue(copy.isAccepting());
        copy.reset();
        assertTrue(copy.isAccepting());
        assertFalse(copy.pushAll(new byte[] {'a'}));
    }
}
