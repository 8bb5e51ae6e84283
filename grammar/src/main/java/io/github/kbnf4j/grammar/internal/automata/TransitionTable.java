package io.github.kbnf4j.grammar.internal.automata;

/**
 * The transitions of all the terminal automata of a grammar, laid end to end: global state
 * {@code startOf(i) + s} is state {@code s} of automaton {@code i}, and {@link #next} reads one
 * int of a table of 256 per global state, the recognizer's lookup for every byte it scans.
 *
 * <p>A cell holds the next global state plus one, and 0 for a dead transition: most cells are
 * dead (about 94% over the MaskBench schemas' grammars: a literal's state has one live byte), and
 * the zeros of a new array are then already written. Filling every dead cell with -1 was a fifth of
 * the time of compiling a schema.
 *
 * <p>Every row is written here, from each automaton's runs of bytes of one class. Writing a row
 * only when it is first read (a cell of 0 meaning "not yet") made compiling a schema a fifth
 * faster, but the decoding steps slower by more than that: a read that may write keeps the JIT
 * from keeping array reads out of the recognizer's and the mask walk's loops (a MaskBench run's
 * mean time per token went from 32 to 37-43 µs).
 *
 * <p>Immutable once built; thread-safe.
 */
public final class TransitionTable {
    /** The most states a table can hold: 256 cells each in one array. */
    public static final int MAX_STATES = Integer.MAX_VALUE >> 8;

    /** Automaton i's states are start[i] .. start[i + 1] - 1. */
    private final int[] start;
    private final int[] cells;

    /**
     * The table of {@code dfas} laid end to end in their order.
     *
     * @throws IllegalArgumentException if they have more than {@link #MAX_STATES} states together
     */
    public TransitionTable(ByteDfa[] dfas) {
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
        for (int i = 0; i < dfas.length; i++) {
            for (int s = 0; s < dfas[i].stateCount(); s++) {
                dfas[i].writeLiveCells(s, cells, (start[i] + s) << 8, start[i] + 1);
            }
        }
    }

    /** The number of global states. */
    public int stateCount() {
        return start[start.length - 1];
    }

    /** The first global state of automaton {@code i}. */
    public int startOf(int i) {
        return start[i];
    }

    /**
     * The cells themselves, {@code [state * 256 + b]}, each the next state plus one (0: dead): for
     * {@code CompiledGrammar}, which reads them on the recognizer's hot path without a call through
     * this object. Not to be modified.
     */
    public int[] cells() {
        return cells;
    }

    /** The global state after byte {@code b} (0..255) in global state {@code state}, or -1. */
    public int next(int state, int b) {
        return cells[(state << 8) | b] - 1;
    }
}
