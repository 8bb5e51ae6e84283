package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * An int[] compared by content: the key of a state built from several (a subset of NFA states, a
 * tuple in a product, the children of a hex-digit state of a JSON escape; in the HIR passes, a
 * rule's packed alternatives).
 */
public final class IntArrayKey {
    final int[] a;
    private final int hash;

    /** Takes ownership of {@code a}, which must not change afterwards. */
    public IntArrayKey(int[] a) {
        this.a = a;
        this.hash = Arrays.hashCode(a);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IntArrayKey other && other.hash == hash && Arrays.equals(other.a, a);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
