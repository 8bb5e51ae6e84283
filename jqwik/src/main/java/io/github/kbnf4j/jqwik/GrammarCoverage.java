package io.github.kbnf4j.jqwik;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.internal.sentences.SentenceGenerator;
import io.github.kbnf4j.jqwik.internal.PreparedGrammar;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Which rules, alternatives and terminals of a grammar the generated sentences have exercised:
 * pass it to {@link SentenceArbitrary#withCoverage} to record, or to
 * {@link SentenceArbitrary#steeredBy} to record and steer generation toward what is not covered
 * yet. Read {@link #report()} after the property (for example in an {@code @AfterProperty} method).
 *
 * <p>What is counted is the compiled grammar, after kbnf4j's simplification passes: an
 * <em>alternative</em> is a production of the compiled grammar (a repetition or a group becomes
 * productions of a generated rule named like {@code value#2}), a <em>rule</em> is a rule name of the
 * source (generated rules count toward the rule they came from), a <em>terminal</em> a compiled
 * terminal (merged literals and regular expressions). Only what a finite derivation from the start
 * can reach counts as reachable; whether a bound on length or depth still lets generation reach
 * all of it depends on the bounds.
 *
 * <p>Every sentence generated is recorded, including those jqwik generates while shrinking.
 *
 * <p>Thread-safe: recording and reading are synchronized.
 */
public final class GrammarCoverage {
    private final CompiledGrammar grammar;
    private final BitSet reachableProductions = new BitSet();
    private final BitSet reachableTerminals = new BitSet();
    private final BitSet productions = new BitSet();
    private final BitSet terminals = new BitSet();
    private long sentences;
    private long firstCompleteAt = -1;

    private GrammarCoverage(PreparedGrammar prepared) {
        this.grammar = prepared.grammar();
        SentenceGenerator gen = prepared.generator();
        CompiledGrammar g = grammar;
        boolean[] seen = new boolean[g.nonterminalCount()];
        int[] work = new int[g.nonterminalCount()];
        int top = 0;
        int start = g.startNonterminal();
        if (!gen.isEndless(start)) {
            seen[start] = true;
            work[top++] = start;
        }
        while (top > 0) {
            int n = work[--top];
            for (int p = g.firstProduction(n); p < g.firstProduction(n + 1); p++) {
                if (gen.productionMinHeight(p) == SentenceGenerator.ENDLESS) {
                    continue;
                }
                reachableProductions.set(p);
                for (int d = g.dottedRule(p, 0); g.symbolAfterDot(d) != CompiledGrammar.END; d++) {
                    int sym = g.symbolAfterDot(d);
                    if (CompiledGrammar.isTerminal(sym)) {
                        reachableTerminals.set(CompiledGrammar.terminalOf(sym));
                    } else if (!seen[sym]) {
                        seen[sym] = true;
                        work[top++] = sym;
                    }
                }
            }
        }
    }

    /**
     * An empty coverage record for {@code grammar}.
     *
     * @throws IllegalArgumentException if the grammar has no finite sentence
     */
    public static GrammarCoverage of(CompiledGrammar grammar) {
        return new GrammarCoverage(new PreparedGrammar(Objects.requireNonNull(grammar, "grammar")));
    }

    /** The grammar. */
    public CompiledGrammar grammar() {
        return grammar;
    }

    /** Records one derivation's productions and terminals. */
    synchronized void record(BitSet usedProductions, BitSet usedTerminals) {
        sentences++;
        productions.or(usedProductions);
        terminals.or(usedTerminals);
        if (firstCompleteAt < 0 && isComplete()) {
            firstCompleteAt = sentences;
        }
    }

    /** A copy of the productions covered so far. */
    synchronized BitSet coveredProductions() {
        return (BitSet) productions.clone();
    }

    /** The number of sentences recorded. */
    public synchronized long sentences() {
        return sentences;
    }

    /** The number of alternatives (compiled productions) reachable from the start. */
    public int reachableAlternatives() {
        return reachableProductions.cardinality();
    }

    /** The number of reachable alternatives exercised so far. */
    public synchronized int coveredAlternatives() {
        BitSet b = (BitSet) productions.clone();
        b.and(reachableProductions);
        return b.cardinality();
    }

    /** The number of terminals reachable from the start. */
    public int reachableTerminals() {
        return reachableTerminals.cardinality();
    }

    /** The number of reachable terminals exercised so far. */
    public synchronized int coveredTerminals() {
        BitSet b = (BitSet) terminals.clone();
        b.and(reachableTerminals);
        return b.cardinality();
    }

    /** The names of the source rules reachable from the start. */
    public Set<String> reachableRules() {
        return rulesOf(reachableProductions);
    }

    /** The names of the source rules exercised so far. */
    public synchronized Set<String> coveredRules() {
        return rulesOf(productions);
    }

    /** Whether every reachable alternative has been exercised. */
    public synchronized boolean isComplete() {
        BitSet missing = (BitSet) reachableProductions.clone();
        missing.andNot(productions);
        return missing.isEmpty();
    }

    /** The number of sentences recorded when every reachable alternative was first covered, or -1 if not yet. */
    public synchronized long sentencesToCompleteCoverage() {
        return firstCompleteAt;
    }

    /** The reachable alternatives not exercised yet, written like {@code value ::= "[" ws "]"}. */
    public synchronized List<String> uncoveredAlternatives() {
        List<String> out = new ArrayList<>();
        for (int p = reachableProductions.nextSetBit(0); p >= 0; p = reachableProductions.nextSetBit(p + 1)) {
            if (!productions.get(p)) {
                out.add(describe(p));
            }
        }
        return out;
    }

    /** The reachable terminals not exercised yet, as written in the grammar. */
    public synchronized List<String> uncoveredTerminals() {
        List<String> out = new ArrayList<>();
        for (int t = reachableTerminals.nextSetBit(0); t >= 0; t = reachableTerminals.nextSetBit(t + 1)) {
            if (!terminals.get(t)) {
                out.add(grammar.terminalDescription(t));
            }
        }
        return out;
    }

    /**
     * A report of a few lines: sentences recorded; rules, alternatives and terminals covered out of
     * those reachable; then each uncovered alternative and terminal (at most 20 of each).
     */
    public synchronized String report() {
        Set<String> rules = reachableRules();
        Set<String> covered = coveredRules();
        covered.retainAll(rules);
        StringBuilder sb = new StringBuilder();
        sb.append("grammar coverage after ").append(sentences).append(" sentences: rules ")
                .append(covered.size()).append('/').append(rules.size())
                .append(", alternatives ").append(coveredAlternatives()).append('/').append(reachableAlternatives())
                .append(", terminals ").append(coveredTerminals()).append('/').append(reachableTerminals());
        if (firstCompleteAt > 0) {
            sb.append("; every alternative covered after ").append(firstCompleteAt).append(" sentences");
        }
        appendList(sb, "uncovered alternative", uncoveredAlternatives());
        appendList(sb, "uncovered terminal", uncoveredTerminals());
        return sb.toString();
    }

    private static void appendList(StringBuilder sb, String what, List<String> items) {
        for (int i = 0; i < items.size() && i < 20; i++) {
            sb.append('\n').append("  ").append(what).append(": ").append(items.get(i));
        }
        if (items.size() > 20) {
            sb.append('\n').append("  ... and ").append(items.size() - 20).append(" more");
        }
    }

    @Override
    public String toString() {
        return report();
    }

    private Set<String> rulesOf(BitSet prods) {
        Set<String> names = new LinkedHashSet<>();
        for (int p = prods.nextSetBit(0); p >= 0; p = prods.nextSetBit(p + 1)) {
            names.add(ruleName(grammar.nonterminalName(grammar.productionLhs(p))));
        }
        return names;
    }

    /** The source rule a compiled nonterminal comes from: {@code value#2} comes from {@code value}. */
    private static String ruleName(String nonterminal) {
        int hash = nonterminal.indexOf('#');
        return hash > 0 ? nonterminal.substring(0, hash) : nonterminal;
    }

    private String describe(int p) {
        StringBuilder sb = new StringBuilder(grammar.nonterminalName(grammar.productionLhs(p))).append(" ::=");
        for (int d = grammar.dottedRule(p, 0); grammar.symbolAfterDot(d) != CompiledGrammar.END; d++) {
            int sym = grammar.symbolAfterDot(d);
            sb.append(' ').append(CompiledGrammar.isTerminal(sym)
                    ? grammar.terminalDescription(CompiledGrammar.terminalOf(sym)) : grammar.nonterminalName(sym));
        }
        return sb.toString();
    }
}
