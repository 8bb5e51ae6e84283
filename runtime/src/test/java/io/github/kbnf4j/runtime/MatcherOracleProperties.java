package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * runs of accept, accept-bytes, rollback, fork and reset. The masks come through the constraint's
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
            return;
        }
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
        Constraint c = Constraint.of(g, v);
        Matcher m = c.newMatcher();
        // The model: the bytes consumed per accepted step, and whether EOS was accepted.
        List<byte[]> steps = new ArrayList<>();
        boolean terminated = false;
        int accepted = 0;
        for (int step = 0; step < 14; step++) {
            byte[] consumed = concat(steps);
            BitSet expected = MaskOracle.mask(g, consumed, textTokens, Set.of(eos), terminated);
            BitSet actual = BitSet.valueOf(m.mask());
            assertEquals(expected, actual, "mask after " + steps.size() + " steps, consumed '"
                    + new String(consumed, java.nio.charset.StandardCharsets.ISO_8859_1) + "'\n" + text(tokens));
            assertEquals(expected.get(eos), m.isAccepting(), "accepting");
            long[] walked = c.newMask();
            m.fillMaskByTrieWalk(walked);
            assertEquals(expected, BitSet.valueOf(walked), "the plain trie walk (layer 3 alone)");
            int action = random.nextInt(10);
            if (action < 6 && !expected.isEmpty()) {
                int id = nth(expected, random.nextInt(expected.cardinality()));
                assertTrue(m.acceptToken(id));
                if (id == eos) {
                    if (!terminated) {
                        steps.add(null);
                    }
                    terminated = true;
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
                terminated = !steps.isEmpty() && steps.get(steps.size() - 1) == null;
            } else if (action == 8) {
                m = m.fork();
            } else if (random.nextInt(4) == 0) {
                m.reset();
                steps.clear();
                terminated = false;
            }
            assertEquals(steps.size(), m.tokenCount(), "token count");
        }
        Statistics.label("tokens accepted").collect(accepted == 0 ? "0" : accepted < 4 ? "1-3" : "4+");
        // The masks above came through the mask cache; make sure hits happened, so cached masks were compared too.
        Statistics.label("mask cache hits").collect(c.cacheStats().hits() > 0);
        Statistics.label("mask cache hits").coverage(cov -> cov.check(true).percentage(p -> p >= 30.0));
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
