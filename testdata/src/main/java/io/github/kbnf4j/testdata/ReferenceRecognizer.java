package io.github.kbnf4j.testdata;

import io.github.kbnf4j.grammar.CompiledGrammar;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A naive byte-level Earley recognizer over a {@link CompiledGrammar}: the reference the fast
 * recognizer of the {@code earley} module is tested against, and the judge of the example
 * samples and golden files.
 *
 * <h2>What "obviously right" means here</h2>
 * It is the textbook algorithm (Earley 1970) on the packed form, without Leo items, packing,
 * or any other optimization. An {@link Item} is a record (dotted rule, origin, DFA state); a
 * chart set is a {@link LinkedHashSet} of items. For an input of {@code n} bytes there are sets
 * {@code 0..n}; set 0 starts with the first dotted rule of every production of the start
 * nonterminal (origin 0). Each set is closed under
 * <ul>
 *   <li><b>predict</b>: an item with nonterminal {@code N} after the dot adds the first dotted
 *       rule of each production of {@code N}, with origin the current position;
 *   <li><b>complete</b>: a complete item of {@code A} with origin {@code o} advances every item of
 *       set {@code o} that has {@code A} after the dot (same origin as theirs); if {@code o} is the
 *       current set, items that wait for {@code A} and are added later advance too;
 *   <li><b>terminal end</b>: an item in the middle of a terminal (its DFA state accepting)
 *       advances past the terminal: a terminal may end after any accepting state, and may also
 *       go on (an item keeps both possibilities).
 * </ul>
 * An item whose dot is before a terminal {@code t} carries the DFA state reached inside
 * {@code t} (initially {@link CompiledGrammar#terminalStartState(int)}); every other item carries
 * {@code -1}. <b>Scan</b> of byte {@code b} moves each item in a terminal from state {@code s} to
 * {@code dfaNext(s, b)} in the next set, dropping it when that is {@code -1}.
 *
 * <p>Answers: the input is a sentence when set {@code n} has a complete item of a production of
 * the start nonterminal with origin 0 (the empty input: {@link CompiledGrammar#acceptsEmpty()},
 * since no production is empty). A prefix is viable when no set is empty: the compiled form
 * guarantees every DFA state can reach an accepting state and every nonterminal can consume a
 * byte, so every item can still consume input. For a grammar that never completes (an endless
 * stream like {@code start ::= "a" start;}) viable means "a prefix of the stream".
 *
 * <p>Nothing here assumes the no-empty-production guarantee: a terminal whose start state is
 * accepting is ended at once, and a nullable nonterminal completed in the current set is
 * remembered so that items waiting for it later advance (Aycock and Horspool's fix), so the
 * recognizer stays right even if a compiler bug lets such things through.
 *
 * <p>Complexity: {@code O(n³ · |G|)} time and {@code O(n² · |G|)} space in the worst case,
 * with large constants (boxed items, hash sets). Fine for test inputs of a few kilobytes.
 *
 * <p>Thread-safety: the recognizer is immutable and can be shared; each {@link State} is
 * mutable and belongs to one thread.
 */
public final class ReferenceRecognizer {
    private final CompiledGrammar g;

    /**
     * One Earley item.
     *
     * @param dottedRule a dotted rule of the grammar
     * @param origin the position where the production's match started
     * @param dfaState the global DFA state inside the terminal after the dot, or -1 when the symbol
     *     after the dot is a nonterminal or {@link CompiledGrammar#END}
     */
    public record Item(int dottedRule, int origin, int dfaState) {
    }

    /** A recognizer for the sentences of {@code grammar}. */
    public ReferenceRecognizer(CompiledGrammar grammar) {
        this.g = Objects.requireNonNull(grammar, "grammar");
    }

    /** The grammar. */
    public CompiledGrammar grammar() {
        return g;
    }

    /** Whether {@code input} is a complete sentence. */
    public boolean accepts(byte[] input) {
        State s = newState();
        s.pushAll(input);
        return s.accepting();
    }

    /** Whether some sentence (or, for an endless grammar, the endless stream) starts with {@code prefix}. */
    public boolean isViablePrefix(byte[] prefix) {
        State s = newState();
        s.pushAll(prefix);
        return s.viable();
    }

    /** The bytes {@code b} such that {@code prefix} followed by {@code b} is viable; empty if {@code prefix} is not. */
    public BitSet nextBytes(byte[] prefix) {
        State s = newState();
        s.pushAll(prefix);
        return s.nextBytes();
    }

    /**
     * The length of the longest viable prefix of {@code input}, i.e. the offset of the first byte
     * that cannot be consumed, or {@code input.length} if all can.
     */
    public int viableLength(byte[] input) {
        State s = newState();
        for (int i = 0; i < input.length; i++) {
            if (!s.push(input[i])) {
                return i;
            }
        }
        return input.length;
    }

    /** A fresh incremental state before the first byte. */
    public State newState() {
        return new State();
    }

    /**
     * The chart of one input read so far: push bytes one at a time, pop them back, ask whether the
     * bytes so far are viable or a sentence. Not thread-safe.
     */
    public final class State {
        /** sets.get(i) is the chart set after i bytes; the sets are never changed once built. */
        private final List<Set<Item>> sets = new ArrayList<>();
        private int deadAt = -1;

        private State() {
            Set<Item> first = new LinkedHashSet<>();
            int start = g.startNonterminal();
            for (int p = g.firstProduction(start); p < g.firstProduction(start + 1); p++) {
                first.add(item(g.dottedRule(p, 0), 0));
            }
            sets.add(close(first, 0));
        }

        private State(State other) {
            sets.addAll(other.sets);
            deadAt = other.deadAt;
        }

        /** An independent copy (the sets, being immutable, are shared). */
        public State copy() {
            return new State(this);
        }

        /** The number of bytes pushed. */
        public int length() {
            return sets.size() - 1;
        }

        /**
         * Consumes byte {@code b}.
         *
         * @return whether the bytes so far are still viable
         */
        public boolean push(byte b) {
            Set<Item> current = sets.get(sets.size() - 1);
            Set<Item> next = new LinkedHashSet<>();
            int unsigned = b & 0xFF;
            for (Item it : current) {
                if (it.dfaState() >= 0) {
                    int s = g.dfaNext(it.dfaState(), unsigned);
                    if (s >= 0) {
                        next.add(new Item(it.dottedRule(), it.origin(), s));
                    }
                }
            }
            int position = sets.size();
            sets.add(next.isEmpty() ? Set.of() : close(next, position));
            if (next.isEmpty() && deadAt < 0) {
                deadAt = position;
            }
            return viable();
        }

        /** Consumes every byte of {@code bytes}; returns whether the result is viable. */
        public boolean pushAll(byte[] bytes) {
            for (byte b : bytes) {
                push(b);
            }
            return viable();
        }

        /** Forgets the last byte pushed. */
        public void pop() {
            if (sets.size() == 1) {
                throw new IllegalStateException("nothing to pop");
            }
            sets.remove(sets.size() - 1);
            if (deadAt >= sets.size()) {
                deadAt = -1;
            }
        }

        /** Whether every chart set so far is non-empty. */
        public boolean viable() {
            return deadAt < 0;
        }

        /** Whether the bytes so far are a complete sentence. */
        public boolean accepting() {
            if (!viable()) {
                return false;
            }
            if (length() == 0) {
                return g.acceptsEmpty();
            }
            for (Item it : sets.get(sets.size() - 1)) {
                if (it.origin() == 0 && g.symbolAfterDot(it.dottedRule()) == CompiledGrammar.END
                        && g.productionLhs(g.productionOf(it.dottedRule())) == g.startNonterminal()) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The bytes that keep the input viable when pushed next: those {@code b} for which
         * {@link #push} of {@code b} on a copy would return true. That is read off the scan step of
         * {@link #push} without running it: the pushed set is non-empty exactly when some item of
         * the current set is inside a terminal whose DFA moves on {@code b}, and closing a
         * non-empty set leaves it non-empty. (Pushing each of the 256 bytes on a copy, the
         * literal reading, closed 256 sets per call: on highly ambiguous random grammars that made
         * one differential try of a 48-byte input take seconds. {@link #nextBytesByPushing()} is
         * that reading, and a test holds the two equal.)
         */
        public BitSet nextBytes() {
            BitSet r = new BitSet(256);
            if (!viable()) {
                return r;
            }
            for (Item it : sets.get(sets.size() - 1)) {
                if (it.dfaState() >= 0) {
                    for (int b = 0; b < 256; b++) {
                        if (!r.get(b) && g.dfaNext(it.dfaState(), b) >= 0) {
                            r.set(b);
                        }
                    }
                }
            }
            return r;
        }

        /** {@link #nextBytes()} by its definition: each of the 256 bytes pushed on a copy. */
        BitSet nextBytesByPushing() {
            BitSet r = new BitSet(256);
            if (!viable()) {
                return r;
            }
            for (int b = 0; b < 256; b++) {
                State copy = copy();
                if (copy.push((byte) b)) {
                    r.set(b);
                }
            }
            return r;
        }

        /** The items of chart set {@code i} (0 = before the first byte), in insertion order. */
        public List<Item> items(int i) {
            return List.copyOf(sets.get(i));
        }

        /** Closes {@code set} (the chart set at {@code position}) under predict, complete and terminal end. */
        private Set<Item> close(Set<Item> set, int position) {
            Deque<Item> work = new ArrayDeque<>(set);
            Set<Integer> completedHere = new HashSet<>(); // nonterminals completed with origin = position
            while (!work.isEmpty()) {
                Item it = work.poll();
                int symbol = g.symbolAfterDot(it.dottedRule());
                if (symbol == CompiledGrammar.END) {
                    int lhs = g.productionLhs(g.productionOf(it.dottedRule()));
                    if (it.origin() == position) {
                        completedHere.add(lhs);
                    }
                    // Waiting items of the current set are in 'set' already; later ones see completedHere.
                    Set<Item> originSet = it.origin() == position ? set : sets.get(it.origin());
                    for (Item waiting : List.copyOf(originSet)) {
                        if (g.symbolAfterDot(waiting.dottedRule()) == lhs) {
                            add(set, work, item(waiting.dottedRule() + 1, waiting.origin()));
                        }
                    }
                } else if (CompiledGrammar.isTerminal(symbol)) {
                    if (g.dfaAccepting(it.dfaState())) {
                        add(set, work, item(it.dottedRule() + 1, it.origin()));
                    }
                } else {
                    for (int p = g.firstProduction(symbol); p < g.firstProduction(symbol + 1); p++) {
                        add(set, work, item(g.dottedRule(p, 0), position));
                    }
                    if (completedHere.contains(symbol)) {
                        add(set, work, item(it.dottedRule() + 1, it.origin()));
                    }
                }
            }
            return set;
        }

        private void add(Set<Item> set, Deque<Item> work, Item it) {
            if (set.add(it)) {
                work.add(it);
            }
        }

        /** The item for dotted rule {@code d}: inside a terminal at its start state, else with state -1. */
        private Item item(int d, int origin) {
            int symbol = g.symbolAfterDot(d);
            int state = CompiledGrammar.isTerminal(symbol)
                    ? g.terminalStartState(CompiledGrammar.terminalOf(symbol)) : -1;
            return new Item(d, origin, state);
        }
    }
}
