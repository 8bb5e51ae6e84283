package io.github.kbnf4j.grammar.internal.writer;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.internal.hir.StronglyConnectedComponents;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The productions of a {@link CompiledGrammar} rewritten without left recursion, by a selective
 * left-corner transform (Johnson 1998; Moore 2000 calls the variant restricted to left-recursive
 * nonterminals LC_LR), because llama.cpp refuses left-recursive grammars.
 *
 * <h2>The transform</h2>
 * The left-corner graph has an edge {@code A -> B} when a production of {@code A} begins with
 * nonterminal {@code B}. Nonterminals outside its cycles keep their productions. For each cyclic
 * strongly connected component {@code C} and each {@code A} in {@code C} that is used (reachable
 * from the start), the productions of {@code A} become, with fresh nonterminals {@code A-B}
 * meaning "the rest of an {@code A} once a {@code B} has been read as its left corner":
 * <ul>
 *   <li>{@code A ::= Y γ A-B} for every production {@code B ::= Y γ} with {@code B} in {@code C}
 *       and {@code Y} outside it (a terminal, or a nonterminal of another component);
 *   <li>{@code A-B ::= α A-D} for every production {@code D ::= E α} with {@code D} and
 *       {@code E} in {@code C}, {@code α} not empty and {@code E} in {@code up(B)}: {@code B}
 *       and the nonterminals that unit productions inside {@code C} lead up to from it
 *       ({@code D ::= E} makes a {@code D} from an {@code E} at no cost);
 *   <li>{@code A-B ::= ε} when {@code A} is in {@code up(B)}.
 * </ul>
 * A reference to an {@code A-B} that derives only the empty string is left out. With
 * immediate left recursion {@code N ::= N x | y} this is the textbook {@code N ::= y N-N},
 * {@code N-N ::= x N-N | ε}.
 *
 * <h2>Why the result has no left recursion</h2>
 * The input has no empty production and no nullable nonterminal (a {@link CompiledGrammar}
 * invariant), and the transform adds nullable nonterminals only as the last symbol of a
 * production whose other symbols are not empty. So a left corner is always the first symbol.
 * The new {@code A-B} are never a first symbol; a transformed {@code A} begins only with symbols
 * outside its component that were left corners of {@code A} before, and the other nonterminals
 * begin as before. Every left-corner edge thus descends in the (acyclic) order of the original
 * components.
 *
 * <p>Size: a used {@code A} gets one production per exit production of its component, and each
 * {@code A-B} at most one per production of the component: quadratic in the size of a cyclic
 * component in the worst case (many of its nonterminals used from elsewhere), linear for
 * immediate left recursion. The total is bounded by {@link #MAX_SYMBOLS}.
 *
 * <p>Not thread-safe; one instance per grammar being written.
 */
final class LeftCornerTransform {
    /** The most symbols the rewritten productions may have in all. */
    static final int MAX_SYMBOLS = 4_000_000;

    /** A rule of the result: an original nonterminal ({@code b < 0}) or the left-corner rule {@code a-b}. */
    record Rule(int a, int b, List<int[]> alternatives) {
        boolean isOriginal() {
            return b < 0;
        }
    }

    private final CompiledGrammar g;
    private final int n;
    /** nonterminal -> component, in reverse topological order. */
    private final int[] component;
    private final boolean[] cyclic;
    /** nonterminal E -> the productions D ::= E α (D in E's component, α not empty). */
    private final IntArrayList[] nonUnitParents;
    /** nonterminal E -> the nonterminals D with a unit production D ::= E in E's component. */
    private final IntArrayList[] unitParents;
    /** component -> its exit productions (first symbol outside the component). */
    private final IntArrayList[] exits;
    /** nonterminal -> up(nonterminal), computed on first use. */
    private final int[][] up;

    private final List<Rule> rules = new ArrayList<>();
    /** rule id of an original nonterminal, or -1 if not yet made. */
    private final int[] originalRule;
    /** (a, b) -> rule id of a-b; absent if not yet made. */
    private final Long2IntOpenHashMap leftCornerRule = new Long2IntOpenHashMap();
    private final ArrayDeque<Integer> pending = new ArrayDeque<>();
    private long symbolCount;
    private final long maxSymbols;

    private LeftCornerTransform(CompiledGrammar g, long maxSymbols) {
        this.g = g;
        this.maxSymbols = maxSymbols;
        this.n = g.nonterminalCount();
        IntArrayList[] edges = new IntArrayList[n];
        for (int a = 0; a < n; a++) {
            edges[a] = new IntArrayList();
            for (int p = g.firstProduction(a); p < g.firstProduction(a + 1); p++) {
                int first = first(p);
                if (first >= 0) {
                    edges[a].add(first);
                }
            }
        }
        component = StronglyConnectedComponents.of(edges);
        int components = Arrays.stream(component).max().orElse(-1) + 1;
        int[] sizes = new int[components];
        for (int c : component) {
            sizes[c]++;
        }
        cyclic = new boolean[components];
        for (int a = 0; a < n; a++) {
            cyclic[component[a]] |= sizes[component[a]] > 1 || edges[a].contains(a);
        }
        nonUnitParents = new IntArrayList[n];
        unitParents = new IntArrayList[n];
        exits = new IntArrayList[components];
        for (int a = 0; a < n; a++) {
            nonUnitParents[a] = new IntArrayList();
            unitParents[a] = new IntArrayList();
        }
        for (int c = 0; c < components; c++) {
            exits[c] = new IntArrayList();
        }
        for (int d = 0; d < n; d++) {
            if (!cyclic[component[d]]) {
                continue;
            }
            for (int p = g.firstProduction(d); p < g.firstProduction(d + 1); p++) {
                int e = first(p);
                if (e >= 0 && component[e] == component[d]) {
                    if (g.productionLength(p) == 1) {
                        unitParents[e].add(d);
                    } else {
                        nonUnitParents[e].add(p);
                    }
                } else {
                    exits[component[d]].add(p);
                }
            }
        }
        originalRule = new int[n];
        Arrays.fill(originalRule, -1);
        up = new int[n][];
    }

    /**
     * The rules reachable from the start nonterminal, without left recursion; the first is the
     * start nonterminal's. Symbols in the alternatives: {@code >= 0} a rule id (an index into the
     * list), {@code < 0} a terminal symbol as in {@link CompiledGrammar}; an empty array is the
     * empty alternative.
     *
     * @throws IllegalArgumentException if the result would exceed {@link #MAX_SYMBOLS} symbols,
     *     naming the rules whose left recursion makes it so large
     */
    static List<Rule> apply(CompiledGrammar g) {
        return apply(g, MAX_SYMBOLS);
    }

    /** {@link #apply(CompiledGrammar)} with another bound than {@link #MAX_SYMBOLS}. */
    static List<Rule> apply(CompiledGrammar g, long maxSymbols) {
        LeftCornerTransform t = new LeftCornerTransform(g, maxSymbols);
        t.original(g.startNonterminal());
        while (!t.pending.isEmpty()) {
            t.build(t.pending.poll());
        }
        return t.rules;
    }

    /** Whether nonterminal {@code a} is left-recursive (in a cyclic component of the left-corner graph). */
    boolean isLeftRecursive(int a) {
        return cyclic[component[a]];
    }

    private int first(int p) {
        int s = g.symbolAfterDot(g.dottedRule(p, 0));
        return CompiledGrammar.isTerminal(s) ? -1 : s;
    }

    /** The rule id of original nonterminal {@code a}, made (and queued) on first use. */
    private int original(int a) {
        if (originalRule[a] < 0) {
            originalRule[a] = add(new Rule(a, -1, new ArrayList<>()));
        }
        return originalRule[a];
    }

    /** The rule id of {@code a-b}, made (and queued) on first use. */
    private int leftCorner(int a, int b) {
        long key = ((long) a << 32) | (b & 0xFFFFFFFFL);
        int id = leftCornerRule.getOrDefault(key, -1);
        if (id < 0) {
            id = add(new Rule(a, b, new ArrayList<>()));
            leftCornerRule.put(key, id);
        }
        return id;
    }

    private int add(Rule r) {
        rules.add(r);
        pending.add(rules.size() - 1);
        return rules.size() - 1;
    }

    private void build(int id) {
        Rule r = rules.get(id);
        if (r.isOriginal() && !isLeftRecursive(r.a())) {
            for (int p = g.firstProduction(r.a()); p < g.firstProduction(r.a() + 1); p++) {
                emit(r, production(p, 0), -1, -1);
            }
        } else if (r.isOriginal()) {
            // A ::= Y γ A-B for every exit production B ::= Y γ of A's component.
            IntArrayList ex = exits[component[r.a()]];
            for (int i = 0; i < ex.size(); i++) {
                int p = ex.getInt(i);
                emit(r, production(p, 0), r.a(), g.productionLhs(p));
            }
        } else {
            // A-B ::= α A-D for D ::= E α with E in up(B); A-B ::= ε if A is in up(B). Each
            // production is listed under its first symbol only, so none comes twice.
            for (int e : up(r.b())) {
                IntArrayList ps = nonUnitParents[e];
                for (int i = 0; i < ps.size(); i++) {
                    int p = ps.getInt(i);
                    emit(r, production(p, 1), r.a(), g.productionLhs(p));
                }
            }
            for (int e : up(r.b())) {
                if (e == r.a()) {
                    r.alternatives().add(new int[0]);
                }
            }
        }
    }

    /**
     * Adds alternative {@code symbols} (original nonterminals and terminals), followed by
     * {@code a-b} when {@code a >= 0}, to rule {@code r}, mapping nonterminals to rule ids.
     */
    private void emit(Rule r, int[] symbols, int a, int b) {
        int tail = -1;
        if (a >= 0 && !derivesOnlyEmpty(a, b)) {
            tail = leftCorner(a, b);
        }
        int[] out = Arrays.copyOf(symbols, symbols.length + (tail >= 0 ? 1 : 0));
        for (int i = 0; i < symbols.length; i++) {
            if (out[i] >= 0) {
                out[i] = original(out[i]);
            }
        }
        if (tail >= 0) {
            out[symbols.length] = tail;
        }
        symbolCount += out.length;
        if (symbolCount > maxSymbols) {
            throw new IllegalArgumentException((a >= 0 ? "removing the left recursion through rules "
                    + describeComponent(a) + " makes" : "the grammar has") + " more than " + maxSymbols
                    + " symbols in GBNF");
        }
        r.alternatives().add(out);
    }

    /**
     * Whether {@code a-b} derives the empty string only. It always derives something: going up
     * from {@code b} along a left-corner path to {@code a} (inside the component) either meets a
     * production with more than one symbol or reaches {@code a} by unit productions.
     */
    private boolean derivesOnlyEmpty(int a, int b) {
        boolean empty = false;
        for (int e : up(b)) {
            if (!nonUnitParents[e].isEmpty()) {
                return false;
            }
            empty |= e == a;
        }
        assert empty : "left-corner rule derives nothing";
        return true;
    }

    /** {@code b} and every nonterminal that unit productions of its component lead up to from it. */
    private int[] up(int b) {
        if (up[b] != null) {
            return up[b];
        }
        Set<Integer> out = new LinkedHashSet<>();
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        out.add(b);
        queue.add(b);
        while (!queue.isEmpty()) {
            IntArrayList ds = unitParents[queue.poll()];
            for (int i = 0; i < ds.size(); i++) {
                if (out.add(ds.getInt(i))) {
                    queue.add(ds.getInt(i));
                }
            }
        }
        up[b] = out.stream().mapToInt(Integer::intValue).toArray();
        return up[b];
    }

    /** The symbols of production {@code p} from position {@code from}. */
    private int[] production(int p, int from) {
        int len = g.productionLength(p);
        int[] out = new int[len - from];
        for (int i = from; i < len; i++) {
            out[i - from] = g.symbolAfterDot(g.dottedRule(p, i));
        }
        return out;
    }

    /** Up to eight names of the nonterminals in {@code a}'s component, quoted. */
    private String describeComponent(int a) {
        List<String> names = new ArrayList<>();
        int total = 0;
        for (int x = 0; x < n; x++) {
            if (component[x] == component[a] && total++ < 8) {
                names.add("'" + g.nonterminalName(x) + "'");
            }
        }
        return String.join(", ", names) + (total > 8 ? " and " + (total - 8) + " more" : "");
    }
}
