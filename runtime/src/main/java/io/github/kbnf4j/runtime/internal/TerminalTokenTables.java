package io.github.kbnf4j.runtime.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * {@link StateTokens} for every DFA state of a grammar against one token trie, computed lazily
 * the first time a mask needs the state, then reused by every matcher of the constraint.
 *
 * <p>Where {@link SharedTokenTables} is given, a state's data comes from there, keyed by the
 * state's {@link Residual residual automaton}: another grammar with the same terminal has
 * usually computed it already. Only <i>broad</i> states are shared, those with at least
 * {@value #MIN_SHARED_LIVE_BYTES} live bytes (inside a string: their tables take milliseconds to
 * compute), and only when their residual has at most {@value #MAX_SHARED_RESIDUAL} states; the
 * others are computed on the grammar's own DFA, where a residual's key would cost more than it
 * saves. So the string interior reached inside a big "any key but these" terminal is shared
 * with every plain string of every other grammar.
 *
 * <p>The same tables exist for the tries of exit suffixes ({@link ExitSuffixes}), which the
 * grouped exit walk matches by layer 2 in turn; those keep only the states their walks meet, in
 * a map, and share the grammar-wide data (live bytes, start states) of the vocabulary's tables.
 *
 * <p>THREAD SAFETY: entries are published through an {@link AtomicReferenceArray} (or a
 * {@link ConcurrentHashMap}); two threads that need the same missing state may both compute it,
 * and one result wins. Entries are immutable, so readers never see a partial one.
 */
public final class TerminalTokenTables {
    /** The fewest live bytes of a state whose tables are shared. */
    static final int MIN_SHARED_LIVE_BYTES = 16;
    /** The most states of a residual whose tables are shared. */
    static final int MAX_SHARED_RESIDUAL = 1024;

    private final CompiledGrammar grammar;
    private final TokenTrie trie;
    private final int maskWords;
    /** Where tables are shared with other grammars, or null. */
    private final SharedTokenTables shared;
    /** The grammar's DFA, for states computed unshared. */
    private final ResidualTokens.Dfa grammarDfa;
    /** The tables by DFA state, for the vocabulary's trie (null for a suffix trie). */
    private final AtomicReferenceArray<StateTokens> states;
    /** The tables by DFA state, for a suffix trie: only the few states its walks meet (null for the vocabulary). */
    private final ConcurrentHashMap<Integer, StateTokens> sparseStates;
    /** The vocabulary id of each id of {@link #trie}; null when the trie is the vocabulary's. */
    private final int[] tokenIds;
    /** For each DFA state, the bytes with a transition, four words per state. */
    private final long[] liveBytes;
    /** For each DFA state, whether it is the start state of a terminal. */
    private final boolean[] startState;

    /** Tables of {@code grammar} over {@code trie}, computed for this grammar alone. */
    public TerminalTokenTables(CompiledGrammar grammar, TokenTrie trie) {
        this(grammar, trie, null);
    }

    /** Tables of {@code grammar} over the vocabulary's {@code trie}, sharing with other grammars through {@code shared} (may be null). */
    public TerminalTokenTables(CompiledGrammar grammar, TokenTrie trie, SharedTokenTables shared) {
        this.grammar = grammar;
        this.trie = trie;
        this.maskWords = (trie.vocabularySize() + 63) >>> 6;
        this.shared = shared;
        this.grammarDfa = new ResidualTokens.Dfa() {
            @Override
            public int next(int state, int b) {
                return grammar.dfaNext(state, b);
            }

            @Override
            public boolean accepting(int state) {
                return grammar.dfaAccepting(state);
            }
        };
        int stateCount = grammar.dfaStateCount();
        this.states = new AtomicReferenceArray<>(stateCount);
        this.sparseStates = null;
        this.tokenIds = null;
        this.liveBytes = new long[4 * stateCount];
        for (int s = 0; s < stateCount; s++) {
            for (int b = 0; b < 256; b++) {
                if (grammar.dfaNext(s, b) >= 0) {
                    liveBytes[4 * s + (b >>> 6)] |= 1L << b;
                }
            }
        }
        this.startState = new boolean[stateCount];
        for (int t = 0; t < grammar.terminalCount(); t++) {
            startState[grammar.terminalStartState(t)] = true;
        }
    }

    private TerminalTokenTables(TerminalTokenTables vocabularyTables, TokenTrie suffixTrie, int[] tokenIds) {
        this.grammar = vocabularyTables.grammar;
        this.trie = suffixTrie;
        this.maskWords = (suffixTrie.vocabularySize() + 63) >>> 6;
        this.shared = vocabularyTables.shared;
        this.grammarDfa = vocabularyTables.grammarDfa;
        this.states = null;
        this.sparseStates = new ConcurrentHashMap<>();
        this.tokenIds = tokenIds;
        this.liveBytes = vocabularyTables.liveBytes;
        this.startState = vocabularyTables.startState;
    }

    /**
     * Tables over {@code suffixTrie}, whose id {@code k} is vocabulary id {@code tokenIds[k]},
     * sharing this one's grammar-wide data.
     */
    TerminalTokenTables forSuffixes(TokenTrie suffixTrie, int[] tokenIds) {
        return new TerminalTokenTables(this, suffixTrie, tokenIds);
    }

    /** The vocabulary id of each id of this table's trie, or null when the trie is the vocabulary's. */
    int[] tokenIds() {
        return tokenIds;
    }

    /** Whether some byte has a transition from DFA state {@code s} and is in the 256-bit set {@code bytes}. */
    public boolean liveBytesIntersect(int s, long[] bytes) {
        int at = 4 * s;
        return ((liveBytes[at] & bytes[0]) | (liveBytes[at + 1] & bytes[1]) | (liveBytes[at + 2] & bytes[2])
                | (liveBytes[at + 3] & bytes[3])) != 0;
    }

    private int liveByteCount(int s) {
        int at = 4 * s;
        return Long.bitCount(liveBytes[at]) + Long.bitCount(liveBytes[at + 1]) + Long.bitCount(liveBytes[at + 2])
                + Long.bitCount(liveBytes[at + 3]);
    }

    /** Whether DFA state {@code s} is accepting. */
    boolean isAccepting(int s) {
        return grammar.dfaAccepting(s);
    }

    /** The suffixes of the tokens below {@code exits}, nodes of this table's trie. */
    ExitSuffixes suffixesOf(int[] exits) {
        return ExitSuffixes.of(trie, exits, 0, exits.length, this);
    }

    /** The suffixes of exit group {@code g} of {@code source}, with tables of their own for this grammar. */
    ExitSuffixes suffixesOf(ResidualTokens source, int g) {
        SuffixTrie s = shared != null ? shared.groupSuffixes(source, g) : source.buildGroupSuffixes(g);
        return new ExitSuffixes(s.trie(), s.tokenIds(), forSuffixes(s.trie(), s.tokenIds()));
    }

    /** Whether DFA state {@code s} is the start state of a terminal. */
    public boolean isStartState(int s) {
        return startState[s];
    }

    /** The tokens seen from global DFA state {@code s}. */
    public StateTokens get(int s) {
        if (states == null) {
            StateTokens t = sparseStates.get(s);
            if (t == null) {
                StateTokens computed = compute(s);
                t = sparseStates.putIfAbsent(s, computed);
                if (t == null) {
                    t = computed;
                }
            }
            return t;
        }
        StateTokens t = states.get(s);
        if (t == null) {
            t = compute(s);
            if (!states.compareAndSet(s, null, t)) {
                t = states.get(s);
            }
        }
        return t;
    }

    private StateTokens compute(int s) {
        Residual r = shared == null || liveByteCount(s) < MIN_SHARED_LIVE_BYTES ? null
                : Residual.of(grammar, s, MAX_SHARED_RESIDUAL);
        if (r == null) {
            return new StateTokens(ResidualTokens.compute(trie, tokenIds, grammarDfa, s, maskWords), null, this);
        }
        ResidualTokens tokens = shared.tokens(trie, r, () -> ResidualTokens.compute(trie, tokenIds, r, 0, maskWords));
        return new StateTokens(tokens, r.localToGlobal(), this);
    }
}
