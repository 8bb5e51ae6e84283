package io.github.kbnf4j.grammar.internal.automata;

import dk.brics.automaton.Automaton;
import dk.brics.automaton.State;
import dk.brics.automaton.Transition;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The only place that touches dk.brics.automaton. {@link #build} turns a {@link RegexNode} into a
 * brics {@link Automaton} with its construction API only (never {@code RegExp}, never the global
 * setters, never its unbounded determinize/minimize/complement); supplementary characters become
 * UTF-16 surrogate pairs, as brics's alphabet is {@code char}. {@link #toByteNfa} converts back:
 * a high-surrogate edge followed by low-surrogate edges is merged into code-point ranges, then
 * every code-point range is split into UTF-8 byte sequences ({@link Utf8Ranges}).
 *
 * <p>Not thread-safe per conversion; brics itself keeps a racy static state counter that only
 * affects its debug output.
 */
final class BricsBridge {
    private BricsBridge() {
    }

    static Automaton build(RegexNode node) {
        if (node instanceof RegexNode.Chars c) {
            return chars(c.set());
        } else if (node instanceof RegexNode.Empty) {
            return Automaton.makeEmptyString();
        } else if (node instanceof RegexNode.Concat c) {
            List<Automaton> parts = new ArrayList<>();
            for (RegexNode p : c.parts()) {
                parts.add(build(p));
            }
            return Automaton.concatenate(parts);
        } else if (node instanceof RegexNode.Alt a) {
            List<Automaton> alts = new ArrayList<>();
            for (RegexNode p : a.alternatives()) {
                alts.add(build(p));
            }
            return Automaton.union(alts);
        } else {
            RegexNode.Repeat r = (RegexNode.Repeat) node;
            Automaton inner = build(r.inner());
            if (r.max() == -1) {
                return r.min() == 0 ? inner.repeat() : inner.repeat(r.min());
            }
            return inner.repeat(r.min(), r.max());
        }
    }

    private static Automaton chars(CodePointSet set) {
        if (set.isEmpty()) {
            return Automaton.makeEmpty();
        }
        List<Automaton> pieces = new ArrayList<>();
        for (int i = 0; i < set.rangeCount(); i++) {
            int lo = set.lo(i);
            int hi = set.hi(i);
            if (lo <= 0xFFFF) {
                pieces.add(Automaton.makeCharRange((char) lo, (char) Math.min(hi, 0xFFFF)));
            }
            if (hi > 0xFFFF) {
                supplementary(Math.max(lo, 0x10000), hi, pieces);
            }
        }
        return pieces.size() == 1 ? pieces.get(0) : Automaton.union(pieces);
    }

    /** Surrogate-pair pieces: each is one high range followed by one low range. */
    private static void supplementary(int lo, int hi, List<Automaton> out) {
        char hl = Character.highSurrogate(lo);
        char ll = Character.lowSurrogate(lo);
        char hh = Character.highSurrogate(hi);
        char lh = Character.lowSurrogate(hi);
        if (hl == hh) {
            out.add(pair(hl, hl, ll, lh));
            return;
        }
        char midLo = hl;
        char midHi = hh;
        if (ll != '\uDC00') {
            out.add(pair(hl, hl, ll, '\uDFFF'));
            midLo++;
        }
        if (lh != '\uDFFF') {
            out.add(pair(hh, hh, '\uDC00', lh));
            midHi--;
        }
        if (midLo <= midHi) {
            out.add(pair(midLo, midHi, '\uDC00', '\uDFFF'));
        }
    }

    private static Automaton pair(char h1, char h2, char l1, char l2) {
        return Automaton.makeCharRange(h1, h2).concatenate(Automaton.makeCharRange(l1, l2));
    }

    /**
     * Converts a brics automaton to a byte NFA, by breadth-first search from its initial state.
     *
     * @throws TooManyStatesException if the NFA exceeds {@code maxNfaStates} states
     */
    static ByteNfa toByteNfa(Automaton a, int maxNfaStates, int maxStates) {
        a.expandSingleton();
        ByteNfa nfa = new ByteNfa();
        Map<State, Integer> ids = new IdentityHashMap<>();
        ArrayDeque<State> queue = new ArrayDeque<>();
        Map<SuffixKey, Integer> suffixes = new HashMap<>();
        State init = a.getInitialState();
        nfa.setStart(nfa.newState());
        ids.put(init, nfa.start());
        nfa.setFin(nfa.newState());
        queue.add(init);
        while (!queue.isEmpty()) {
            State s = queue.poll();
            int sid = ids.get(s);
            if (s.isAccept()) {
                nfa.addEdge(sid, ByteNfa.EPSILON, ByteNfa.EPSILON, nfa.fin());
            }
            // Code points per destination, in first-seen order.
            Map<State, CodePointSet.Builder> byDest = new IdentityHashMap<>();
            List<State> dests = new ArrayList<>();
            for (Transition t : s.getSortedTransitions(false)) {
                int lo = t.getMin();
                int hi = t.getMax();
                State d = t.getDest();
                if (lo <= 0xD7FF) {
                    builder(byDest, dests, d).add(lo, Math.min(hi, 0xD7FF));
                }
                if (hi >= 0xE000) {
                    builder(byDest, dests, d).add(Math.max(lo, 0xE000), hi);
                }
                int h1 = Math.max(lo, 0xD800);
                int h2 = Math.min(hi, 0xDBFF);
                if (h1 <= h2) {
                    for (Transition u : d.getSortedTransitions(false)) {
                        int l1 = Math.max(u.getMin(), 0xDC00);
                        int l2 = Math.min(u.getMax(), 0xDFFF);
                        if (l1 > l2) {
                            continue;
                        }
                        CodePointSet.Builder b = builder(byDest, dests, u.getDest());
                        if (h1 == h2 || (l1 == 0xDC00 && l2 == 0xDFFF)) {
                            b.add(Character.toCodePoint((char) h1, (char) l1),
                                Character.toCodePoint((char) h2, (char) l2));
                        } else {
                            for (int h = h1; h <= h2; h++) {
                                b.add(Character.toCodePoint((char) h, (char) l1),
                                    Character.toCodePoint((char) h, (char) l2));
                            }
                        }
                    }
                }
                // Lone low surrogates cannot come from the parser; they are dropped.
            }
            for (State d : dests) {
                Integer did = ids.get(d);
                if (did == null) {
                    did = nfa.newState();
                    ids.put(d, did);
                    queue.add(d);
                }
                emit(nfa, sid, byDest.get(d).build(), did, suffixes);
                if (nfa.stateCount() > maxNfaStates) {
                    throw new TooManyStatesException(maxStates);
                }
            }
        }
        return nfa;
    }

    private static CodePointSet.Builder builder(Map<State, CodePointSet.Builder> byDest, List<State> dests,
            State d) {
        return byDest.computeIfAbsent(d, k -> {
            dests.add(k);
            return new CodePointSet.Builder();
        });
    }

    /**
     * Adds UTF-8 byte paths from {@code from} to {@code to} for every code point of {@code set}.
     * Only the lead-byte edge belongs to {@code from}: the rest of each sequence goes through a
     * suffix state shared by every source with the same destination and remaining byte ranges
     * ({@code suffixes}), which keeps the NFA (and the subsets built from it) small even when brics
     * has copied the same transitions into many states.
     */
    static void emit(ByteNfa nfa, int from, CodePointSet set, int to, Map<SuffixKey, Integer> suffixes) {
        for (int i = 0; i < set.rangeCount(); i++) {
            Utf8Ranges.split(set.lo(i), set.hi(i),
                (len, lo, hi) -> nfa.addEdge(from, lo[0], hi[0], suffix(nfa, suffixes, to, lo, hi, 1, len)));
        }
    }

    /** The state from which the byte ranges {@code lo/hi[i..len)} lead to {@code to}. */
    private static int suffix(ByteNfa nfa, Map<SuffixKey, Integer> suffixes, int to, int[] lo, int[] hi, int i,
            int len) {
        if (i == len) {
            return to;
        }
        SuffixKey k = new SuffixKey(to, SuffixKey.ranges(lo, hi, i, len));
        Integer s = suffixes.get(k);
        if (s == null) {
            int below = suffix(nfa, suffixes, to, lo, hi, i + 1, len);
            s = nfa.newState();
            nfa.addEdge(s, lo[i], hi[i], below);
            suffixes.put(k, s);
        }
        return s;
    }

    /**
     * A suffix state's identity: its destination and the ranges of continuation bytes still to
     * read (at most three, 6 bits per end, and their number), packed into a long; cheaper than
     * the text key it replaced, whose building was most of this conversion's time.
     */
    record SuffixKey(int to, long ranges) {
        /** The ranges {@code lo/hi[i..len)} of continuation bytes (80..BF), packed with their count. */
        static long ranges(int[] lo, int[] hi, int i, int len) {
            long key = len - i;
            for (int j = i; j < len; j++) {
                assert lo[j] >= 0x80 && hi[j] <= 0xBF : "a continuation byte range";
                key = (key << 12) | ((lo[j] - 0x80L) << 6) | (hi[j] - 0x80L);
            }
            return key;
        }
    }
}
