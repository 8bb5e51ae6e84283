package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.ast.Span;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The high-level intermediate representation the simplification passes work on: a context-free
 * grammar whose terminals are byte DFAs. Mutable; every pass rewrites it in place.
 *
 * <p>Symbols are ints: a nonterminal id ({@code >= 0}) or a terminal {@code t} encoded as
 * {@code -1 - t}. A nonterminal has a list of alternatives, each a symbol array (possibly empty:
 * empty alternatives exist until nullable elimination). A nonterminal made for a repetition has
 * a {@link Repetition} until {@link ExpandRepetitions} replaces it by alternatives.
 */
public final class Hir {
    /** A pending repetition: {@code symbol} between {@code min} and {@code max} times ({@code max == -1}: unbounded). */
    public record Repetition(int symbol, int min, int max) {
    }

    /**
     * A terminal: its automaton, the bytes when it is a literal (null otherwise), and how it was
     * written.
     */
    public record Terminal(ByteDfa dfa, byte[] literal, String description) {
    }

    private final List<String> names = new ArrayList<>();
    private final List<Span> spans = new ArrayList<>();
    private final List<List<int[]>> rules = new ArrayList<>();
    private final List<Repetition> repetitions = new ArrayList<>();
    private final List<Terminal> terminals = new ArrayList<>();
    private final Map<ByteDfa, Integer> terminalIds = new HashMap<>();
    private int start = -1;
    private boolean acceptsEmpty;

    /** An empty grammar. */
    public Hir() {
    }

    /** A deep copy (the terminal automata, being immutable, are shared). */
    public Hir copy() {
        Hir c = new Hir();
        c.names.addAll(names);
        c.spans.addAll(spans);
        for (List<int[]> alts : rules) {
            List<int[]> copy = new ArrayList<>(alts.size());
            for (int[] a : alts) {
                copy.add(a.clone());
            }
            c.rules.add(copy);
        }
        c.repetitions.addAll(repetitions);
        c.terminals.addAll(terminals);
        c.terminalIds.putAll(terminalIds);
        c.start = start;
        c.acceptsEmpty = acceptsEmpty;
        return c;
    }

    /** Adds a nonterminal without alternatives; returns its id. */
    public int addNonterminal(String name, Span span) {
        names.add(name);
        spans.add(span);
        rules.add(new ArrayList<>());
        repetitions.add(null);
        return names.size() - 1;
    }

    /** Not a symbol: what {@link #nonEmptyTerminal} answers for a terminal that matches only "". */
    public static final int NO_SYMBOL = Integer.MIN_VALUE;

    /**
     * The symbol of terminal {@code t}'s language without the empty string, added (or found) as a
     * terminal described as {@code "<description> (non-empty)"}; {@link #NO_SYMBOL} when "" is all
     * it matches. Only for a terminal that matches "".
     */
    public int nonEmptyTerminal(int t) {
        Terminal old = terminal(t);
        ByteDfa nonEmpty = old.dfa().withoutEmpty();
        return nonEmpty.isEmptyLanguage() ? NO_SYMBOL
                : terminalSymbol(nonEmpty, null, old.description() + " (non-empty)");
    }

    /** Adds (or finds, when one with the same language exists) a terminal; returns its symbol. */
    public int terminalSymbol(ByteDfa dfa, byte[] literal, String description) {
        Integer id = terminalIds.get(dfa);
        if (id == null) {
            id = terminals.size();
            terminals.add(new Terminal(dfa, literal == null ? null : literal.clone(), description));
            terminalIds.put(dfa, id);
        }
        return -1 - id;
    }

    /** Whether a symbol is a terminal. */
    public static boolean isTerminal(int symbol) {
        return symbol < 0;
    }

    /** The terminal id of a terminal symbol. */
    public static int terminalOf(int symbol) {
        return -1 - symbol;
    }

    /** The number of nonterminals (removed ones included until {@link #compact} runs). */
    public int nonterminalCount() {
        return names.size();
    }

    /** The name of nonterminal {@code n}. */
    public String name(int n) {
        return names.get(n);
    }

    /** Where nonterminal {@code n} was defined (its rule, or the construct it was made for). */
    public Span span(int n) {
        return spans.get(n);
    }

    /** The alternatives of nonterminal {@code n}, read-only. */
    public List<int[]> alternatives(int n) {
        return Collections.unmodifiableList(rules.get(n));
    }

    /** The alternatives of nonterminal {@code n}, for passes to change. */
    List<int[]> mutableAlternatives(int n) {
        return rules.get(n);
    }

    /** Replaces the alternatives of nonterminal {@code n}. */
    void setAlternatives(int n, List<int[]> alternatives) {
        rules.set(n, new ArrayList<>(alternatives));
    }

    /** The pending repetition of nonterminal {@code n}, or null. */
    public Repetition repetition(int n) {
        return repetitions.get(n);
    }

    /** Marks nonterminal {@code n} as a repetition to be expanded later. */
    public void setRepetition(int n, Repetition r) {
        repetitions.set(n, r);
    }

    /** The number of terminals. */
    public int terminalCount() {
        return terminals.size();
    }

    /** Terminal {@code t}. */
    public Terminal terminal(int t) {
        return terminals.get(t);
    }

    /** The start nonterminal. */
    public int start() {
        return start;
    }

    /** Sets the start nonterminal. */
    public void setStart(int n) {
        start = n;
    }

    /** Whether the empty string is a sentence even though no alternative derives it any more. */
    public boolean acceptsEmpty() {
        return acceptsEmpty;
    }

    void setAcceptsEmpty(boolean value) {
        acceptsEmpty = value;
    }

    /**
     * Keeps only the nonterminals with {@code keep[n]}, renumbering them densely in their old
     * order, and rewrites every reference. References to removed nonterminals must be gone.
     */
    void compact(boolean[] keep) {
        int[] newId = new int[names.size()];
        int next = 0;
        for (int n = 0; n < names.size(); n++) {
            newId[n] = keep[n] ? next++ : -1;
        }
        List<String> newNames = new ArrayList<>(next);
        List<Span> newSpans = new ArrayList<>(next);
        List<List<int[]>> newRules = new ArrayList<>(next);
        List<Repetition> newReps = new ArrayList<>(next);
        for (int n = 0; n < names.size(); n++) {
            if (!keep[n]) {
                continue;
            }
            newNames.add(names.get(n));
            newSpans.add(spans.get(n));
            newRules.add(renumbered(rules.get(n), newId));
            Repetition r = repetitions.get(n);
            newReps.add(r == null || r.symbol() < 0 ? r : new Repetition(newId[r.symbol()], r.min(), r.max()));
        }
        names.clear();
        names.addAll(newNames);
        spans.clear();
        spans.addAll(newSpans);
        rules.clear();
        rules.addAll(newRules);
        repetitions.clear();
        repetitions.addAll(newReps);
        start = newId[start];
    }

    /**
     * The alternatives with every nonterminal {@code n} replaced by {@code newId[n]}: an
     * alternative that changes is a new array, one that does not is the same array. Passes share
     * alternative arrays between nonterminals, so none is changed in place once
     * {@link InlineRegularRules} (the one pass that substitutes in place, the same everywhere) is
     * done.
     */
    static List<int[]> renumbered(List<int[]> alts, int[] newId) {
        List<int[]> out = new ArrayList<>(alts.size());
        for (int[] alt : alts) {
            int[] copy = alt;
            for (int i = 0; i < alt.length; i++) {
                int s = alt[i];
                if (s >= 0 && newId[s] != s) {
                    if (newId[s] < 0) {
                        throw new IllegalStateException("reference to removed nonterminal " + s);
                    }
                    if (copy == alt) {
                        copy = alt.clone();
                    }
                    copy[i] = newId[s];
                }
            }
            out.add(copy);
        }
        return out;
    }

    /** {@code text} in double quotes, with quotes, backslashes and control characters escaped (for listings and messages). */
    public static String quote(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7F) {
                        sb.append(String.format("\\x%02X", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** A readable listing, one nonterminal per line. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int n = 0; n < names.size(); n++) {
            sb.append(n == start ? "*" : "").append(names.get(n)).append(" ::=");
            Repetition r = repetitions.get(n);
            if (r != null) {
                sb.append(' ').append(symbolName(r.symbol())).append('{').append(r.min()).append(',')
                        .append(r.max() < 0 ? "" : Integer.toString(r.max())).append('}');
            }
            List<int[]> alts = rules.get(n);
            for (int i = 0; i < alts.size(); i++) {
                sb.append(i == 0 ? "" : " |");
                for (int s : alts.get(i)) {
                    sb.append(' ').append(symbolName(s));
                }
                if (alts.get(i).length == 0) {
                    sb.append(" ε");
                }
            }
            sb.append(" ;\n");
        }
        return sb.toString();
    }

    private String symbolName(int s) {
        return s >= 0 ? names.get(s) : terminals.get(-1 - s).description();
    }
}
