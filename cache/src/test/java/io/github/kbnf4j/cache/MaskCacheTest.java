package io.github.kbnf4j.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.Frontier;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MaskCacheTest {
    static Frontier frontierAfter(String input) {
        Recognizer r = new Recognizer(Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT));
        r.pushAll(input.getBytes(StandardCharsets.UTF_8));
        Frontier f = new Frontier();
        r.frontier(f);
        return f;
    }

    @Test
    void storesCopiesAndCountsHitsAndMisses() {
        MaskCache<long[]> cache = new MaskCache<>(1 << 20, m -> 16L + 8L * m.length);
        Frontier f = frontierAfter("[1, ");
        long[] mask = {1, 2, 3};
        assertNull(cache.get(f));
        cache.put(f, mask);
        long[] out = cache.get(frontierAfter("[1, "));
        assertSame(mask, out, "an equal frontier of another recognizer hits");
        MaskCacheStats stats = cache.stats();
        assertEquals(1, stats.hits());
        assertEquals(1, stats.misses());
        assertEquals(0.5, stats.hitRate());
        assertNull(cache.get(frontierAfter("{")));
    }

    @Test
    void staysWithinItsByteBound() {
        long bound = 64 * 1024;
        MaskCache<long[]> cache = new MaskCache<>(bound, m -> 16L + 8L * m.length);
        Recognizer r = new Recognizer(Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT));
        Frontier f = new Frontier();
        r.push('[');
        for (int depth = 0; depth < 400; depth++) {
            r.push('[');
            r.frontier(f); // a new frontier at every depth
            cache.put(f, new long[512]);
        }
        MaskCacheStats stats = cache.stats();
        assertTrue(stats.weightBytes() <= bound, stats.weightBytes() + " bytes");
        assertTrue(stats.evictions() > 0);
        assertThrows(IllegalArgumentException.class, () -> new MaskCache<long[]>(0, m -> 0));
    }

    @Test
    void equalMasksAreStoredOnce() {
        long maskBytes = 16 * 1024;
        MaskCache<String> cache = new MaskCache<>(1 << 20, m -> maskBytes); // each mask "costs" 16 KiB
        Recognizer r = new Recognizer(Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT));
        Frontier f = new Frontier();
        r.push('[');
        for (int depth = 0; depth < 100; depth++) {
            r.push('[');
            r.frontier(f);
            cache.put(f, new String("the same mask")); // equal, not identical
        }
        MaskCacheStats stats = cache.stats();
        assertEquals(0, stats.evictions(), "100 copies would need 1.6 MB of the 1 MiB bound; one is stored");
        assertEquals(101, stats.entries(), "100 frontiers and one mask");
        r.pop(1);
        r.frontier(f);
        assertEquals("the same mask", cache.get(f));
    }

    /** The weight is exactly what each entry costs: the key and its overhead, plus each distinct mask once. */
    @Test
    void weighsKeysAndMasksAndClearDropsThem() {
        MaskCache<long[]> cache = new MaskCache<>(1 << 20, m -> 16L + 8L * m.length);
        assertEquals(1 << 20, cache.maximumBytes());
        Frontier a = frontierAfter("[1, ");
        Frontier b = frontierAfter("{");
        cache.put(a, new long[] {1, 2, 3});
        cache.put(b, new long[10]);
        long expected = a.bytes() + MaskCache.ENTRY_OVERHEAD_BYTES + b.bytes() + MaskCache.ENTRY_OVERHEAD_BYTES
                + (16 + 8 * 3) + (16 + 8 * 10);
        assertEquals(expected, cache.stats().weightBytes());
        assertEquals(4, cache.stats().entries(), "two frontiers and two masks");
        cache.clear();
        assertEquals(0, cache.stats().weightBytes());
        assertNull(cache.get(a), "cleared");
    }
}
