package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.RecognizerLimitException;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/**
 * {@link ConstraintOptions#maxWorkPerMask()} and cancellation of a mask by interrupt: the matcher
 * is left as it was, so the caller can go on (with a larger budget, or after the interrupt).
 */
class MaskWorkBudgetTest {
    static final CompiledGrammar AMBIGUOUS = Grammar.compile("amb.kbnf", "start ::= start start | #\"[a-c]+\";");

    /** Every string of one to three letters of a..d: 84 tokens, plus an end-of-sequence id. */
    static Vocabulary vocabulary() {
        List<byte[]> tokens = new ArrayList<>();
        String letters = "abcd";
        for (int n = 1; n <= 3; n++) {
            for (int i = 0; i < Math.pow(4, n); i++) {
                StringBuilder s = new StringBuilder();
                for (int k = 0, x = i; k < n; k++, x /= 4) {
                    s.append(letters.charAt(x % 4));
                }
                tokens.add(s.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
        tokens.add("</s>".getBytes(StandardCharsets.UTF_8));
        return Vocabulary.of("abcd", tokens, new int[] {tokens.size() - 1}, new int[0]);
    }

    @Test
    void aMaskOverItsBudgetNamesTheSettingAndLeavesTheMatcherUsable() {
        Vocabulary v = vocabulary();
        Constraint tight = Constraint.of(AMBIGUOUS, v, ConstraintOptions.DEFAULT.withMaskCacheBytes(0).withMaxWorkPerMask(3_000));
        Constraint loose = Constraint.of(AMBIGUOUS, v, ConstraintOptions.DEFAULT.withMaskCacheBytes(0));
        Matcher m = tight.newMatcher();
        Matcher reference = loose.newMatcher();
        byte[] prefix = "ab".repeat(20).getBytes(StandardCharsets.UTF_8);
        assertTrue(m.acceptBytes(prefix));
        assertTrue(reference.acceptBytes(prefix));
        long[] mask = tight.newMask();
        mask[0] = -1L;
        RecognizerLimitException e = assertThrows(RecognizerLimitException.class, () -> m.fillMask(mask));
        assertEquals("maxWorkPerMask", e.setting());
        assertEquals(3_000, e.limit());
        assertTrue(e.getMessage().contains("ConstraintOptions.withMaxWorkPerMask"), e.getMessage());
        assertArrayEquals(new long[mask.length], mask, "no half-filled mask escapes");
        assertEquals(prefix.length, m.byteCount(), "the matcher is where it was");
        // the same matcher, forked into the loose budget's world, still agrees with a fresh replay
        int a = v.size() - 2; // "ddd": refused
        assertEquals(reference.isAllowed(a), m.isAllowed(a));
        assertTrue(m.acceptToken(0));
        assertTrue(reference.acceptToken(0));
        assertEquals(reference.byteCount(), m.byteCount());
        assertEquals(reference.isAccepting(), m.isAccepting());
    }

    @Test
    void theDefaultBudgetLetsOrdinaryMasksThrough() {
        Vocabulary v = vocabulary();
        Constraint c = Constraint.of(AMBIGUOUS, v);
        Matcher m = c.newMatcher();
        assertTrue(m.acceptBytes("abc".getBytes(StandardCharsets.UTF_8)));
        long[] mask = m.mask();
        assertTrue((mask[0] & 1L) != 0, "'a' is allowed");
        assertTrue(m.isAllowed(v.size() - 1), "the input is a sentence: EOS allowed");
    }

    @Test
    void anInterruptCancelsTheMaskAndLeavesTheMatcherUsable() {
        Vocabulary v = vocabulary();
        Constraint c = Constraint.of(AMBIGUOUS, v, ConstraintOptions.DEFAULT.withMaskCacheBytes(0));
        Matcher m = c.newMatcher();
        assertTrue(m.acceptBytes("abc".getBytes(StandardCharsets.UTF_8)));
        long[] expected = m.mask();
        Thread.currentThread().interrupt();
        try {
            assertThrows(CancellationException.class, m::mask);
            assertTrue(Thread.currentThread().isInterrupted());
        } finally {
            Thread.interrupted();
        }
        assertEquals(3, m.byteCount());
        assertArrayEquals(expected, m.mask());
    }

    @Test
    void anInterruptedTokenIsAcceptedWhollyOrNotAtAll() {
        Vocabulary v = vocabulary();
        Constraint c = Constraint.of(AMBIGUOUS, v);
        Matcher m = c.newMatcher();
        assertTrue(m.acceptBytes("ab".getBytes(StandardCharsets.UTF_8)));
        Thread.currentThread().interrupt();
        try {
            assertThrows(CancellationException.class, () -> m.acceptToken(v.size() - 3)); // a three-byte token
        } finally {
            Thread.interrupted();
        }
        assertEquals(2, m.byteCount());
        assertEquals(1, m.tokenCount());
    }
}
