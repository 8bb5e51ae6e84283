package io.github.kbnf4j.runtime;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/** The decode-loop contract of {@link Matcher} on a small hand-made vocabulary. */
class MatcherTest {
    // ids:              0    1     2     3      4     5    6        7        8       9
    static final String[] TOKENS = {"{", "\"", "ab", "\":", " 1", "}", "<eos>", "<pad>", "\"a", "1}"};
    static final int EOS = 6;
    static final int PAD = 7;

    static Vocabulary vocabulary() {
        List<byte[]> tokens = new ArrayList<>();
        for (String t : TOKENS) {
            tokens.add(t.getBytes(UTF_8));
        }
        tokens.add(null); // id 10: no bytes
        tokens.add(new byte[] {(byte) 0xC3}); // id 11: the first half of 'é'
        tokens.add(new byte[] {(byte) 0xA9, '"'}); // id 12: its second half and a quote
        return Vocabulary.of("test", tokens, new int[] {EOS}, new int[] {PAD});
    }

    static Constraint constraint() {
        return Constraint.of(Grammar.compile("obj.kbnf",
                "start ::= \"{\" #\"\\\"[a-zé]*\\\"\" \":\" #\" ?[0-9]+\" \"}\";"), vocabulary());
    }

    static List<Integer> allowed(Matcher m) {
        long[] mask = m.mask();
        List<Integer> ids = new ArrayList<>();
        for (int id = 0; id < m.constraint().vocabulary().size(); id++) {
            if ((mask[id >>> 6] & (1L << id)) != 0) {
                ids.add(id);
            }
        }
        return ids;
    }

    @Test
    void aWholeSequence() {
        Matcher m = constraint().newMatcher();
        assertEquals(List.of(0), allowed(m));
        assertTrue(m.acceptToken(0));
        assertEquals(List.of(1, 8), allowed(m));
        assertTrue(m.acceptToken(8));
        assertEquals(List.of(1, 2, 3, 11), allowed(m), "the quote, 'ab', '\":' and the half character");
        assertTrue(m.acceptToken(11));
        assertEquals(List.of(12), allowed(m), "only the token completing the character");
        assertTrue(m.acceptToken(12));
        assertFalse(m.acceptToken(5), "refused");
        assertTrue(m.acceptBytes(":".getBytes(UTF_8)));
        assertEquals(List.of(4, 9), allowed(m));
        assertTrue(m.acceptToken(4));
        assertEquals(List.of(5, 9), allowed(m));
        assertFalse(m.isAccepting());
        assertTrue(m.acceptToken(5));
        assertTrue(m.isAccepting());
        assertTrue(m.isTerminated(), "nothing can follow '}'");
        assertEquals(List.of(EOS), allowed(m));
        assertTrue(m.acceptToken(EOS));
        assertTrue(m.acceptToken(EOS), "EOS again is a no-op");
        assertFalse(m.acceptToken(0));
        assertEquals(8, m.tokenCount());
        m.rollback(2);
        assertEquals(List.of(5, 9), allowed(m));
        assertFalse(m.isTerminated());
    }

    /**
     * Regression: exit subtrees under the inside paths "b" and then "bb": the walk of the first
     * left its bytes pushed, and the second path was pushed on top of them.
     */
    @Test
    void eachExitSubtreeIsWalkedFromItsOwnInsidePath() {
        List<byte[]> tokens = new ArrayList<>();
        for (String t : new String[] {"b", "ba", "bb", "bba", "bc", "bcd", "bax", "<eos>"}) {
            tokens.add(t.getBytes(UTF_8));
        }
        Constraint c = Constraint.of(Grammar.compile("r.kbnf", "start ::= #\"b+\" (\"a\" | \"cd\");"),
                Vocabulary.of("t", tokens, new int[] {7}, new int[0]));
        Matcher m = c.newMatcher();
        assertEquals(List.of(0, 1, 2, 3, 4, 5), allowed(m));
        long[] walked = c.newMask();
        m.fillMaskByTrieWalk(walked);
        assertArrayEquals(walked, m.mask());
    }

    /**
     * The grouped exit walk pushes one path per DFA state; it must not when a terminal that
     * starts inside the path could still be running: here a second word, which itself reads the
     * exit byte '!', starts after the first, so after "abc" a '!' may come but after "x" it may
     * not, although the first word is in the same DFA state after both. Every item live after
     * the path reads letters, so only the check of each of them tells the two paths apart. (The
     * recursion keeps the rule from being inlined into one terminal; the second word is its own
     * terminal with its own states: with two equal words, as in "[a-z]+ [a-z]+ '!'", the second
     * would share the first's accepting state and the '!' after it, which reads no letter, would
     * make the walk decline whatever the check of the others said.)
     */
    @Test
    void groupedExitWalkIsNotUsedWhenATerminalCanStartInsideThePath() {
        assertMaskIsExact("start ::= #\"[a-z]+\" #\"[a-z]+!\" | \"(\" start \")\";",
                List.of("abc!", "x!", "xy!", "(", "<eos>"), List.of(0, 2, 3));
    }

    /**
     * The grouped exit walk must not be used when another terminal of the current set shares the
     * path's first byte: after "ab" the literal "ab" has ended and '?' may come, after "xy" not.
     */
    @Test
    void groupedExitWalkIsNotUsedWhenAnotherTerminalReadsTheFirstByte() {
        assertMaskIsExact("start ::= #\"[a-z]+\" \"!\" | \"ab\" #\"[?]+\" | \"(\" start \")\";",
                List.of("ab?", "xy?", "xy!", "(", "<eos>"), List.of(0, 2, 3));
    }

    /** The grouped exit walk where it applies: an identifier and what may follow it. */
    @Test
    void groupedExitWalkSharesSuffixes() {
        assertMaskIsExact("start ::= #\"[a-z]+\" (\"(\" | \"!\" #\"[a-z]\") | \"[\" start \"]\";",
                List.of("ab(", "x(", "xy!z", "x!", "a!b(", "abc", "[", "<eos>"), List.of(0, 1, 2, 3, 5, 6));
    }

    /**
     * Tokens that cross several terminals ({@code "}, {"a": "}) are matched level by level: the
     * suffixes after a string's closing quote, then the suffixes of those suffixes. At every step
     * of a document the mask must equal the plain trie walk's.
     */
    @Test
    void suffixesOfSuffixesAreMatchedExactly() {
        String[] texts = {"{\"", "a", "b", "\": \"", "\", \"", "\"}, {\"", "\"}]", "\": [{\"", "\":\"a", "\": 1, \"",
            "\": 12}", "1", "2", "}", "]", "[", ", ", "\"", " ", "\": {\"ab\": \"", "ab\", \"b", "<eos>"};
        List<byte[]> tokens = new ArrayList<>();
        for (String t : texts) {
            tokens.add(t.getBytes(UTF_8));
        }
        Constraint c = Constraint.of(Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT),
                Vocabulary.of("t", tokens, new int[] {texts.length - 1}, new int[0]), ConstraintOptions.DEFAULT.withMaskCacheBytes(0));
        Matcher m = c.newMatcher();
        String document = "[{\"a\": \"b\", \"ab\": 12}, {\"b\": [{\"a\": {\"ab\": \"a\"}}]}]";
        int allowedSeen = 0;
        for (int at = 0; at < document.length(); at++) {
            long[] walked = c.newMask();
            m.fillMaskByTrieWalk(walked);
            assertArrayEquals(walked, m.mask(), () -> "after " + m.byteCount() + " bytes");
            allowedSeen += allowed(m).size();
            assertTrue(m.acceptBytes(document.substring(at, at + 1).getBytes(UTF_8)));
        }
        assertTrue(allowedSeen > document.length(), "multi-byte tokens were allowed along the way");
    }

    /**
     * A terminal whose exit nodes fall into several groups by the state before the exit byte:
     * after letters (accepting), after a dash (not accepting: its tokens are refused) and after
     * digits (accepting). Each accepting group's suffixes are matched from its own path: from the
     * digits' path, {@code "-1!"} cannot continue the word, from the letters' path it could.
     */
    @Test
    void groupedExitWalkMatchesEachGroupFromItsOwnPath() {
        assertMaskIsExact("start ::= #\"[a-z]+(-[0-9]+)?\" \"!\" | \"(\" start \")\";",
                List.of("ab!", "ab-!", "ab-1!", "ab-1-1!", "(", "<eos>"), List.of(0, 2, 4));
    }

    /** Every exit group of the state is not accepting: the walk refuses all of them, with no group walk at all. */
    @Test
    void exitGroupsThatAreNeverAcceptingAreRefused() {
        assertMaskIsExact("start ::= #\"[a-z]+(-[0-9]+)?\" \"!\" | \"(\" start \")\";",
                List.of("ab-!", "x-!", "(", "<eos>"), List.of(2));
    }

    /**
     * Every other terminal of the current set reads the exit paths' first byte, so the grouped
     * walk must decline: after {@code "ab"} the literal {@code "ab"} may have ended, after
     * {@code "xy"} not.
     */
    @Test
    void groupedExitWalkDeclinesWhenEveryOtherTerminalReadsTheFirstByte() {
        assertMaskIsExact("start ::= #\"[a-z]+\" \"!\" | \"ab\" #\"[?]+\" | \"a\" start \"z\";",
                List.of("ab?", "xy?", "xy!", "ab!", "a", "<eos>"), List.of(0, 2, 3, 4));
    }

    /**
     * The one-by-one exit walk moves between parent paths of the same length that share no
     * prefix ({@code "ab"}, {@code "ba"}) and lead to different recognizer states (only after
     * {@code "ab"} can the second word have started), and down a path longer than the walker's
     * first buffers.
     */
    @Test
    void oneByOneExitWalkRepushesDifferentPathsOfEqualLength() {
        String deep = "a".repeat(39) + "b!";
        assertMaskIsExact("start ::= #\"[a-z]+\" #\"[b-z]+\" \"!\" | \"(\" start \")\";",
                List.of("ab!", "ba!", deep, "(", "<eos>"), List.of(0, 2, 3));
    }

    private static void assertMaskIsExact(String grammar, List<String> tokenTexts, List<Integer> expected) {
        List<byte[]> tokens = new ArrayList<>();
        for (String t : tokenTexts) {
            tokens.add(t.getBytes(UTF_8));
        }
        Constraint c = Constraint.of(Grammar.compile("g.kbnf", grammar),
                Vocabulary.of("t", tokens, new int[] {tokenTexts.size() - 1}, new int[0]));
        Matcher m = c.newMatcher();
        long[] walked = c.newMask();
        m.fillMaskByTrieWalk(walked);
        assertArrayEquals(walked, m.mask(), "the fast mask equals the plain trie walk");
        assertEquals(expected, allowed(m));
    }

    /**
     * Two states whose frontiers differ only in whether the bytes so far are a sentence: after
     * {@code a} and after {@code b} the same items wait for the same bytes, but only {@code a} is a
     * sentence. The cache must key on acceptance, or one state gets the other's end-of-sequence bit.
     * Checked in both orders, so a lost flag fails whichever state is looked up second.
     */
    @Test
    void theMaskCacheTellsACompleteSentenceFromAnIncompleteOne() {
        for (boolean incompleteFirst : new boolean[] {true, false}) {
            List<byte[]> tokens = new ArrayList<>();
            for (String t : new String[] {"a", "b", "<eos>"}) {
                tokens.add(t.getBytes(UTF_8));
            }
            Constraint c = Constraint.of(Grammar.compile("ends-in-a.kbnf", "start ::= #\"[ab]\" start | \"a\" ;"),
                    Vocabulary.of("t", tokens, new int[] {2}, new int[0]));
            Matcher viaA = c.newMatcher();
            assertTrue(viaA.acceptToken(0));
            Matcher viaB = c.newMatcher();
            assertTrue(viaB.acceptToken(1));
            String order = incompleteFirst ? " ('b' looked up first)" : " ('a' looked up first)";
            for (int round = 0; round < 2; round++) {
                if (incompleteFirst) {
                    assertEquals(List.of(0, 1), allowed(viaB), "'b' is not a sentence: no EOS" + order);
                    assertEquals(List.of(0, 1, 2), allowed(viaA), "'a' is a sentence: EOS too" + order);
                } else {
                    assertEquals(List.of(0, 1, 2), allowed(viaA), "'a' is a sentence: EOS too" + order);
                    assertEquals(List.of(0, 1), allowed(viaB), "'b' is not a sentence: no EOS" + order);
                }
            }
            assertTrue(c.cacheStats().hits() >= 2, "the second round came from the cache" + order);
        }
    }

    /** Deep nesting makes the frontier long: such states bypass the mask cache, and their masks stay exact. */
    @Test
    void deeplyNestedStatesBypassTheMaskCache() {
        List<byte[]> tokens = new ArrayList<>();
        for (String t : new String[] {"[", "]", "1", ",", "<eos>"}) {
            tokens.add(t.getBytes(UTF_8));
        }
        Constraint c = Constraint.of(Grammar.builtin(Grammar.JSON, io.github.kbnf4j.grammar.GrammarOptions.DEFAULT),
                Vocabulary.of("brackets", tokens, new int[] {4}, new int[0]));
        Matcher m = c.newMatcher();
        long[] walked = c.newMask();
        int depth = 3000;
        for (int i = 0; i < depth; i++) {
            assertEquals(i == 0 ? List.of(0, 2) : List.of(0, 1, 2), allowed(m), "at depth " + i);
            assertTrue(m.acceptToken(0));
        }
        m.fillMaskByTrieWalk(walked);
        assertArrayEquals(walked, m.mask());
        long lookups = c.cacheStats().hits() + c.cacheStats().misses();
        assertTrue(lookups < depth, "the deep states were not looked up: " + lookups + " lookups");
        for (int i = 0; i < depth; i++) {
            assertTrue(m.acceptToken(1));
        }
        assertEquals(List.of(4), allowed(m));
    }

    @Test
    void specialAndBytelessIdsAreNeverAllowedAndUnknownIdsAreReported() {
        Matcher m = constraint().newMatcher();
        assertFalse(m.acceptToken(PAD));
        assertFalse(m.acceptToken(10));
        assertFalse(m.acceptToken(EOS), "EOS before the sentence is complete");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.acceptToken(13));
        assertTrue(e.getMessage().contains("unknown token id 13"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> m.acceptToken(-1));
        assertThrows(IllegalArgumentException.class, () -> m.isAllowed(99));
    }

    @Test
    void maskLogitsKeepsAllowedValuesAndPaddingIsDisallowed() {
        Matcher m = constraint().newMatcher();
        float[] logits = new float[20];
        java.util.Arrays.fill(logits, 1.5f);
        m.maskLogits(logits);
        for (int i = 0; i < logits.length; i++) {
            assertEquals(i == 0 ? 1.5f : Float.NEGATIVE_INFINITY, logits[i], "logit " + i);
        }
        assertThrows(IllegalArgumentException.class, () -> m.maskLogits(new float[5]));
        assertThrows(IllegalArgumentException.class, () -> m.fillMask(new long[0]));
    }

    @Test
    void forcedContinuation() {
        Constraint c = Constraint.of(Grammar.compile("f.kbnf", "start ::= \"{\\\"name\\\": \" (\"1\" | \"2\") \"}\";"),
                vocabulary());
        Matcher m = c.newMatcher();
        assertArrayEquals("{\"name\": ".getBytes(UTF_8), m.forcedContinuation());
        assertEquals(0, m.byteCount(), "asking changes nothing");
        assertTrue(m.acceptBytes(m.forcedContinuation()));
        assertArrayEquals(new byte[0], m.forcedContinuation(), "a choice");
        assertTrue(m.acceptBytes("2".getBytes(UTF_8)));
        assertArrayEquals("}".getBytes(UTF_8), m.forcedContinuation());
        assertTrue(m.acceptBytes("}".getBytes(UTF_8)));
        assertArrayEquals(new byte[0], m.forcedContinuation(), "complete: EOS may follow");
        Matcher endless = Constraint.of(Grammar.compile("e.kbnf", "start ::= \"a\" start;"), vocabulary()).newMatcher();
        assertEquals(Matcher.MAX_FORCED_BYTES, endless.forcedContinuation().length);
    }

    /** Byte 0 is a byte like any other: it can be forced, and it is one of two choices when another byte may come too. */
    @Test
    void forcedContinuationWithTheNulByte() {
        Matcher nul = Constraint.of(Grammar.compile("nul.kbnf", "start ::= \"\\x00z\";"), vocabulary()).newMatcher();
        assertArrayEquals(new byte[] {0, 'z'}, nul.forcedContinuation());
        Matcher choice = Constraint.of(Grammar.compile("choice.kbnf", "start ::= (\"\\x00\" | \"A\") \"z\";"),
                vocabulary()).newMatcher();
        assertArrayEquals(new byte[0], choice.forcedContinuation(), "NUL or 'A': a choice");
    }

    @Test
    void forksAreIndependentAndResetStartsOver() {
        Matcher m = constraint().newMatcher();
        assertTrue(m.acceptToken(0));
        Matcher f = m.fork();
        assertTrue(f.acceptToken(1));
        assertEquals(1, m.tokenCount());
        assertEquals(2, f.tokenCount());
        assertEquals(List.of(1, 8), allowed(m));
        f.reset();
        assertEquals(0, f.tokenCount());
        assertEquals(List.of(0), allowed(f));
        assertThrows(IllegalArgumentException.class, () -> m.rollback(2));
    }

    /**
     * A fork and its original advance by tokens of different byte lengths, interleaved, and each
     * rolls back: both must match a fresh matcher fed the same tokens (bytes, token count and mask).
     * A fork that shared the original's history would roll back to the other's byte position.
     */
    @Test
    void aForkAndItsOriginalRollBackIndependently() {
        List<byte[]> tokens = new ArrayList<>();
        // ids:                   0    1     2      3
        for (String t : new String[] {"a", "bb", "aaa", "<eos>"}) {
            tokens.add(t.getBytes(UTF_8));
        }
        // Sentences are whole triples, so the mask (its EOS bit) depends on the length mod 3.
        Constraint c = Constraint.of(Grammar.compile("triples.kbnf", "start ::= #\"([ab][ab][ab])*\" ;"),
                Vocabulary.of("t", tokens, new int[] {3}, new int[0]));
        Matcher original = c.newMatcher();
        assertTrue(original.acceptToken(0));
        Matcher fork = original.fork();
        // Interleaved, so that each writes its history after the other: "a" + "aaa" + "bb" and "a" + "bb" + "a".
        assertTrue(original.acceptToken(2));
        assertTrue(fork.acceptToken(1));
        assertTrue(original.acceptToken(1));
        assertTrue(fork.acceptToken(0));
        assertSameAsReplay(c, original, 0, 2, 1);
        assertSameAsReplay(c, fork, 0, 1, 0);
        original.rollback(1);
        assertSameAsReplay(c, fork, 0, 1, 0);
        assertSameAsReplay(c, original, 0, 2);
        fork.rollback(1);
        assertSameAsReplay(c, fork, 0, 1);
        assertSameAsReplay(c, original, 0, 2);
        // Now each advances again from its rolled-back state and rolls back past the fork point.
        assertTrue(fork.acceptToken(2));
        assertTrue(original.acceptToken(0));
        assertSameAsReplay(c, fork, 0, 1, 2);
        assertSameAsReplay(c, original, 0, 2, 0);
        fork.rollback(2);
        assertSameAsReplay(c, fork, 0);
        original.rollback(3);
        assertSameAsReplay(c, original);
        assertSameAsReplay(c, fork, 0);
    }

    /** {@code m} is in the state of a fresh matcher fed {@code ids}: same token count, byte count, mask and acceptance. */
    private static void assertSameAsReplay(Constraint c, Matcher m, int... ids) {
        Matcher replay = c.newMatcher();
        for (int id : ids) {
            assertTrue(replay.acceptToken(id));
        }
        String what = "after tokens " + java.util.Arrays.toString(ids);
        assertEquals(replay.tokenCount(), m.tokenCount(), "token count " + what);
        assertEquals(replay.byteCount(), m.byteCount(), "byte count " + what);
        assertEquals(replay.isAccepting(), m.isAccepting(), "accepting " + what);
        assertArrayEquals(replay.mask(), m.mask(), "mask " + what);
    }

    /** A whole sentence, then EOS: what each query answers along the way. */
    @Test
    void queriesAlongASentenceAndAfterEndOfSequence() {
        Matcher m = constraint().newMatcher();
        assertEquals("Matcher[0 tokens, 0 bytes]", m.toString());
        assertEquals(6, m.minBytesToAccept(), "{\"\":0}");
        assertFalse(m.acceptBytes("x".getBytes(UTF_8)), "refused bytes");
        assertEquals(0, m.byteCount(), "refused bytes change nothing");
        assertEquals(0, m.tokenCount());
        for (int id : new int[] {0, 1, 3, 4}) { // {"": 1
            assertTrue(m.acceptToken(id));
        }
        assertFalse(m.isAllowed(EOS), "not yet a sentence");
        assertTrue(m.acceptBytes("}".getBytes(UTF_8)));
        assertEquals("Matcher[5 tokens, 7 bytes, accepting]", m.toString());
        assertTrue(m.isAllowed(EOS));
        assertEquals(0, m.minBytesToAccept());
        assertTrue(m.acceptToken(EOS));
        assertEquals("Matcher[6 tokens, 7 bytes, terminated]", m.toString());
        assertTrue(m.isTerminated());
        assertEquals(0, m.minBytesToAccept());
        assertArrayEquals(new byte[0], m.forcedContinuation());
        assertFalse(m.acceptBytes("1".getBytes(UTF_8)), "nothing after EOS");
        assertFalse(m.isAllowed(0));
        assertTrue(m.isAllowed(EOS), "EOS again is allowed (and changes nothing)");
        long[] dirty = new long[m.constraint().maskWords() + 2];
        java.util.Arrays.fill(dirty, -1L);
        m.fillMask(dirty);
        long[] onlyEos = new long[dirty.length];
        onlyEos[0] = 1L << EOS;
        assertArrayEquals(onlyEos, dirty, "after EOS only EOS, and every word written");
        m.rollback(0);
        assertEquals(6, m.tokenCount(), "rolling back 0 tokens changes nothing");
        m.rollback(6);
        assertEquals(0, m.byteCount());
        assertEquals(List.of(0), allowed(m));
        assertThrows(IllegalArgumentException.class, () -> m.rollback(-1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.isAllowed(13));
        assertTrue(e.getMessage().contains("ids 0..12"), e.getMessage());
    }

    /** Masks written into arrays that are longer than needed and hold old bits: every word is written. */
    @Test
    void masksOverwriteEveryWordOfALongerArray() {
        Constraint c = constraint();
        Matcher m = c.newMatcher();
        assertTrue(m.acceptToken(0));
        long[] expected = new long[c.maskWords() + 2];
        expected[0] = 1L << 1 | 1L << 8;
        for (int round = 0; round < 2; round++) { // the second from the mask cache
            long[] dirty = new long[expected.length];
            java.util.Arrays.fill(dirty, -1L);
            m.fillMask(dirty);
            assertArrayEquals(expected, dirty, "round " + round);
        }
        long[] dirty = new long[expected.length];
        java.util.Arrays.fill(dirty, -1L);
        m.fillMaskByTrieWalk(dirty);
        assertArrayEquals(expected, dirty, "the plain trie walk");
    }

    /** Logits longer than the mask's words: ids past the vocabulary are disallowed; allowed ids above 0 keep their value. */
    @Test
    void maskLogitsBeyondTheLastMaskWord() {
        Matcher m = constraint().newMatcher();
        assertTrue(m.acceptToken(0));
        float[] exact = new float[m.constraint().vocabulary().size()];
        java.util.Arrays.fill(exact, 2f);
        m.maskLogits(exact); // exactly the vocabulary's size is enough
        float[] logits = new float[70];
        java.util.Arrays.fill(logits, 2f);
        m.maskLogits(logits);
        for (int i = 0; i < logits.length; i++) {
            assertEquals(i == 1 || i == 8 ? 2f : Float.NEGATIVE_INFINITY, logits[i], "logit " + i);
            if (i < exact.length) {
                assertEquals(logits[i], exact[i], "logit " + i + " of the exact array");
            }
        }
    }

    @Test
    void batchMaskFailuresComeOutAsThemselves() {
        Matcher m = constraint().newMatcher();
        assertThrows(IllegalArgumentException.class, () -> Matcher.fillMasks(List.of(m), List.of(new long[0]), Runnable::run));
        assertThrows(IllegalArgumentException.class, () -> Matcher.fillMasks(List.of(m, m),
                List.of(new long[1], new long[1]), Runnable::run));
    }

    @Test
    void batchMasksEqualOneByOne() throws Exception {
        Constraint c = constraint();
        List<Matcher> matchers = new ArrayList<>();
        List<long[]> masks = new ArrayList<>();
        int[][] prefixes = {{}, {0}, {0, 8}, {0, 8, 11}, {0, 1, 2, 3}};
        for (int[] p : prefixes) {
            Matcher m = c.newMatcher();
            for (int id : p) {
                assertTrue(m.acceptToken(id));
            }
            matchers.add(m);
            masks.add(c.newMask());
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Matcher.fillMasks(matchers, masks, pool);
        } finally {
            pool.shutdown();
        }
        for (int i = 0; i < matchers.size(); i++) {
            assertArrayEquals(matchers.get(i).mask(), masks.get(i), "matcher " + i);
        }
        assertThrows(IllegalArgumentException.class,
                () -> Matcher.fillMasks(List.of(matchers.get(0), matchers.get(0)), masks.subList(0, 2), Runnable::run));
    }
}
