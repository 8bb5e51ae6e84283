package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 16: a grammar whose only sentence is empty ({@code root ::= ""}) allows only EOS, from the
 * first step on; accepting EOS ends the sequence, and no other token or byte is taken.
 */
class EmptySentenceMatcherTest {

    @ParameterizedTest
    @ValueSource(strings = {"start ::= \"\" ;", "root ::= \"\"\n"})
    void onlyEosAtOnce(String text) {
        Dialect dialect = text.startsWith("root") ? Dialect.GBNF : Dialect.KBNF;
        Constraint c = Constraint.of(Grammar.compile("t", text, dialect, GrammarOptions.DEFAULT),
                MatcherTest.vocabulary());
        Matcher m = c.newMatcher();
        assertEquals(List.of(MatcherTest.EOS), MatcherTest.allowed(m));
        assertTrue(m.isAccepting());
        assertTrue(m.isTerminated(), "nothing but EOS can come");
        assertEquals(0, m.minBytesToAccept());
        assertArrayEquals(new byte[0], m.forcedContinuation());
        for (int id = 0; id < c.vocabulary().size(); id++) {
            assertEquals(id == MatcherTest.EOS, m.isAllowed(id), "token " + id);
        }
        float[] logits = new float[c.vocabulary().size()];
        m.maskLogits(logits);
        for (int id = 0; id < logits.length; id++) {
            assertEquals(id == MatcherTest.EOS, logits[id] == 0f, "logit " + id);
        }
        assertFalse(m.acceptToken(0));
        assertFalse(m.acceptBytes(new byte[] {'{'}));
        Matcher fork = m.fork();
        assertTrue(fork.acceptToken(MatcherTest.EOS));
        assertEquals(List.of(MatcherTest.EOS), MatcherTest.allowed(fork), "EOS again is a no-op");
        fork.reset();
        assertEquals(List.of(MatcherTest.EOS), MatcherTest.allowed(fork));
    }
}
