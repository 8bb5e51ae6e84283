package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * The transitions of all the terminal automata of a grammar, laid end to end: global state
 * {@code start[i] + s} is state {@code s} of automaton {@code i}, and {@link #next} reads one int
 * of a table of 256 per global state, the recognizer's lookup for every byte it scans.
 *
 * <p>A row is written the first time one of its cells is read, not when the grammar is compiled.
 * A compiled JSON Schema has hundreds of states (its keys' spellings, strings, numbers), of which a
 * document visits few; writing every row (a quarter of a megabyte per thousand states) was a fifth
 * of the compile time of a typical schema. A cell holds the target plus 2, 1 for a dead transition
 * and 0 for "not written yet", so the array starts as the JVM allocates it, zeroed, and a read
 * needs one comparison more.
 *
 * <p>Thread-safe: threads that read a row not yet written may each write it, with the same
 * values; a cell is one int, so a reader sees 0 or its final value, and on 0 writes the row
 * itself.
 */
public final class TransitionTable {
    /** The most states a table can hold: 256 cells each in one array. */
    public static final int MAX_STATES = Integer.MAX_VALUE >> 8;

    private static final int DEAD = 1;
    private static final int SHIFT = 2;

    private final ByteDfa[] dfas;
    /** Automaton i's states are start[i] .. start[i + 1] - 1. */
    private final int[] start;
    private final int[] cells;

    /**
     * The table of {@code dfas} laid end to end in their order.
     *
     * @throws IllegalArgumentException if they have more than {@link #MAX_STATES} states together
     */
    public TransitionTable(ByteDfa[] dfas) {
        this.dfas = dfas.clone();
        this.start = new int[dfas.length + 1];
        long total = 0;
        for (int i = 0; i < dfas.length; i++) {
            if (total > MAX_STATES) {
                break;
            }
            start[i] = (int) total;
            total += dfas[i].stateCount();
        }
        if (total > MAX_STATES) {
            throw new IllegalArgumentException("more than " + MAX_STATES + " states");
        }
        start[dfas.length] = (int) total;
        this.cells = new int[(int) total << 8];
    }

    /** The number of global states. */
    public int stateCount() {
        return start[dfas.length];
    }

    /** The first global state of automaton {@code i}. */
    public int startOf(int i) {
        return start[i];
    }

    /** The global state after byte {@code b} (0..255) in global state {@code state}, or -1. */
    public int next(int state, int b) {
        int v = cells[(state << 8) | b];
        if (v == 0) {
            v = writeRow(state, b);
        }
        return v - SHIFT;
    }

    /**
     * The row of {@code state} as runs of bytes with one target, read from its automaton (the
     * row's cells are not written): see {@link ByteDfa#writeRuns}.
     */
    public int runs(int state, int[] out) {
        int i = automatonOf(state);
        return dfas[i].writeRuns(state - start[i], start[i], out);
    }

    /** Writes the row of {@code state}; returns its cell for {@code b}. */
    private int writeRow(int state, int b) {
        int i = automatonOf(state);
        dfas[i].writeRow(state - start[i], cells, state << 8, start[i] + SHIFT, DEAD);
        return cells[(state << 8) | b];
    }

    /** The automaton that global state {@code state} belongs to. */
    private int automatonOf(int state) {
        // Every automaton has a state, so starts are distinct: the automaton is the one that
        // starts at state, or else the last that starts before it.
        int i = Arrays.binarySearch(start, 0, dfas.length, state);
        return i >= 0 ? i : -i - 2;
    }
}
