package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link Minimizer} against {@link ReferenceMinimizer} (the implementation it replaced) on random
 * partial DFAs: the results must be identical, state numbering and byte classes included. A DFA is
 * drawn from its size and a seed (so jqwik shrinks both) in one of four shapes: rows made of a few
 * byte ranges, rows with a random target per byte (up to 256 byte classes), copies of a smaller
 * DFA (many equivalent states), and DFAs whose second half is dead (many states that reach no
 * accepting one, and, from a random start, many unreachable ones).
 */
class MinimizerProperties {
    private enum Shape { RANGES, BYTES, COPIES, HALF_DEAD }

    @Property(tries = 400)
    void sameAsTheReference(@ForAll @IntRange(min = 1, max = 200) int n, @ForAll long seed) {
        Random rnd = new Random(seed);
        Shape shape = Shape.values()[rnd.nextInt(Shape.values().length)];
        // Rows from n on are garbage that the minimizers must not read: an out-of-range target
        // there would throw or change the result. The accepting flags are longer than n too.
        int slack = rnd.nextInt(3);
        int[] table = new int[(n + slack) * 256];
        Arrays.fill(table, n * 256, table.length, n + 7);
        boolean[] accept = new boolean[n + slack];
        double acceptRate = switch (rnd.nextInt(4)) {
            case 0 -> 0;
            case 1 -> 0.05;
            case 2 -> 0.3;
            default -> 0.9;
        };
        for (int s = 0; s < accept.length; s++) {
            accept[s] = rnd.nextDouble() < acceptRate;
        }
        double deadRate = rnd.nextDouble();
        switch (shape) {
            case RANGES -> {
                for (int s = 0; s < n; s++) {
                    fillRanges(table, s, rnd, deadRate, 0, n);
                }
            }
            case BYTES -> {
                for (int i = 0; i < n * 256; i++) {
                    table[i] = rnd.nextDouble() < deadRate ? -1 : rnd.nextInt(n);
                }
            }
            case COPIES -> {
                // State s copies base state s % b: same acceptance, and for each byte a copy of the
                // base state's target, so the minimal DFA has at most b states.
                int b = 1 + rnd.nextInt(Math.max(1, n / 3));
                int[] base = new int[b * 256];
                for (int s = 0; s < b; s++) {
                    fillRanges(base, s, rnd, deadRate, 0, b);
                }
                for (int s = 0; s < n; s++) {
                    accept[s] = accept[s % b];
                    for (int x = 0; x < 256; x++) {
                        int t = base[(s % b) * 256 + x];
                        int copies = (n - 1 - t) / b + 1; // the states t, t + b, ... below n
                        table[s * 256 + x] = t < 0 ? -1 : t + b * rnd.nextInt(copies);
                    }
                }
            }
            case HALF_DEAD -> {
                // States from h on lead only among themselves and accept nothing.
                int h = (n + 1) / 2;
                for (int s = 0; s < n; s++) {
                    if (s < h) {
                        fillRanges(table, s, rnd, deadRate, 0, n);
                    } else {
                        fillRanges(table, s, rnd, deadRate, h, n);
                        accept[s] = false;
                    }
                }
            }
        }
        int start = rnd.nextInt(4) == 0 ? rnd.nextInt(n) : 0;
        int[] tableBefore = table.clone();
        boolean[] acceptBefore = accept.clone();
        ByteDfa expected = ReferenceMinimizer.minimize(n, table, accept, start);
        ByteDfa actual = Minimizer.minimize(n, table, accept, start);
        assertEquals(expected, actual, () -> shape + ", " + n + " states, start " + start);
        assertEquals(expected.toString(), actual.toString());
        assertArrayEquals(tableBefore, table, "the table must not change");
        assertArrayEquals(acceptBefore, accept, "the accepting flags must not change");
        // A canonical DFA minimizes to itself.
        assertEquals(actual, Minimizer.minimize(actual.stateCount(), actual.denseTable(actual.stateCount()),
                actual.acceptArray(), 0));
    }

    /**
     * {@link Minimizer#ofMinimal} of a minimal DFA whose states are numbered at random, with
     * unreachable states (garbage rows) among them, is the canonical DFA the minimizer makes.
     */
    @Property(tries = 300)
    void ofMinimalNumbersAMinimalDfaCanonically(@ForAll @IntRange(min = 1, max = 120) int n, @ForAll long seed) {
        Random rnd = new Random(seed);
        int[] table = new int[n * 256];
        boolean[] accept = new boolean[n];
        for (int s = 0; s < n; s++) {
            fillRanges(table, s, rnd, rnd.nextDouble(), 0, n);
            accept[s] = rnd.nextInt(3) == 0;
        }
        ByteDfa minimal = Minimizer.minimize(n, table, accept, 0);
        int m = minimal.stateCount();
        int extra = rnd.nextInt(4);
        int[] place = TestSupport.randomPermutation(m + extra, rnd); // new numbers; the extra states last
        int[] shuffled = new int[place.length * 256];
        boolean[] shuffledAccept = new boolean[place.length];
        for (int s = 0; s < m; s++) {
            shuffledAccept[place[s]] = minimal.isAccepting(s);
            for (int b = 0; b < 256; b++) {
                int t = minimal.next(s, b);
                shuffled[place[s] * 256 + b] = t < 0 ? -1 : place[t];
            }
        }
        for (int s = m; s < place.length; s++) {
            fillRanges(shuffled, place[s], rnd, 0.5, 0, place.length); // unreachable: may point anywhere
            shuffledAccept[place[s]] = rnd.nextBoolean();
        }
        ByteDfa canonical = Minimizer.ofMinimal(place.length, shuffled, shuffledAccept, place[0]);
        assertEquals(minimal, canonical);
        assertEquals(minimal.toString(), canonical.toString());
    }

    /**
     * A table with a column per interval of bytes minimizes, and {@link Minimizer#ofMinimal}
     * numbers, exactly as the same table written out with a column per byte.
     */
    @Property(tries = 300)
    void intervalColumnsAreTheirBytes(@ForAll @IntRange(min = 1, max = 150) int n, @ForAll long seed) {
        Random rnd = new Random(seed);
        // Interval starts: 0, a random set of bytes (from one interval to all 256), then 256.
        java.util.TreeSet<Integer> starts = new java.util.TreeSet<>(java.util.List.of(0));
        int wanted = rnd.nextInt(3) == 0 ? 255 : rnd.nextInt(40);
        while (starts.size() <= wanted && starts.size() < 256) {
            starts.add(1 + rnd.nextInt(255));
        }
        int[] columnStart = new int[starts.size() + 1];
        int w = 0;
        for (int b : starts) {
            columnStart[w++] = b;
        }
        columnStart[w] = 256;
        int[] narrow = new int[n * w];
        int[] wide = new int[n * 256];
        boolean[] accept = new boolean[n];
        double deadRate = rnd.nextDouble();
        for (int s = 0; s < n; s++) {
            accept[s] = rnd.nextInt(3) == 0;
            for (int j = 0; j < w; j++) {
                // neighbouring columns often agree, as in a product, so runs span intervals
                int t = j > 0 && rnd.nextBoolean() ? narrow[s * w + j - 1]
                        : rnd.nextDouble() < deadRate ? -1 : rnd.nextInt(n);
                narrow[s * w + j] = t;
                Arrays.fill(wide, s * 256 + columnStart[j], s * 256 + columnStart[j + 1], t);
            }
        }
        int start = rnd.nextInt(n);
        ByteDfa expected = Minimizer.minimize(n, wide, accept, start);
        assertEquals(expected, Minimizer.minimize(n, narrow, columnStart, accept, start));
        assertEquals(expected.toString(), Minimizer.minimize(n, narrow, columnStart, accept, start).toString());
        // the minimal DFA itself, written back with the same columns (its classes are unions of them)
        int m = expected.stateCount();
        int[] minimalNarrow = new int[m * w];
        for (int s = 0; s < m; s++) {
            for (int j = 0; j < w; j++) {
                minimalNarrow[s * w + j] = expected.next(s, columnStart[j]);
            }
        }
        assertEquals(expected, Minimizer.ofMinimal(m, minimalNarrow, columnStart, expected.acceptArray(), 0));
    }

    /** Row {@code s}: a few byte ranges, each dead or going to a state in {@code lo..hi-1}. */
    private static void fillRanges(int[] table, int s, Random rnd, double deadRate, int lo, int hi) {
        int b = 0;
        while (b < 256) {
            int end = Math.min(256, b + 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 128));
            int t = rnd.nextDouble() < deadRate ? -1 : lo + rnd.nextInt(hi - lo);
            Arrays.fill(table, s * 256 + b, s * 256 + end, t);
            b = end;
        }
    }
}
