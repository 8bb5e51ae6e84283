package io.github.kbnf4j.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The sample {@code kbnf4j maskbench --limit N --seed S} replays: the indices of all items shuffled
 * with the seed, the first {@code N} kept, in their original order. Public so that the benchmarks
 * (the bench module's {@code SchemaCompileTimes}) pick exactly the schemas a maskbench run picks.
 */
public final class SeededSample {
    private SeededSample() {
    }

    /** {@code all} itself when {@code limit} is not positive or not smaller than it, else the sample. */
    public static <T> List<T> of(List<T> all, int limit, long seed) {
        if (limit <= 0 || limit >= all.size()) {
            return all;
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            order.add(i);
        }
        Collections.shuffle(order, new Random(seed));
        List<Integer> chosen = new ArrayList<>(order.subList(0, limit));
        Collections.sort(chosen);
        List<T> sample = new ArrayList<>(limit);
        for (int i : chosen) {
            sample.add(all.get(i));
        }
        return sample;
    }
}
