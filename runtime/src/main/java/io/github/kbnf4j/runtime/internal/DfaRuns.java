package io.github.kbnf4j.runtime.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
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

    /**
     * By state: 0 not yet known, 1 when every {@link TokenTrie#isPlainByte plain byte} leads back
     * to the state, 2 when not. Written without synchronization: the values never change once
     * known, so a reader that misses a write only computes it again.
     */
    private final byte[] loopsOnPlainBytes;

    /** By state, as {@link #loopsOnPlainBytes} (0 unknown, 1 yes, 2 no): whether the state loops on all text. */
    private final byte[] loopsOnText;

    DfaRuns(CompiledGrammar grammar) {
        this.grammar = grammar;
        this.runs = new AtomicReferenceArray<>(grammar.dfaStateCount());
        this.loopsOnPlainBytes = new byte[grammar.dfaStateCount()];
        this.loopsOnText = new byte[grammar.dfaStateCount()];
    }

    /**
     * Whether state {@code q} reads any text and comes back to itself (see
     * {@link TokenTrie#textBelow}): it loops on every plain byte, and every non-ASCII character
     * in UTF-8 leads back to {@code q} through states that are live and not accepting (so a token
     * that ends inside a character is inside too). The states after each byte of a character are
     * few in a minimal DFA, so each is checked once per byte position, not once per character.
     */
    boolean loopsOnText(int q) {
        byte known = loopsOnText[q];
        if (known == 0) {
            known = loopsOnPlainBytes(q) && multiByteCharactersReturn(q) ? (byte) 1 : (byte) 2;
            loopsOnText[q] = known;
        }
        return known == 1;
    }

    private boolean multiByteCharactersReturn(int q) {
        int[] states = new int[8]; // the distinct states after a character's first bytes, and the decoder's state
        int[] decoders = new int[8];
        int[] nextStates = new int[8];
        int[] nextDecoders = new int[8];
        for (int lead = 0x80; lead < 0x100; lead++) {
            int d = TokenTrie.textDecoder(0, lead);
            if (d < 0) {
                continue; // not the first byte of a character: no text starts with it
            }
            int t = grammar.dfaNext(q, lead);
            if (t < 0 || grammar.dfaAccepting(t)) {
                return false;
            }
            int count = 1;
            states[0] = t;
            decoders[0] = d;
            while (count > 0) { // one continuation byte further per round
                int nextCount = 0;
                for (int k = 0; k < count; k++) {
                    for (int b = 0x80; b <= 0xBF; b++) {
                        int nd = TokenTrie.textDecoder(decoders[k], b);
                        if (nd < 0) {
                            continue;
                        }
                        int u = grammar.dfaNext(states[k], b);
                        if (nd == 0) {
                            if (u != q) {
                                return false;
                            }
                            continue;
                        }
                        if (u < 0 || grammar.dfaAccepting(u)) {
                            return false;
                        }
                        boolean seen = false;
                        for (int j = 0; j < nextCount && !seen; j++) {
                            seen = nextStates[j] == u && nextDecoders[j] == nd;
                        }
                        if (!seen) {
                            if (nextCount == nextStates.length) {
                                return false; // more distinct states than a UTF-8 decoder needs: not a text loop worth checking
                            }
                            nextStates[nextCount] = u;
                            nextDecoders[nextCount++] = nd;
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
        }
        return true;
    }

    /** Whether every plain byte (see {@link TokenTrie#isPlainByte}) leads from state {@code q} back to {@code q}. */
    boolean loopsOnPlainBytes(int q) {
        byte known = loopsOnPlainBytes[q];
        if (known == 0) {
            known = 1;
            for (int b = 0; b < 256 && known == 1; b++) {
                if (TokenTrie.isPlainByte(b) && grammar.dfaNext(q, b) != q) {
                    known = 2;
                }
            }
            loopsOnPlainBytes[q] = known;
        }
        return known == 1;
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

    private int[] compute(int q) {
        CompiledGrammar g = grammar;
        int count = 0;
        int previous = -2;
        for (int b = 0; b < 256; b++) {
            int t = g.dfaNext(q, b);
            if (t != previous) {
                count++;
                previous = t;
            }
        }
        int[] r = new int[2 * count];
        int at = 0;
        previous = -2;
        for (int b = 0; b < 256; b++) {
            int t = g.dfaNext(q, b);
            if (t != previous) {
                r[at++] = b;
                r[at++] = t;
                previous = t;
            }
        }
        return r;
    }
}
