package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.testdata.MaskOracle;
import io.github.kbnf4j.testdata.RandomGrammars;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Every mask equals the brute-force oracle ({@link MaskOracle}, on the reference recognizer): random
 * grammars × random small vocabularies (byte strings over the grammar's alphabet and random bytes,
 * with partial UTF-8 sequences, duplicates, ids without bytes and an end-of-sequence id) × random
 * runs of accept, accept-bytes, rollback, fork and reset. A fork does not replace its original: up
 * to three matchers stay alive, each with its own model, and all are checked at every step. The masks come through the constraint's
 * mask cache (hits are checked to happen), so cached masks are compared with the oracle too.
 */
class MatcherOracleProperties {

    @Provide
    Arbitrary<String> grammars() {
        return RandomGrammars.grammars();
    }

    @Property(tries = 150)
    void everyMaskEqualsTheOracle(@ForAll("grammars") String text, @ForAll Random random) {
        CompiledGrammar g;
        try {
            g = Grammar.compile("random.kbnf", text);
        } catch (GrammarException e) {
            Statistics.label("compiles").collect(false);
            Statistics.label("compiles").coverage(cov -> cov.check(true).percentage(p -> p >= 50.0));
            return;
        }
        // A compiler regression that rejects most random grammars must fail here, not pass on nothing.
        Statistics.label("compiles").collect(true);
        Statistics.label("compiles").coverage(cov -> cov.check(true).percentage(p -> p >= 50.0));
        byte[] alphabet = RandomGrammars.alphabet(text, 8);
        List<byte[]> tokens = randomTokens(alphabet, random);
        int eos = random.nextInt(tokens.size());
        tokens.set(eos, "<eos>".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        int special = (eos + 1) % tokens.size();
        tokens.set(special, "<special>".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Vocabulary v = Vocabulary.of("random", tokens, new int[] {eos}, new int[] {special});
        List<byte[]> textTokens = new ArrayList<>();
        for (int id = 0; id < tokens.size(); id++) {
            textTokens.add(id == eos || id == special ? null : tokens.get(id));
        }
        // random grammars include highly ambiguous ones: this property checks masks, not work limits
        Constraint c = Constraint.of(g, v, ConstraintOptions.DEFAULT.withMaxWorkPerMask(Long.MAX_VALUE)
                .withRecognizer(RecognizerOptions.DEFAULT.withMaxWorkPerByte(Long.MAX_VALUE)));
        // Live matchers, each with its model: the bytes consumed per accepted step, and whether EOS
        // was accepted. A fork is a new lane; the original stays and is checked on, so a fork that
        // shared state with its original shows up in one of the two.
        List<Lane> lanes = new ArrayList<>();
        lanes.add(new Lane(c.newMatcher(), new ArrayList<>(), false));
        int accepted = 0;
        int forks = 0;
        for (int step = 0; step < 14; step++) {
            BitSet[] expectedMasks = new BitSet[lanes.size()];
            for (int i = 0; i < lanes.size(); i++) {
                expectedMasks[i] = checkAgainstOracle(g, c, lanes.get(i), "lane " + i + " of " + lanes.size(),
                        textTokens, eos, tokens);
            }
            // Round robin, so that live lanes take turns: an original and its fork interleave their tokens.
            int which = step % lanes.size();
            Lane lane = lanes.get(which);
            Matcher m = lane.matcher;
            List<byte[]> steps = lane.steps;
            BitSet expected = expectedMasks[which];
            int action = random.nextInt(10);
            if (action < 6 && !expected.isEmpty()) {
                int id = nth(expected, random.nextInt(expected.cardinality()));
                assertTrue(m.acceptToken(id));
                if (id == eos) {
                    if (!lane.terminated) {
                        steps.add(null);
                    }
                    lane.terminated = true;
                } else {
                    steps.add(tokens.get(id));
                }
                accepted++;
            } else if (action == 6) {
                int id = random.nextInt(tokens.size());
                if (!expected.get(id)) {
                    int before = m.byteCount();
                    assertFalse(m.acceptToken(id), "a disallowed token is refused");
                    assertEquals(before, m.byteCount());
                }
            } else if (action == 7 && !steps.isEmpty()) {
                int k = 1 + random.nextInt(steps.size());
                m.rollback(k);
                for (int i = 0; i < k; i++) {
                    steps.remove(steps.size() - 1);
                }
                lane.terminated = !steps.isEmpty() && steps.get(steps.size() - 1) == null;
            } else if (action == 8) {
                Lane fork = new Lane(m.fork(), new ArrayList<>(steps), lane.terminated);
                if (lanes.size() < MAX_LANES) {
                    lanes.add(fork);
                } else {
                    // Keep the forked lane and the new fork side by side; drop some other lane.
                    int drop = (which + 1 + random.nextInt(lanes.size() - 1)) % lanes.size();
                    lanes.set(drop, fork);
                }
                forks++;
                // Diverge at once, by tokens of different byte lengths where the mask has them, so
                // that the two lanes' later tokens start at different byte positions.
                int first = randomTextToken(expected, tokens, eos, -1, random);
                if (first >= 0) {
                    assertTrue(m.acceptToken(first));
                    steps.add(tokens.get(first));
                    int second = randomTextToken(expected, tokens, eos, tokens.get(first).length, random);
                    if (second >= 0) {
                        assertTrue(fork.matcher.acceptToken(second));
                        fork.steps.add(tokens.get(second));
                    }
                }
            } else if (action == 9 && random.nextBoolean()) {
                // Raw bytes: an allowed token's bytes, fed as a prompt prefix would be.
                int id = expected.isEmpty() ? -1 : nth(expected, random.nextInt(expected.cardinality()));
                if (id >= 0 && id != eos) {
                    assertTrue(m.acceptBytes(tokens.get(id)));
                    steps.add(tokens.get(id));
                }
            } else if (random.nextInt(4) == 0) {
                m.reset();
                steps.clear();
                lane.terminated = false;
            }
            assertEquals(steps.size(), m.tokenCount(), "token count");
        }
        for (int i = 0; i < lanes.size(); i++) {
            checkAgainstOracle(g, c, lanes.get(i), "at the end, lane " + i + " of " + lanes.size(), textTokens, eos, tokens);
        }
        Statistics.label("forks").collect(forks == 0 ? "0" : forks == 1 ? "1" : "2+");
        Statistics.label("tokens accepted").collect(accepted == 0 ? "0" : accepted < 4 ? "1-3" : "4+");
        // The masks above came through the mask cache; make sure hits happened, so cached masks were compared too.
        Statistics.label("mask cache hits").collect(c.cacheStats().hits() > 0);
        Statistics.label("mask cache hits").coverage(cov -> cov.check(true).percentage(p -> p >= 30.0));
    }

    /** At most this many matchers are alive at once. */
    private static final int MAX_LANES = 3;

    /** One live matcher and what it has consumed: a byte string per accepted step, {@code null} for EOS. */
    private static final class Lane {
        final Matcher matcher;
        final List<byte[]> steps;
        boolean terminated;

        Lane(Matcher matcher, List<byte[]> steps, boolean terminated) {
            this.matcher = matcher;
            this.steps = steps;
            this.terminated = terminated;
        }
    }

    /** Checks one lane's mask (cached and by the plain walk), acceptance and byte count; returns the oracle's mask. */
    private static BitSet checkAgainstOracle(CompiledGrammar g, Constraint c, Lane lane, String which,
            List<byte[]> textTokens, int eos, List<byte[]> tokens) {
        Matcher m = lane.matcher;
        byte[] consumed = concat(lane.steps);
        BitSet expected = MaskOracle.mask(g, consumed, textTokens, Set.of(eos), lane.terminated);
        String where = which + ", after " + lane.steps.size() + " steps, consumed '"
                + new String(consumed, java.nio.charset.StandardCharsets.ISO_8859_1) + "'\n" + text(tokens);
        assertEquals(consumed.length, m.byteCount(), "byte count, " + where);
        assertEquals(lane.steps.size(), m.tokenCount(), "token count, " + where);
        assertEquals(expected, BitSet.valueOf(m.mask()), "mask, " + where);
        assertEquals(expected.get(eos), m.isAccepting(), "accepting, " + where);
        for (int id = 0; id < tokens.size(); id++) {
            assertEquals(expected.get(id), m.isAllowed(id), "isAllowed(" + id + "), " + where);
        }
        assertEquals(consumed.length, m.byteCount(), "isAllowed consumes nothing, " + where);
        long[] walked = c.newMask();
        m.fillMaskByTrieWalk(walked);
        assertEquals(expected, BitSet.valueOf(walked), "the plain trie walk (layer 3 alone), " + where);
        return expected;
    }

    /**
     * A random allowed id other than EOS, preferring one whose byte length is not {@code avoidLength}
     * (and the id of the wrong length if it is the only one); -1 if only EOS is allowed.
     */
    private static int randomTextToken(BitSet allowed, List<byte[]> tokens, int eos, int avoidLength, Random random) {
        BitSet text = (BitSet) allowed.clone();
        text.clear(eos);
        if (text.isEmpty()) {
            return -1;
        }
        BitSet otherLength = new BitSet();
        for (int id = text.nextSetBit(0); id >= 0; id = text.nextSetBit(id + 1)) {
            if (tokens.get(id).length != avoidLength) {
                otherLength.set(id);
            }
        }
        BitSet from = otherLength.isEmpty() ? text : otherLength;
        return nth(from, random.nextInt(from.cardinality()));
    }

    static List<byte[]> randomTokens(byte[] alphabet, Random random) {
        int n = 8 + random.nextInt(40);
        List<byte[]> tokens = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int kind = random.nextInt(10);
            byte[] t;
            if (kind == 0 && !tokens.isEmpty()) {
                byte[] other = tokens.get(random.nextInt(tokens.size()));
                t = other == null ? null : other.clone(); // a duplicate
            } else if (kind == 1) {
                t = new byte[] {(byte) random.nextInt(256)};
            } else if (kind == 2) {
                t = null; // an id without bytes
            } else {
                t = new byte[1 + random.nextInt(4)];
                for (int j = 0; j < t.length; j++) {
                    t[j] = alphabet.length == 0 ? (byte) random.nextInt(256) : alphabet[random.nextInt(alphabet.length)];
                }
            }
            tokens.add(t);
        }
        return tokens;
    }

    static byte[] concat(List<byte[]> steps) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] s : steps) {
            if (s != null) {
                out.write(s, 0, s.length);
            }
        }
        return out.toByteArray();
    }

    static int nth(BitSet set, int n) {
        int i = set.nextSetBit(0);
        for (int k = 0; k < n; k++) {
            i = set.nextSetBit(i + 1);
        }
        return i;
    }

    static String text(List<byte[]> tokens) {
        StringBuilder sb = new StringBuilder("vocabulary:");
        for (int i = 0; i < tokens.size(); i++) {
            sb.append(' ').append(i).append('=').append(tokens.get(i) == null ? "null"
                    : java.util.HexFormat.of().formatHex(tokens.get(i)));
        }
        return sb.toString();
    }
}
