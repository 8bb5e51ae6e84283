package io.github.kbnf4j.grammar.internal.sentences;

import io.github.kbnf4j.grammar.CompiledGrammar;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The engine behind the sentence arbitraries (the public {@code kbnf4j-jqwik} module's and the
 * internal test support's): turns a sequence of choices (plain {@code int}s) into a sentence of a
 * {@link CompiledGrammar}. Every choice sequence, of any length and content, gives a sentence; a
 * missing choice counts as {@code 0}, and choice {@code 0} always takes the simplest option (the
 * first of the shortest productions, no extra bytes in a terminal, the first byte on a shortest
 * path through a terminal's DFA, stop as soon as a terminal may stop), and larger choices lean
 * toward more complex options. That is what makes jqwik's shrinking useful: a shorter list of
 * smaller numbers gives a simpler sentence, the empty list the shortest sentence of the grammar
 * (within the depth bound).
 *
 * <h2>Tables, computed once per grammar</h2>
 * <ul>
 *   <li>min height of every nonterminal and production: the height of the lowest derivation
 *       tree (a production of terminals only has height 1), by fixpoint iteration;
 *       {@link #ENDLESS} for a nonterminal that derives no finite string (such as
 *       {@code a ::= "x" a;}) and for every production that mentions one;
 *   <li>min length (bytes) of every nonterminal and production, the same way, saturating at
 *       {@link #LENGTH_CAP};
 *   <li>for every DFA state, the distance (bytes) to the nearest accepting state (BFS backwards
 *       from the accepting states), and its live bytes sorted by the distance after them, so that
 *       "the bytes that still fit a length limit" is a prefix and the first one is on a shortest
 *       path;
 *   <li>the productions of every nonterminal sorted by (min length, min height), so that the
 *       first production fitting a depth budget is one of the shortest that do.
 * </ul>
 *
 * <h2>Derivation</h2>
 * Iterative, with an explicit stack of (symbol, remaining depth): no Java recursion, so depth
 * bounds of a million are fine. A nonterminal is expanded with a production whose min height fits
 * the remaining depth (there always is one: the invariant "min height of the symbol &lt;= its
 * remaining depth" holds for the start and is passed on to children), so generation always
 * terminates; among those, productions that keep (bytes so far + min length of everything still on
 * the stack) within the length target are preferred, and if none does, one of the shortest is
 * taken. Within the candidates the choice is uniform, except that a per-sentence mode (one of
 * {@link #MODES}) leans toward the shortest candidates or toward the deepest (long lists, deep
 * nesting, up to the bounds), and most modes prefer the deepest near the root, so that most
 * sentences are more than a bare literal and sizes spread from one byte to the length target
 * (the example grammars at the defaults: about a third under 8 bytes, a third 8 to 63, a
 * quarter 64 to the bound). A terminal is a random walk in its DFA toward a random target length
 * between its min length and its own limit (its min length plus a random extra, never more than
 * the remaining slack): at an accepting state it stops once the target is reached (and, rarely,
 * before), otherwise it takes a random live byte that still lets it end within the limit; near the
 * limit only bytes on a shortest path fit.
 *
 * <p>Complexity: the tables take {@code O(P · R + S · 256 · log 256)} time for {@code P}
 * productions of total right-hand side length {@code R} (times the few fixpoint rounds) and
 * {@code S} DFA states; a sentence of {@code n} bytes takes {@code O(n + k · p)} time for {@code k}
 * nonterminal expansions of at most {@code p} productions each.
 *
 * <p>Thread-safe: immutable after construction; each {@link #generate} call has its own state.
 */
public final class SentenceGenerator {
    /** Min height of a nonterminal or production that derives no finite string. */
    public static final int ENDLESS = Integer.MAX_VALUE;
    /** Min lengths saturate here (a grammar can double them with every rule). */
    public static final long LENGTH_CAP = 1L << 40;
    /** Choices are numbers in {@code 0 .. CHOICE_RANGE-1}. */
    public static final int CHOICE_BITS = 24;
    public static final int CHOICE_RANGE = 1 << CHOICE_BITS;

    /** Extra bytes a terminal walk may take beyond its shortest match, picked per terminal. */
    private static final int[] EXTRA_BYTES = {0, 1, 2, 3, 4, 8, 16, 32, 64};
    /** The probability that a terminal walk stops at an accepting state before its target length. */
    private static final double EARLY_STOP = 0.05;
    /**
     * Per-sentence modes: {probability to take one of the shallowest fitting productions,
     * probability (else) to take one of the deepest, number of levels near the root where only
     * the deepest are preferred, with probability {@link #RICH_TOP}}. Index 0, the shallowest
     * mode, is the one used when the choices run out.
     */
    private static final double[][] MODES = {{0.7, 0, 0}, {0.3, 0, 2}, {0.2, 0.15, 3}, {0.1, 0.3, 4}, {0, 0.7, 0}};
    private static final double RICH_TOP = 0.6;

    private final CompiledGrammar g;
    private final int[] ntHeight;
    private final long[] ntLength;
    private final int[] prodHeight;
    private final long[] prodLength;
    /** Productions of nonterminal n sorted by (min length, min height, id), at firstProduction(n) ..; */
    private final int[] prodOrder;
    /** Symbols of production p at prodSymbols[dottedRule(p, 0) ..], END-terminated (the dotted rule numbering). */
    private final int[] prodSymbols;
    /** DFA state -> bytes to the nearest accepting state. */
    private final int[] dist;
    /** Live bytes of state s at liveBytes[liveStart[s] .. liveStart[s+1]), sorted by (dist after, byte). */
    private final int[] liveStart;
    private final byte[] liveBytes;
    /** Terminal -> its only string when its DFA is one straight path, else null. */
    private final byte[][] fixedTerminal;

    /** Computes the tables for {@code g}. */
    public SentenceGenerator(CompiledGrammar g) {
        this.g = g;
        int nts = g.nonterminalCount();
        int prods = g.productionCount();
        prodSymbols = new int[g.dottedRuleCount()];
        for (int d = 0; d < prodSymbols.length; d++) {
            prodSymbols[d] = g.symbolAfterDot(d);
        }
        dist = new int[g.dfaStateCount()];
        for (int s = 0; s < dist.length; s++) {
            dist[s] = g.dfaBytesToAccept(s);
        }
        int states = g.dfaStateCount();
        liveStart = new int[states + 1];
        long[] keys = new long[256];
        byte[] bytes = new byte[states * 256];
        int used = 0;
        for (int s = 0; s < states; s++) {
            liveStart[s] = used;
            int count = 0;
            for (int b = 0; b < 256; b++) {
                int next = g.dfaNext(s, b);
                if (next >= 0 && dist[next] != ENDLESS) {
                    keys[count++] = ((long) dist[next] << 8) | b;
                }
            }
            Arrays.sort(keys, 0, count);
            for (int i = 0; i < count; i++) {
                bytes[used++] = (byte) keys[i];
            }
        }
        liveStart[states] = used;
        liveBytes = Arrays.copyOf(bytes, used);

        fixedTerminal = new byte[g.terminalCount()][];
        for (int t = 0; t < fixedTerminal.length; t++) {
            fixedTerminal[t] = fixedString(g.terminalStartState(t));
        }

        ntHeight = new int[nts];
        ntLength = new long[nts];
        prodHeight = new int[prods];
        prodLength = new long[prods];
        Arrays.fill(ntHeight, ENDLESS);
        Arrays.fill(ntLength, LENGTH_CAP);
        Arrays.fill(prodHeight, ENDLESS);
        Arrays.fill(prodLength, LENGTH_CAP);
        // Both fixpoints in one loop: a value only decreases, so this ends; a nonterminal whose
        // lowest (shortest) tree has height h is final after h rounds.
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int p = 0; p < prods; p++) {
                int height = 1;
                long length = 0;
                for (int d = g.dottedRule(p, 0); prodSymbols[d] != CompiledGrammar.END; d++) {
                    int sym = prodSymbols[d];
                    if (CompiledGrammar.isTerminal(sym)) {
                        length += terminalMinLength(CompiledGrammar.terminalOf(sym));
                    } else if (ntHeight[sym] == ENDLESS) {
                        height = ENDLESS;
                        break;
                    } else {
                        height = Math.max(height, ntHeight[sym] + 1);
                        length += ntLength[sym];
                    }
                }
                if (height == ENDLESS) {
                    continue;
                }
                length = Math.min(length, LENGTH_CAP);
                prodHeight[p] = height;
                prodLength[p] = length;
                int lhs = g.productionLhs(p);
                if (height < ntHeight[lhs]) {
                    ntHeight[lhs] = height;
                    changed = true;
                }
                if (length < ntLength[lhs]) {
                    ntLength[lhs] = length;
                    changed = true;
                }
            }
        }

        prodOrder = new int[prods];
        for (int n = 0; n < nts; n++) {
            int first = g.firstProduction(n);
            int end = g.firstProduction(n + 1);
            Integer[] order = new Integer[end - first];
            for (int i = 0; i < order.length; i++) {
                order[i] = first + i;
            }
            Arrays.sort(order, (a, b) -> prodLength[a] != prodLength[b] ? Long.compare(prodLength[a], prodLength[b])
                    : prodHeight[a] != prodHeight[b] ? Integer.compare(prodHeight[a], prodHeight[b])
                    : Integer.compare(a, b));
            for (int i = 0; i < order.length; i++) {
                prodOrder[first + i] = order[i];
            }
        }
    }

    /** The grammar. */
    public CompiledGrammar grammar() {
        return g;
    }

    /** Whether the grammar has a sentence (the empty one counts). */
    public boolean hasSentences() {
        return g.acceptsEmpty() || !isEndless(g.startNonterminal());
    }

    /** Whether nonterminal {@code n} derives no finite string. */
    public boolean isEndless(int n) {
        return ntHeight[n] == ENDLESS;
    }

    /** The height of the lowest derivation tree of nonterminal {@code n}, or {@link #ENDLESS}. */
    public int minHeight(int n) {
        return ntHeight[n];
    }

    /** The length of the shortest string nonterminal {@code n} derives (saturated), or {@link #LENGTH_CAP}. */
    public long minLength(int n) {
        return ntLength[n];
    }

    /** The height of the lowest derivation tree through production {@code p}, or {@link #ENDLESS}. */
    public int productionMinHeight(int p) {
        return prodHeight[p];
    }

    /** The length of the shortest string production {@code p} derives (saturated), or {@link #LENGTH_CAP}. */
    public long productionMinLength(int p) {
        return prodLength[p];
    }

    /**
     * The sentence that {@code choices} select.
     *
     * @param choices numbers in {@code 0 .. CHOICE_RANGE-1} (others are reduced into that range);
     *     read in order, {@code 0} once they run out
     * @param maxDepth the most nonterminals on a path from the root of the derivation tree to a
     *     leaf; raised to the start's min height if lower
     * @param maxLength the length the sentence should stay within; exceeded only when every
     *     production that fits the depth bound is too long
     * @return an empty array when the grammar has only the empty sentence
     * @throws IllegalArgumentException if the grammar has no sentences at all
     */
    public byte[] generate(int[] choices, int maxDepth, int maxLength) {
        return generate(choices, maxDepth, maxLength, -1, null, null);
    }

    /**
     * The sentence that {@code choices} select, as {@link #generate(int[], int, int)}, with three
     * optional extras.
     *
     * @param rootProduction a production of the start nonterminal to expand the root with, or -1
     *     for a free choice (a production whose min height exceeds the depth bound raises the bound
     *     to it); with all choices 0 this gives the shortest sentence through that production
     * @param trace if not null, receives every production and terminal the derivation uses
     * @param steering if not null, the productions to lean toward (see {@link Steering}); with
     *     choice 0 the lean is off, so the simplest sentence stays the simplest
     * @throws IllegalArgumentException if the grammar has no sentences at all, or
     *     {@code rootProduction} is not a production of the start nonterminal with a finite derivation
     */
    public byte[] generate(int[] choices, int maxDepth, int maxLength, int rootProduction, Trace trace,
            Steering steering) {
        if (!hasSentences()) {
            throw new IllegalArgumentException("grammar has no finite sentences");
        }
        int start = g.startNonterminal();
        if (rootProduction >= 0 && (g.productionLhs(rootProduction) != start || prodHeight[rootProduction] == ENDLESS)) {
            throw new IllegalArgumentException("production " + rootProduction
                    + " is not a production of the start nonterminal with a finite derivation");
        }
        Choices c = new Choices(choices);
        if (rootProduction < 0 && (isEndless(start)
                || g.acceptsEmpty() && (maxLength == 0 || c.takeSimple(0.125)))) {
            return new byte[0];
        }
        double[] mode = MODES[c.pick(MODES.length)];
        Out out = new Out();
        // The stack holds symbols still to derive, the top last; depth[i] is the remaining
        // height allowed below a nonterminal at stack[i].
        int[] stack = new int[16];
        int[] depth = new int[16];
        int top = 0;
        int rootDepth = Math.max(maxDepth, rootProduction >= 0 ? prodHeight[rootProduction] : ntHeight[start]);
        stack[top] = start;
        depth[top++] = rootDepth;
        long pending = ntLength[start]; // sum of the min lengths of the symbols on the stack
        long used = 0; // bytes written, each terminal counted as at least 1
        int[] candidates = new int[8];
        boolean root = true;
        while (top > 0) {
            top--;
            int sym = stack[top];
            if (CompiledGrammar.isTerminal(sym)) {
                int t = CompiledGrammar.terminalOf(sym);
                if (trace != null) {
                    trace.terminals.set(t);
                }
                pending -= terminalMinLength(t);
                long slack = maxLength - used - pending - dist[g.terminalStartState(t)];
                int written = walk(t, slack, c, out);
                used += Math.max(1, written);
                continue;
            }
            int d = depth[top];
            pending -= ntLength[sym];
            int p;
            if (root && rootProduction >= 0) {
                p = rootProduction;
            } else {
                assert ntHeight[sym] <= d;
                int first = g.firstProduction(sym);
                int end = g.firstProduction(sym + 1);
                if (candidates.length < end - first) {
                    candidates = new int[end - first];
                }
                int count = 0;
                // prodOrder is sorted by length first: the first production that fits the depth
                // is one of the shortest that do.
                long shortest = LENGTH_CAP + 1;
                for (int i = first; i < end; i++) {
                    int q = prodOrder[i];
                    if (prodHeight[q] <= d) {
                        if (shortest > LENGTH_CAP) {
                            shortest = prodLength[q];
                        }
                        if (used + pending + prodLength[q] <= maxLength) {
                            candidates[count++] = q;
                        }
                    }
                }
                if (count == 0) {
                    // Nothing fits the length target: take one of the shortest.
                    for (int i = first; i < end; i++) {
                        int q = prodOrder[i];
                        if (prodHeight[q] <= d && prodLength[q] == shortest) {
                            candidates[count++] = q;
                        }
                    }
                }
                assert count > 0;
                count = narrow(candidates, count, c, rootDepth - d < mode[2] ? RICH_TOP : -1, mode);
                if (steering != null && count > 1 && c.takeComplex(steering.strength)) {
                    count = steering.narrow(candidates, count);
                }
                p = candidates[c.pick(count)];
            }
            root = false;
            if (trace != null) {
                trace.productions.set(p);
            }
            if (steering != null) {
                steering.used(p);
            }
            pending += prodLength[p];
            int len = g.productionLength(p);
            if (top + len > stack.length) {
                int size = Math.max(stack.length * 2, top + len);
                stack = Arrays.copyOf(stack, size);
                depth = Arrays.copyOf(depth, size);
            }
            int d0 = g.dottedRule(p, 0);
            for (int i = len - 1; i >= 0; i--) {
                stack[top] = prodSymbols[d0 + i];
                depth[top++] = d - 1;
            }
        }
        return out.toByteArray();
    }

    /**
     * Narrows {@code candidates[0 .. count)} (sorted by length, then height) to the shortest
     * ones ("simple", always for choice 0), to the deepest ones ("complex"), or leaves them all,
     * as the mode says; near the root ({@code richTop >= 0}) only the deepest are preferred, with
     * that probability. Returns the new count; the kept candidates are moved to the front.
     */
    private int narrow(int[] candidates, int count, Choices c, double richTop, double[] mode) {
        if (count <= 1) {
            return count;
        }
        long minLength = prodLength[candidates[0]];
        int maxHeight = 0;
        int minHeight = ENDLESS;
        for (int i = 0; i < count; i++) {
            maxHeight = Math.max(maxHeight, prodHeight[candidates[i]]);
            minHeight = Math.min(minHeight, prodHeight[candidates[i]]);
        }
        if (minHeight == maxHeight && prodLength[candidates[count - 1]] == minLength) {
            return count; // all alike: nothing to lean toward
        }
        boolean nearRoot = richTop >= 0;
        if (c.takeSimple(nearRoot ? 0 : mode[0])) {
            int to = count;
            while (prodLength[candidates[to - 1]] > minLength) {
                to--;
            }
            return to;
        }
        if (c.takeComplex(nearRoot ? richTop : mode[1])) {
            int kept = 0;
            for (int i = 0; i < count; i++) {
                if (prodHeight[candidates[i]] == maxHeight) {
                    candidates[kept++] = candidates[i];
                }
            }
            return kept;
        }
        return count;
    }

    /**
     * Writes one match of terminal {@code t}: at most {@code dist(start) + max(0, slack)} bytes,
     * and at most the shortest plus a random extra. Returns the number of bytes written.
     */
    private int walk(int t, long slack, Choices c, Out out) {
        byte[] fixed = fixedTerminal[t];
        if (fixed != null) {
            out.write(fixed);
            return fixed.length;
        }
        int s = g.terminalStartState(t);
        int extra = slack <= 0 ? 0 : (int) Math.min(slack, EXTRA_BYTES[c.pick(EXTRA_BYTES.length)]);
        int limit = dist[s] + extra;
        // A target length, uniform between the shortest match and the limit: the walk goes on
        // past accepting states until it reaches it (so that a terminal whose automaton is a
        // whole JSON object, say, gets its optional tail as often as not).
        int target = dist[s] + c.pick(extra + 1);
        int k = 0;
        while (true) {
            // Live bytes after which the walk can still end by 'limit'.
            int from = liveStart[s];
            int to = from;
            int room = limit - k - 1;
            while (to < liveStart[s + 1] && dist[g.dfaNext(s, liveBytes[to] & 0xFF)] <= room) {
                to++;
            }
            if (g.dfaAccepting(s) && (to == from || k >= target || c.takeSimple(EARLY_STOP))) {
                return k;
            }
            assert to > from : "a non-accepting state with no byte toward acceptance";
            int b = liveBytes[from + c.pick(to - from)] & 0xFF;
            out.write(b);
            s = g.dfaNext(s, b);
            k++;
        }
    }

    private long terminalMinLength(int t) {
        return Math.max(1, dist[g.terminalStartState(t)]);
    }

    /** The only string from state {@code s} when the DFA from there is one straight path to a final accepting state. */
    private byte[] fixedString(int s) {
        Out out = new Out();
        int steps = 0;
        while (!g.dfaAccepting(s)) {
            if (liveStart[s + 1] - liveStart[s] != 1 || ++steps > 4096) {
                return null;
            }
            int b = liveBytes[liveStart[s]] & 0xFF;
            out.write(b);
            s = g.dfaNext(s, b);
        }
        return liveStart[s + 1] == liveStart[s] ? out.toByteArray() : null;
    }

    /**
     * What one derivation used: its productions and terminals, as bit sets indexed by production
     * and terminal number. Mutable, for one thread; reuse it with {@link #clear()}.
     */
    public static final class Trace {
        private final BitSet productions = new BitSet();
        private final BitSet terminals = new BitSet();

        /** The productions used (a live view: do not change it). */
        public BitSet productions() {
            return productions;
        }

        /** The terminals used (a live view: do not change it). */
        public BitSet terminals() {
            return terminals;
        }

        /** Forgets everything recorded. */
        public void clear() {
            productions.clear();
            terminals.clear();
        }
    }

    /**
     * A lean toward productions not yet covered, for one derivation (as Grammarinator steers
     * toward unexplored alternatives): at a choice between productions, with probability
     * {@code strength}, only the uncovered candidates are kept if there are any, else those from
     * which an uncovered production can be derived. A production the derivation uses counts as
     * covered from then on, so one sentence spreads over several uncovered ones. Mutable, for one
     * derivation.
     */
    public static final class Steering {
        private final boolean[] covered;
        private final boolean[] leads;
        private final double strength;

        /**
         * A steering toward the productions of {@code generator}'s grammar not in {@code covered}.
         *
         * <p>Complexity: {@code O(R)} per round of a fixpoint over the grammar's right-hand sides
         * (as many rounds as the longest chain of nonterminals to an uncovered production).
         *
         * @param strength the probability, at each choice, to lean (0 to 1)
         */
        public Steering(SentenceGenerator generator, BitSet covered, double strength) {
            CompiledGrammar g = generator.g;
            int prods = g.productionCount();
            this.covered = new boolean[prods];
            this.leads = new boolean[prods];
            this.strength = strength;
            boolean[] ntLeads = new boolean[g.nonterminalCount()];
            for (int p = 0; p < prods; p++) {
                this.covered[p] = covered.get(p);
                if (!this.covered[p] && generator.prodHeight[p] != ENDLESS) {
                    leads[p] = true;
                    ntLeads[g.productionLhs(p)] = true;
                }
            }
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int p = 0; p < prods; p++) {
                    if (leads[p] || generator.prodHeight[p] == ENDLESS) {
                        continue;
                    }
                    for (int d = g.dottedRule(p, 0); generator.prodSymbols[d] != CompiledGrammar.END; d++) {
                        int sym = generator.prodSymbols[d];
                        if (sym >= 0 && ntLeads[sym]) {
                            leads[p] = true;
                            if (!ntLeads[g.productionLhs(p)]) {
                                ntLeads[g.productionLhs(p)] = true;
                                changed = true;
                            }
                            break;
                        }
                    }
                }
            }
        }

        /** Keeps the candidates of the best tier (uncovered, else leading to uncovered), if any; returns the new count. */
        int narrow(int[] candidates, int count) {
            int best = 0;
            for (int i = 0; i < count; i++) {
                best = Math.max(best, tier(candidates[i]));
            }
            if (best == 0) {
                return count;
            }
            int kept = 0;
            for (int i = 0; i < count; i++) {
                if (tier(candidates[i]) == best) {
                    candidates[kept++] = candidates[i];
                }
            }
            return kept;
        }

        private int tier(int p) {
            return !covered[p] ? 2 : leads[p] ? 1 : 0;
        }

        void used(int p) {
            covered[p] = true;
        }
    }

    /** Reads choices in order; {@code 0} once they run out. Choice 0 always means "the simplest". */
    private static final class Choices {
        private final int[] values;
        private int next;

        Choices(int[] values) {
            this.values = values;
        }

        private int nextValue() {
            return next < values.length ? (values[next++] & (CHOICE_RANGE - 1)) : 0;
        }

        /** An index in {@code 0 .. k-1}, monotone in the choice (smaller choice, smaller index); no choice used when {@code k <= 1}. */
        int pick(int k) {
            if (k <= 1) {
                return 0;
            }
            return (int) (((long) nextValue() * k) >>> CHOICE_BITS);
        }

        /** True with probability {@code p}, and for choice 0: "take the simple option". */
        boolean takeSimple(double p) {
            if (p <= 0 || p >= 1) {
                return p >= 1;
            }
            return nextValue() < p * CHOICE_RANGE;
        }

        /** True with probability {@code p}, but not for choice 0: "take the complex option". */
        boolean takeComplex(double p) {
            if (p <= 0 || p >= 1) {
                return p >= 1;
            }
            return nextValue() >= (1 - p) * CHOICE_RANGE;
        }
    }

    /** A growable byte buffer. */
    private static final class Out {
        private byte[] bytes = new byte[64];
        private int size;

        void write(int b) {
            if (size == bytes.length) {
                bytes = Arrays.copyOf(bytes, size * 2);
            }
            bytes[size++] = (byte) b;
        }

        void write(byte[] b) {
            if (size + b.length > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(size * 2, size + b.length));
            }
            System.arraycopy(b, 0, bytes, size, b.length);
            size += b.length;
        }

        byte[] toByteArray() {
            return Arrays.copyOf(bytes, size);
        }
    }
}
