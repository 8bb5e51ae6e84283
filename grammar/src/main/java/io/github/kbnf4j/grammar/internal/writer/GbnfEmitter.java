package io.github.kbnf4j.grammar.internal.writer;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.internal.writer.LeftCornerTransform.Rule;
import io.github.kbnf4j.grammar.internal.writer.Utf8Edges.Edge;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes a {@link CompiledGrammar} as GBNF; the implementation of
 * {@link io.github.kbnf4j.grammar.GbnfWriter#write}, whose javadoc describes the output.
 *
 * <p>Steps: {@link LeftCornerTransform} (no left recursion); one plan per used terminal
 * ({@link TerminalPlan}: its DFA states grouped by code points with {@link Utf8Edges}); names;
 * text. Not thread-safe; one instance per call.
 */
public final class GbnfEmitter {
    /** A rule line longer than this with several alternatives is written one alternative per line. */
    private static final int LINE_WIDTH = 100;

    private final CompiledGrammar g;
    private final List<Rule> rules;
    private final TreeMap<Integer, TerminalPlan> terminals = new TreeMap<>();
    /** terminal -> the rule (an original nonterminal with the terminal as its only production) named after it. */
    private final Int2IntOpenHashMap alias = new Int2IntOpenHashMap();
    private final Set<Integer> aliasRules = new HashSet<>();
    private final Set<String> usedNames = new HashSet<>();
    private final String[] ruleNames;
    private boolean wrapRoot;

    private GbnfEmitter(CompiledGrammar g) {
        this.g = g;
        this.rules = LeftCornerTransform.apply(g);
        this.ruleNames = new String[rules.size()];
        alias.defaultReturnValue(-1);
    }

    /**
     * The GBNF text of {@code g}.
     *
     * @throws IllegalArgumentException if a terminal matches bytes that are not valid UTF-8, or
     *     removing left recursion would make the text too large
     */
    public static String write(CompiledGrammar g) {
        GbnfEmitter e = new GbnfEmitter(g);
        e.planTerminals();
        e.assignNames();
        return e.text();
    }

    private void planTerminals() {
        for (int id = 0; id < rules.size(); id++) {
            for (int[] alt : rules.get(id).alternatives()) {
                for (int s : alt) {
                    if (s < 0) {
                        int t = CompiledGrammar.terminalOf(s);
                        if (!terminals.containsKey(t)) {
                            terminals.put(t, new TerminalPlan(g, t));
                        }
                    }
                }
            }
        }
        for (int id = 0; id < rules.size(); id++) {
            Rule r = rules.get(id);
            if (r.isOriginal() && r.alternatives().size() == 1 && r.alternatives().get(0).length == 1
                    && r.alternatives().get(0)[0] < 0) {
                int t = CompiledGrammar.terminalOf(r.alternatives().get(0)[0]);
                if (!terminals.get(t).isPure() && alias.get(t) < 0) {
                    alias.put(t, id);
                    aliasRules.add(id);
                }
            }
        }
    }

    private void assignNames() {
        String startName = GbnfSyntax.sanitize(g.nonterminalName(g.startNonterminal()));
        wrapRoot = g.acceptsEmpty() || !startName.equals("root");
        if (wrapRoot) {
            unique("root");
        }
        for (int id = 0; id < rules.size(); id++) {
            Rule r = rules.get(id);
            String a = baseName(r.a());
            if (r.isOriginal()) {
                ruleNames[id] = unique(a);
            } else if (r.a() == r.b()) {
                ruleNames[id] = unique(a + "-tail");
            } else {
                ruleNames[id] = unique(a + "-after-" + baseName(r.b()));
            }
        }
        for (TerminalPlan plan : terminals.values()) {
            if (!plan.isPure()) {
                int owner = alias.get(plan.terminal);
                plan.assignNames(owner >= 0 ? ruleNames[owner] : unique("t" + plan.terminal), this::unique);
            }
        }
    }

    /**
     * The name proposed for nonterminal {@code n}: its name made a GBNF name, except for the
     * names the compiler makes from a terminal's description (with quotes, such as
     * <code>#"[a-z]*"?</code> for the optional terminal): those become {@code tK} when the
     * nonterminal is just terminal {@code K}, else {@code nN}.
     */
    private String baseName(int n) {
        String name = g.nonterminalName(n);
        if (name.indexOf('"') < 0 && name.indexOf('\'') < 0) {
            return GbnfSyntax.sanitize(name);
        }
        int p = g.firstProduction(n);
        if (g.firstProduction(n + 1) == p + 1 && g.productionLength(p) == 1) {
            int s = g.symbolAfterDot(g.dottedRule(p, 0));
            if (CompiledGrammar.isTerminal(s)) {
                return "t" + CompiledGrammar.terminalOf(s);
            }
        }
        return "n" + n;
    }

    /** {@code proposal}, or {@code proposal-2}, {@code proposal-3}, ... whichever is free first; marks it used. */
    private String unique(String proposal) {
        String name = proposal;
        for (int i = 2; !usedNames.add(name); i++) {
            name = proposal + "-" + i;
        }
        return name;
    }

    private String text() {
        StringBuilder sb = new StringBuilder();
        sb.append("# GBNF (llama.cpp) written by kbnf4j; start rule '")
                .append(oneLine(g.nonterminalName(g.startNonterminal()))).append("'\n");
        // A grammar whose only sentence is "" has a start rule without alternatives: root is "".
        boolean onlyEmpty = rules.get(0).alternatives().isEmpty();
        if (wrapRoot) {
            List<String> alts = new ArrayList<>();
            if (!onlyEmpty) {
                alts.add(ruleNames[0]);
            }
            if (g.acceptsEmpty()) {
                alts.add("\"\"");
            }
            line(sb, "root", alts);
        }
        for (int id = onlyEmpty ? 1 : 0; id < rules.size(); id++) {
            if (aliasRules.contains(id)) {
                terminalText(sb, terminals.get(CompiledGrammar.terminalOf(rules.get(id).alternatives().get(0)[0])));
                continue;
            }
            List<String> alts = new ArrayList<>();
            boolean empty = false;
            for (int[] alt : rules.get(id).alternatives()) {
                if (alt.length == 0) {
                    empty = true;
                    continue;
                }
                GbnfSyntax.Sequence seq = new GbnfSyntax.Sequence();
                for (int s : alt) {
                    if (s >= 0) {
                        seq.rule(ruleNames[s]);
                    } else {
                        terminals.get(CompiledGrammar.terminalOf(s)).appendUse(seq);
                    }
                }
                alts.add(seq.toString());
            }
            if (empty) {
                alts.add("\"\"");
            }
            line(sb, ruleNames[id], alts);
        }
        for (TerminalPlan plan : terminals.values()) {
            if (!plan.isPure() && alias.get(plan.terminal) < 0) {
                terminalText(sb, plan);
            }
        }
        return sb.toString();
    }

    private void terminalText(StringBuilder sb, TerminalPlan plan) {
        sb.append("# ").append(plan.startName()).append(": ").append(oneLine(g.terminalDescription(plan.terminal)))
                .append('\n');
        for (int i = 0; i < plan.ruleStates.size(); i++) {
            int state = plan.ruleStates.getInt(i);
            line(sb, plan.names.get(state), plan.alternatives(state));
        }
    }

    /**
     * Appends {@code name ::= a | b | ...}: on one line, or, when long, one alternative per line
     * with the {@code |} at the end of the line (llama.cpp continues a rule after a {@code |} and
     * a newline, not before one).
     */
    private static void line(StringBuilder sb, String name, List<String> alts) {
        String joined = String.join(" | ", alts);
        if (alts.size() > 1 && name.length() + 5 + joined.length() > LINE_WIDTH) {
            sb.append(name).append(" ::=\n    ").append(String.join(" |\n    ", alts)).append('\n');
        } else {
            sb.append(name).append(" ::= ").append(joined).append('\n');
        }
    }

    /** {@code s} for a comment: printable ASCII on one line, other characters as escapes. */
    private static String oneLine(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(cp -> {
            if (cp >= 0x20 && cp < 0x7F) {
                sb.append((char) cp);
            } else {
                GbnfSyntax.appendLiteralChar(sb, cp);
            }
        });
        return sb.toString();
    }

    /**
     * How one terminal is written: its DFA states reachable at character boundaries, each with its
     * edges grouped by target state. A state gets a rule unless it is inlined: an accepting state
     * without edges is the end of an alternative, and a non-start, non-accepting state with one
     * incoming and one outgoing edge is written in place (so a literal becomes {@code "..."}). A
     * terminal whose start state then has a single alternative without rule references is
     * "pure": it is written in place wherever it is used.
     */
    static final class TerminalPlan {
        final int terminal;
        private final CompiledGrammar g;
        private final int start;
        private final Int2ObjectOpenHashMap<List<Edge>> edges = new Int2ObjectOpenHashMap<>();
        private final Int2IntOpenHashMap indegree = new Int2IntOpenHashMap();
        /** The states that get a rule, the start first (empty when pure). */
        final IntArrayList ruleStates = new IntArrayList();
        final Int2ObjectOpenHashMap<String> names = new Int2ObjectOpenHashMap<>();
        /** For a pure terminal: the code point sets it matches, one after the other. */
        private final List<int[]> pureSequence;

        TerminalPlan(CompiledGrammar g, int terminal) {
            this.g = g;
            this.terminal = terminal;
            this.start = g.terminalStartState(terminal);
            // Compiled terminals never match the empty string, so no terminal rule can be empty
            // and the left-recursion argument of LeftCornerTransform holds.
            assert !g.dfaAccepting(start) : "terminal matches the empty string";
            Utf8Edges utf8 = new Utf8Edges(g, "t" + terminal + " (" + g.terminalDescription(terminal) + ")");
            IntArrayList queue = new IntArrayList();
            queue.add(start);
            edges.put(start, null);
            for (int i = 0; i < queue.size(); i++) {
                int s = queue.getInt(i);
                List<Edge> out = utf8.from(s);
                edges.put(s, out);
                for (Edge e : out) {
                    indegree.addTo(e.target(), 1);
                    if (!edges.containsKey(e.target())) {
                        edges.put(e.target(), null);
                        queue.add(e.target());
                    }
                }
            }
            List<Edge> first = edges.get(start);
            List<int[]> sequence = new ArrayList<>();
            boolean pure = first.size() == 1 && follow(first.get(0), sequence) == -1;
            pureSequence = pure ? sequence : null;
            if (pureSequence == null) {
                ruleStates.add(start);
                Set<Integer> seen = new HashSet<>();
                seen.add(start);
                for (int i = 0; i < ruleStates.size(); i++) {
                    for (Edge e : edges.get(ruleStates.getInt(i))) {
                        int target = follow(e, new ArrayList<>());
                        if (target >= 0 && seen.add(target)) {
                            ruleStates.add(target);
                        }
                    }
                }
            }
        }

        boolean isPure() {
            return pureSequence != null;
        }

        /**
         * Walks from edge {@code e} through inlined states, adding the code point sets read to
         * {@code into}; returns the state whose rule follows, or -1 if the walk ends the match.
         */
        private int follow(Edge e, List<int[]> into) {
            into.add(e.ranges());
            int t = e.target();
            for (int steps = 0; ; steps++) {
                List<Edge> out = edges.get(t);
                if (g.dfaAccepting(t) && out.isEmpty()) {
                    return -1;
                }
                if (t == start || g.dfaAccepting(t) || out.size() != 1 || indegree.get(t) != 1
                        || steps > edges.size()) {
                    return t;
                }
                into.add(out.get(0).ranges());
                t = out.get(0).target();
            }
        }

        void assignNames(String startName, java.util.function.UnaryOperator<String> unique) {
            names.put(start, startName);
            for (int i = 1; i < ruleStates.size(); i++) {
                names.put(ruleStates.getInt(i), unique.apply(startName + "-s" + i));
            }
        }

        String startName() {
            return names.get(start);
        }

        /** Appends a use of the terminal: the pure sequence, or a reference to its start rule. */
        void appendUse(GbnfSyntax.Sequence seq) {
            if (pureSequence != null) {
                for (int[] ranges : pureSequence) {
                    seq.codePoints(ranges);
                }
            } else {
                seq.rule(startName());
            }
        }

        /** The alternatives of the rule of {@code state}; an accepting state ends with {@code ""}. */
        List<String> alternatives(int state) {
            List<String> out = new ArrayList<>();
            for (Edge e : edges.get(state)) {
                List<int[]> read = new ArrayList<>();
                int target = follow(e, read);
                GbnfSyntax.Sequence seq = new GbnfSyntax.Sequence();
                for (int[] ranges : read) {
                    seq.codePoints(ranges);
                }
                if (target >= 0) {
                    seq.rule(names.get(target));
                }
                out.add(seq.toString());
            }
            if (g.dfaAccepting(state)) {
                out.add("\"\"");
            }
            return out;
        }
    }
}
