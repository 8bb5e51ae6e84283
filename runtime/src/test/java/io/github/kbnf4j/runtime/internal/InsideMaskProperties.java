package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.github.kbnf4j.runtime.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

/**
 * {@link ResidualTokens#insideMask} (which clears the tokens between the runs when most are
 * inside, and sets those in them otherwise) against setting every inside token's bit, on random
 * vocabularies and random runs of trie positions, few and many.
 */
class InsideMaskProperties {
    @Property(tries = 200)
    void theMaskHoldsExactlyTheTokensOfTheRuns(
            @ForAll @Size(min = 1, max = 300)
                    List<@StringLength(min = 1, max = 5) @CharRange(from = 'a', to = 'e') String> texts,
            @ForAll @IntRange(min = 0, max = 40) int cuts,
            @ForAll @IntRange(min = 0, max = 10) int extraIds,
            @ForAll long seed) {
        List<byte[]> tokens = new ArrayList<>();
        for (String t : texts) {
            tokens.add(t.getBytes(StandardCharsets.UTF_8));
        }
        for (int i = 0; i < extraIds; i++) {
            tokens.add(null); // ids without bytes: in the mask's width, never in the trie
        }
        TokenTrie trie = TokenTries.of(Vocabulary.of("test", tokens, null, null));
        Random random = new Random(seed);
        int total = trie.tokenCount();
        TreeSet<Integer> points = new TreeSet<>();
        for (int i = 0; i < 2 * cuts; i++) {
            points.add(random.nextInt(total + 1));
        }
        if (random.nextBoolean()) { // often the whole trie, or nearly: the clearing side
            points.add(0);
            points.add(total);
        }
        List<Integer> sorted = new ArrayList<>(points);
        List<int[]> parts = new ArrayList<>();
        List<Integer> part = new ArrayList<>();
        int insideCount = 0;
        int maskWords = (trie.vocabularySize() + 63) >>> 6;
        long[] expected = new long[maskWords];
        for (int i = 0; i + 1 < sorted.size(); i += 2) {
            int from = sorted.get(i);
            int to = sorted.get(i + 1);
            part.add(from);
            part.add(to);
            insideCount += to - from;
            for (int k = from; k < to; k++) {
                int id = trie.tokenId(k);
                expected[id >>> 6] |= 1L << id;
            }
            if (random.nextInt(3) == 0) { // runs come in parts, one per root child
                parts.add(part.stream().mapToInt(Integer::intValue).toArray());
                part.clear();
            }
        }
        parts.add(part.stream().mapToInt(Integer::intValue).toArray());
        assertArrayEquals(expected, ResidualTokens.insideMask(trie, parts, insideCount),
                insideCount + " of " + total + " inside");
    }
}
