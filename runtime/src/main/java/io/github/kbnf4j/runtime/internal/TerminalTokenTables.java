package io.github.kbnf4j.runtime.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.TerminalDfa;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * {@link StateTokens} for every DFA state of a grammar against one token trie, computed lazily
 * the first time a mask needs the state, then reused by every matcher of the constraint.
 *
 * <p>Where {@link SharedTokenTables} is given, a state's data comes from there, keyed by the
 * state's {@link Residual residual automaton}: another grammar with the same terminal has
 * usually computed it already. A state is shared when its residual (cut at the longest token:
 * see {@link Residual#of}) has at most {@value #MAX_SHARED_RESIDUAL} states if it is
 * <i>broad</i> (at least {@value #MIN_SHARED_LIVE_BYTES} live bytes: inside a string, tables
 * that take milliseconds), at most {@value #MAX_NARROW_RESIDUAL} otherwise; the others are
 * computed on the grammar's own DFA, where a residual's key would cost more than it saves. So the
 * string interior reached inside a big "any key but these" terminal is shared with every plain
 * string of every other grammar. A state that is not shared whole is still made of shared
 * subtrees where it can be ({@link SubtreeTokens}).
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
    /**
     * The most states of a residual whose tables are shared. Residuals are cut at the longest
     * token (see {@link Residual#of}); so cut, the positions of a string of up to 255 characters
     * (each with the states of every JSON spelling of a character) have residuals of 2,000-4,000
     * states, which a bound of 1,024 left to be walked anew in every schema, at a millisecond or
     * two per position.
     */
    static final int MAX_SHARED_RESIDUAL = 8192;
    /**
     * The most states of the residual of a narrow state (fewer live bytes than
     * {@link Sharing#minLiveBytes()}) whose tables are shared: cheap to key, and worth it where the
     * state's exits are many (after whitespace, every token " xyz" leaves the terminal).
     */
    static final int MAX_NARROW_RESIDUAL = 32;
    /** The fewest trie nodes of a root child's subtree that is shared (smaller ones are walked: cheaper than a key). */
    static final int MIN_SHARED_SUBTREE = 64;

    /**
     * When a state's tables are shared: its fewest live bytes, its residual's most states, and
     * the fewest nodes of a shared subtree. Tests lower the thresholds so that small
     * vocabularies and grammars share everything.
     */
    record Sharing(int minLiveBytes, int maxResidual, int minSubtree) {
        static final Sharing DEFAULT = new Sharing(MIN_SHARED_LIVE_BYTES, MAX_SHARED_RESIDUAL, MIN_SHARED_SUBTREE);
    }

    private final CompiledGrammar grammar;
    private final TokenTrie trie;
    /** Where tables are shared with other grammars, or null. */
    private final SharedTokenTables shared;
    private final Sharing sharing;
    /**
     * The walks' view of each terminal's automaton ({@link #dfaOf}), made on first use (racy but
     * idempotent: a view is immutable); shared with the suffix tries' tables.
     */
    private final TerminalView[] views;
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
    /** Residuals already computed, by global state (a few ints per state and transition run). */
    private final ConcurrentHashMap<Integer, Residual> residuals;
    /**
     * The scratch arrays of {@link Residual#of} (an int per DFA state), kept for the next call;
     * a thread takes them out while it uses them, and one that finds none makes its own.
     */
    private final AtomicReference<Residual.Scratch> spareScratch;
    /** The grammar's transitions as runs, for {@link Residual#of}. */
    private final DfaRuns dfaRuns;
    /**
     * For each DFA state, whether its residual has more than {@link Sharing#maxResidual()} states.
     * Written without synchronization: a reader that misses a write only computes it again.
     */
    private final boolean[] residualTooBig;
    /**
     * The depth at which residuals are cut (see {@link Residual#of}): the vocabulary trie's, the
     * longest token in bytes. The tries of exit suffixes are no deeper, so one residual per
     * state serves them all.
     */
    private final int residualDepth;

    /** Tables of {@code grammar} over {@code trie}, computed for this grammar alone. */
    public TerminalTokenTables(CompiledGrammar grammar, TokenTrie trie) {
        this(grammar, trie, null);
    }

    /** Tables of {@code grammar} over the vocabulary's {@code trie}, sharing with other grammars through {@code shared} (may be null). */
    public TerminalTokenTables(CompiledGrammar grammar, TokenTrie trie, SharedTokenTables shared) {
        this(grammar, trie, shared, Sharing.DEFAULT);
    }

    TerminalTokenTables(CompiledGrammar grammar, TokenTrie trie, SharedTokenTables shared, Sharing sharing) {
        this.grammar = grammar;
        this.sharing = sharing;
        this.trie = trie;
        this.shared = shared;
        this.views = new TerminalView[grammar.terminalCount()];
        int stateCount = grammar.dfaStateCount();
        this.states = new AtomicReferenceArray<>(stateCount);
        this.sparseStates = null;
        this.tokenIds = null;
        this.liveBytes = grammar.dfaLiveBytes();
        this.startState = new boolean[stateCount];
        for (int t = 0; t < grammar.terminalCount(); t++) {
            startState[grammar.terminalStartState(t)] = true;
        }
        this.residuals = new ConcurrentHashMap<>();
        this.spareScratch = new AtomicReference<>();
        this.dfaRuns = new DfaRuns(grammar);
        this.residualTooBig = new boolean[stateCount];
        this.residualDepth = trie.maxDepth();
    }

    private TerminalTokenTables(TerminalTokenTables vocabularyTables, TokenTrie suffixTrie, int[] tokenIds,
            SharedTokenTables shared) {
        this.grammar = vocabularyTables.grammar;
        this.trie = suffixTrie;
        this.shared = shared;
        this.sharing = vocabularyTables.sharing;
        this.views = vocabularyTables.views;
        this.states = null;
        this.sparseStates = new ConcurrentHashMap<>();
        this.tokenIds = tokenIds;
        this.liveBytes = vocabularyTables.liveBytes;
        this.startState = vocabularyTables.startState;
        this.residuals = vocabularyTables.residuals;
        this.spareScratch = vocabularyTables.spareScratch;
        this.dfaRuns = vocabularyTables.dfaRuns;
        this.residualTooBig = vocabularyTables.residualTooBig;
        this.residualDepth = vocabularyTables.residualDepth;
    }

    /**
     * Tables over {@code suffixTrie}, whose id {@code k} is vocabulary id {@code tokenIds[k]},
     * sharing this one's grammar-wide data.
     */
    TerminalTokenTables forSuffixes(TokenTrie suffixTrie, int[] tokenIds) {
        return new TerminalTokenTables(this, suffixTrie, tokenIds, shared);
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
        SuffixTrie s = shared != null ? shared.groupSuffixes(source, g) : null;
        if (s == null) { // not shared: so neither are the tables over it (their keys would name a trie no one else has)
            s = source.buildGroupSuffixes(g);
            return new ExitSuffixes(s.trie(), s.tokenIds(), new TerminalTokenTables(this, s.trie(), s.tokenIds(), null));
        }
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
        if (shared == null) {
            return new StateTokens(ResidualTokens.compute(trie, tokenIds, dfaOf(s), s, null, null), null,
                    this);
        }
        Residual r = residual(s);
        if (r == null) { // too big to share whole; its subtrees may still be shared
            return new StateTokens(ResidualTokens.compute(trie, tokenIds, dfaOf(s), s, subtrees(), null),
                    null, this);
        }
        // walked on the grammar's own states (the same automaton), its group states kept in r's numbering
        ResidualTokens tokens = shared.tokens(trie, r,
                () -> ResidualTokens.compute(trie, tokenIds, dfaOf(s), s, subtrees(), r::localOf));
        return new StateTokens(tokens, r.localToGlobal(), this);
    }

    /**
     * The shared subtrees (see {@link SubtreeTokens}) for a walk on the grammar's states: a root
     * child's subtree is taken from the store when it is large and the state after its byte is
     * broad with a small residual. A missing one is walked on the grammar's states too, its group
     * states kept in the residual's numbering.
     */
    private ResidualTokens.SubtreeSource subtrees() {
        SubtreeTokens.Scratch[] scratch = new SubtreeTokens.Scratch[1]; // one per computation, made on the first miss
        return (child, t) -> {
            if (trie.subtreeEnd(child) - child < sharing.minSubtree() || liveByteCount(t) < sharing.minLiveBytes()) {
                return null;
            }
            Residual rt = residual(t);
            if (rt == null) {
                return null;
            }
            SubtreeTokens sub = shared.subtree(trie, child, rt, () -> {
                if (scratch[0] == null) {
                    scratch[0] = new SubtreeTokens.Scratch(trie);
                }
                return SubtreeTokens.walk(trie, dfaOf(t), child, t, scratch[0], rt::localOf);
            });
            int[] toGlobal = rt.localToGlobal();
            return new ResidualTokens.SubtreeSource.Found(sub, k -> toGlobal[k]);
        };
    }

    /** The automaton of global state {@code s}'s terminal, for a walk from {@code s} (which never leaves it). */
    private ResidualTokens.Dfa dfaOf(int s) {
        int t = grammar.dfaTerminalOf(s);
        TerminalView v = views[t];
        if (v == null) {
            v = new TerminalView(grammar.terminalDfa(t), grammar);
            views[t] = v;
        }
        return v;
    }

    /**
     * One terminal's automaton as the walks read it: transitions through {@link TerminalDfa}
     * (no lookup per state of which automaton it is in), accepting states from the grammar, and
     * the runs of all its states computed when the view is made (see {@link TerminalTextRuns}).
     */
    private static final class TerminalView implements ResidualTokens.Dfa {
        private final TerminalDfa dfa;
        private final CompiledGrammar grammar;
        private final TerminalTextRuns runs;

        TerminalView(TerminalDfa dfa, CompiledGrammar grammar) {
            this.dfa = dfa;
            this.grammar = grammar;
            this.runs = new TerminalTextRuns(grammar, dfa);
        }

        @Override
        public int next(int state, int b) {
            return dfa.next(state, b);
        }

        @Override
        public boolean accepting(int state) {
            return grammar.dfaAccepting(state);
        }

        @Override
        public int plainRun(int state) {
            return runs.plainRun(state);
        }

        @Override
        public int textRun(int state) {
            return runs.textRun(state);
        }
    }

    /** The residual of global state {@code s}, or null when it is too big to share; computed once per constraint. */
    private Residual residual(int s) {
        if (residualTooBig[s]) {
            return null;
        }
        Residual r = residuals.get(s);
        if (r == null) {
            Residual.Scratch scratch = spareScratch.getAndSet(null); // taken by one thread at a time
            if (scratch == null) {
                scratch = new Residual.Scratch(grammar.dfaStateCount());
            }
            int limit = liveByteCount(s) >= sharing.minLiveBytes() ? sharing.maxResidual()
                    : Math.min(MAX_NARROW_RESIDUAL, sharing.maxResidual());
            r = Residual.of(dfaRuns, s, limit, residualDepth, scratch);
            spareScratch.set(scratch);
            if (r == null) {
                residualTooBig[s] = true;
                return null;
            }
            residuals.put(s, r);
        }
        return r;
    }
}
