package io.github.kbnf4j.runtime;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.testdata.ExampleGrammars;
import io.github.kbnf4j.testdata.MaskOracle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Masks on vocabularies of realistic shape but modest size, against brute force: large enough
 * that a terminal state holds hundreds of inside tokens (kept as a mask, shared with the cache)
 * and hundreds of exit nodes, small enough that the brute-force oracle runs in a blink. The hand
 * vocabularies of {@link MatcherTest} never reach those code paths; the full real vocabularies
 * ({@link RealVocabularyMaskTest}) do, but take seconds per mask to check by brute force.
 *
 * <p>Every mask is computed without the mask cache (so each one is a fresh walk, with the
 * walker's buffers reused from the previous one) and compared with the plain trie walk; at
 * every few steps also with {@link Matcher#isAllowed} for every id, and at some with
 * {@link MaskOracle} on the reference recognizer.
 */
class MidSizeVocabularyMaskTest {

    /**
     * A part of cl100k: its first 6000 ids (the single bytes and the most common merges, among
     * them many multi-byte UTF-8 pieces) and every 12th id after them (longer, rarer tokens), plus
     * an end-of-sequence token (the last id). About 14,000 tokens.
     */
    static final class Cl100kPart {
        static final Vocabulary VOCABULARY;
        static final List<byte[]> TEXT_TOKENS = new ArrayList<>();
        static final int EOS;

        static {
            Vocabulary full = Vocabulary.jtokkit("cl100k");
            List<byte[]> tokens = new ArrayList<>();
            for (int id = 0; id < full.size(); id = id < 6000 ? id + 1 : id + 12) {
                if (full.hasBytes(id) && !full.isEos(id)) {
                    tokens.add(full.tokenBytes(id));
                }
            }
            TEXT_TOKENS.addAll(tokens);
            EOS = tokens.size();
            tokens.add("<eos>".getBytes(UTF_8));
            TEXT_TOKENS.add(null);
            VOCABULARY = Vocabulary.of("cl100k-part", tokens, new int[] {EOS}, new int[0]);
        }
    }

    private static final ConstraintOptions NO_CACHE = ConstraintOptions.DEFAULT.withMaskCacheBytes(0);

    /** Every step of example documents, then back through rollbacks, on a fork and on the original. */
    @Test
    void exampleDocumentsStepByStep() {
        // two documents keep it quick; c_subset in particular makes the brute-force checks slow
        for (String[] sample : new String[][] {{"json", "pretty_nested"}, {"tool_call", "weather"}}) {
            String name = sample[0];
            CompiledGrammar g = ExampleGrammars.compile(name);
            Constraint c = Constraint.of(g, Cl100kPart.VOCABULARY, NO_CACHE);
            byte[] doc = ExampleGrammars.acceptSamples(name).get(sample[1]);
            int[] ids = RealVocabularyMaskTest.greedyTokens(Cl100kPart.VOCABULARY, doc);
            Matcher m = c.newMatcher();
            int[] ends = new int[ids.length + 1]; // the byte count after each step
            for (int i = 0; i < ids.length; i++) {
                if (i % 4 == 0) {
                    assertExact(g, m, Arrays.copyOf(doc, ends[i]), name + " at step " + i, i == 0);
                } else {
                    assertSameAsTrieWalk(m, name + " at step " + i);
                }
                assertTrue(m.acceptToken(ids[i]), name + ": token " + i + " refused");
                ends[i + 1] = ends[i] + Cl100kPart.VOCABULARY.tokenBytes(ids[i]).length;
            }
            assertExact(g, m, doc, name + " at the end", false);
            Matcher fork = m.fork();
            int steps = ids.length;
            for (int back = ids.length / 2; back > 0; back /= 2) {
                m.rollback(back);
                steps -= back;
                assertExact(g, m, Arrays.copyOf(doc, ends[steps]), name + " after rolling back " + back, false);
                assertExact(g, fork, doc, name + ": the fork", false);
            }
        }
    }

    /**
     * A mask inside a string is mostly the inside set of one DFA state; the cache entry keeps that
     * set by reference (a base), not as a private copy of the whole bit set.
     */
    @Test
    void aCachedMaskInsideAStringSharesTheInsideSet() {
        Constraint c = Constraint.of(Grammar.compile("s.kbnf", "start ::= \"[\" #\"\\\"[^\\\"]*\\\"\" \"]\" ;"),
                Cl100kPart.VOCABULARY);
        Matcher m = c.newMatcher();
        assertTrue(m.acceptBytes("[\"".getBytes(UTF_8)));
        long[] mask = m.mask();
        int allowed = BitSet.valueOf(mask).cardinality();
        assertTrue(allowed > 10_000, "most tokens fit in a string: " + allowed);
        assertArrayEquals(RealVocabularyMaskTest.bruteForce(m), mask);
        long fullCopy = 8L * c.maskWords();
        long weight = c.cacheStats().weightBytes();
        assertTrue(weight < fullCopy / 2,
                "the entry (and its key) weighs " + weight + " bytes; a private bit set alone would be " + fullCopy);
        assertArrayEquals(mask, m.mask(), "the same mask from the cache");
        assertEquals(1, c.cacheStats().hits());
    }

    /**
     * The grouped exit walk on a suffix trie whose terminal state has more inside tokens than a
     * list holds: every token {@code x-ab} leaves the word at {@code -}, and its suffix {@code -ab}
     * lies inside the second terminal; the suffix-level inside set is a mask over the suffix
     * trie's ids, mapped back to vocabulary ids.
     */
    @Test
    void groupedExitWalkWithALargeInsideSetOfSuffixes() {
        List<String> texts = new ArrayList<>();
        for (char a = 'a'; a <= 'z'; a++) {
            texts.add(String.valueOf(a));
            for (char b = 'a'; b <= 'z'; b++) {
                texts.add("x-" + a + b);
                texts.add("y-" + a + b + ")");
            }
        }
        texts.addAll(List.of("-", "(", ")", "-a", "<eos>"));
        assertStepsExact("start ::= #\"[a-z]+\" #\"-[a-z]*\" | \"(\" start \")\" ;", texts,
                List.of("", "(", "(x", "(x-", "(x-ab", "xy-"));
    }

    /**
     * Two words may start together ({@code [a-z]+ "!"} and {@code [0-9a-z]+ "?"}), so the grouped
     * exit walk declines and both states' exit nodes are walked one by one: more than a hundred
     * each, merged into trie order. The digit-led tokens are exits of the second word only and
     * sort first; a walk that took the first state's list before the second's would skip them as
     * "inside a subtree already walked".
     */
    @Test
    void manyExitNodesOfTwoStatesAreWalkedInTrieOrder() {
        List<String> texts = new ArrayList<>();
        for (char a = 'a'; a <= 'z'; a++) {
            for (char b = 'a'; b <= 'z'; b += 5) {
                texts.add("" + a + b + "!");
                texts.add("" + a + b + "?");
            }
            for (char d = '0'; d <= '9'; d++) {
                texts.add("" + d + a + "?");
                texts.add("" + d + a + "!");
                texts.add("" + a + d + "?");
            }
        }
        texts.addAll(List.of("(", ")", "a", "1", "!", "?", "<eos>"));
        assertStepsExact("start ::= #\"[a-z]+\" \"!\" | #\"[0-9a-z]+\" \"?\" | \"(\" start \")\" ;", texts,
                List.of("", "(", "((", "(a", "(1", "(ab"));
        // the same with the alternatives the other way round, so either state may come first
        assertStepsExact("start ::= #\"[0-9a-z]+\" \"?\" | #\"[a-z]+\" \"!\" | \"(\" start \")\" ;", texts,
                List.of("", "(", "(a"));
    }

    /**
     * Compiles {@code grammar}, makes a vocabulary of {@code texts} (the last one the EOS), and
     * checks the masks after each prefix of {@code prefixes}, in order, on one matcher (reset in
     * between), so that the walker reuses its buffers from mask to mask.
     */
    private static void assertStepsExact(String grammar, List<String> texts, List<String> prefixes) {
        CompiledGrammar g = Grammar.compile("g.kbnf", grammar);
        List<byte[]> tokens = new ArrayList<>();
        for (String t : texts) {
            tokens.add(t.getBytes(UTF_8));
        }
        Constraint c = Constraint.of(g, Vocabulary.of("generated", tokens, new int[] {texts.size() - 1}, new int[0]),
                NO_CACHE);
        Matcher m = c.newMatcher();
        for (String prefix : prefixes) {
            m.reset();
            assertTrue(m.acceptBytes(prefix.getBytes(UTF_8)), prefix);
            assertExact(g, m, prefix.getBytes(UTF_8), "after '" + prefix + "'", true);
        }
    }

    /** The mask equals the plain trie walk's (cheap enough for every step of a document). */
    private static void assertSameAsTrieWalk(Matcher m, String where) {
        long[] walked = m.constraint().newMask();
        m.fillMaskByTrieWalk(walked);
        assertArrayEquals(walked, m.mask(), "mask vs the plain trie walk, " + where);
    }

    /** The mask equals brute force and the plain trie walk, and the oracle's when {@code withOracle}. */
    private static void assertExact(CompiledGrammar g, Matcher m, byte[] consumed, String where, boolean withOracle) {
        assertEquals(consumed.length, m.byteCount(), where);
        long[] mask = m.mask();
        assertArrayEquals(RealVocabularyMaskTest.bruteForce(m), mask, "mask vs isAllowed, " + where);
        long[] walked = m.constraint().newMask();
        m.fillMaskByTrieWalk(walked);
        assertArrayEquals(walked, mask, "mask vs the plain trie walk, " + where);
        if (withOracle) {
            Vocabulary v = m.constraint().vocabulary();
            List<byte[]> text = new ArrayList<>();
            Set<Integer> eos = new HashSet<>();
            for (int id = 0; id < v.size(); id++) {
                text.add(v.hasBytes(id) && !v.isEos(id) ? v.tokenBytes(id) : null);
                if (v.isEos(id)) {
                    eos.add(id);
                }
            }
            BitSet expected = MaskOracle.mask(g, consumed, text, eos, false);
            assertEquals(expected, BitSet.valueOf(mask), "mask vs the oracle, " + where);
        }
    }
}
