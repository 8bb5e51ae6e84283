package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link SuffixTrie#bytes()}, the weight by which {@link SharedTokenTables} bounds its cache: at
 * least the payload of every array the suffix trie holds (found by reflection, so an array added
 * to {@link TokenTrie} later is counted here), and at most that plus a fixed allowance for the
 * objects' and arrays' headers.
 */
class SuffixTrieTest {

    @Test
    void theWeightCoversEveryArrayHeld() throws Exception {
        for (int tokens : new int[] {3, 40, 400}) {
            SuffixTrie s = suffixTrie(tokens);
            long payload = payload(s.trie()) + 4L * s.tokenIds().length;
            int arrays = arrayCount(s.trie()) + 1;
            long weight = s.bytes();
            assertTrue(weight >= payload, "weight " + weight + " below the arrays' " + payload + " bytes ("
                    + s.trie().nodeCount() + " nodes, " + s.tokenIds().length + " ids)");
            assertTrue(weight <= payload + 64 + 24L * arrays, "weight " + weight + " far above the arrays' "
                    + payload + " bytes");
        }
    }

    /** The suffix trie below the first node of depth 2 of a trie of {@code n} tokens "a" + k letters. */
    private static SuffixTrie suffixTrie(int n) {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        int[] offsets = new int[n + 1];
        int[] lengths = new int[n];
        for (int id = 0; id < n; id++) {
            offsets[id] = data.size();
            StringBuilder b = new StringBuilder("ab");
            for (int k = id; k > 0; k /= 7) {
                b.append((char) ('c' + k % 7));
            }
            byte[] bytes = b.toString().getBytes(StandardCharsets.ISO_8859_1);
            data.writeBytes(bytes);
            lengths[id] = bytes.length;
        }
        offsets[n] = data.size();
        TokenTrie trie = new TokenTrie(new PackedTokens(data.toByteArray(), offsets, lengths));
        int exit = 1; // "ab": node 0 is "a", its first child "ab"
        return ExitSuffixes.build(trie, null, new int[] {exit}, 0, 1);
    }

    private static long payload(Object o) throws IllegalAccessException {
        long sum = 0;
        for (Field f : o.getClass().getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || !f.getType().isArray()) {
                continue;
            }
            f.setAccessible(true);
            Object a = f.get(o);
            Class<?> c = f.getType().getComponentType();
            int size = c == byte.class || c == boolean.class ? 1 : c == int.class ? 4 : 8;
            sum += (long) size * java.lang.reflect.Array.getLength(a);
        }
        return sum;
    }

    private static int arrayCount(Object o) {
        int n = 0;
        for (Field f : o.getClass().getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && f.getType().isArray()) {
                n++;
            }
        }
        return n;
    }
}
