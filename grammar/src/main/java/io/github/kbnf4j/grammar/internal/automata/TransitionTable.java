package io.github.kbnf4j.grammar.internal.automata;

/**
 * The transitions of all the terminal automata of a grammar, laid end to end: global state
 * {@code startOf(i) + s} is state {@code s} of automaton {@code i}, and {@link #next} reads one
 * int of a row per global state, the recognizer's lookup for every byte it scans.
 *
 * <h2>Each automaton keeps its own byte classes</h2>
 * A row has a column per byte class of its own automaton (bytes that every state of that
 * automaton treats alike), so automaton {@code i}'s block of rows is a copy of its own table with
 * the targets moved to global states: a copy with an add per cell, and nothing to decide per
 * cell. The cell of global state {@code g} and byte {@code b} is
 * {@code cells[rows[2g] + classMap[rows[2g + 1] + b]]}: {@code rows} holds each state's row start
 * and the start of its automaton's 256-byte class map, side by side. That is two loads more on a
 * lookup than a table whose columns are the byte classes of the whole grammar (the coarsest
 * partition refining every automaton's), which this layout replaced: there a row was as wide as
 * the grammar has classes (40-90 over the MaskBench schemas' grammars, where a key's automaton
 * has 10-30 and a string's a dozen), the rows had to be written column by column through each
 * automaton's classes, and building the table was a fifth of the time of compiling a schema and
 * a third for the slowest ones. The recognizer reads a few cells per token; the masks read the
 * per-terminal tables of the runtime, not these cells.
 *
 * <p>A cell holds the next global state plus one, and 0 for a dead transition.
 *
 * <p>The live bytes of each state (those with a transition, {@link #liveBytes()}) are computed
 * once per automaton ({@code ByteDfa.liveBytes}) and copied: a JSON Schema's grammars share their
 * string, number and whitespace automata. {@link #byteRuns()} are the runs of bytes alike in every
 * automaton (the boundaries of all their own runs), for readers that walk a row a run at a time.
 *
 * <p>Immutable once built; thread-safe. It keeps no reference to the automata.
 */
public final class TransitionTable {
    /** The most states a table can hold: two ints of {@code rows} each, in one array. */
    public static final int MAX_STATES = (Integer.MAX_VALUE >> 1) - 1;

    /** Automaton i's states are start[i] .. start[i + 1] - 1. */
    private final int[] start;
    /**
     * For global state g: rows[2g] its row's first cell, rows[2g + 1] where its automaton's
     * class map starts in classMap; rows[2n] (n states) is cells.length, so a row ends where the
     * next one starts.
     */
    private final int[] rows;
    /** Automaton i's byte -> class at classMap[256 i + b], unsigned. */
    private final byte[] classMap;
    private final int[] cells;
    /** Per global state, the bytes with a transition: 4 words of 64 bits each. */
    private final long[] liveBytes;
    private final int[] byteRuns;

    /**
     * The table of {@code dfas} laid end to end in their order.
     *
     * @throws IllegalArgumentException if they have more than {@link #MAX_STATES} states together,
     *     or their rows more than {@link Integer#MAX_VALUE} cells
     */
    public TransitionTable(ByteDfa[] dfas) {
        this.start = new int[dfas.length + 1];
        long total = 0;
        long cellCount = 0;
        for (int i = 0; i < dfas.length; i++) {
            if (total > MAX_STATES) {
                break;
            }
            start[i] = (int) total;
            total += dfas[i].stateCount();
            cellCount += (long) dfas[i].stateCount() * dfas[i].classCount();
        }
        if (total > MAX_STATES) {
            throw new IllegalArgumentException("more than " + MAX_STATES + " states");
        }
        if (cellCount > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("more than " + (Integer.MAX_VALUE - 8) + " transition cells");
        }
        int n = (int) total;
        start[dfas.length] = n;
        this.rows = new int[2 * n + 2];
        this.classMap = new byte[256 * dfas.length];
        this.cells = new int[(int) cellCount];
        this.liveBytes = new long[4 * n];
        boolean[] runStarts = new boolean[256];
        runStarts[0] = true; // the first run, also when there is no automaton
        int at = 0;
        for (int i = 0; i < dfas.length; i++) {
            ByteDfa dfa = dfas[i];
            int width = dfa.classCount();
            dfa.writeCells(cells, at, start[i] + 1);
            dfa.writeClassMap(classMap, 256 * i);
            System.arraycopy(dfa.liveBytes(), 0, liveBytes, 4 * start[i], 4 * dfa.stateCount());
            for (int s = start[i]; s < start[i + 1]; s++) {
                rows[2 * s] = at;
                rows[2 * s + 1] = 256 * i;
                at += width;
            }
            int[] runs = dfa.classRuns();
            for (int k = 0; k < runs.length - 1; k += 2) {
                runStarts[runs[k]] = true;
            }
        }
        rows[2 * n] = at;
        this.byteRuns = ByteColumns.ofStarts(runStarts);
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
     * The cells themselves, read as {@link #next} does, each the next state plus one (0: dead):
     * for {@code CompiledGrammar}, which reads them on the recognizer's hot path without a call
     * through this object. Not to be modified.
     */
    public int[] cells() {
        return cells;
    }

    /** Each state's row start and class-map start, two ints per state (see {@link #next}). Not to be modified. */
    public int[] rows() {
        return rows;
    }

    /** The automata's class maps, 256 unsigned bytes each (see {@link #next}). Not to be modified. */
    public byte[] classMap() {
        return classMap;
    }

    /**
     * For each global state {@code g}, the bytes with a transition, in
     * {@code [4 * g .. 4 * g + 4)} (bit {@code b & 63} of word {@code b >>> 6}). Not to be
     * modified.
     */
    public long[] liveBytes() {
        return liveBytes;
    }

    /**
     * The bytes as the fewest maximal runs alike in every automaton: run {@code k} is the bytes
     * {@code runs[k] .. runs[k + 1] - 1}, the last entry 256. Not to be modified.
     */
    public int[] byteRuns() {
        return byteRuns;
    }

    /** The global state after byte {@code b} (0..255) in global state {@code state}, or -1. */
    public int next(int state, int b) {
        return cells[rows[2 * state] + (classMap[rows[2 * state + 1] + b] & 0xFF)] - 1;
    }
}
