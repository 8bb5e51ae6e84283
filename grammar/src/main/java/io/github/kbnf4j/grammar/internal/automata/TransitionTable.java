package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * The transitions of all the terminal automata of a grammar, laid end to end: global state
 * {@code startOf(i) + s} is state {@code s} of automaton {@code i}, and {@link #next} reads one
 * int of a row per global state, the recognizer's lookup for every byte it scans.
 *
 * <h2>Columns are byte classes</h2>
 * A row has a column per <i>byte class</i> of the grammar, not per byte: two bytes are in one class
 * when every automaton treats them alike (the coarsest partition that refines each automaton's own
 * byte classes), and {@link #byteClasses()} maps a byte to its column. A row is exactly
 * {@link #classCount()} cells, so the cell of state {@code s} and byte {@code b} is
 * {@code cells[s * classCount + byteClass[b]]}: one more load than a 256-wide row, of a byte that
 * is known before the state (off the chain of dependent loads a scan walks). The MaskBench
 * schemas' grammars have 40-90 classes. Building the table is bound by zeroing its memory, a
 * tenth to a fifth of the time of compiling a schema: rows of 256 cells made it 2.3 times larger
 * than rows padded to a power of two, and those 1.6 times larger than rows of the class count
 * over those grammars (a multiplication instead of a shift on the lookup costs the recognizer no
 * measurable time).
 *
 * <p>A cell holds the next global state plus one, and 0 for a dead transition: most cells are
 * dead (a literal's state has one live byte), and the zeros of a new array are then already
 * written. Filling every dead cell with -1 was a fifth of the time of compiling a schema.
 *
 * <p>Each state's live bytes (those with a transition, {@link #liveBytes()}) are found in the same
 * loop that writes its row: the OR of the bytes of its classes with a transition.
 *
 * <p>Every row is written here. Writing a row only when it is first read (a cell of 0 meaning "not
 * yet") made compiling a schema a fifth faster, but the decoding steps slower by more than that: a
 * read that may write keeps the JIT from keeping array reads out of the recognizer's and the mask
 * walk's loops (a MaskBench run's mean time per token went from 32 to 37-43 µs).
 *
 * <p>Immutable once built; thread-safe. It keeps no reference to the automata.
 */
public final class TransitionTable {
    /** The most states a table can hold: a row of up to 256 cells each, in one array. */
    public static final int MAX_STATES = Integer.MAX_VALUE >> 8;

    /** Automaton i's states are start[i] .. start[i + 1] - 1. */
    private final int[] start;
    /** byte -> its column. */
    private final int[] byteClass;
    private final int classCount;
    private final int[] cells;
    /** Per global state, the bytes with a transition: 4 words of 64 bits each. */
    private final long[] liveBytes;

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
        this.byteClass = new int[256];
        this.classCount = refineByteClasses(dfas, byteClass);
        this.cells = new int[(int) total * classCount];
        this.liveBytes = new long[4 * (int) total];
        int[] firstByte = new int[classCount];
        for (int b = 255; b >= 0; b--) {
            firstByte[byteClass[b]] = b;
        }
        // Each automaton's rows are written by its own classes: for each class with a transition,
        // the grammar's columns whose bytes are in it. A literal's state has one such class, so a
        // row costs the automaton's few classes, not a test per column.
        // The live bytes of a state are the OR of the bytes of its live classes, found in the same
        // loop (computing them apart, per automaton, was as much work again as writing the rows).
        int[] columnStart = new int[257];
        int[] columns = new int[classCount];
        long[] classBytes = new long[4 * 256];
        for (int i = 0; i < dfas.length; i++) {
            ByteDfa dfa = dfas[i];
            int own = dfa.classCount();
            Arrays.fill(classBytes, 0, 4 * own, 0);
            int[] runs = dfa.classRuns();
            for (int k = 0; k < runs.length - 1; k += 2) {
                setBits(classBytes, 4 * runs[k + 1], runs[k], runs[k + 2]);
            }
            Arrays.fill(columnStart, 0, own + 1, 0);
            for (int c = 0; c < classCount; c++) {
                columnStart[dfa.classOf(firstByte[c]) + 1]++;
            }
            for (int k = 0; k < own; k++) {
                columnStart[k + 1] += columnStart[k];
            }
            for (int c = 0; c < classCount; c++) {
                columns[columnStart[dfa.classOf(firstByte[c])]++] = c;
            }
            // columnStart[k] is now where class k's columns end: they start at columnStart[k - 1].
            for (int s = 0; s < dfa.stateCount(); s++) {
                dfa.writeLiveCells(s, columnStart, columns, cells, (start[i] + s) * classCount, start[i] + 1,
                        classBytes, liveBytes, 4 * (start[i] + s));
            }
        }
    }

    /** Sets bits {@code from .. to - 1} (0 <= from < to <= 256) of the 4 words at {@code words[at ..]}. */
    private static void setBits(long[] words, int at, int from, int to) {
        for (int w = from >>> 6, last = (to - 1) >>> 6; w <= last; w++) {
            long low = w == from >>> 6 ? -1L << from : -1L; // a shift counts modulo 64
            long high = w == last ? -1L >>> (63 - ((to - 1) & 63)) : -1L;
            words[at + w] |= low & high;
        }
    }

    /**
     * Writes into {@code byteClass} the coarsest partition of the bytes that refines the byte
     * classes of every automaton (classes numbered by their first byte), and returns its size.
     */
    private static int refineByteClasses(ByteDfa[] dfas, int[] byteClass) {
        int count = 1; // all bytes in class 0
        // The pairs (class so far, the automaton's class) met, in an open-addressed table: at most
        // 256 pairs in 512 slots. Keys are pair + 1 (0: empty); values the new class.
        int[] keys = new int[512];
        int[] values = new int[512];
        int[] refined = new int[256];
        for (ByteDfa dfa : dfas) {
            if (dfa.classCount() == 1) {
                continue; // splits nothing
            }
            Arrays.fill(keys, 0);
            int next = 0;
            for (int b = 0; b < 256; b++) {
                int key = ((byteClass[b] << 8) | dfa.classOf(b)) + 1;
                int slot = (key * 0x9E3779B1) >>> 23;
                while (keys[slot] != 0 && keys[slot] != key) {
                    slot = (slot + 1) & 511;
                }
                if (keys[slot] == 0) {
                    keys[slot] = key;
                    values[slot] = next++;
                }
                refined[b] = values[slot];
            }
            if (next > count) {
                count = next;
                System.arraycopy(refined, 0, byteClass, 0, 256);
            }
        }
        return count;
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
     * The cells themselves, {@code [state * classCount() + byteClasses()[b]]}, each the next state
     * plus one (0: dead): for {@code CompiledGrammar}, which reads them on the recognizer's hot
     * path without a call through this object. Not to be modified.
     */
    public int[] cells() {
        return cells;
    }

    /**
     * For each global state {@code g}, the bytes with a transition, in
     * {@code [4 * g .. 4 * g + 4)} (bit {@code b & 63} of word {@code b >>> 6}). Not to be
     * modified.
     */
    public long[] liveBytes() {
        return liveBytes;
    }

    /** Each byte's column ({@link #cells}). Not to be modified. */
    public int[] byteClasses() {
        return byteClass;
    }

    /** The number of byte classes: the columns of a row, and its length in {@link #cells}. */
    public int classCount() {
        return classCount;
    }

    /** The global state after byte {@code b} (0..255) in global state {@code state}, or -1. */
    public int next(int state, int b) {
        return cells[state * classCount + byteClass[b]] - 1;
    }
}
