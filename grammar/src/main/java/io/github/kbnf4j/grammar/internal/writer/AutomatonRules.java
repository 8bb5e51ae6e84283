package io.github.kbnf4j.grammar.internal.writer;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.writer.Utf8Edges.Edge;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * How one automaton terminal ({@code Expr.Automaton}) is written in KBNF: right-linear rules,
 * one per DFA state where a character starts, each alternative a character (a literal or a regex
 * class over code points) and the rule of the state it leads to, {@code ""} for an accepting
 * state. A state with one way in and one way out that does not accept is written in place, so a
 * chain of characters becomes one literal or regex; when that leaves a single alternative
 * without rules the automaton is "inline": written where it is used, with no rules at all.
 *
 * <p>Complexity: linear in the DFA's size (see {@link Utf8Edges}) plus the text. Not
 * thread-safe; one instance per automaton being written.
 */
final class AutomatonRules {
    /** An alternative with several alternatives and this long is written one alternative per line. */
    private static final int LINE_WIDTH = 100;

    private final ByteDfa dfa;
    private final String description;
    private final Int2ObjectOpenHashMap<List<Edge>> edges = new Int2ObjectOpenHashMap<>();
    private final Int2IntOpenHashMap indegree = new Int2IntOpenHashMap();
    /** The states that get a rule, the start first (empty when inline). */
    private final IntArrayList ruleStates = new IntArrayList();
    private final Int2ObjectOpenHashMap<String> names = new Int2ObjectOpenHashMap<>();
    /** For an inline automaton, its text. */
    private final String inline;

    /**
     * @throws IllegalArgumentException if the automaton accepts bytes that are not valid UTF-8
     */
    AutomatonRules(ByteDfa dfa, String description) {
        this.dfa = dfa;
        this.description = description;
        Utf8Edges utf8 = new Utf8Edges(dfa, "'" + description + "'", "the KBNF writer");
        IntArrayList queue = new IntArrayList();
        queue.add(0);
        edges.put(0, null);
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
        inline = inlineText();
        if (inline == null) {
            ruleStates.add(0);
            boolean[] seen = new boolean[dfa.stateCount()];
            seen[0] = true;
            for (int i = 0; i < ruleStates.size(); i++) {
                for (Edge e : edges.get(ruleStates.getInt(i))) {
                    int target = follow(e, new ArrayList<>());
                    if (target >= 0 && !seen[target]) {
                        seen[target] = true;
                        ruleStates.add(target);
                    }
                }
            }
        }
    }

    /** The text of the whole automaton if it fits in place, else null. */
    private String inlineText() {
        List<Edge> first = edges.get(0);
        if (first.isEmpty()) {
            // Trimmed DFA: a start state without edges accepts "" only, or nothing at all.
            return dfa.isAccepting(0) ? "\"\"" : "#\"[^\\s\\S]\"";
        }
        List<int[]> read = new ArrayList<>();
        if (dfa.isAccepting(0) || first.size() != 1 || follow(first.get(0), read) != -1) {
            return null;
        }
        return sequence(read, null);
    }

    /** Whether the automaton is written in place, without rules. */
    boolean isInline() {
        return inline != null;
    }

    /**
     * Whether the rules refer to themselves, as an {@code except!} argument may not: whether the
     * DFA has a cycle (Kahn's topological sort over the states where characters start).
     */
    boolean isRecursive() {
        if (indegree.get(0) > 0) {
            return true; // every state is reachable from the start, so an edge into it closes a cycle
        }
        Int2IntOpenHashMap remaining = new Int2IntOpenHashMap(indegree);
        IntArrayList ready = new IntArrayList();
        ready.add(0);
        int removed = 0;
        while (!ready.isEmpty()) {
            int s = ready.popInt();
            removed++;
            for (Edge e : edges.get(s)) {
                if (remaining.addTo(e.target(), -1) == 1) {
                    ready.add(e.target());
                }
            }
        }
        return removed < edges.size();
    }

    /**
     * Names the rules: {@code base} for the start, then {@code <start>-s1}, {@code <start>-s2},
     * ... for the others, each passed through {@code unique}.
     */
    void assignNames(String base, UnaryOperator<String> unique) {
        String start = null;
        for (int i = 0; i < ruleStates.size(); i++) {
            String name = unique.apply(i == 0 ? base : start + "-s" + i);
            start = i == 0 ? name : start;
            names.put(ruleStates.getInt(i), name);
        }
    }

    /**
     * How a use of the automaton is written: its inline text (one literal or regex), or its start
     * rule's name. Either is a primary, which takes a postfix operator as it is.
     */
    String use() {
        return inline != null ? inline : names.get(0);
    }

    /** Appends the description as a comment and the rules; nothing for an inline automaton. */
    void appendRules(StringBuilder sb) {
        if (inline != null) {
            return;
        }
        sb.append(KbnfSyntax.comment(description)).append('\n');
        for (int i = 0; i < ruleStates.size(); i++) {
            int state = ruleStates.getInt(i);
            appendRule(sb, names.get(state), alternatives(state));
        }
    }

    /** Appends {@code name ::= a | b ;}, one alternative per line when long. */
    static void appendRule(StringBuilder sb, String name, List<String> alternatives) {
        String joined = String.join(" | ", alternatives);
        if (alternatives.size() > 1 && name.length() + 8 + joined.length() > LINE_WIDTH) {
            sb.append(name).append(" ::=\n    ").append(String.join("\n  | ", alternatives)).append(" ;\n");
        } else {
            sb.append(name).append(" ::= ").append(joined).append(" ;\n");
        }
    }

    private List<String> alternatives(int state) {
        List<String> out = new ArrayList<>();
        for (Edge e : edges.get(state)) {
            List<int[]> read = new ArrayList<>();
            int target = follow(e, read);
            out.add(sequence(read, target >= 0 ? names.get(target) : null));
        }
        if (dfa.isAccepting(state)) {
            out.add("\"\"");
        }
        return out;
    }

    /**
     * Walks from edge {@code e} through states written in place, adding the code point sets read
     * to {@code into}; returns the state whose rule follows, or -1 if the walk ends the match.
     */
    private int follow(Edge e, List<int[]> into) {
        into.add(e.ranges());
        int t = e.target();
        for (int steps = 0; ; steps++) {
            List<Edge> out = edges.get(t);
            if (dfa.isAccepting(t) && out.isEmpty()) {
                return -1;
            }
            if (t == 0 || dfa.isAccepting(t) || out.size() != 1 || indegree.get(t) != 1 || steps > edges.size()) {
                return t;
            }
            into.add(out.get(0).ranges());
            t = out.get(0).target();
        }
    }

    /**
     * The code point sets read, then the rule {@code next} (if not null): single code points only
     * make one literal, anything else one regex.
     */
    private static String sequence(List<int[]> read, String next) {
        boolean allSingle = true;
        for (int[] ranges : read) {
            allSingle &= ranges.length == 2 && ranges[0] == ranges[1];
        }
        StringBuilder sb = new StringBuilder();
        if (allSingle) {
            sb.append('"');
            for (int[] ranges : read) {
                KbnfSyntax.appendLiteralChar(sb, ranges[0]);
            }
            sb.append('"');
        } else {
            sb.append("#\"");
            for (int[] ranges : read) {
                if (ranges.length == 2 && ranges[0] == ranges[1]) {
                    KbnfSyntax.appendRegexChar(sb, ranges[0], false);
                } else {
                    KbnfSyntax.appendClass(sb, ranges);
                }
            }
            sb.append('"');
        }
        if (next != null) {
            sb.append(' ').append(next);
        }
        return sb.toString();
    }
}
