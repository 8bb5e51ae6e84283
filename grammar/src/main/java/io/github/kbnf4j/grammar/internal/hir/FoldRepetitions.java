package io.github.kbnf4j.grammar.internal.hir;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pass 2b (right after {@link Flatten}, before every other pass): a repetition whose item is
 * itself a repetition, {@code (x{a,b}){c,d}}, becomes the one repetition {@code x{p,q}} of the
 * same language, when there is one. Nests such as {@code (x*)*}, KBNF's {@code { {x} }} or
 * llama.cpp's six {@code {0,99}} around {@code [^x]*} are so ambiguous that an Earley recognizer
 * keeps quadratically many items ({@code ( [x]* )*}: 50 million after 10,000 bytes;
 * {@code ((("(" start ")"){0,20}){0,20}){0,20}}: 63 million after 2,000 bytes); folded,
 * recognition is linear again (16,000 items). Both dialects get it, since it works on the
 * pending {@link Hir.Repetition}s that {@link Flatten} makes for {@code ? * + {m,n} [x] {x}}.
 *
 * <p>When the fold is exact: {@code (x{a,b}){c,d}} is the union over {@code k} in {@code [c,d]}
 * of {@code k} items each repeated {@code a..b} times, that is of {@code x^s} for {@code s} in
 * {@code S}, the union of the intervals {@code [ka,kb]}. Whatever the language of {@code x}, the
 * nest is {@code x{p,q}} when {@code S} is the whole interval {@code [p,q] = [ca,db]}
 * ({@code 0 * infinity = 0}): when {@code c = d} (every sum of {@code c} numbers in
 * {@code [a,b]} is reached), or when consecutive intervals overlap or touch,
 * {@code (k+1)a <= kb+1}, i.e. {@code a - 1 <= k(b-a)}, which is tightest at {@code k = c}.
 * Otherwise {@code S} has a gap and no single repetition has the language for every {@code x}.
 * So, with {@code d >= 1}:
 * <ul>
 *   <li>{@code (x*){c,d} = x*}, {@code (x+){c,d} = x{c,}}, {@code (x?){c,d} = x{0,d}}: all nine
 *       nests of {@code ? * +} fold ({@code (x+)* = x*}, {@code (x?)+ = x*}, {@code (x+)? = x*},
 *       {@code (x?)? = x?}, ...);
 *   <li>{@code (x{0,m}){c,d} = x{0,md}}, so {@code (x{0,m})* = x*} for {@code m >= 1};
 *       {@code (x{1,m}){c,d} = x{c,md}}; {@code (x{a,b})? = x{0,b}} for {@code a <= 1};
 *       {@code (x{m}){c} = x{mc}}; {@code (x{a,}){c,d} = x{ca,}} for {@code c >= 1};
 *   <li>but not {@code (x{2,3})*} ({@code x} once is missing), {@code (x{2,})*},
 *       {@code (x{3}){1,2}} ({@code x^3} or {@code x^6}), {@code (x{2})?}.
 * </ul>
 * The item may also be reached through rules whose only alternative is one nonterminal
 * ({@code a ::= b*; b ::= c; c ::= "x"*;}): substituting a rule by its body keeps the language.
 *
 * <p>Size: {@link ExpandRepetitions} writes out as many copies of the item as the largest finite
 * bound, so a fold whose bounds exceed {@code maxRepetition} is not made:
 * {@code ((x{0,99}){0,99}){0,99}} becomes {@code (x{0,9801}){0,99}}. And a fold that makes the
 * chain longer than both of the nest's ({@code (x{0,99}){0,99}}, not {@code (x*){0,99}}) is made
 * only for an item that does not derive the empty string: a chain of nullable links is predicted
 * whole at every item boundary, which would cost the recognizer the product per byte.
 *
 * <p>A nullable item is replaced first by its non-empty part: {@code x{a,b}} is {@code x'{0,b}}
 * where {@code x'} derives the non-empty strings of {@code x} (each missing copy is an empty one),
 * and {@code x'} is not nullable, so its nests fold like any other ({@code (("a" | ""){0,99}){0,99}}
 * becomes {@code "a"{0,9801}}, which the recognizer reads in a few items per byte, where the nest
 * as written kept 240,000 per byte).
 *
 * <p>Complexity: linear in the number of nonterminals times the length of their unit chains,
 * plus one nullability fixpoint when a fold lengthens a chain or an item loses its empty
 * alternative.
 */
public final class FoldRepetitions {
    private final Hir hir;
    private final int maxRepetition;
    /** Which nonterminals derive the empty string; computed when first needed. */
    private boolean[] nullableNonterminals;
    /** A nullable symbol -> the symbol for its non-empty strings, or {@link Hir#NO_SYMBOL} ({@link #nonEmptyPart}). */
    private final Map<Integer, Integer> nonEmpty = new HashMap<>();
    /** Terminal automata up to this size are checked for closure under concatenation. */
    private static final int CLOSURE_CHECK_STATES = 16;
    /** Terminal symbol -> whether its language is closed under concatenation (see {@link #shortened}). */
    private final Map<Integer, Boolean> closedTerminals = new HashMap<>();

    private FoldRepetitions(Hir hir, int maxRepetition) {
        this.hir = hir;
        this.maxRepetition = maxRepetition;
    }

    /**
     * Applies the pass to {@code hir}.
     *
     * @param maxRepetition the largest bound a folded repetition may have ({@code
     *     GrammarOptions.maxRepetition}, which bounds the written ones)
     */
    public static void apply(Hir hir, int maxRepetition) {
        new FoldRepetitions(hir, maxRepetition).run();
    }

    private void run() {
        int count = hir.nonterminalCount();
        // Flatten numbers an item before its repetition, so nests fold inside out; the loop
        // below also goes down a nest whose inner repetitions have not been visited yet.
        for (int n = 0; n < count; n++) {
            Hir.Repetition r = hir.repetition(n);
            if (r == null) {
                continue;
            }
            r = shortened(withoutEmptyItem(r));
            for (int steps = 0; steps < count; steps++) {
                int m = repetitionBehindUnits(hir, r.symbol());
                if (m < 0 || m == n) {
                    break;
                }
                Hir.Repetition inner = shortened(withoutEmptyItem(hir.repetition(m)));
                Hir.Repetition folded = fold(r, inner, maxRepetition);
                if (folded == null
                        || (copies(folded) > Math.max(copies(r), copies(inner)) && nullable(folded.symbol()))) {
                    break;
                }
                r = shortened(folded);
            }
            hir.setRepetition(n, r);
        }
    }

    /**
     * {@code t{a,b}} as {@code t{a,1}} when {@code a <= 1} and the terminal's language {@code L} is
     * closed under concatenation ({@code LL} in {@code L}, as for {@code #"[^x]+"}): then every
     * {@code L^k}, {@code k >= 1}, is in {@code L}. Such a repetition as written is as ambiguous as
     * a nest ({@code "abc"} is one, two or three copies), which costs the recognizer the chain's
     * length per byte; shortened, it costs nothing. Else {@code r} as it is.
     */
    private Hir.Repetition shortened(Hir.Repetition r) {
        int t = r.symbol();
        if (!Hir.isTerminal(t) || r.min() > 1 || r.max() == 0 || r.max() == 1) {
            return r;
        }
        boolean closed = closedTerminals.computeIfAbsent(t,
                k -> hir.terminal(Hir.terminalOf(k)).dfa().isClosedUnderConcatenation(CLOSURE_CHECK_STATES));
        return closed ? new Hir.Repetition(t, r.min(), 1) : r;
    }

    /**
     * {@code r} with a nullable item {@code x} (a terminal or a rule, not a repetition) replaced by
     * its non-empty part: {@code x{a,b}} is {@code x'{0,b}} where {@code x'} derives the non-empty
     * strings of {@code x} (each missing copy is an empty one). Else {@code r} as it is.
     */
    private Hir.Repetition withoutEmptyItem(Hir.Repetition r) {
        int item = r.symbol();
        if (!nullable(item) || (!Hir.isTerminal(item) && hir.repetition(item) != null)) {
            return r; // a nest of repetitions folds as it is (or is too long to fold at all)
        }
        int part = nonEmptyPart(item);
        return part == Hir.NO_SYMBOL ? r : new Hir.Repetition(part, 0, r.max());
    }

    /**
     * A symbol for the non-empty strings of {@code symbol} ({@code symbol} itself when it is not
     * nullable), or {@link Hir#NO_SYMBOL} when it derives only "". Made once per symbol:
     * <ul>
     *   <li>a terminal: its automaton without the empty string;
     *   <li>a repetition {@code y{a,b}}: {@code y'{1,b}};
     *   <li>a rule: its alternatives that are not nullable as they are, and for each nullable one
     *       {@code s1 .. sm} the alternatives {@code si' s(i+1) .. sm} (the first non-empty symbol
     *       is {@code si}, the ones before it are empty). A rule that comes back to itself meets
     *       the new nonterminal, which is made before its alternatives.
     * </ul>
     * One alternative of one symbol is that symbol.
     */
    private int nonEmptyPart(int symbol) {
        if (!nullable(symbol)) {
            return symbol;
        }
        Integer known = nonEmpty.get(symbol);
        if (known != null) {
            return known;
        }
        int part;
        if (Hir.isTerminal(symbol)) {
            part = hir.nonEmptyTerminal(Hir.terminalOf(symbol));
        } else if (hir.repetition(symbol) != null) {
            Hir.Repetition r = hir.repetition(symbol);
            int item = r.max() == 0 ? Hir.NO_SYMBOL : nonEmptyPart(r.symbol());
            if (item == Hir.NO_SYMBOL) {
                part = Hir.NO_SYMBOL;
            } else if (r.max() == 1) {
                part = item;
            } else {
                part = hir.addNonterminal(hir.name(symbol) + "'", hir.span(symbol));
                hir.setRepetition(part, new Hir.Repetition(item, 1, r.max()));
            }
        } else {
            part = hir.addNonterminal(hir.name(symbol) + "'", hir.span(symbol));
            nonEmpty.put(symbol, part); // before the alternatives, which may come back here
            List<int[]> alternatives = new ArrayList<>();
            for (int[] alt : hir.alternatives(symbol)) {
                if (!allNullable(alt)) {
                    alternatives.add(alt);
                    continue;
                }
                for (int i = 0; i < alt.length; i++) {
                    int first = nonEmptyPart(alt[i]);
                    if (first != Hir.NO_SYMBOL) {
                        int[] a = new int[alt.length - i];
                        a[0] = first;
                        System.arraycopy(alt, i + 1, a, 1, alt.length - i - 1);
                        alternatives.add(a);
                    }
                }
            }
            hir.setAlternatives(part, alternatives); // the nonterminal stays for what came back to it
            if (alternatives.isEmpty()) {
                part = Hir.NO_SYMBOL;
            } else if (alternatives.size() == 1 && alternatives.get(0).length == 1) {
                part = alternatives.get(0)[0];
            }
        }
        nonEmpty.put(symbol, part);
        return part;
    }

    private boolean allNullable(int[] alternative) {
        for (int s : alternative) {
            if (!nullable(s)) {
                return false;
            }
        }
        return true;
    }

    /** How many copies of its item {@link ExpandRepetitions} writes out for {@code r}: its longest chain. */
    private static long copies(Hir.Repetition r) {
        return r.max() < 0 ? r.min() : r.max();
    }

    /** Whether {@code symbol} derives the empty string (repetitions still pending). */
    private boolean nullable(int symbol) {
        if (Hir.isTerminal(symbol)) {
            return hir.terminal(Hir.terminalOf(symbol)).dfa().acceptsEmpty();
        }
        if (nullableNonterminals != null && symbol >= nullableNonterminals.length) {
            return false; // made by this pass as the non-empty part of a symbol: not nullable
        }
        if (nullableNonterminals == null) {
            nullableNonterminals = new boolean[hir.nonterminalCount()];
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int n = 0; n < nullableNonterminals.length; n++) {
                    if (!nullableNonterminals[n] && derivesEmpty(n)) {
                        nullableNonterminals[n] = true;
                        changed = true;
                    }
                }
            }
        }
        return nullableNonterminals[symbol];
    }

    /** Whether nonterminal {@code n} derives the empty string, given the nullable nonterminals found so far. */
    private boolean derivesEmpty(int n) {
        Hir.Repetition r = hir.repetition(n);
        if (r != null && (r.min() == 0 || nullable(r.symbol()))) {
            return true;
        }
        for (int[] alt : hir.alternatives(n)) {
            if (allNullable(alt)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The nonterminal with a pending repetition that {@code symbol} stands for, through rules
     * whose only alternative is one nonterminal; -1 if there is none.
     */
    private static int repetitionBehindUnits(Hir hir, int symbol) {
        int s = symbol;
        for (int steps = 0; steps <= hir.nonterminalCount() && !Hir.isTerminal(s); steps++) {
            if (hir.repetition(s) != null) {
                return s;
            }
            List<int[]> alts = hir.alternatives(s);
            if (alts.size() != 1 || alts.get(0).length != 1) {
                return -1;
            }
            s = alts.get(0)[0];
        }
        return -1; // a terminal, or a cycle of unit rules
    }

    /**
     * {@code (x{a,b}){c,d}} as one repetition {@code x{p,q}} of the same language, or null when
     * there is none, or when a bound of it exceeds {@code maxRepetition}. Bounds of -1 are
     * unbounded; both ranges must be valid ({@code min <= max}).
     */
    static Hir.Repetition fold(Hir.Repetition outer, Hir.Repetition inner, int maxRepetition) {
        long a = inner.min();
        long b = inner.max(); // -1: unbounded
        long c = outer.min();
        long d = outer.max();
        assert (b < 0 || a <= b) && (d < 0 || c <= d);
        if (c != d) { // for c = d every sum of c numbers in [a,b] is reached
            // The gap between [ka,kb] and [(k+1)a,(k+1)b] at k = c must be closed: a-1 <= c(b-a).
            boolean closed = b < 0 ? c >= 1 || a <= 1 : a - 1 <= c * (b - a);
            if (!closed) {
                return null;
            }
        }
        long p = c * a;
        long q;
        if (b == 0 || d == 0) {
            q = 0; // only the empty repetition
        } else if (b < 0 || d < 0) {
            q = -1;
        } else {
            q = d * b;
        }
        if (p > maxRepetition || q > maxRepetition) {
            return null;
        }
        return new Hir.Repetition(inner.symbol(), (int) p, (int) q);
    }
}
