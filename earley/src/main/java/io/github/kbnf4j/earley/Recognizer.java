package io.github.kbnf4j.earley;

import io.github.kbnf4j.earley.internal.Chart;
import io.github.kbnf4j.earley.internal.EarleyTables;
import io.github.kbnf4j.earley.internal.ItemIndex;
import io.github.kbnf4j.earley.internal.LeoChains;
import io.github.kbnf4j.earley.internal.ShortestCompletion;
import io.github.kbnf4j.grammar.CompiledGrammar;
import java.util.Objects;
import java.util.concurrent.CancellationException;

/**
 * An incremental byte-level Earley recognizer for the sentences of a {@link CompiledGrammar}: push
 * bytes one at a time, ask whether the input so far is still a viable prefix, a complete
 * sentence, which bytes may come next; pop back to a mark.
 *
 * <h2>Algorithm</h2>
 * Earley's algorithm over the compiled grammar, where each terminal is a byte DFA: an item
 * {@code (dotted rule, origin, DFA state)} before a terminal sits inside that terminal's automaton,
 * a byte moves it to the next state, and an accepting state also ends the terminal (the item
 * keeps both possibilities). Items live in a paged {@link Chart} (append-only pages, each set in
 * one page, a set table), so a pop is a truncate and growth never copies what is stored. Completions are acted on at once, never stored; right
 * recursion is made linear by {@link LeoChains Leo items}, computed lazily. Deduplication inside a
 * set uses a generation-stamped hash table ({@link ItemIndex}). The closure is driven by an
 * explicit work list: no Java recursion, whatever the input or grammar.
 *
 * <h2>Semantics</h2>
 * A prefix is <i>viable</i> if some sentence starts with it (for a grammar that never completes,
 * such as {@code start ::= "a" start;}, if the endless stream starts with it). {@link #push(int)}
 * refuses a byte that would make the input non-viable and leaves the state as it was; so the
 * input consumed is always viable. {@link #isAccepting()} says whether it is a sentence.
 *
 * <h2>Complexity</h2>
 * Per byte, time and chart memory are proportional to the size of the new set: bounded by a
 * constant for LR(k) grammars (left or right recursive), so linear overall; {@code O(n)} items
 * per set and {@code O(n²)} work per byte in the worst (ambiguous) case, cubic overall. The limits
 * of {@link RecognizerOptions} turn runaway growth into a {@link RecognizerLimitException}: the
 * chart's size, the items of one set, and the {@linkplain #work() work} of one byte, a count of
 * the elementary steps of the algorithm that does not depend on the machine's speed (so a
 * highly ambiguous grammar, such as {@code s ::= s s | "a";}, fails at the same byte everywhere).
 *
 * <h2>Cancellation</h2>
 * A push checks the thread's interrupt flag before it builds a set and every
 * 65,536 work units while it does: if the thread was interrupted, it
 * throws {@link CancellationException} (leaving the flag set and the state unchanged), so a
 * server can cancel a request that is stuck in a long push.
 *
 * <h2>Thread-safety</h2>
 * Not thread-safe: one recognizer per sequence. The grammar tables are immutable and shared by
 * {@link #copy()}, which is the cheap way to make many recognizers for one grammar: build one,
 * keep it unchanged, and copy it for each sequence (copying a fresh recognizer from several threads
 * at once is safe as long as nobody pushes into it).
 */
public final class Recognizer {
    private static final int KIND_SCAN = 0;
    private static final int KIND_WAIT = 1;
    private static final int KIND_COMPLETE = 2;
    /** How many work units may pass between two looks at the interrupt flag. */
    static final int INTERRUPT_CHECK_UNITS = 1 << 16;

    private final EarleyTables tables;
    private final RecognizerOptions options;
    private final Chart chart;
    private final ItemIndex index = new ItemIndex();
    private final LeoChains leo;
    private ShortestCompletion shortest;
    private FrontierBuilder frontierBuilder;
    /** nonterminal -> the {@link #generation} in which it was last predicted. */
    private final int[] predictedIn;
    private int generation;
    /** Work list of the set being built: pairs (nonterminal, origin) to complete, or (nonterminal, -1) to predict. */
    private int[] work = new int[64];
    private int workSize;
    /** Work units spent since construction (see {@link #work()}). */
    private long spent;
    /** {@link #spent} may grow up to this before {@link #overBudget()} must look at why. */
    private long checkpoint = Long.MAX_VALUE;
    /** The end of the current push's own budget ({@link RecognizerOptions#maxWorkPerByte()}). */
    private long byteBudgetEnd = Long.MAX_VALUE;
    /** The end of the caller's budget set by {@link #limitWork}, or {@code Long.MAX_VALUE}. */
    private long callerBudgetEnd = Long.MAX_VALUE;
    private long callerBudget;
    private String callerSetting;
    private String callerOwner;

    /** A recognizer with the default limits. */
    public Recognizer(CompiledGrammar grammar) {
        this(grammar, RecognizerOptions.DEFAULT);
    }

    /**
     * A recognizer positioned before the first byte.
     *
     * @throws IllegalArgumentException if the compiled grammar is malformed (a terminal accepting the
     *     empty string), which {@code Grammar.compile} never produces
     */
    public Recognizer(CompiledGrammar grammar, RecognizerOptions options) {
        this(new EarleyTables(Objects.requireNonNull(grammar, "grammar")), options);
    }

    /** A recognizer whose chart is cut as {@code layout} says: tests use tiny pages. */
    Recognizer(CompiledGrammar grammar, RecognizerOptions options, Chart.Layout layout) {
        this(new EarleyTables(Objects.requireNonNull(grammar, "grammar")), options, layout);
    }

    private Recognizer(EarleyTables tables, RecognizerOptions options) {
        this(tables, options, Chart.Layout.DEFAULT);
    }

    private Recognizer(EarleyTables tables, RecognizerOptions options, Chart.Layout layout) {
        this.tables = tables;
        this.options = Objects.requireNonNull(options, "options");
        this.chart = new Chart(options.maxChartBytes(), layout);
        this.leo = new LeoChains(tables);
        this.predictedIn = new int[tables.grammar.nonterminalCount()];
        buildFirstSet();
    }

    private Recognizer(Recognizer o) {
        this.tables = o.tables;
        this.options = o.options;
        this.chart = o.chart.copy();
        this.leo = new LeoChains(tables);
        this.predictedIn = new int[tables.grammar.nonterminalCount()];
    }

    /** The grammar. */
    public CompiledGrammar grammar() {
        return tables.grammar;
    }

    /** The limits. */
    public RecognizerOptions options() {
        return options;
    }

    /**
     * Consumes byte {@code b} (only its low 8 bits count).
     *
     * @return true if the bytes so far followed by {@code b} are a viable prefix; false, leaving
     *     the state unchanged, if not
     * @throws RecognizerLimitException if the new chart set would exceed a limit (the state is left
     *     unchanged)
     */
    public boolean push(int b) {
        int current = chart.sets() - 1;
        // the page of a finished set stays valid while the next set is built
        int[] scan = chart.scanPage(current);
        int from = chart.scanStart(current);
        int to = chart.scanEnd(current);
        int bb = b & 0xFF;
        if (!allows(bb)) {
            return false; // cheap rejection before touching the chart: no scan item moves on this byte
        }
        if (to - from == 3) {
            // Fast path (e.g. inside a string): one item moving to a non-accepting state is the whole
            // new set; nothing to deduplicate, predict or complete.
            int s = tables.grammar.dfaNext(scan[from + 2], bb);
            if (tables.stateFlags[s] == EarleyTables.LIVE) {
                if (++spent > callerBudgetEnd) {
                    spent--;
                    throw callerBudgetExceeded();
                }
                chart.beginSet();
                try {
                    chart.addScan(scan[from], scan[from + 1], s);
                } catch (RuntimeException e) {
                    chart.truncate(current + 1); // a new page was refused: leave no empty set behind
                    throw e;
                }
                return true;
            }
        }
        startBudget();
        beginSet();
        try {
            CompiledGrammar g = tables.grammar;
            byte[] stateFlags = tables.stateFlags;
            spend((to - from) / 3);
            for (int i = from; i < to; i += 3) {
                int s = g.dfaNext(scan[i + 2], bb);
                if (s < 0) {
                    continue;
                }
                int dotted = scan[i];
                int origin = scan[i + 1];
                byte f = stateFlags[s];
                if ((f & EarleyTables.LIVE) != 0) {
                    addScan(dotted, origin, s);
                }
                if ((f & EarleyTables.ACCEPTING) != 0) {
                    advance(dotted + 1, origin);
                }
            }
            close();
        } catch (RuntimeException | Error e) {
            chart.truncate(current + 1);
            throw e;
        }
        return true;
    }

    /**
     * Consumes {@code bytes[offset .. offset + length)} until the first byte that is rejected.
     *
     * @return the number of bytes consumed: {@code length} if all were, else the index (relative to
     *     {@code offset}) of the rejected byte
     * @throws RecognizerLimitException if a byte reaches a limit (the bytes before it stay consumed)
     */
    public int push(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        for (int i = 0; i < length; i++) {
            if (!push(bytes[offset + i])) {
                return i;
            }
        }
        return length;
    }

    /**
     * Consumes all of {@code bytes}, or none.
     *
     * @return true if all were consumed; false, with the state unchanged, if one was rejected
     */
    public boolean pushAll(byte[] bytes) {
        int mark = mark();
        boolean all;
        try {
            all = push(bytes, 0, bytes.length) == bytes.length;
        } catch (RuntimeException e) {
            popTo(mark); // all or none, also when a limit or an interrupt stops it half-way
            throw e;
        }
        if (!all) {
            popTo(mark);
        }
        return all;
    }

    /** The number of bytes consumed since construction or the last {@link #reset()}. */
    public int length() {
        return chart.sets() - 1;
    }

    /** A mark for {@link #popTo(int)}: the current {@link #length()}. */
    public int mark() {
        return chart.sets() - 1;
    }

    /**
     * Goes back to the state when {@code mark} was taken, forgetting the bytes consumed since. O(1).
     *
     * @throws IllegalArgumentException if {@code mark} is negative or beyond {@link #length()}
     */
    public void popTo(int mark) {
        if (mark < 0 || mark > length()) {
            throw new IllegalArgumentException("mark " + mark + " is not in 0.." + length());
        }
        chart.truncate(mark + 1);
    }

    /**
     * Forgets the last {@code count} bytes.
     *
     * @throws IllegalArgumentException if {@code count} is negative or more than {@link #length()}
     */
    public void pop(int count) {
        if (count < 0 || count > length()) {
            throw new IllegalArgumentException("cannot pop " + count + " bytes of " + length());
        }
        chart.truncate(chart.sets() - count);
    }

    /** Forgets every byte: back to the state after construction. The chart's arrays are kept for reuse. */
    public void reset() {
        chart.truncate(1);
    }

    /** Whether the bytes consumed are a complete sentence. */
    public boolean isAccepting() {
        return (chart.flags(chart.sets() - 1) & Chart.ACCEPTING) != 0;
    }

    /** Whether some byte may follow (false when the sentence is complete and cannot go on). */
    public boolean canContinue() {
        int current = chart.sets() - 1;
        return chart.scanEnd(current) > chart.scanStart(current);
    }

    /** Whether {@link #push(int)} of {@code b} would succeed (only the low 8 bits of {@code b} count). */
    public boolean allows(int b) {
        int current = chart.sets() - 1;
        int[] scan = chart.scanPage(current);
        long[] nextBytes = tables.nextBytes;
        int bb = b & 0xFF;
        int word = bb >>> 6;
        long bit = 1L << bb;
        for (int i = chart.scanStart(current), to = chart.scanEnd(current); i < to; i += 3) {
            if ((nextBytes[4 * scan[i + 2] + word] & bit) != 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Writes the set of bytes that may come next into {@code into[0..3]}: bit {@code b & 63} of
     * {@code into[b >>> 6]} is set iff {@link #push(int)} of {@code b} would succeed.
     */
    public void nextBytes(long[] into) {
        long w0 = 0;
        long w1 = 0;
        long w2 = 0;
        long w3 = 0;
        int current = chart.sets() - 1;
        int[] scan = chart.scanPage(current);
        long[] nextBytes = tables.nextBytes;
        for (int i = chart.scanStart(current), to = chart.scanEnd(current); i < to; i += 3) {
            int k = 4 * scan[i + 2];
            w0 |= nextBytes[k];
            w1 |= nextBytes[k + 1];
            w2 |= nextBytes[k + 2];
            w3 |= nextBytes[k + 3];
        }
        into[0] = w0;
        into[1] = w1;
        into[2] = w2;
        into[3] = w3;
    }

    /**
     * The number of items waiting for the next byte inside a terminal (the "scan items" of the
     * last chart set): an upper bound of {@link #terminalStates(int[])}.
     */
    public int scanItemCount() {
        int current = chart.sets() - 1;
        return (chart.scanEnd(current) - chart.scanStart(current)) / 3;
    }

    /**
     * Writes the distinct global DFA states (see {@link CompiledGrammar#dfaNext(int, int)}) in which
     * the next byte will be read — one per terminal match in progress or about to start — and
     * returns how many. Mask engines use it: a token whose bytes all have transitions from such a
     * state is allowed whatever the rest of the chart says.
     *
     * @param into room for at least {@link #scanItemCount()} states
     */
    public int terminalStates(int[] into) {
        int current = chart.sets() - 1;
        int[] scan = chart.scanPage(current);
        int n = 0;
        outer:
        for (int i = chart.scanStart(current), to = chart.scanEnd(current); i < to; i += 3) {
            int s = scan[i + 2];
            for (int k = 0; k < n; k++) {
                if (into[k] == s) {
                    continue outer;
                }
            }
            into[n++] = s;
        }
        return n;
    }

    /** The set of bytes that may come next, as four longs (bit {@code b & 63} of word {@code b >>> 6}). */
    public long[] nextBytes() {
        long[] r = new long[4];
        nextBytes(r);
        return r;
    }

    /**
     * The fewest bytes that, appended to the input, make it a sentence: 0 if it is one already, -1
     * if no continuation ever completes (an endless grammar). For generators that must finish
     * within a budget. Cost: a shortest-path search over the chart pairs (nonterminal, origin)
     * reachable from the last set; small unless the input nests deeply.
     */
    public int minBytesToAccept() {
        if (shortest == null) {
            shortest = new ShortestCompletion(tables);
        }
        int d = shortest.bytesToAccept(chart);
        return d >= EarleyTables.NEVER ? -1 : d;
    }

    /**
     * Writes the canonical {@link Frontier} of the current state into {@code into}: equal frontiers
     * mean equal futures (the same continuations are viable, the same are sentences), so it can key
     * a cache of anything that depends only on the future, such as token masks. Cost: linear in the
     * part of the chart a completion can still reach (deeper nesting, longer frontier).
     */
    public void frontier(Frontier into) {
        frontier(into, Integer.MAX_VALUE);
    }

    /**
     * Like {@link #frontier(Frontier)}, but gives up (returns false, leaving {@code into} unusable)
     * once the frontier would hold more than {@code maxEntries} completion nodes and items: deep
     * nesting makes the frontier long, and a cache keyed by it would then cost more than it saves
     * (linear in the depth at every step).
     */
    public boolean frontier(Frontier into, int maxEntries) {
        if (frontierBuilder == null) {
            frontierBuilder = new FrontierBuilder(tables);
        }
        return frontierBuilder.build(chart, leo, into, maxEntries);
    }

    /** An independent copy of this recognizer, in the same state; it shares the immutable grammar tables. */
    public Recognizer copy() {
        return new Recognizer(this);
    }

    /**
     * The work units spent since construction: a count of the algorithm's elementary steps
     * (moving a scan item over a byte, adding a prediction, advancing a waiting item on a
     * completion). It grows with every push and is not undone by a pop; it depends only on the
     * grammar and the bytes pushed, never on the machine. {@link RecognizerOptions#maxWorkPerByte()}
     * bounds it per push, {@link #limitWork} over a series of calls.
     */
    public long work() {
        return spent;
    }

    /**
     * Bounds the work of the calls that follow, all together, to {@code units} more work units
     * until {@link #clearWorkLimit()}: a push that would pass it throws a
     * {@link RecognizerLimitException} naming the caller's setting, with the state left as before
     * that push. For a caller that pushes many bytes for one answer (a token mask) and must bound
     * the whole, not only each byte.
     *
     * @param units the budget, positive
     * @param setting the name of the caller's setting that gave {@code units}, for the message
     * @param owner the simple name of the options class with that setting, for the message
     */
    public void limitWork(long units, String setting, String owner) {
        if (units < 1) {
            throw new IllegalArgumentException("units must be positive, was " + units);
        }
        callerBudget = units;
        callerSetting = Objects.requireNonNull(setting, "setting");
        callerOwner = Objects.requireNonNull(owner, "owner");
        callerBudgetEnd = spent + units > spent ? spent + units : Long.MAX_VALUE;
    }

    /** Ends the bound of {@link #limitWork}. */
    public void clearWorkLimit() {
        callerBudgetEnd = Long.MAX_VALUE;
    }

    /** The number of Earley items stored in the chart (all sets; complete items are never stored). */
    public long itemCount() {
        return chart.items();
    }

    /**
     * The bytes the chart's arrays occupy: its pages of items (including one spare page kept after
     * a pop for the next growth), its set table and page tables, what {@link
     * RecognizerOptions#maxChartBytes()} bounds.
     */
    public long chartBytes() {
        return chart.bytes();
    }

    @Override
    public String toString() {
        return "Recognizer[" + length() + " bytes, " + itemCount() + " items"
                + (isAccepting() ? ", accepting" : "") + "]";
    }

    // ---- building a set ----

    private void buildFirstSet() {
        startBudget();
        beginSet();
        int startNt = tables.start;
        if (tables.grammar.acceptsEmpty()) {
            chart.setFlags(0, Chart.ACCEPTING);
        }
        predict(startNt);
        close();
    }

    private void beginSet() {
        chart.beginSet();
        index.clear();
        if (++generation == Integer.MAX_VALUE) {
            java.util.Arrays.fill(predictedIn, 0);
            generation = 1;
        }
        workSize = 0;
    }

    /** Processes the work list until the set being built is closed under predict and complete. */
    private void close() {
        int[] symbol = tables.symbol;
        int current = chart.sets() - 1;
        while (workSize > 0) {
            int origin = work[--workSize];
            int n = work[--workSize];
            if (origin < 0) {
                int[] predictions = tables.predictions;
                int k = tables.predictionStart[n];
                int end = tables.predictionStart[n + 1];
                spend(end - k);
                for (; k < end; k++) {
                    advance(predictions[k], current);
                }
                continue;
            }
            spend(1);
            assert origin < current : "a completion in its own set: an empty production";
            long group = chart.group(origin, n, symbol);
            int top = leo.topmost(chart, origin, group);
            if (top >= 0) {
                int[] topPage = chart.waitPageAt(top >>> 1);
                int w = chart.waitIndexAt(top >>> 1);
                if ((top & 1) != 0) {
                    chart.setFlags(current, Chart.ACCEPTING);
                }
                complete(tables.lhs[topPage[w]], topPage[w + 1]);
                continue;
            }
            int lo = (int) group;
            int hi = (int) (group >>> 32);
            spend((hi - lo) / 3);
            // a finished set: its page stays valid while advancing appends to the set being built
            int[] wait = chart.waitPage(origin);
            for (int w = lo; w < hi; w += 3) {
                advance(wait[w] + 1, wait[w + 1]);
            }
        }
    }

    /** Adds the item with dotted rule {@code dotted} and {@code origin} to the set being built. */
    private void advance(int dotted, int origin) {
        int sym = tables.symbol[dotted];
        if (sym == CompiledGrammar.END) {
            complete(tables.lhs[dotted], origin);
        } else if (sym < 0) {
            addScan(dotted, origin, tables.terminalStart[-1 - sym]);
        } else if (index.add(KIND_WAIT, dotted, origin, 0)) {
            countItem();
            chart.addWait(dotted, origin);
            predict(sym);
        }
    }

    private void addScan(int dotted, int origin, int state) {
        if (index.add(KIND_SCAN, dotted, origin, state)) {
            countItem();
            chart.addScan(dotted, origin, state);
        }
    }

    private void predict(int n) {
        if (predictedIn[n] != generation) {
            predictedIn[n] = generation;
            pushWork(n, -1);
        }
    }

    private void complete(int n, int origin) {
        if (index.add(KIND_COMPLETE, n, origin, 0)) {
            countItem();
            if (n == tables.start && origin == 0) {
                chart.setFlags(chart.sets() - 1, Chart.ACCEPTING);
            }
            pushWork(n, origin);
        }
    }

    private void pushWork(int a, int b) {
        if (workSize + 2 > work.length) {
            work = java.util.Arrays.copyOf(work, work.length * 2);
        }
        work[workSize++] = a;
        work[workSize++] = b;
    }

    // ---- the work budget ----

    /** Starts the budget of one push (or of the first set): checks for an interrupt first. */
    private void startBudget() {
        if (Thread.currentThread().isInterrupted()) {
            throw interrupted();
        }
        long perByte = options.maxWorkPerByte();
        byteBudgetEnd = spent + perByte > spent ? spent + perByte : Long.MAX_VALUE;
        checkpoint = Math.min(Math.min(byteBudgetEnd, callerBudgetEnd), spent + INTERRUPT_CHECK_UNITS);
    }

    /**
     * Spends {@code units} work units, those of a whole loop at once (so a limit trips before the
     * loop rather than in it); the common case is one add and one compare per loop.
     */
    private void spend(int units) {
        spent += units;
        if (spent > checkpoint) {
            overBudget();
        }
    }

    /** {@link #spent} passed {@link #checkpoint}: a budget ran out, or it is time to look for an interrupt. */
    private void overBudget() {
        if (spent > callerBudgetEnd) {
            throw callerBudgetExceeded();
        }
        if (spent > byteBudgetEnd) {
            throw new RecognizerLimitException("maxWorkPerByte", options.maxWorkPerByte(),
                    "the work of the chart set after byte " + length() + " (a highly ambiguous grammar?)");
        }
        if (Thread.currentThread().isInterrupted()) {
            throw interrupted();
        }
        checkpoint = Math.min(Math.min(byteBudgetEnd, callerBudgetEnd), spent + INTERRUPT_CHECK_UNITS);
    }

    private RecognizerLimitException callerBudgetExceeded() {
        return new RecognizerLimitException(callerSetting, callerBudget,
                "the work of the calls bounded together (at the chart set after byte " + length() + ")", callerOwner);
    }

    private CancellationException interrupted() {
        return new CancellationException("the thread was interrupted: a push was abandoned, the recognizer "
                + "is left as before it");
    }

    private void countItem() {
        // every key of the index is one item of the set being built (scan, waiting or completion)
        if (index.size() > options.maxItemsPerSet()) {
            throw new RecognizerLimitException("maxItemsPerSet", options.maxItemsPerSet(),
                    "the chart set after byte " + length());
        }
    }
}
