package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;

/**
 * The transition table and accepting flags of a byte DFA being built state by state, as a
 * worklist ({@link StateNumbering}) discovers its states 0, 1, 2, ...: grows as states are added,
 * then hands the result to {@link Minimizer}. Shared by the subset and product constructions.
 */
final class TableBuilder {
    private int[] table = new int[16 * 256];
    private boolean[] accept = new boolean[16];

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

    /** The minimal DFA of the first {@code count} states, from state 0. */
    ByteDfa minimize(int count) {
        return Minimizer.minimize(count, table, accept, 0);
    }
}
