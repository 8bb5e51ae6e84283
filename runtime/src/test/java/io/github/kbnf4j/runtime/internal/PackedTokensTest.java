package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** {@link PackedTokens#sortedTextIds()} against a plain sort, where its five-byte prefix keys tie. */
class PackedTokensTest {

    /**
     * Tokens that agree on their first five bytes and differ after them, listed against their
     * byte order; a token that is a prefix of another padded with zero bytes; bytes above 0x7F;
     * duplicates (ties go by id); ids without bytes, which are left out; and a run of exactly two
 * tying tokens at the very start.
     */
    @Test
    void tiesOfTheFirstFiveBytesAreSortedByTheFullBytes() {
        byte[][] tokens = {
            "hello world".getBytes(), "hello there".getBytes(), null, "hello".getBytes(), "hello\0".getBytes(),
            "hello\0\0a".getBytes(), "hellp".getBytes(), {(byte) 0xE2, 'a'}, "hello there".getBytes(), "h".getBytes(),
            "hello\u0001".getBytes(), {(byte) 0xE2}, "hello theres".getBytes(),
            // the first two keys: a run of exactly two, in the wrong order by id
            "abcdefz".getBytes(), "abcdefa".getBytes(),
        };
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        int[] offsets = new int[tokens.length + 1];
        int[] lengths = new int[tokens.length];
        for (int id = 0; id < tokens.length; id++) {
            offsets[id] = data.size();
            lengths[id] = tokens[id] == null ? -1 : tokens[id].length;
            if (tokens[id] != null) {
                data.writeBytes(tokens[id]);
            }
        }
        offsets[tokens.length] = data.size();
        PackedTokens packed = new PackedTokens(data.toByteArray(), offsets, lengths);
        int[] expected = IntStream.range(0, tokens.length).filter(id -> tokens[id] != null).boxed()
                .sorted(Comparator.<Integer, byte[]>comparing(id -> tokens[id], Arrays::compareUnsigned)
                        .thenComparing(Comparator.naturalOrder()))
                .mapToInt(Integer::intValue).toArray();
        assertArrayEquals(expected, packed.sortedTextIds());
        assertEquals(tokens.length - 1, packed.textCount());
        assertEquals(6, packed.commonPrefixLength(0, 1), "'hello world' and 'hello there'");
        assertEquals(11, packed.commonPrefixLength(1, 8), "equal tokens");
        assertEquals(11, packed.commonPrefixLength(1, 12), "a prefix of the other");
    }
}
