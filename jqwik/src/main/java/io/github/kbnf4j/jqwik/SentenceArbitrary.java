package io.github.kbnf4j.jqwik;

import io.github.kbnf4j.grammar.internal.sentences.SentenceGenerator;
import io.github.kbnf4j.jqwik.internal.PreparedGrammar;
import io.github.kbnf4j.jqwik.internal.Utf8;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.arbitraries.ArbitraryDecorator;

/**
 * Random sentences of a grammar, as {@code String}s ({@link GrammarArbitraries#sentences}) or
 * {@code byte[]}s ({@link GrammarArbitraries#sentenceBytes}), configured by chaining: each method
 * returns a new arbitrary and leaves this one as it was.
 *
 * <h2>What is generated</h2>
 * Random derivations from the start rule, each terminal a random walk in its byte automaton,
 * bounded in depth (rules on a path from the root of the derivation tree to a leaf:
 * {@link #ofMaxDepth}) and, softly, in length ({@link #ofMaxLength}): the length bound is kept
 * whenever a production that fits the depth allows it, so a grammar whose sentences are all longer
 * still yields its shortest ones. Every value is a sentence. The {@code String} form keeps only
 * sentences that are valid UTF-8 (a grammar that can produce other bytes should be used through
 * {@link GrammarArbitraries#sentenceBytes}).
 *
 * <h2>Edge cases</h2>
 * The shortest sentence (the empty one, if the grammar accepts it) and, for each alternative of
 * the start rule, the shortest sentence through it. jqwik mixes edge cases into a run by default;
 * {@code @Property(edgeCases = EdgeCasesMode.FIRST)} tries them first.
 *
 * <h2>Shrinking</h2>
 * A sentence is a function of a list of random numbers, one per decision, and the number 0 always
 * takes the simplest option: the shortest production, the shortest walk through a terminal. jqwik
 * shrinks the list toward fewer and smaller numbers, so a failing sentence shrinks toward the
 * shortest derivation that still fails.
 *
 * <h2>Coverage</h2>
 * {@link #withCoverage} records which rules, alternatives and terminals the sentences use;
 * {@link #steeredBy} records and also steers each new sentence toward alternatives not covered yet
 * (and toward rules from which they can be reached). Steered generation depends on what was
 * covered before, so a seed no longer reproduces exactly the same values, and shrinking works less
 * well: steer to explore a grammar, record to measure a normal property.
 *
 * <p>Complexity: tables linear in the size of the compiled grammar, computed once per grammar
 * when the arbitrary is made; a sentence of {@code n} bytes costs about {@code O(n)} plus the
 * production choices (with steering, plus a pass over the grammar per sentence).
 *
 * <p>Thread-safe: immutable; the arbitraries share immutable tables.
 *
 * @param <T> {@code String} or {@code byte[]}
 */
public final class SentenceArbitrary<T> extends ArbitraryDecorator<T> {
    /** The default depth bound. */
    public static final int DEFAULT_MAX_DEPTH = 40;
    /** The default length bound, in bytes. */
    public static final int DEFAULT_MAX_LENGTH = 256;
    /** The probability, at each choice between alternatives, that steering applies. */
    private static final double STEERING_STRENGTH = 0.9;
    private static final int MAX_CHOICES = 4096;
    private static final int MAX_EDGE_CASES = 64;

    private final PreparedGrammar grammar;
    private final int maxDepth;
    private final int maxLength;
    private final boolean text;
    private final Function<byte[], T> convert;
    private final GrammarCoverage coverage;
    private final boolean steer;

    private SentenceArbitrary(PreparedGrammar grammar, int maxDepth, int maxLength, boolean text,
            Function<byte[], T> convert, GrammarCoverage coverage, boolean steer) {
        this.grammar = grammar;
        this.maxDepth = maxDepth;
        this.maxLength = maxLength;
        this.text = text;
        this.convert = convert;
        this.coverage = coverage;
        this.steer = steer;
    }

    static SentenceArbitrary<String> strings(PreparedGrammar grammar) {
        return new SentenceArbitrary<>(grammar, DEFAULT_MAX_DEPTH, DEFAULT_MAX_LENGTH, true, Utf8::decode, null, false);
    }

    static SentenceArbitrary<byte[]> bytes(PreparedGrammar grammar) {
        return new SentenceArbitrary<>(grammar, DEFAULT_MAX_DEPTH, DEFAULT_MAX_LENGTH, false, byte[]::clone, null, false);
    }

    /**
     * Sentences whose derivation trees are at most {@code maxDepth} rules high (default
     * {@value #DEFAULT_MAX_DEPTH}); a bound below the height of the start's lowest tree is raised to it.
     *
     * @throws IllegalArgumentException if {@code maxDepth < 1}
     */
    public SentenceArbitrary<T> ofMaxDepth(int maxDepth) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be at least 1, was " + maxDepth);
        }
        return new SentenceArbitrary<>(grammar, maxDepth, maxLength, text, convert, coverage, steer);
    }

    /**
     * Sentences of at most {@code maxLength} bytes (default {@value #DEFAULT_MAX_LENGTH}) whenever
     * the grammar has sentences that short within the depth bound.
     *
     * @throws IllegalArgumentException if {@code maxLength < 0}
     */
    public SentenceArbitrary<T> ofMaxLength(int maxLength) {
        if (maxLength < 0) {
            throw new IllegalArgumentException("maxLength must be at least 0, was " + maxLength);
        }
        return new SentenceArbitrary<>(grammar, maxDepth, maxLength, text, convert, coverage, steer);
    }

    /**
     * Records every sentence's rules, alternatives and terminals in {@code coverage}.
     *
     * @throws IllegalArgumentException if {@code coverage} is for another grammar
     */
    public SentenceArbitrary<T> withCoverage(GrammarCoverage coverage) {
        return new SentenceArbitrary<>(grammar, maxDepth, maxLength, text, convert, checked(coverage), false);
    }

    /**
     * Records every sentence in {@code coverage} and steers each new sentence toward the
     * alternatives it does not cover yet (see the class comment).
     *
     * @throws IllegalArgumentException if {@code coverage} is for another grammar
     */
    public SentenceArbitrary<T> steeredBy(GrammarCoverage coverage) {
        return new SentenceArbitrary<>(grammar, maxDepth, maxLength, text, convert, checked(coverage), true);
    }

    /** The sentences as bytes, with the same settings. */
    public SentenceArbitrary<byte[]> asBytes() {
        return new SentenceArbitrary<>(grammar, maxDepth, maxLength, false, byte[]::clone, coverage, steer);
    }

    PreparedGrammar grammar() {
        return grammar;
    }

    private GrammarCoverage checked(GrammarCoverage c) {
        Objects.requireNonNull(c, "coverage");
        if (c.grammar() != grammar.grammar()) {
            throw new IllegalArgumentException("the coverage record is for another grammar");
        }
        return c;
    }

    @Override
    protected Arbitrary<T> arbitrary() {
        int maxChoices = (int) Math.min(MAX_CHOICES, 2L * maxLength + 32);
        Arbitrary<byte[]> sentences = choice().list().ofMaxSize(maxChoices)
                .withSizeDistribution(RandomDistribution.uniform())
                .map(list -> generate(toArray(list)));
        byte[][] edges = edgeSentences();
        Arbitrary<byte[]> withEdges = sentences.edgeCases(config -> config.add(edges));
        if (text) {
            withEdges = withEdges.filter(Utf8::isValid);
        }
        return withEdges.map(convert);
    }

    /** The shortest sentence, then the shortest through each alternative of the start rule, without repeats. */
    private byte[][] edgeSentences() {
        SentenceGenerator gen = grammar.generator();
        List<byte[]> out = new ArrayList<>();
        out.add(gen.generate(new int[0], maxDepth, maxLength));
        int start = grammar.grammar().startNonterminal();
        int first = grammar.grammar().firstProduction(start);
        int end = grammar.grammar().firstProduction(start + 1);
        for (int p = first; p < end && out.size() < MAX_EDGE_CASES; p++) {
            if (gen.productionMinHeight(p) == SentenceGenerator.ENDLESS) {
                continue;
            }
            byte[] s = gen.generate(new int[0], maxDepth, maxLength, p, null, null);
            if (out.stream().noneMatch(x -> Arrays.equals(x, s))) {
                out.add(s);
            }
        }
        return out.toArray(new byte[0][]);
    }

    private byte[] generate(int[] choices) {
        SentenceGenerator gen = grammar.generator();
        if (coverage == null) {
            return gen.generate(choices, maxDepth, maxLength);
        }
        SentenceGenerator.Trace trace = new SentenceGenerator.Trace();
        SentenceGenerator.Steering steering = steer
                ? new SentenceGenerator.Steering(gen, coverage.coveredProductions(), STEERING_STRENGTH) : null;
        byte[] s = gen.generate(choices, maxDepth, maxLength, -1, trace, steering);
        coverage.record(trace.productions(), trace.terminals());
        return s;
    }

    /** A decision: uniform in {@code 0 .. CHOICE_RANGE-1}, shrinking toward 0. */
    static Arbitrary<Integer> choice() {
        return Arbitraries.integers().between(0, SentenceGenerator.CHOICE_RANGE - 1)
                .withDistribution(RandomDistribution.uniform());
    }

    static int[] toArray(List<Integer> list) {
        int[] a = new int[list.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = list.get(i);
        }
        return a;
    }

    @Override
    public String toString() {
        return "SentenceArbitrary<" + (text ? "String" : "byte[]") + ">(maxDepth=" + maxDepth + ", maxLength="
                + maxLength + (coverage == null ? "" : steer ? ", steered" : ", recording coverage") + ")";
    }
}
