package io.github.kbnf4j.earley.internal;

/**
 * The set of keys seen while one chart set is being built, for deduplication: an open-addressed
 * hash table (linear probing) of {@code (kind, a, b, c)} int keys, emptied in O(1) by bumping a
 * generation stamp. A slot is occupied iff its stamp equals the current generation.
 *
 * <p>Keys are scan items {@code (dotted rule, origin, DFA state)}, waiting items
 * {@code (dotted rule, origin)} and completions {@code (nonterminal, origin)}; the kind keeps them
 * apart. The table never shrinks; it doubles when half full, so a set of {@code k} keys costs
 * {@code O(k)} expected time and no allocation once the table has reached its working size.
 *
 * <p>Not thread-safe: it belongs to one recognizer.
 */
public final class ItemIndex {
    private int[] stamps;
    private int[] kinds;
    private int[] as;
    private int[] bs;
    private int[] cs;
    private int mask;
    private int size;
    private int generation = 1;

    public ItemIndex() {
        allocate(256);
    }

    private void allocate(int capacity) {
        stamps = new int[capacity];
        kinds = new int[capacity];
        as = new int[capacity];
        bs = new int[capacity];
        cs = new int[capacity];
        mask = capacity - 1;
    }

    /** Forgets every key (O(1)). */
    public void clear() {
        size = 0;
        if (++generation == Integer.MAX_VALUE) {
            java.util.Arrays.fill(stamps, 0);
            generation = 1;
        }
    }

    /** The number of keys since the last {@link #clear()}. */
    public int size() {
        return size;
    }

    /** Adds the key; returns whether it was new. */
    public boolean add(int kind, int a, int b, int c) {
        if (2 * (size + 1) > stamps.length) {
            grow();
        }
        int i = hash(kind, a, b, c) & mask;
        int gen = generation;
        int[] st = stamps;
        while (st[i] == gen) {
            if (as[i] == a && bs[i] == b && cs[i] == c && kinds[i] == kind) {
                return false;
            }
            i = (i + 1) & mask;
        }
        st[i] = gen;
        kinds[i] = kind;
        as[i] = a;
        bs[i] = b;
        cs[i] = c;
        size++;
        return true;
    }

    private void grow() {
        int[] oldStamps = stamps;
        int[] oldKinds = kinds;
        int[] oldA = as;
        int[] oldB = bs;
        int[] oldC = cs;
        int gen = generation;
        allocate(oldStamps.length * 2);
        for (int j = 0; j < oldStamps.length; j++) {
            if (oldStamps[j] == gen) {
                int i = hash(oldKinds[j], oldA[j], oldB[j], oldC[j]) & mask;
                while (stamps[i] == gen) {
                    i = (i + 1) & mask;
                }
                stamps[i] = gen;
                kinds[i] = oldKinds[j];
                as[i] = oldA[j];
                bs[i] = oldB[j];
                cs[i] = oldC[j];
            }
        }
    }

    private static int hash(int kind, int a, int b, int c) {
        int h = a * 0x9E3779B1 + b * 0x85EBCA77 + c * 0xC2B2AE3D + kind * 0x27D4EB2F;
        return h ^ (h >>> 15) ^ (h >>> 7);
    }
}
