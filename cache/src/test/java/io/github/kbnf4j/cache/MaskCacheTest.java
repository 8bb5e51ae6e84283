package io.github.kbnf4j.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        MaskCache cache = new MaskCache(1 << 20);
        Frontier f = frontierAfter("[1, ");
        long[] mask = {1, 2, 3, 99};
        assertFalse(cache.copyInto(f, new long[4]));
        cache.put(f, mask, 3);
        mask[0] = 42; // the cache kept its own copy
        long[] out = new long[4];
        assertTrue(cache.copyInto(frontierAfter("[1, "), out), "an equal frontier of another recognizer hits");
        assertArrayEquals(new long[] {1, 2, 3, 0}, out);
        MaskCacheStats stats = cache.stats();
        assertEquals(1, stats.hits());
        assertEquals(1, stats.misses());
        assertEquals(0.5, stats.hitRate());
        assertFalse(cache.copyInto(frontierAfter("{"), out));
    }

    @Test
    void staysWithinItsByteBound() {
        long bound = 64 * 1024;
        MaskCache cache = new MaskCache(bound);
        Recognizer r = new Recognizer(Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT));
        Frontier f = new Frontier();
        r.push('[');
        for (int depth = 0; depth < 400; depth++) {
            r.push('[');
            r.frontier(f); // a new frontier at every depth
            cache.put(f, new long[512], 512);
        }
        MaskCacheStats stats = cache.stats();
        assertTrue(stats.weightBytes() <= bound, stats.weightBytes() + " bytes");
        assertTrue(stats.evictions() > 0);
        assertThrows(IllegalArgumentException.class, () -> new MaskCache(0));
    }
}
