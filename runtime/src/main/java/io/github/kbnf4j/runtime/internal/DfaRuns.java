package io.github.kbnf4j.runtime.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.TerminalDfa;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.ints.IntOpenHashSet;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The transitions of each state of a grammar's DFA as runs of bytes with one target, computed
 * the first time a state is asked for and kept for the constraint's life. A state's 256
 * transitions are usually a handful of runs (a string's interior: the quote, the backslash, the
 * control bytes, the UTF-8 ranges), so a search that meets the same states again and again (the
 * residual of every state of a big terminal, see {@link Residual#of}) reads a few runs per state
 * instead of 256 bytes.
 *
 * <p>THREAD SAFETY: safe for any number of threads. A state's runs are published through an
 * {@link AtomicReferenceArray}; two threads that ask for the same new state may both compute it,
 * and one result wins (they are equal).
 */
final class DfaRuns {
    private final CompiledGrammar grammar;
    /**
     * By state, its runs in byte order as pairs (first byte, target), the target -1 for dead
     * bytes; the first run starts at byte 0 and each run ends where the next one starts (the last
     * at 256). Null until computed.
     */
    private final AtomicReferenceArray<int[]> runs;

    /** A run that never ends: the chain comes back to a state it met. */
    static final int UNBOUNDED = Integer.MAX_VALUE;
    private static final int UNKNOWN = -1;

    /**
     * By state, {@link #plainRun} (UNKNOWN until computed). Written without synchronization: a
     * value never changes once known, so a reader that misses a write only computes it again.
     */
    private final int[] plainRuns;
    /** By state, {@link #textRun}, as {@link #plainRuns}. */
    private final int[] textRuns;

    DfaRuns(CompiledGrammar grammar) {
        this.grammar = grammar;
        this.runs = new AtomicReferenceArray<>(grammar.dfaStateCount());
        this.plainRuns = new int[grammar.dfaStateCount()];
        this.textRuns = new int[grammar.dfaStateCount()];
        Arrays.fill(plainRuns, UNKNOWN);
        Arrays.fill(textRuns, UNKNOWN);
    }

    /**
     * How many plain bytes (see {@link TokenTrie#isPlainByte}) a walk may read from state
     * {@code q}, whichever they are, through states that are live and not accepting: the length
     * of the chain {@code q -> q1 -> q2 ...} in which every plain byte leads from each state to
     * the next (the same one for all of them), {@link #UNBOUNDED} when the chain comes back to a
     * state it met. A state that loops on every plain byte (a JSON string's interior) has an
     * unbounded run; the k-th character position of a string of at most m characters has a run
     * of m - k. A walk takes a subtree of plain bytes whole from a state whose run is at least
     * the subtree's height: every token in it is inside, none leaves.
     */
    int plainRun(int q) {
        int known = plainRuns[q]; // read for most nodes of a walk: kept small enough to inline
        return known != UNKNOWN ? known : run(q, plainRuns, false);
    }

    /**
     * As {@link #plainRun}, for text (see {@link TokenTrie#textBelow}): the chain in which every
     * character, plain byte or UTF-8 sequence, leads from each state to the next through states
     * that are live and not accepting, counted in characters. A bound on bytes is a bound on
     * characters, so a subtree of text at most that many bytes high is inside whole.
     */
    int textRun(int q) {
        int known = textRuns[q];
        return known != UNKNOWN ? known : run(q, textRuns, true);
    }

    /** The run of {@code q} (not yet known) along the chain of {@link #successor}, memoized in {@code runs}. */
    private int run(int q, int[] runs, boolean text) {
        IntArrayList chain = new IntArrayList();
        IntOpenHashSet met = new IntOpenHashSet();
        int at = q;
        int base; // the run of the state after the chain's last one
        while (true) {
            if (runs[at] != UNKNOWN) {
                base = runs[at];
                break;
            }
            if (!met.add(at)) {
                base = UNBOUNDED; // came back: every state of the chain reads on forever
                break;
            }
            chain.add(at);
            int next = successor(at, text);
            if (next < 0) {
                base = -1; // the last state of the chain has a run of 0
                break;
            }
            at = next;
        }
        for (int i = chain.size() - 1; i >= 0; i--) {
            base = base == UNBOUNDED ? UNBOUNDED : base + 1;
            runs[chain.getInt(i)] = base;
        }
        return runs[q];
    }

    /**
     * The state every plain byte (with {@code text}, every character) leads to from {@code q},
     * when it is one state, live and not accepting, and the characters' inner states are live and
     * not accepting; else -1.
     */
    private int successor(int q, boolean text) {
        TerminalDfa d = dfaOf(q);
        int next = -1;
        for (int b = 0; b < 256; b++) {
            if (TokenTrie.isPlainByte(b)) {
                int t = d.next(q, b);
                if (t < 0 || (next >= 0 && t != next)) {
                    return -1;
                }
                next = t;
            }
        }
        if (grammar.dfaAccepting(next)) {
            return -1;
        }
        return !text || multiByteCharactersLeadTo(d, q, next) ? next : -1;
    }

    /** The most distinct (state, decoder state) pairs one byte position of a character may reach. */
    private static final int MAX_PAIRS = 16;

    /**
     * Whether every non-ASCII character in UTF-8 leads from {@code q} to {@code target} through
     * states that are live and not accepting (so a token that ends inside a character is inside
     * too). Breadth-first over the distinct pairs of DFA state and decoder state after each byte
     * of a character (see {@link TokenTrie#textDecoder}), all first bytes at once: what follows
     * a pair depends on the pair alone, and a minimal DFA has few of them, so the work is a few
     * hundred transitions, not one search per first byte.
     */
    private boolean multiByteCharactersLeadTo(TerminalDfa dfa, int q, int target) {
        int[] states = new int[MAX_PAIRS];
        int[] decoders = new int[MAX_PAIRS];
        int[] nextStates = new int[MAX_PAIRS];
        int[] nextDecoders = new int[MAX_PAIRS];
        int count = 0;
        for (int lead = 0x80; lead < 0x100; lead++) {
            int d = TokenTrie.textDecoder(0, lead);
            if (d < 0) {
                continue; // not the first byte of a character: no text starts with it
            }
            int t = dfa.next(q, lead);
            if (t < 0 || grammar.dfaAccepting(t)) {
                return false;
            }
            count = addPair(states, decoders, count, t, d);
            if (count < 0) {
                return false;
            }
        }
        while (count > 0) { // one continuation byte further per round
            int nextCount = 0;
            for (int k = 0; k < count; k++) {
                for (int b = 0x80; b <= 0xBF; b++) {
                    int nd = TokenTrie.textDecoder(decoders[k], b);
                    if (nd < 0) {
                        continue;
                    }
                    int u = dfa.next(states[k], b);
                    if (nd == 0) {
                        if (u != target) {
                            return false;
                        }
                        continue;
                    }
                    if (u < 0 || grammar.dfaAccepting(u)) {
                        return false;
                    }
                    nextCount = addPair(nextStates, nextDecoders, nextCount, u, nd);
                    if (nextCount < 0) {
                        return false;
                    }
                }
            }
            int[] swap = states;
            states = nextStates;
            nextStates = swap;
            swap = decoders;
            decoders = nextDecoders;
            nextDecoders = swap;
            count = nextCount;
        }
        return true;
    }

    /**
     * Adds the pair ({@code state}, {@code decoder}) to the first {@code count} pairs unless it is
     * there; the new count, or -1 past {@link #MAX_PAIRS} (more states than a UTF-8 decoder
     * needs: not a run worth checking, the caller answers no).
     */
    private static int addPair(int[] states, int[] decoders, int count, int state, int decoder) {
        for (int j = 0; j < count; j++) {
            if (states[j] == state && decoders[j] == decoder) {
                return count;
            }
        }
        if (count == states.length) {
            return -1;
        }
        states[count] = state;
        decoders[count] = decoder;
        return count + 1;
    }

    /** The grammar whose states these are. */
    CompiledGrammar grammar() {
        return grammar;
    }

    /** The runs of state {@code q} (see {@link #runs}; read-only by contract). */
    int[] of(int q) {
        int[] r = runs.get(q);
        if (r == null) {
            r = compute(q);
            runs.set(q, r); // equal to any other thread's result: no need to keep the first
        }
        return r;
    }

    /** Reads {@code q}'s row a run of its automaton's own runs at a time, merging neighbours with one target. */
    private int[] compute(int q) {
        TerminalDfa d = dfaOf(q);
        int runCount = d.runCount();
        int count = 0;
        int previous = -2;
        for (int k = 0; k < runCount; k++) {
            int t = d.next(q, d.runStart(k));
            if (t != previous) {
                count++;
                previous = t;
            }
        }
        int[] r = new int[2 * count];
        int at = 0;
        previous = -2;
        for (int k = 0; k < runCount; k++) {
            int t = d.next(q, d.runStart(k));
            if (t != previous) {
                r[at++] = d.runStart(k);
                r[at++] = t;
                previous = t;
            }
        }
        return r;
    }

    /** The automaton of {@code q}'s terminal, which every transition from {@code q} stays in. */
    private TerminalDfa dfaOf(int q) {
        return grammar.terminalDfa(grammar.dfaTerminalOf(q));
    }
}
