package io.github.kbnf4j.earley;

import java.util.Arrays;

/**
 * The part of a recognizer's chart that decides what may follow, in a canonical form: two
 * recognizers with equal frontiers accept exactly the same continuations (and agree on whether
 * the input so far is a sentence), whatever input led them there. Mask caches use it as a key.
 *
 * <p>What it holds (see {@link Recognizer#frontier(Frontier)}): the items waiting for the next byte
 * inside a terminal, and every waiting item that a completion can reach from them, with origins
 * renumbered by rank (0 = the most recent set involved) instead of input positions, so equal
 * structure at different positions gives equal frontiers.
 *
 * <p>A mutable, reusable buffer: {@link Recognizer#frontier(Frontier)} overwrites it without
 * allocating once it has grown to its working size. {@link #equals}/{@link #hashCode} compare the
 * content, so a frontier can probe a hash map; {@link #freeze()} makes an immutable copy to store
 * as a key. Not thread-safe.
 */
public final class Frontier {
    int[] data = new int[64];
    int length;
    int hash;

    /** An empty frontier, to be filled by {@link Recognizer#frontier(Frontier)}. */
    public Frontier() {
    }

    private Frontier(int[] data, int hash) {
        this.data = data;
        this.length = data.length;
        this.hash = hash;
    }

    /** The number of ints of the canonical form. */
    public int length() {
        return length;
    }

    /** The bytes a frozen copy occupies (for cache weighing). */
    public long bytes() {
        return 16L + 4L * length + 16;
    }

    /** An immutable copy of the current content (exactly sized). */
    public Frontier freeze() {
        return new Frontier(Arrays.copyOf(data, length), hash);
    }

    void clear() {
        length = 0;
    }

    void add(int x) {
        if (length == data.length) {
            data = Arrays.copyOf(data, 2 * length);
        }
        data[length++] = x;
    }

    void seal() {
        int h = 1;
        for (int i = 0; i < length; i++) {
            h = 31 * h + data[i];
        }
        hash = h ^ (h >>> 16);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Frontier)) {
            return false;
        }
        Frontier f = (Frontier) o;
        return f.hash == hash && Arrays.equals(data, 0, length, f.data, 0, f.length);
    }

    @Override
    public String toString() {
        return "Frontier" + Arrays.toString(Arrays.copyOf(data, length));
    }
}
