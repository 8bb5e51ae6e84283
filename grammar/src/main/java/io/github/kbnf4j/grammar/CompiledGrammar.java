package io.github.kbnf4j.grammar;

import io.github.kbnf4j.grammar.internal.automata.TransitionTable;
import java.util.List;

/**
 * A validated, simplified grammar in packed primitive arrays, ready for the Earley recognizer.
 * Immutable and thread-safe; compile once with {@link Grammar}, share everywhere.
 *
 * <h2>Form</h2>
 * <ul>
 *   <li>Nonterminals are numbered {@code 0 .. nonterminalCount()-1}. No production is empty:
 *       whether the empty string is a sentence is {@link #acceptsEmpty()}.
 *   <li>Productions are numbered densely and grouped by left-hand side: the productions of
 *       nonterminal {@code n} are {@code firstProduction(n) .. firstProduction(n+1)-1}.
 *   <li>A <em>dotted rule</em> is a production with a position in it. Dotted rules are numbered
 *       densely: production {@code p} owns {@code dottedRule(p, 0) .. dottedRule(p, len)}, the
 *       last one being complete. {@link #symbolAfterDot(int)} is the symbol right of the dot:
 *       a nonterminal id ({@code >= 0}), a terminal encoded by {@link #terminalSymbol(int)}
 *       ({@code < 0}), or {@link #END} for a complete dotted rule.
 *   <li>Every terminal is a byte DFA. The states of all terminals share one numbering and one
 *       transition table: {@link #dfaNext(int, int)} is {@code -1} for a dead transition;
 *       {@link #terminalStartState(int)} is where a terminal begins. Every state is reachable
 *       from its terminal's start and can reach an accepting state.
 * </ul>
 * Every nonterminal can consume at least one byte; nonterminals that can never finish (an
 * endless stream such as {@code b ::= "a" b;}) are legal and kept. The one exception is a grammar
 * whose only sentence is the empty string ({@code start ::= "";}, legal with a warning): its start
 * nonterminal has no production, and {@link #acceptsEmpty()} is true.
 */
public final class CompiledGrammar {
    /** {@link #symbolAfterDot(int)} of a complete dotted rule. */
    public static final int END = Integer.MIN_VALUE;

    private final String[] nonterminalNames;
    private final int startNonterminal;
    private final boolean acceptsEmpty;
    /** nonterminal -> its first production; one extra entry at the end (= production count). */
    private final int[] firstProduction;
    /** production -> left-hand nonterminal. */
    private final int[] productionLhs;
    /** production -> its first dotted rule; one extra entry at the end (= dotted rule count). */
    private final int[] productionDot0;
    /** dotted rule -> symbol after the dot (nonterminal, encoded terminal, or END). */
    private final int[] rhs;
    /** dotted rule -> production. */
    private final int[] dotProduction;
    /** terminal -> global DFA state where it starts. */
    private final int[] terminalStartState;
    /**
     * The transition cells: those of global DFA state g start at dfaRows[2g], one per byte class
     * of its terminal's automaton, each the next global state plus one, or 0 when dead (see
     * TransitionTable).
     */
    private final int[] dfaNext;
    /** Per global DFA state: its row's first cell, and where its automaton's class map starts in dfaClassMap. */
    private final int[] dfaRows;
    /** The automata's byte -> class maps, 256 unsigned bytes each. */
    private final byte[] dfaClassMap;
    /** The runs of bytes alike in every automaton ({@link #dfaByteRuns}). */
    private final int[] dfaByteRuns;
    /** {@link #terminalDfa} by terminal, made on first use (racy but idempotent: the views are immutable). */
    private final TerminalDfa[] terminalDfas;
    private final int dfaStateCount;
    /**
     * global DFA state -> the fewest bytes to an accepting state of its terminal (0 if accepting),
     * computed on first use ({@link #dfaBytesToAccept}: only generation and shortest completions
     * read it, never the recognizer); published whole through this field.
     */
    private volatile int[] dfaBytesToAccept;
    /** bit set of accepting global DFA states. */
    private final long[] dfaAccepting;
    /** For each DFA state, the bytes with a transition, four words per state. */
    private final long[] dfaLiveBytes;
    /** terminal -> how it was written, e.g. {@code "true"} or {@code #"[0-9]+"}. */
    private final String[] terminalDescriptions;
    private final List<Diagnostic> warnings;

    CompiledGrammar(String[] nonterminalNames, int startNonterminal, boolean acceptsEmpty, int[] firstProduction,
            int[] productionLhs, int[] productionDot0, int[] rhs, int[] dotProduction, int[] terminalStartState,
            TransitionTable dfaNext, long[] dfaAccepting,
            String[] terminalDescriptions, List<Diagnostic> warnings) {
        this.nonterminalNames = nonterminalNames;
        this.startNonterminal = startNonterminal;
        this.acceptsEmpty = acceptsEmpty;
        this.firstProduction = firstProduction;
        this.productionLhs = productionLhs;
        this.productionDot0 = productionDot0;
        this.rhs = rhs;
        this.dotProduction = dotProduction;
        this.terminalStartState = terminalStartState;
        this.dfaNext = dfaNext.cells();
        this.dfaRows = dfaNext.rows();
        this.dfaClassMap = dfaNext.classMap();
        this.dfaByteRuns = dfaNext.byteRuns();
        this.terminalDfas = new TerminalDfa[terminalStartState.length];
        this.dfaStateCount = dfaNext.stateCount();
        this.dfaAccepting = dfaAccepting;
        this.terminalDescriptions = terminalDescriptions;
        this.warnings = List.copyOf(warnings);
        this.dfaLiveBytes = dfaNext.liveBytes(); // found by the table as it wrote the rows
        assert firstProduction.length == nonterminalNames.length + 1;
        assert productionDot0.length == productionLhs.length + 1;
        assert rhs.length == dotProduction.length && rhs.length == productionDot0[productionLhs.length];
        assert dfaLiveBytes.length == 4 * dfaStateCount();
        assert java.util.Arrays.stream(bytesToAccept()).allMatch(d -> d >= 0) : "a DFA state cannot reach acceptance";
    }

    /** The number of nonterminals. */
    public int nonterminalCount() {
        return nonterminalNames.length;
    }

    /** The name of nonterminal {@code n}: a rule name, or a generated name such as {@code value#2}. */
    public String nonterminalName(int n) {
        return nonterminalNames[n];
    }

    /** The nonterminal whose sentences are the grammar's sentences. */
    public int startNonterminal() {
        return startNonterminal;
    }

    /** Whether the empty string is a sentence (no production derives it: this flag says it). */
    public boolean acceptsEmpty() {
        return acceptsEmpty;
    }

    /** The number of productions. */
    public int productionCount() {
        return productionLhs.length;
    }

    /** The first production of nonterminal {@code n}; its last one is {@code firstProduction(n + 1) - 1}. */
    public int firstProduction(int n) {
        return firstProduction[n];
    }

    /** The left-hand side of production {@code p}. */
    public int productionLhs(int p) {
        return productionLhs[p];
    }

    /** The number of symbols on the right-hand side of production {@code p} (at least 1). */
    public int productionLength(int p) {
        return productionDot0[p + 1] - productionDot0[p] - 1;
    }

    /** The dotted rule of production {@code p} with the dot before symbol {@code dot}. */
    public int dottedRule(int p, int dot) {
        return productionDot0[p] + dot;
    }

    /** The number of dotted rules. */
    public int dottedRuleCount() {
        return rhs.length;
    }

    /** The symbol right of the dot of dotted rule {@code d}, or {@link #END}. */
    public int symbolAfterDot(int d) {
        return rhs[d];
    }

    /** The production of dotted rule {@code d}. */
    public int productionOf(int d) {
        return dotProduction[d];
    }

    /** The position of the dot in dotted rule {@code d}. */
    public int dotPosition(int d) {
        return d - productionDot0[dotProduction[d]];
    }

    /** Whether {@code symbol} (from {@link #symbolAfterDot(int)}) is a terminal. */
    public static boolean isTerminal(int symbol) {
        return symbol < 0 && symbol != END;
    }

    /** The terminal id of a terminal {@code symbol}. */
    public static int terminalOf(int symbol) {
        return -1 - symbol;
    }

    /** The symbol encoding of terminal {@code t}. */
    public static int terminalSymbol(int t) {
        return -1 - t;
    }

    /** The number of terminals. */
    public int terminalCount() {
        return terminalStartState.length;
    }

    /** The global DFA state in which terminal {@code t} starts. */
    public int terminalStartState(int t) {
        return terminalStartState[t];
    }

    /** How terminal {@code t} was written, for messages and debugging. */
    public String terminalDescription(int t) {
        return terminalDescriptions[t];
    }

    /** The number of DFA states over all terminals. */
    public int dfaStateCount() {
        return dfaStateCount;
    }

    /** The state after reading byte {@code b} (0..255) in global DFA state {@code state}, or -1. */
    public int dfaNext(int state, int b) {
        int[] rows = dfaRows;
        // cells hold the state plus one, 0 when dead
        return dfaNext[rows[2 * state] + (dfaClassMap[rows[2 * state + 1] + b] & 0xFF)] - 1;
    }

    /**
     * Terminal {@code t}'s automaton, for reading many transitions inside it: its
     * {@link TerminalDfa#next} answers as {@link #dfaNext} for its states, without finding out per
     * state which automaton it belongs to.
     */
    public TerminalDfa terminalDfa(int t) {
        TerminalDfa d = terminalDfas[t];
        if (d == null) {
            int first = terminalStartState[t];
            int end = t + 1 < terminalStartState.length ? terminalStartState[t + 1] : dfaStateCount;
            int rowStart = dfaRows[2 * first];
            d = new TerminalDfa(dfaNext, dfaClassMap, dfaRows[2 * first + 1], dfaRows[2 * first + 2] - rowStart,
                    rowStart, first, end);
            terminalDfas[t] = d;
        }
        return d;
    }

    /**
     * The terminal whose automaton global DFA state {@code state} belongs to.
     */
    public int dfaTerminalOf(int state) {
        if (state < 0 || state >= dfaStateCount) {
            throw new IndexOutOfBoundsException("DFA state " + state + " of " + dfaStateCount);
        }
        int i = java.util.Arrays.binarySearch(terminalStartState, state);
        return i >= 0 ? i : -i - 2; // not a start state: the terminal whose start comes before it
    }

    /**
     * The bytes as the fewest maximal runs that every DFA state treats alike: run {@code k} is the
     * bytes {@code runs[k] .. runs[k + 1] - 1}, and the last entry is 256; {@link #dfaNext} is the
     * same for every byte of a run, from any state. So a state's transitions can be read a run
     * at a time (a JSON grammar has a few dozen runs). A new array, which the caller owns.
     */
    public int[] dfaByteRuns() {
        return dfaByteRuns.clone();
    }

    /** Whether global DFA state {@code state} ends a match of its terminal. */
    public boolean dfaAccepting(int state) {
        return (dfaAccepting[state >>> 6] & (1L << state)) != 0;
    }

    /**
     * The fewest bytes that lead from global DFA state {@code state} to an accepting state of its
     * terminal: 0 if it is accepting. Always finite: every state of a compiled grammar can reach
     * acceptance.
     */
    public int dfaBytesToAccept(int state) {
        return bytesToAccept()[state];
    }

    private int[] bytesToAccept() {
        int[] d = dfaBytesToAccept;
        if (d == null) {
            d = computeBytesToAccept();
            dfaBytesToAccept = d; // racy but idempotent: every thread computes the same array
        }
        return d;
    }

    /** A backwards breadth-first search from the accepting states over the table's live cells. */
    private int[] computeBytesToAccept() {
        int n = dfaStateCount;
        int[] rows = dfaRows;
        int[] predecessorStart = new int[n + 1];
        for (int i = 0; i < dfaNext.length; i++) {
            if (dfaNext[i] != 0) {
                predecessorStart[dfaNext[i]]++; // the cell holds the target plus one
            }
        }
        for (int s = 0; s < n; s++) {
            predecessorStart[s + 1] += predecessorStart[s];
        }
        int[] fill = java.util.Arrays.copyOf(predecessorStart, n);
        int[] predecessors = new int[predecessorStart[n]];
        for (int s = 0; s < n; s++) {
            for (int i = rows[2 * s], end = rows[2 * s + 2]; i < end; i++) {
                if (dfaNext[i] != 0) {
                    predecessors[fill[dfaNext[i] - 1]++] = s;
                }
            }
        }
        int[] dist = new int[n];
        java.util.Arrays.fill(dist, -1);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int s = 0; s < n; s++) {
            if (dfaAccepting(s)) {
                dist[s] = 0;
                queue[tail++] = s;
            }
        }
        while (head < tail) {
            int s = queue[head++];
            for (int k = predecessorStart[s]; k < predecessorStart[s + 1]; k++) {
                int p = predecessors[k];
                if (dist[p] < 0) {
                    dist[p] = dist[s] + 1;
                    queue[tail++] = p;
                }
            }
        }
        return dist;
    }

    /**
     * For each DFA state {@code s}, the bytes that have a transition from it, as four words
     * {@code [4s .. 4s + 4)} (bit {@code b & 63} of word {@code b >>> 6}): a new array, which the
     * caller owns.
     */
    public long[] dfaLiveBytes() {
        return dfaLiveBytes.clone();
    }

    /** Warnings found while compiling (unreachable rules, a start rule that never completes, ...). */
    public List<Diagnostic> warnings() {
        return warnings;
    }

    /** One line: the sizes of the compiled form. */
    public String summary() {
        return nonterminalCount() + " nonterminals, " + productionCount() + " productions, " + terminalCount()
                + " terminals, " + dfaStateCount() + " automaton states";
    }

    /** The productions, one per line, followed by the terminals; for debugging. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        sb.append("start: ").append(nonterminalName(startNonterminal));
        if (acceptsEmpty) {
            sb.append(" (also the empty string)");
        }
        sb.append('\n');
        for (int n = 0; n < nonterminalCount(); n++) {
            sb.append(nonterminalName(n)).append(" ::=");
            for (int p = firstProduction[n]; p < firstProduction[n + 1]; p++) {
                if (p > firstProduction[n]) {
                    sb.append("\n    |");
                }
                for (int d = productionDot0[p]; rhs[d] != END; d++) {
                    sb.append(' ').append(symbolName(rhs[d]));
                }
            }
            sb.append(" ;\n");
        }
        for (int t = 0; t < terminalCount(); t++) {
            sb.append('t').append(t).append(" = ").append(terminalDescriptions[t]).append('\n');
        }
        return sb.toString();
    }

    private String symbolName(int symbol) {
        return isTerminal(symbol) ? "t" + terminalOf(symbol) : nonterminalName(symbol);
    }
}
