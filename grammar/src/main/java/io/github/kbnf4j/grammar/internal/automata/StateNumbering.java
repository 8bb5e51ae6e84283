package io.github.kbnf4j.grammar.internal.automata;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Numbers the states of an automaton construction (subset construction, products) by their
 * keys, densely in order of discovery, and enforces the state limit. A construction visits
 * state {@code i} once, taking its key with {@link #take(int)}; the map keeps the key for lookups.
 * Pairs of states packed into a {@code long} use {@link PairNumbering} instead.
 */
final class StateNumbering<K> {
    private final Map<K, Integer> ids = new HashMap<>();
    private final List<K> keys = new ArrayList<>();
    private final int maxStates;

    StateNumbering(int maxStates) {
        this.maxStates = maxStates;
    }

    /**
     * The number of the state with {@code key}, numbering it next if it is new.
     *
     * @throws TooManyStatesException if a new state would exceed the limit
     */
    int idOf(K key) {
        Integer id = ids.get(key);
        if (id == null) {
            if (keys.size() >= maxStates) {
                throw new TooManyStatesException(maxStates);
            }
            id = keys.size();
            ids.put(key, id);
            keys.add(key);
        }
        return id;
    }

    /** How many states are numbered so far. */
    int count() {
        return keys.size();
    }

    /** The key of state {@code id}; the list lets go of it (each state is expanded once). */
    K take(int id) {
        return keys.set(id, null);
    }
}
