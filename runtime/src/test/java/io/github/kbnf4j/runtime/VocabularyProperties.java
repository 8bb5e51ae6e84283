package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.runtime.internal.PackedTokens;
import io.github.kbnf4j.testdata.RandomVocabularies;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Random token lists against a naive model of what a vocabulary must say. */
class VocabularyProperties {
    @Provide
    Arbitrary<List<byte[]>> lists() {
        return RandomVocabularies.withGaps(RandomVocabularies.tokenLists(1, 60));
    }

    @Property(tries = 300)
    void agreesWithTheNaiveModel(@ForAll("lists") List<byte[]> tokens, @ForAll long seed) {
        Random random = new Random(seed);
        int n = tokens.size();
        int[] eos = random.ints(random.nextInt(3), 0, n).toArray();
        int[] special = random.ints(random.nextInt(4), 0, n).toArray();
        Vocabulary v = Vocabulary.of("random", tokens, eos, special);
        assertEquals(n, v.size());
        PackedTokens p = v.packed();
        int text = 0;
        for (int id = 0; id < n; id++) {
            final int i = id;
            boolean isEos = Arrays.stream(eos).anyMatch(e -> e == i);
            boolean isSpecial = isEos || Arrays.stream(special).anyMatch(s -> s == i);
            byte[] t = tokens.get(id);
            boolean isText = t != null && t.length > 0 && !isSpecial;
            assertEquals(isText, v.hasBytes(id));
            assertEquals(isSpecial, v.isSpecial(id));
            assertEquals(isEos, v.isEos(id));
            assertArrayEquals(isText ? t : new byte[0], v.tokenBytes(id));
            assertEquals(isText ? t.length : -1, p.length(id));
            text += isText ? 1 : 0;
        }
        assertEquals(text, v.textTokenCount());
        assertArrayEquals(Arrays.stream(eos).distinct().sorted().toArray(), v.eosIds());

        int[] sorted = p.sortedTextIds();
        assertEquals(text, sorted.length);
        for (int k = 1; k < sorted.length; k++) {
            int c = Arrays.compareUnsigned(v.tokenBytes(sorted[k - 1]), v.tokenBytes(sorted[k]));
            assertTrue(c < 0 || (c == 0 && sorted[k - 1] < sorted[k]), "order at " + k);
        }

        // withEos moves EOS without touching bytes: back to the original EOS gives the same answers
        Vocabulary w = v.withEos().withEos(eos);
        for (int id = 0; id < n; id++) {
            assertArrayEquals(v.tokenBytes(id), w.tokenBytes(id));
            assertEquals(v.isSpecial(id), w.isSpecial(id));
        }
    }
}
