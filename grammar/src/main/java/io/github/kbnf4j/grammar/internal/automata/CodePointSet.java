package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * Immutable set of Unicode scalar values (0..0x10FFFF minus the surrogates D800..DFFF) as sorted,
 * disjoint, non-adjacent closed ranges. Negation is computed on ranges, relative to the scalar
 * values, so a negated class never contains a surrogate. Operations are linear in the number of
 * ranges. Thread-safe.
 */
final class CodePointSet {
    static final int MAX = 0x10FFFF;
    static final CodePointSet EMPTY = new CodePointSet(new int[0]);
    static final CodePointSet ALL = range(0, MAX);

    /** Pairs lo0, hi0, lo1, hi1, ...: sorted, disjoint, not adjacent, no surrogates. */
    private final int[] ranges;

    private CodePointSet(int[] ranges) {
        this.ranges = ranges;
    }

    static CodePointSet of(int cp) {
        return range(cp, cp);
    }

    /** The scalar values in [lo, hi]; surrogates in that interval are left out. */
    static CodePointSet range(int lo, int hi) {
        return new Builder().add(lo, hi).build();
    }

    int rangeCount() {
        return ranges.length / 2;
    }

    int lo(int i) {
        return ranges[2 * i];
    }

    int hi(int i) {
        return ranges[2 * i + 1];
    }

    boolean isEmpty() {
        return ranges.length == 0;
    }

    boolean contains(int cp) {
        for (int i = 0; i < ranges.length; i += 2) {
            if (cp >= ranges[i] && cp <= ranges[i + 1]) {
                return true;
            }
        }
        return false;
    }

    CodePointSet union(CodePointSet other) {
        return new Builder().addAll(this).addAll(other).build();
    }

    /** All scalar values not in this set. */
    CodePointSet complement() {
        Builder b = new Builder();
        int next = 0;
        for (int i = 0; i < ranges.length; i += 2) {
            if (ranges[i] > next) {
                b.add(next, ranges[i] - 1);
            }
            next = ranges[i + 1] + 1;
        }
        if (next <= MAX) {
            b.add(next, MAX);
        }
        return b.build();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CodePointSet s && Arrays.equals(ranges, s.ranges);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(ranges);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < ranges.length; i += 2) {
            sb.append(String.format("%X", ranges[i]));
            if (ranges[i + 1] != ranges[i]) {
                sb.append('-').append(String.format("%X", ranges[i + 1]));
            }
            if (i + 2 < ranges.length) {
                sb.append(' ');
            }
        }
        return sb.append(']').toString();
    }

    /** Accumulates ranges in any order; {@link #build} sorts and merges. Not thread-safe. */
    static final class Builder {
        private int[] buf = new int[16];
        private int size;

        Builder add(int lo, int hi) {
            if (lo < 0 || hi > MAX || lo > hi) {
                throw new IllegalArgumentException("bad code point range " + lo + ".." + hi);
            }
            // Split around the surrogate block: those are not scalar values.
            if (lo < 0xD800 && hi >= 0xD800) {
                push(lo, 0xD7FF);
                lo = 0xD800;
            }
            if (lo <= 0xDFFF && hi >= 0xD800) {
                lo = Math.max(lo, 0xE000);
            }
            if (lo <= hi) {
                push(lo, hi);
            }
            return this;
        }

        Builder addAll(CodePointSet s) {
            for (int i = 0; i < s.ranges.length; i += 2) {
                push(s.ranges[i], s.ranges[i + 1]);
            }
            return this;
        }

        private void push(int lo, int hi) {
            if (size + 2 > buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            buf[size++] = lo;
            buf[size++] = hi;
        }

        CodePointSet build() {
            int n = size / 2;
            long[] packed = new long[n];
            for (int i = 0; i < n; i++) {
                packed[i] = ((long) buf[2 * i] << 32) | buf[2 * i + 1];
            }
            Arrays.sort(packed);
            int[] out = new int[size];
            int m = 0;
            for (long p : packed) {
                int lo = (int) (p >>> 32);
                int hi = (int) p;
                if (m > 0 && lo <= out[m - 1] + 1) {
                    out[m - 1] = Math.max(out[m - 1], hi);
                } else {
                    out[m++] = lo;
                    out[m++] = hi;
                }
            }
            return new CodePointSet(Arrays.copyOf(out, m));
        }
    }
}
