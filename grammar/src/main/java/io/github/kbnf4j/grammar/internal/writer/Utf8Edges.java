package io.github.kbnf4j.grammar.internal.writer;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntBinaryOperator;
import java.util.function.IntPredicate;

/**
 * The transitions of a terminal's byte DFA regrouped by whole UTF-8 characters: from a state
 * where a character may start, the set of code points (as ranges) that lead to each target
 * state. GBNF matches code points, so this is what a GBNF rule per DFA state needs; the KBNF
 * writer writes a program-built automaton the same way.
 *
 * <p>The byte ranges are walked, not the code points: the continuation bytes of a state are
 * grouped once per (state, number of continuation bytes still due) and shifted into place for
 * every lead byte that reaches it. Complexity: {@code O(256)} per state and depth plus the size
 * of the range lists; the overlong, surrogate and beyond-U+10FFFF second bytes after
 * {@code E0 ED F0 F4} are left out of the walk.
 *
 * <p>Validation: a DFA path that accepts bytes which are not valid UTF-8 (a stray continuation
 * byte, a lead byte that cannot start a character, an overlong form, a surrogate, a code point
 * above U+10FFFF, or an accepted string that ends inside a character) cannot be written over
 * code points; it raises an {@link IllegalArgumentException} naming the terminal. Every DFA state
 * of a compiled grammar can reach acceptance, so a live transition on such a byte is always a
 * real invalid sentence.
 *
 * <p>Not thread-safe (memo tables); one instance per terminal being written.
 */
final class Utf8Edges {
    /** The code points from one state to one target state. */
    record Edge(int target, int[] ranges) {
        /** The smallest code point of the edge. */
        int first() {
            return ranges[0];
        }
    }

    /** The DFA's transition function: (state, byte) to target, -1 dead. */
    private final IntBinaryOperator next;
    private final IntPredicate accepting;
    private final String terminalName;
    private final String dialect;
    /** (state, continuation bytes due) -> groups, for depth 1..3 (index depth-1). */
    @SuppressWarnings("unchecked")
    private final Int2ObjectOpenHashMap<Groups>[] memo = new Int2ObjectOpenHashMap[] {
        new Int2ObjectOpenHashMap<>(), new Int2ObjectOpenHashMap<>(), new Int2ObjectOpenHashMap<>()};

    /**
     * @param terminalName how to name the terminal in an error message, e.g. {@code t3 (#"[a-z]+")}
     */
    Utf8Edges(CompiledGrammar g, String terminalName) {
        this(g::dfaNext, g::dfaAccepting, terminalName, "GBNF");
    }

    /**
     * The edges of one program-built automaton.
     *
     * @param terminalName how to name the automaton in an error message
     * @param dialect the language being written, for the error message
     */
    Utf8Edges(ByteDfa dfa, String terminalName, String dialect) {
        this(dfa::next, dfa::isAccepting, terminalName, dialect);
    }

    private Utf8Edges(IntBinaryOperator next, IntPredicate accepting, String terminalName, String dialect) {
        this.next = next;
        this.accepting = accepting;
        this.terminalName = terminalName;
        this.dialect = dialect;
    }

    /**
     * The edges out of {@code state}, a state where a character starts, ordered by their
     * smallest code point.
     *
     * @throws IllegalArgumentException if a path from {@code state} accepts bytes that are not valid UTF-8
     */
    List<Edge> from(int state) {
        Groups groups = new Groups();
        for (int b = 0; b < 0x80; b++) {
            int t = next.applyAsInt(state, b);
            if (t >= 0) {
                groups.add(t, b, b);
            }
        }
        for (int b = 0x80; b < 0x100; b++) {
            int s1 = next.applyAsInt(state, b);
            if (s1 < 0) {
                continue;
            }
            if (b >= 0xC2 && b <= 0xDF) {
                groups.addShifted(continuations(s1, 1, 0x80, 0xBF), (b & 0x1F) << 6);
            } else if (b >= 0xE0 && b <= 0xEF) {
                int lo = b == 0xE0 ? 0xA0 : 0x80;  // E0 80..9F would be overlong
                int hi = b == 0xED ? 0x9F : 0xBF;  // ED A0..BF would be surrogates
                groups.addShifted(continuations(s1, 2, lo, hi), (b & 0x0F) << 12);
            } else if (b >= 0xF0 && b <= 0xF4) {
                int lo = b == 0xF0 ? 0x90 : 0x80;  // F0 80..8F would be overlong
                int hi = b == 0xF4 ? 0x8F : 0xBF;  // F4 90.. would be above U+10FFFF
                groups.addShifted(continuations(s1, 3, lo, hi), (b & 0x07) << 18);
            } else {
                throw invalid(String.format("byte 0x%02X where a character starts", b));
            }
        }
        return groups.edges();
    }

    /**
     * The groups of the {@code depth} continuation bytes read from {@code state}, the first of
     * them in {@code lo..hi}: target state -> ranges of the {@code 6 * depth} payload bits.
     */
    private Groups continuations(int state, int depth, int lo, int hi) {
        boolean full = lo == 0x80 && hi == 0xBF;
        if (full) {
            Groups known = memo[depth - 1].get(state);
            if (known != null) {
                return known;
            }
        }
        if (accepting.test(state)) {
            throw invalid("a match that ends inside a multi-byte character");
        }
        for (int b = 0; b < 0x100; b++) {
            if ((b < lo || b > hi) && next.applyAsInt(state, b) >= 0) {
                throw invalid(String.format("byte 0x%02X inside a multi-byte character%s", b,
                        b >= 0x80 && b <= 0xBF ? " (an overlong form, a surrogate or a code point above U+10FFFF)" : ""));
            }
        }
        Groups groups = new Groups();
        for (int b = lo; b <= hi; b++) {
            int t = next.applyAsInt(state, b);
            if (t < 0) {
                continue;
            }
            int payload = b & 0x3F;
            if (depth == 1) {
                groups.add(t, payload, payload);
            } else {
                groups.addShifted(continuations(t, depth - 1, 0x80, 0xBF), payload << (6 * (depth - 1)));
            }
        }
        if (full) {
            memo[depth - 1].put(state, groups);
        }
        return groups;
    }

    private IllegalArgumentException invalid(String what) {
        return new IllegalArgumentException("terminal " + terminalName + " matches bytes that are not valid UTF-8 ("
                + what + "); " + dialect + " matches code points, so it cannot express this terminal");
    }

    /**
     * Target state -> sorted, disjoint, non-adjacent ranges. Ranges are added in increasing
     * order per target (the walks go up), so adding is appending or extending the last range.
     */
    private static final class Groups {
        private final IntArrayList targets = new IntArrayList();
        private final Int2ObjectOpenHashMap<IntArrayList> ranges = new Int2ObjectOpenHashMap<>();

        void add(int target, int lo, int hi) {
            IntArrayList r = ranges.get(target);
            if (r == null) {
                r = new IntArrayList();
                ranges.put(target, r);
                targets.add(target);
            }
            int n = r.size();
            if (n > 0 && r.getInt(n - 1) + 1 >= lo) {
                assert r.getInt(n - 1) < lo : "ranges added out of order";
                r.set(n - 1, Math.max(hi, r.getInt(n - 1)));
            } else {
                r.add(lo);
                r.add(hi);
            }
        }

        void addShifted(Groups other, int offset) {
            for (int i = 0; i < other.targets.size(); i++) {
                int t = other.targets.getInt(i);
                IntArrayList r = other.ranges.get(t);
                for (int k = 0; k < r.size(); k += 2) {
                    add(t, offset | r.getInt(k), offset | r.getInt(k + 1));
                }
            }
        }

        List<Edge> edges() {
            List<Edge> out = new ArrayList<>(targets.size());
            for (int i = 0; i < targets.size(); i++) {
                int t = targets.getInt(i);
                out.add(new Edge(t, ranges.get(t).toIntArray()));
            }
            out.sort(Comparator.comparingInt(Edge::first));
            return out;
        }
    }
}
