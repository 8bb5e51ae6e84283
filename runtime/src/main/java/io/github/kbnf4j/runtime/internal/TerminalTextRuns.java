package io.github.kbnf4j.runtime.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.TerminalDfa;
import java.util.Arrays;

/**
 * For every state of one terminal's automaton, how many plain bytes (see
 * {@link TokenTrie#isPlainByte}) and how many characters of text (see {@link TokenTrie#textBelow})
 * it reads, whichever they are, through states that are live and not accepting: the bound by
 * which {@link SubtreeTokens} takes a subtree of the vocabulary's trie whole.
 *
 * <p>The run of {@code q} is the length of the chain {@code q -> q1 -> q2 ...} in which every
 * plain byte (every character) leads from each state to the next, the same one for all of them;
 * {@link #UNBOUNDED} when the chain comes back to a state it met. A state that loops on every
 * plain byte (a JSON string's interior) has an unbounded run; the k-th character position of a
 * string of at most m characters has a run of m - k.
 *
 * <p>All the terminal's states are computed at once, when a walk first meets the terminal, so a
 * walk only reads arrays. (Computing them on demand inside the walk put the rare, branchy miss
 * path into the walk's compiled code, and every branch it took for the first time threw that
 * compiled code away: several recompilations of the walk per run.) The work is small: per state,
 * one transition per run of bytes that holds a plain byte, stopping at the first that differs,
 * and the multi-byte characters only from states whose plain bytes all agree.
 *
 * <p>Immutable.
 */
final class TerminalTextRuns {
    /** A run that never ends: the chain comes back to a state it met. */
    static final int UNBOUNDED = Integer.MAX_VALUE;
    /** The most distinct (state, decoder state) pairs one byte position of a character may reach. */
    private static final int MAX_PAIRS = 16;

    private final int firstState;
    /** By state, less {@link #firstState}: the plain run. */
    private final int[] plainRuns;
    /** By state, less {@link #firstState}: the text run, in characters. */
    private final int[] textRuns;

    /** The runs of every state of {@code dfa}, a terminal of {@code grammar}. */
    TerminalTextRuns(CompiledGrammar grammar, TerminalDfa dfa) {
        this.firstState = dfa.firstState();
        int n = dfa.endState() - firstState;
        int[] plainBytes = plainRepresentatives(dfa);
        int[] plainSuccessor = new int[n];
        int[] textSuccessor = new int[n];
        for (int i = 0; i < n; i++) {
            int q = firstState + i;
            int next = plainSuccessor(grammar, dfa, q, plainBytes);
            plainSuccessor[i] = next;
            textSuccessor[i] = next >= 0 && multiByteCharactersLeadTo(grammar, dfa, q, next) ? next : -1;
        }
        this.plainRuns = chainLengths(plainSuccessor, firstState);
        this.textRuns = chainLengths(textSuccessor, firstState);
    }

    /** The plain run of state {@code q}, one of this terminal's. */
    int plainRun(int q) {
        return plainRuns[q - firstState];
    }

    /** The text run of state {@code q}, one of this terminal's, in characters. */
    int textRun(int q) {
        return textRuns[q - firstState];
    }

    /**
     * One plain byte of each run of bytes of {@code dfa} (see {@link TerminalDfa#runStart}) that
     * holds one: every byte of a run leads every state to the same place, so these stand for all
     * plain bytes.
     */
    private static int[] plainRepresentatives(TerminalDfa dfa) {
        int runCount = dfa.runCount();
        int[] representatives = new int[runCount];
        int count = 0;
        for (int k = 0; k < runCount; k++) {
            for (int b = dfa.runStart(k), end = dfa.runStart(k + 1); b < end; b++) {
                if (TokenTrie.isPlainByte(b)) {
                    representatives[count++] = b;
                    break;
                }
            }
        }
        return Arrays.copyOf(representatives, count);
    }

    /**
     * The state every plain byte leads to from {@code q}, when it is one state, live and not
     * accepting; else -1.
     */
    private static int plainSuccessor(CompiledGrammar grammar, TerminalDfa dfa, int q, int[] plainBytes) {
        int next = -1;
        for (int b : plainBytes) {
            int t = dfa.next(q, b);
            if (t < 0 || (next >= 0 && t != next)) {
                return -1;
            }
            next = t;
        }
        return next >= 0 && !grammar.dfaAccepting(next) ? next : -1;
    }

    /**
     * By state, the length of its chain along {@code successor} (-1: none), each state's chain
     * followed until it meets a state already known, a state without a successor (whose run is 0)
     * or a state of its own chain again (all of the chain unbounded).
     */
    private static int[] chainLengths(int[] successor, int firstState) {
        int n = successor.length;
        int[] runs = new int[n];
        int[] seenIn = new int[n]; // the chain (start index + 1) that met a state; 0: none yet
        int[] chain = new int[n];
        for (int start = 0; start < n; start++) {
            if (seenIn[start] != 0) {
                continue; // known: a chain that met it gave it its run
            }
            int length = 0;
            int at = start;
            int base; // the run of the state after the chain's last one
            while (true) {
                if (seenIn[at] != 0) {
                    base = seenIn[at] == start + 1 ? UNBOUNDED : runs[at]; // its own chain again: a loop
                    break;
                }
                seenIn[at] = start + 1;
                chain[length++] = at;
                int next = successor[at];
                if (next < 0) {
                    base = -1; // the last state of the chain has a run of 0
                    break;
                }
                at = next - firstState;
            }
            for (int k = length - 1; k >= 0; k--) {
                base = base == UNBOUNDED ? UNBOUNDED : base + 1;
                runs[chain[k]] = base;
            }
        }
        return runs;
    }

    /**
     * Whether every non-ASCII character in UTF-8 leads from {@code q} to {@code target} through
     * states that are live and not accepting (so a token that ends inside a character is inside
     * too). Breadth-first over the distinct pairs of DFA state and decoder state after each byte
     * of a character (see {@link TokenTrie#textDecoder}), all first bytes at once: what follows
     * a pair depends on the pair alone, and a minimal DFA has few of them, so the work is a few
     * hundred transitions, not one search per first byte.
     */
    private static boolean multiByteCharactersLeadTo(CompiledGrammar grammar, TerminalDfa dfa, int q,
            int target) {
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
}
