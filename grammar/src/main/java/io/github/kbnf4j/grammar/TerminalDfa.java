package io.github.kbnf4j.grammar;

/**
 * One terminal's automaton inside a {@link CompiledGrammar}, in the grammar's global DFA state
 * numbers: {@link #next} is {@link CompiledGrammar#dfaNext} for the states of this terminal, read
 * from the same cells, without looking up per state which automaton it belongs to (the width of
 * its rows and its byte classes are this object's). For loops that stay inside one terminal's
 * automaton, as a walk of the vocabulary from one of its states does: a DFA transition never
 * leaves its automaton.
 *
 * <p>Immutable and thread-safe; it shares the grammar's tables.
 */
public final class TerminalDfa {
    private final int[] cells;
    private final byte[] classMap;
    private final int mapStart;
    private final int width;
    /** The cell of state s and class c is cells[s * width + offset + c]. */
    private final int offset;
    private final int firstState;
    private final int endState;
    /** The bytes as runs of one class of this automaton: run k is runs[k] .. runs[k + 1] - 1; the last entry is 256. */
    private final int[] runs;

    TerminalDfa(int[] cells, byte[] classMap, int mapStart, int width, int rowStart, int firstState, int endState) {
        this.cells = cells;
        this.classMap = classMap;
        this.mapStart = mapStart;
        this.width = width;
        this.offset = rowStart - firstState * width;
        this.firstState = firstState;
        this.endState = endState;
        int count = 1;
        for (int b = 1; b < 256; b++) {
            count += classMap[mapStart + b] != classMap[mapStart + b - 1] ? 1 : 0;
        }
        this.runs = new int[count + 1];
        for (int b = 1, k = 1; b < 256; b++) {
            if (classMap[mapStart + b] != classMap[mapStart + b - 1]) {
                runs[k++] = b;
            }
        }
        runs[count] = 256;
    }

    /**
     * The number of maximal runs of bytes that every state of this automaton treats alike (a
     * string's automaton has a dozen; the grammar's runs, {@link CompiledGrammar#dfaByteRuns},
     * refine those of all its terminals).
     */
    public int runCount() {
        return runs.length - 1;
    }

    /** The first byte of run {@code k} (0 .. {@link #runCount()}); {@code runStart(runCount())} is 256. */
    public int runStart(int k) {
        return runs[k];
    }

    /**
     * The global state after byte {@code b} (0..255) in global state {@code state}, or -1 when
     * dead.
     *
     * @throws IndexOutOfBoundsException if {@code state} is not one of this terminal's
     *     ({@link #firstState()} .. {@link #endState()} - 1)
     */
    public int next(int state, int b) {
        if (Integer.compareUnsigned(state - firstState, endState - firstState) >= 0) {
            throw new IndexOutOfBoundsException("DFA state " + state + " is not one of this terminal's, "
                    + firstState + " to " + (endState - 1));
        }
        return cells[state * width + offset + (classMap[mapStart + b] & 0xFF)] - 1; // cells hold the state plus one
    }

    /** This terminal's first global state, where it starts. */
    public int firstState() {
        return firstState;
    }

    /** One past this terminal's last global state. */
    public int endState() {
        return endState;
    }
}
