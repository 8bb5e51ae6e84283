package io.github.kbnf4j.earley.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link PairIndex} with thousands of keys, far past its first 64 slots (the property's rounds
 * under PIT's try cap rarely grow it): every key keeps its value through the doublings, absent
 * keys stay absent, and a clear forgets them all.
 */
class PairIndexTest {

    @Test
    void keysKeepTheirValuesThroughEveryDoubling() {
        PairIndex index = new PairIndex();
        for (int round = 0; round < 2; round++) {
            Map<Long, Integer> reference = new HashMap<>();
            for (int k = 0; k < 4_000; k++) {
                int a = k % 37;
                int b = (k / 37) * (round == 0 ? 1 : 1000);
                assertEquals(-1, index.get(a, b), "absent before its put: " + a + ", " + b);
                index.putNew(a, b, k);
                reference.put((long) a << 32 | (b & 0xFFFFFFFFL), k);
            }
            for (Map.Entry<Long, Integer> e : reference.entrySet()) {
                assertEquals(e.getValue(), index.get((int) (e.getKey() >> 32), (int) (long) e.getKey()));
            }
            assertEquals(-1, index.get(37, 0));
            assertEquals(-1, index.get(0, -1));
            index.clear();
            assertEquals(-1, index.get(0, 0), "forgotten by clear");
        }
    }
}
