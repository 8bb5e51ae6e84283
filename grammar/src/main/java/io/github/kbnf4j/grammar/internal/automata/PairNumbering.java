package io.github.kbnf4j.grammar.internal.automata;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;

/**
 * {@link StateNumbering} for states keyed by two ints packed into a {@code long} (the pairs of a
 * product construction): the same numbering (dense, in order of discovery) and the same state
 * limit, without a boxed key per lookup. The map scrambles the key's bits: packed pairs under
 * {@link Long#hashCode} (high word XOR low word) collide wholesale, every (i, j) with (j, i) and
 * with every other pair of equal XOR, which turned a product's lookups into walks of long bins.
 *
 * <p>Not thread-safe: one per construction.
 */
final class PairNumbering {
    private final Long2IntOpenHashMap ids = new Long2IntOpenHashMap();
    private long[] keys = new long[16];
    private int count;
    private final int maxStates;

    PairNumbering(int maxStates) {
        this.maxStates = maxStates;
        ids.defaultReturnValue(-1);
    }

    /**
     * The number of the state with {@code key}, numbering it next if it is new.
     *
     * @throws TooManyStatesException if a new state would exceed the limit
     */
    int idOf(long key) {
        int id = ids.putIfAbsent(key, count);
        if (id >= 0) {
            return id;
        }
        if (count >= maxStates) {
            ids.remove(key);
            throw new TooManyStatesException(maxStates);
        }
        if (count == keys.length) {
            keys = Arrays.copyOf(keys, 2 * count);
        }
        keys[count] = key;
        return count++;
    }

    /** How many states are numbered so far. */
    int count() {
        return count;
    }

    /** The key of state {@code id}. */
    long key(int id) {
        return keys[id];
    }
}
