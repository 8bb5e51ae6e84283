package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * Runs of bytes as their starts in ascending order followed by 256: the columns of a
 * {@link TableBuilder} for a construction that reads one or two automata (the runs of bytes the
 * inputs treat alike; the layout {@link Minimizer#minimize(int, int[], int[], boolean[], int)}
 * reads), and {@link TransitionTable#byteRuns()}. A
 * construction then reads and writes a row per run instead of per byte: a few dozen instead of
 * 256. Stateless.
 */
final class ByteColumns {
    private ByteColumns() {
    }

    /** The runs alike in both {@code a} and {@code b}: every byte where a run of either starts. */
    static int[] of(ByteDfa a, ByteDfa b) {
        return merge(a.classRuns(), 2, b.classRuns(), 2);
    }

    /**
     * The runs of {@code d}, cut also before each byte of {@code cuts} (ascending, each 1..255):
     * for a construction whose own bookkeeping tells those bytes apart (a UTF-8 counter, the
     * continuation bytes 80..BF).
     */
    static int[] of(ByteDfa d, int... cuts) {
        int[] extra = Arrays.copyOf(cuts, cuts.length + 1);
        extra[cuts.length] = 256;
        return merge(d.classRuns(), 2, extra, 1);
    }

    /**
     * The bytes {@code b} (0..255) with {@code startsAt[b]}, ascending, then 256: a list of run
     * starts marked byte by byte ({@code startsAt[0]} must be set; entries past 255 are not read).
     */
    static int[] ofStarts(boolean[] startsAt) {
        assert startsAt[0] : "the first run starts at byte 0";
        int count = 0;
        for (int b = 0; b < 256; b++) {
            count += startsAt[b] ? 1 : 0;
        }
        int[] starts = new int[count + 1];
        for (int b = 0, k = 0; b < 256; b++) {
            if (startsAt[b]) {
                starts[k++] = b;
            }
        }
        starts[count] = 256;
        return starts;
    }

    /**
     * Merges two ascending lists of run starts, each ending with 256, read every {@code stepA}
     * (and {@code stepB}) entries: {@link ByteDfa#classRuns} holds (start, class) pairs.
     */
    private static int[] merge(int[] a, int stepA, int[] b, int stepB) {
        int[] starts = new int[a.length / stepA + b.length / stepB + 2];
        int count = 0;
        int x = 0;
        int y = 0;
        while (true) {
            int ba = a[x];
            int bb = b[y];
            int next = Math.min(ba, bb);
            if (next == 256) {
                break;
            }
            starts[count++] = next;
            if (ba == next) {
                x += stepA;
            }
            if (bb == next) {
                y += stepB;
            }
        }
        starts[count++] = 256;
        return Arrays.copyOf(starts, count);
    }
}
