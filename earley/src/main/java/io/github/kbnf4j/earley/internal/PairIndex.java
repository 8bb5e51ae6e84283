package io.github.kbnf4j.earley.internal;

/**
 * A map from int pairs {@code (a, b)} to ints, for the few dozen keys of one frontier: open
 * addressing with linear probing, emptied in O(1) by bumping a generation stamp (a slot is
 * occupied iff its stamp is the current generation). A slot is four consecutive ints (stamp, a,
 * b, value) of one array, so a probe touches one cache line. It doubles when half full and never
 * shrinks, so once it has reached its working size it allocates nothing.
 *
 * <p>Not thread-safe.
 */
public final class PairIndex {
    private static final int STRIDE = 4;

    private int[] slots = new int[64 * STRIDE];
    private int mask = 63;
    private int size;
    private int generation = 1;

    /** Forgets every key (O(1)). */
    public void clear() {
        size = 0;
        generation = ItemIndex.nextGeneration(generation, slots, STRIDE);
    }

    /** The value of {@code (a, b)}, or -1 if absent. */
    public int get(int a, int b) {
        int[] s = slots;
        int gen = generation;
        int i = hash(a, b) & mask;
        while (true) {
            int at = i * STRIDE;
            if (s[at] != gen) {
                return -1;
            }
            if (s[at + 1] == a && s[at + 2] == b) {
                return s[at + 3];
            }
            i = (i + 1) & mask;
        }
    }

    /** Sets the value of {@code (a, b)}, which must be absent; {@code value} must not be negative. */
    public void putNew(int a, int b, int value) {
        if (2 * (size + 1) > mask + 1) {
            grow();
        }
        insert(slots, mask, a, b, value);
        size++;
    }

    private void insert(int[] s, int m, int a, int b, int value) {
        int gen = generation;
        int i = hash(a, b) & m;
        while (s[i * STRIDE] == gen) {
            i = (i + 1) & m;
        }
        int at = i * STRIDE;
        s[at] = gen;
        s[at + 1] = a;
        s[at + 2] = b;
        s[at + 3] = value;
    }

    private void grow() {
        int[] old = slots;
        int capacity = 2 * (mask + 1);
        int[] grown = new int[capacity * STRIDE];
        int m = capacity - 1;
        for (int j = 0; j < old.length; j += STRIDE) {
            if (old[j] == generation) {
                insert(grown, m, old[j + 1], old[j + 2], old[j + 3]);
            }
        }
        slots = grown;
        mask = m;
    }

    private static int hash(int a, int b) {
        int h = a * 0x9E3779B1 + b * 0x85EBCA77;
        return h ^ (h >>> 15);
    }
}
