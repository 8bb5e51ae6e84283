package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;

class RandomVocabulariesTest {
    @Provide
    Arbitrary<List<byte[]>> lists() {
        return RandomVocabularies.tokenLists(1, 40);
    }

    @Property(tries = 200)
    void elementsAreNonEmptyAndSizesInRange(@ForAll("lists") List<byte[]> tokens) {
        assertTrue(tokens.size() >= 1 && tokens.size() <= 40 + 10, "size " + tokens.size());
        for (byte[] t : tokens) {
            assertNotNull(t);
            assertTrue(t.length > 0);
        }
    }

    @Test
    void samplesContainDuplicatesPartialUtf8AndSingleBytes() {
        List<List<byte[]>> samples = RandomVocabularies.tokenLists(20, 60).sampleStream().limit(100)
                .collect(Collectors.toList());
        boolean duplicates = false;
        boolean partial = false;
        boolean single = false;
        boolean multibyte = false;
        for (List<byte[]> list : samples) {
            Set<ByteBuffer> seen = new HashSet<>();
            for (byte[] t : list) {
                duplicates |= !seen.add(ByteBuffer.wrap(t));
                single |= t.length == 1;
                boolean valid = isUtf8(t);
                partial |= !valid;
                multibyte |= valid && new String(t, StandardCharsets.UTF_8).length() < t.length;
            }
        }
        assertTrue(duplicates, "no duplicate tokens in 100 samples");
        assertTrue(partial, "no partial UTF-8 in 100 samples");
        assertTrue(single, "no single-byte tokens in 100 samples");
        assertTrue(multibyte, "no multi-byte characters in 100 samples");
    }

    @Test
    void allBytesVariantSpellsEveryByte() {
        for (List<byte[]> list : RandomVocabularies.tokenListsWithAllBytes(30).sampleStream().limit(20)
                .collect(Collectors.toList())) {
            boolean[] have = new boolean[256];
            for (byte[] t : list) {
                if (t.length == 1) {
                    have[t[0] & 0xFF] = true;
                }
            }
            for (int b = 0; b < 256; b++) {
                assertTrue(have[b], "byte " + b + " missing");
            }
        }
        assertEquals(256, RandomVocabularies.allSingleBytes().size());
    }

    @Test
    void withGapsAddsNulls() {
        long nulls = RandomVocabularies.withGaps(RandomVocabularies.tokenLists(50, 50)).sampleStream().limit(20)
                .flatMap(List::stream).filter(t -> t == null).count();
        assertTrue(nulls > 0);
    }

    private static boolean isUtf8(byte[] t) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(t));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
