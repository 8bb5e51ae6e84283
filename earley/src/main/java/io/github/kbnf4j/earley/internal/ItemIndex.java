package io.github.kbnf4j.earley.internal;

/**
 * The set of keys seen while one chart set is being built, for deduplication: an open-addressed
 * hash table (linear probing) of {@code (kind, a, b, c)} int keys, emptied in O(1) by bumping a
 * generation stamp. A slot is occupied iff its stamp equals the current generation.
 *
 * <p>Keys are scan items {@code (dotted rule, origin, DFA state)}, waiting items
 * {@code (dotted rule, origin)} and completions {@code (nonterminal, origin)}; the kind keeps them
 * apart. A slot is five consecutive ints (stamp, kind, a, b, c) of one array, so a probe touches
 * one cache line. The table never shrinks; it doubles when half full, so a set of {@code k} keys
 * costs {@code O(k)} expected time and no allocation once the table has reached its working size.
 *
 * <p>Not thread-safe: it belongs to one recognizer.
 */
public final class ItemIndex {
    private static final int STRIDE = 5;

    private int[] slots;
    private int mask;
    private int size;
    private int generation = 1;

    public ItemIndex() {
        slots = new int[256 * STRIDE];
        mask = 255;
    }

    /** Forgets every key (O(1)). */
    public void clear() {
        size = 0;
        generation = ItemIndex.nextGeneration(generation, slots, STRIDE);
    }

    /**
     * The generation after {@code generation} for a table whose slots are {@code stride} ints
     * starting with their stamp; when the stamps would overflow, every stamp is zeroed and the
     * count starts again at 1 (shared with {@link PairIndex}).
     */
    static int nextGeneration(int generation, int[] slots, int stride) {
        if (generation + 1 < Integer.MAX_VALUE) {
            return generation + 1;
        }
        for (int i = 0; i < slots.length; i += stride) {
            slots[i] = 0;
        }
        return 1;
    }

    /** The number of keys since the last {@link #clear()}. */
    public int size() {
        return size;
    }

    /** Adds the key; returns whether it was new. */
    public boolean add(int kind, int a, int b, int c) {
        if (2 * (size + 1) > mask + 1) {
            grow();
        }
        int[] s = slots;
        int gen = generation;
        int m = mask;
        int i = hash(kind, a, b, c) & m;
        while (true) {
            int at = i * STRIDE;
            if (s[at] != gen) {
                s[at] = gen;
                s[at + 1] = kind;
                s[at + 2] = a;
                s[at + 3] = b;
                s[at + 4] = c;
                size++;
                return true;
            }
            if (s[at + 2] == a && s[at + 3] == b && s[at + 4] == c && s[at + 1] == kind) {
                return false;
            }
            i = (i + 1) & m;
        }
    }

    private void grow() {
        int[] old = slots;
        int gen = generation;
        int capacity = 2 * (mask + 1);
        slots = new int[capacity * STRIDE];
        mask = capacity - 1;
        for (int j = 0; j < old.length; j += STRIDE) {
            if (old[j] == gen) {
                int i = hash(old[j + 1], old[j + 2], old[j + 3], old[j + 4]) & mask;
                while (slots[i * STRIDE] == gen) {
                    i = (i + 1) & mask;
                }
                System.arraycopy(old, j, slots, i * STRIDE, STRIDE);
            }
        }
    }

    private static int hash(int kind, int a, int b, int c) {
        int h = a * 0x9E3779B1 + b * 0x85EBCA77 + c * 0xC2B2AE3D + kind * 0x27D4EB2F;
        return h ^ (h >>> 15) ^ (h >>> 7);
    }
}
