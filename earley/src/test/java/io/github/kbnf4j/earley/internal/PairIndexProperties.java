package io.github.kbnf4j.earley.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** {@link PairIndex} agrees with a {@link HashMap} over rounds of inserts, lookups and clears. */
class PairIndexProperties {

    @Property(tries = 200)
    void behavesLikeAMapClearedBetweenRounds(
            @ForAll @Size(max = 6) List<@Size(max = 300) List<@IntRange(min = -3, max = 400) Integer>> rounds) {
        PairIndex index = new PairIndex();
        for (List<Integer> keys : rounds) {
            index.clear();
            Map<Long, Integer> reference = new HashMap<>();
            for (int k = 0; k + 1 < keys.size(); k += 2) {
                int a = keys.get(k);
                int b = keys.get(k + 1) * 1000; // origins far apart, nonterminals close together
                long key = (long) a << 32 | (b & 0xFFFFFFFFL);
                Integer expected = reference.get(key);
                assertEquals(expected == null ? -1 : expected, index.get(a, b), "get before put");
                if (expected == null) {
                    reference.put(key, reference.size());
                    index.putNew(a, b, reference.size() - 1);
                }
            }
            for (Map.Entry<Long, Integer> e : reference.entrySet()) {
                assertEquals(e.getValue(), index.get((int) (e.getKey() >> 32), (int) (long) e.getKey()));
            }
        }
    }
}
