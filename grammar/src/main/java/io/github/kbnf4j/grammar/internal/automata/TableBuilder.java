package io.github.kbnf4j.grammar.internal.automata;

import java.lang.ref.SoftReference;
import java.util.Arrays;

/**
 * The transition table and accepting flags of a byte DFA being built state by state, as a
 * worklist ({@link StateNumbering}) discovers its states 0, 1, 2, ...: grows as states are added,
 * then hands the result to {@link Minimizer}. Shared by the subset and product constructions.
 *
 * <p>A table with a column per byte has 256 ints per state, so a construction of a few thousand states writes megabytes.
 * Compiling one schema runs hundreds of constructions; allocating, zeroing and copying a fresh
 * table for each (doubling it as states come) was a tenth of the compile time. So each thread
 * keeps the table of its last finished construction (up to {@link #KEPT_STATES} states, softly
 * referenced so that memory pressure can take it) and the next construction on that thread starts
 * from it. Rows are written before they are read ({@link #addState} fills a row), so what a
 * reused table held before cannot leak into a new automaton. Not thread-safe; one builder per
 * construction.
 */
final class TableBuilder {
    /** The largest table a thread keeps for its next construction: 1 MiB. */
    static final int KEPT_STATES = 1024;

    private static final ThreadLocal<SoftReference<int[]>> SPARE_TABLE = new ThreadLocal<>();

    /** Where each column's bytes start, then 256 ({@link Minimizer#BYTES}: a column per byte). */
    private final int[] columnStart;
    /** Ints per row: the number of columns. */
    private final int width;
    /** By byte (and 256), the column it starts, or -1; null for a column per byte. */
    private final int[] columnAtByte;
    private int[] table;
    private boolean[] accept;

    /** A table with a column per byte. */
    TableBuilder() {
        this(Minimizer.BYTES);
    }

    /**
     * A table with a column per interval of bytes that the construction treats alike: column
     * {@code j} holds the bytes {@code columnStart[j] .. columnStart[j + 1] - 1} ({@code columnStart}
     * starts at 0 and ends with 256, and is not modified). A product of two automata has a column
     * per run of bytes alike in both, a few dozen, where a row of 256 ints made the table, its
     * zeroing and its growth most of the product's work.
     */
    TableBuilder(int[] columnStart) {
        this.columnStart = columnStart;
        this.width = columnStart.length - 1;
        if (columnStart == Minimizer.BYTES) {
            this.columnAtByte = null;
        } else {
            this.columnAtByte = new int[257];
            Arrays.fill(columnAtByte, -1);
            for (int c = 0; c <= width; c++) {
                columnAtByte[columnStart[c]] = c;
            }
        }
        SoftReference<int[]> ref = SPARE_TABLE.get();
        int[] spare = ref == null ? null : ref.get();
        if (spare != null) {
            SPARE_TABLE.remove(); // a construction started inside this one allocates its own
            table = spare;
        } else {
            table = new int[16 * width];
        }
        accept = new boolean[table.length / width];
    }

    /** Makes room for state {@code state}; all its transitions start dead (-1) and it does not accept. */
    void addState(int state) {
        int end = (state + 1) * width;
        if (table.length < end) {
            table = Arrays.copyOf(table, Math.max(table.length * 2, end));
            accept = Arrays.copyOf(accept, table.length / width);
        }
        Arrays.fill(table, state * width, end, -1);
        accept[state] = false;
    }

    /** Sets the transition of {@code state} on column {@code c}. */
    void setColumn(int state, int c, int target) {
        table[state * width + c] = target;
    }

    /**
     * Sets the transition of {@code state} on byte {@code b}, which must be a column of its own
     * (every byte is, in a table with a column per byte).
     */
    void set(int state, int b, int target) {
        if (columnAtByte == null) {
            table[state * 256 + b] = target; // per byte: the constructions that set every byte of a row
            return;
        }
        set(state, b, b, target);
    }

    /**
     * Sets the transitions of {@code state} on bytes {@code lo..hi}, which must be whole columns:
     * {@code lo} starts one and {@code hi + 1} starts one (or is 256).
     */
    void set(int state, int lo, int hi, int target) {
        int from = columnAt(lo);
        int to = columnAt(hi + 1);
        Arrays.fill(table, state * width + from, state * width + to, target);
    }

    /** The column that starts at byte {@code b} (256: the number of columns). */
    private int columnAt(int b) {
        if (columnAtByte == null) {
            return b;
        }
        int c = columnAtByte[b];
        if (c < 0) {
            throw new IllegalArgumentException("byte " + b + " does not start a column of this table");
        }
        return c;
    }

    /** Sets whether {@code state} accepts. */
    void accept(int state, boolean accepting) {
        accept[state] = accepting;
    }

    /**
     * The minimal DFA of the first {@code count} states, from state 0. The builder is finished
     * then: its table goes to the thread's next construction.
     */
    ByteDfa minimize(int count) {
        return finish(Minimizer.minimize(count, table, columnStart, accept, 0));
    }

    /**
     * The DFA of the first {@code count} states, from state 0, which the caller knows to be minimal
     * and trimmed once the unreachable states are left out ({@link Minimizer#ofMinimal}). The
     * builder is finished then, as after {@link #minimize}.
     */
    ByteDfa ofMinimal(int count) {
        return finish(Minimizer.ofMinimal(count, table, columnStart, accept, 0));
    }

    /** Hands the table to the thread's next construction and returns {@code dfa}. */
    private ByteDfa finish(ByteDfa dfa) {
        int[] done = table;
        table = null;
        accept = null;
        if (done.length <= KEPT_STATES * 256) {
            SoftReference<int[]> ref = SPARE_TABLE.get();
            int[] kept = ref == null ? null : ref.get();
            if (kept == null || kept.length < done.length) {
                SPARE_TABLE.set(new SoftReference<>(done));
            }
        }
        return dfa;
    }
}
