package io.github.kbnf4j.grammar.internal.automata;

import java.lang.ref.SoftReference;
import java.util.Arrays;

/**
 * The transition table and accepting flags of a byte DFA being built state by state, as a
 * worklist ({@link StateNumbering}) discovers its states 0, 1, 2, ...: grows as states are added,
 * then hands the result to {@link Minimizer}. Shared by the subset and product constructions.
 *
 * <p>A table has 256 ints per state, so a construction of a few thousand states writes megabytes.
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

    private int[] table;
    private boolean[] accept;

    TableBuilder() {
        SoftReference<int[]> ref = SPARE_TABLE.get();
        int[] spare = ref == null ? null : ref.get();
        if (spare != null) {
            SPARE_TABLE.remove(); // a construction started inside this one allocates its own
            table = spare;
        } else {
            table = new int[16 * 256];
        }
        accept = new boolean[table.length / 256];
    }

    /** Makes room for state {@code state}; all its transitions start dead (-1) and it does not accept. */
    void addState(int state) {
        int end = (state + 1) * 256;
        if (table.length < end) {
            table = Arrays.copyOf(table, Math.max(table.length * 2, end));
            accept = Arrays.copyOf(accept, table.length / 256);
        }
        Arrays.fill(table, state * 256, end, -1);
        accept[state] = false;
    }

    /** Sets the transition of {@code state} on byte {@code b}. */
    void set(int state, int b, int target) {
        table[state * 256 + b] = target;
    }

    /** Sets the transitions of {@code state} on bytes {@code lo..hi}. */
    void set(int state, int lo, int hi, int target) {
        Arrays.fill(table, state * 256 + lo, state * 256 + hi + 1, target);
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
        return finish(Minimizer.minimize(count, table, accept, 0));
    }

    /**
     * The DFA of the first {@code count} states, from state 0, which the caller knows to be minimal
     * and trimmed once the unreachable states are left out ({@link Minimizer#ofMinimal}). The
     * builder is finished then, as after {@link #minimize}.
     */
    ByteDfa ofMinimal(int count) {
        return finish(Minimizer.ofMinimal(count, table, accept, 0));
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
