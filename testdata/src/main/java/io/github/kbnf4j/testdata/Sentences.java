package io.github.kbnf4j.testdata;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.internal.sentences.Edits;
import io.github.kbnf4j.grammar.internal.sentences.SentenceGenerator;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.Tuple;

/**
 * jqwik generators of sentences of a {@link CompiledGrammar}, of near misses (sentences with a
 * few bytes edited) and of viable prefixes, and of random grammars paired with such inputs, for
 * differential tests against {@link ReferenceRecognizer}.
 *
 * <h2>Sentences</h2>
 * {@link #of(CompiledGrammar, int, int)} makes random derivations from the start nonterminal,
 * bounded in depth (nonterminals on a path from the root of the derivation tree to a leaf) and,
 * softly, in length; every terminal is a random walk in its byte DFA. The engine is the grammar
 * module's {@link SentenceGenerator}, shared with the public {@code kbnf4j-jqwik} module (whose
 * {@code GrammarArbitraries} is the user-facing form of this class); in short:
 * <ul>
 *   <li>Every generated value is a sentence. Nonterminals that derive no finite string (such as
 *       {@code a ::= "x" a;}) are never entered. The empty sentence comes now and then (one in
 *       eight; always for a length bound of 0) when {@link CompiledGrammar#acceptsEmpty()}.
 *   <li>Generation always terminates: a production is chosen only when its lowest derivation tree
 *       fits the remaining depth. The length bound is kept whenever a production fitting the
 *       depth allows it; a grammar whose sentences are all longer still yields its shortest ones.
 *       A depth bound below the start's minimum height is raised to it.
 *   <li>Productions are chosen uniformly among those that fit, with a per-sentence lean toward
 *       shallow productions or deep ones (one sentence in five: long lists, deep nesting up to
 *       the bounds), and mostly toward deep ones in the first few levels, so that sizes spread
 *       from one byte to the length bound rather than crowding at bare literals.
 *   <li>The derivation is expanded with an explicit stack, never by Java recursion, so a depth
 *       bound of a million is fine (the sentence is then as long as the length bound lets it be).
 * </ul>
 * All randomness comes from jqwik: a sentence is a function of a generated list of numbers
 * (one per decision; at most {@code min(4096, 2 · maxLength + 32)} of them, the decisions beyond
 * the list all "simplest"). So seeds reproduce sentences, and shrinking works and is meaningful:
 * jqwik shrinks the list toward fewer and smaller numbers, which means shorter productions and
 * shorter terminal matches: a failing sentence shrinks to a short one.
 *
 * <h2>Near misses</h2>
 * {@link #mutationsOf(CompiledGrammar)} applies 1 to 3 edits to a sentence ({@link Edits}: insert
 * a byte, delete one, replace one, or truncate). The result may or may not be a sentence:
 * the test asks the reference. For the example grammars most are rejected and a good share is
 * accepted.
 *
 * <h2>Grammars with inputs</h2>
 * {@link #grammarsWithInputs()} pairs {@link RandomGrammars#grammars()} (compiled; texts that do
 * not compile or have no sentence are skipped) with sentences and near misses of each, short
 * enough ({@value #RANDOM_GRAMMAR_MAX_LENGTH} bytes by default) for the slow reference on highly
 * ambiguous grammars; {@link #examplesWithInputs()} does the same for {@link ExampleGrammars}.
 *
 * <p>Complexity: building an arbitrary computes tables in time about linear in the size of the
 * compiled grammar (its productions and {@code 256 ×} its DFA states); a sentence of {@code n}
 * bytes costs {@code O(n)} plus the production choices.
 *
 * <p>Thread-safe: stateless; the arbitraries share immutable tables.
 */
public final class Sentences {
    /** The default depth bound: nonterminals on a path from the root of a derivation tree to a leaf. */
    public static final int DEFAULT_MAX_DEPTH = 40;
    /** The default length target, in bytes. */
    public static final int DEFAULT_MAX_LENGTH = 256;
    /** The depth bound for inputs of random grammars. */
    public static final int RANDOM_GRAMMAR_MAX_DEPTH = 24;
    /** The length target for inputs of random grammars (they are often very ambiguous, the reference cubic). */
    public static final int RANDOM_GRAMMAR_MAX_LENGTH = 48;
    /** The source name random grammars are compiled under. */
    public static final String RANDOM_SOURCE_NAME = "random.kbnf";

    private static final int MAX_CHOICES = 4096;
    /** Refuse grammars whose shortest sentence is longer (a few rules can make it astronomically long). */
    private static final int MAX_SHORTEST_SENTENCE = 1 << 24;
    private static final int RANGE = SentenceGenerator.CHOICE_RANGE;

    private Sentences() {
    }

    /**
     * Random sentences of {@code grammar}, with {@link #DEFAULT_MAX_DEPTH} and {@link #DEFAULT_MAX_LENGTH}.
     *
     * @throws IllegalArgumentException if the grammar has no sentence (see {@link #hasSentences}),
     *     or its shortest sentence is longer than 16 MiB
     */
    public static Arbitrary<byte[]> of(CompiledGrammar grammar) {
        return of(grammar, DEFAULT_MAX_DEPTH, DEFAULT_MAX_LENGTH);
    }

    /**
     * Random sentences of {@code grammar} with derivation trees at most {@code maxDepth} high and
     * the {@link #DEFAULT_MAX_LENGTH}.
     *
     * @throws IllegalArgumentException if the grammar has no sentence, or {@code maxDepth < 1}
     */
    public static Arbitrary<byte[]> of(CompiledGrammar grammar, int maxDepth) {
        return of(grammar, maxDepth, DEFAULT_MAX_LENGTH);
    }

    /**
     * Random sentences of {@code grammar} with derivation trees at most {@code maxDepth} high
     * (raised to the start's minimum) and, when the grammar allows, at most {@code maxLength} bytes.
     *
     * @throws IllegalArgumentException if the grammar has no sentence or its shortest sentence is
     *     longer than 16 MiB, {@code maxDepth < 1} or {@code maxLength < 0}
     */
    public static Arbitrary<byte[]> of(CompiledGrammar grammar, int maxDepth, int maxLength) {
        return sentencesOf(generator(grammar), maxDepth, maxLength);
    }

    /**
     * Whether {@code grammar} has a sentence: the empty one, or a finite derivation from the start
     * nonterminal. {@link #of(CompiledGrammar)} and its siblings throw for grammars without one
     * (such as {@code start ::= "a" start;}, an endless stream).
     */
    public static boolean hasSentences(CompiledGrammar grammar) {
        return new SentenceGenerator(Objects.requireNonNull(grammar, "grammar")).hasSentences();
    }

    /**
     * Viable prefixes of {@code grammar}: prefixes of random sentences, each length equally
     * likely (the empty prefix and the whole sentence included).
     *
     * @throws IllegalArgumentException if the grammar has no sentence
     */
    public static Arbitrary<byte[]> prefixesOf(CompiledGrammar grammar) {
        return prefixesOf(of(grammar));
    }

    /** Prefixes of the values of {@code inputs}, each length from 0 to the whole equally likely. */
    public static Arbitrary<byte[]> prefixesOf(Arbitrary<byte[]> inputs) {
        return Combinators.combine(inputs, choice()).as((in, where) -> Arrays.copyOf(in, scale(where, in.length + 1)));
    }

    /**
     * Near misses of {@code grammar}: random sentences with 1 to 3 random edits (see the class
     * comment). Some are sentences, most are not.
     *
     * @throws IllegalArgumentException if the grammar has no sentence
     */
    public static Arbitrary<byte[]> mutationsOf(CompiledGrammar grammar) {
        return mutationsOf(of(grammar));
    }

    /** The values of {@code inputs} with 1 to 3 random edits each. */
    public static Arbitrary<byte[]> mutationsOf(Arbitrary<byte[]> inputs) {
        return Combinators.combine(inputs, choice().list().ofMinSize(Edits.CHOICES_PER_EDIT)
                .ofMaxSize(3 * Edits.CHOICES_PER_EDIT)).as((in, edits) -> Edits.apply(in, toArray(edits)));
    }

    /**
     * Sentences of {@code grammar} and near misses of it, half and half.
     *
     * @throws IllegalArgumentException if the grammar has no sentence
     */
    public static Arbitrary<byte[]> sentencesAndMutations(CompiledGrammar grammar) {
        return sentencesAndMutations(of(grammar));
    }

    /** The values of {@code sentences} as they are, and with 1 to 3 random edits, half and half. */
    public static Arbitrary<byte[]> sentencesAndMutations(Arbitrary<byte[]> sentences) {
        return Arbitraries.frequencyOf(Tuple.of(1, sentences), Tuple.of(1, mutationsOf(sentences)));
    }

    /**
     * Random grammars from {@link RandomGrammars#grammars()} that compile and have a sentence,
     * each with a sentence of at most about {@value #RANDOM_GRAMMAR_MAX_LENGTH} bytes.
     */
    public static Arbitrary<GrammarAndInput> grammarsWithSentences() {
        return grammarsWith(g -> of(g, RANDOM_GRAMMAR_MAX_DEPTH, RANDOM_GRAMMAR_MAX_LENGTH));
    }

    /**
     * Random grammars from {@link RandomGrammars#grammars()} that compile and have a sentence,
     * each with a sentence or a near miss (half and half) of at most about
     * {@value #RANDOM_GRAMMAR_MAX_LENGTH} bytes.
     */
    public static Arbitrary<GrammarAndInput> grammarsWithInputs() {
        return grammarsWith(g -> sentencesAndMutations(of(g, RANDOM_GRAMMAR_MAX_DEPTH, RANDOM_GRAMMAR_MAX_LENGTH)));
    }

    /**
     * Random grammars from {@link RandomGrammars#grammars()} that compile (under
     * {@link #RANDOM_SOURCE_NAME}) and have a sentence, each with an input from {@code inputs},
     * e.g. {@code grammarsWith(g -> Sentences.prefixesOf(Sentences.of(g, 24, 64)))}. About a third
     * of the texts do not compile and are filtered out, so the first try may need a few draws.
     */
    public static Arbitrary<GrammarAndInput> grammarsWith(Function<CompiledGrammar, Arbitrary<byte[]>> inputs) {
        Objects.requireNonNull(inputs, "inputs");
        return RandomGrammars.grammars()
                .map(Sentences::tryCompile)
                .filter(Optional::isPresent)
                .map(Optional::get)
                .flatMap(c -> inputs.apply(c.grammar())
                        .map(in -> new GrammarAndInput(RANDOM_SOURCE_NAME, c.text(), c.grammar(), in)));
    }

    /**
     * The {@link ExampleGrammars}, each with a sentence or a near miss (half and half) of the
     * default bounds. The grammars are compiled once, when this is called.
     */
    public static Arbitrary<GrammarAndInput> examplesWithInputs() {
        List<Arbitrary<GrammarAndInput>> each = ExampleGrammars.names().stream().map(name -> {
            CompiledGrammar g = ExampleGrammars.compile(name);
            String text = ExampleGrammars.text(name);
            String source = ExampleGrammars.sourceName(name);
            return sentencesAndMutations(g).map(in -> new GrammarAndInput(source, text, g, in));
        }).toList();
        return Arbitraries.oneOf(each);
    }

    private static Arbitrary<byte[]> sentencesOf(SentenceGenerator generator, int maxDepth, int maxLength) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be at least 1, was " + maxDepth);
        }
        if (maxLength < 0) {
            throw new IllegalArgumentException("maxLength must be at least 0, was " + maxLength);
        }
        int maxChoices = (int) Math.min(MAX_CHOICES, 2L * maxLength + 32);
        return choice().list().ofMaxSize(maxChoices).withSizeDistribution(RandomDistribution.uniform())
                .map(list -> generator.generate(toArray(list), maxDepth, maxLength));
    }

    private static SentenceGenerator generator(CompiledGrammar grammar) {
        SentenceGenerator generator = new SentenceGenerator(Objects.requireNonNull(grammar, "grammar"));
        int start = grammar.startNonterminal();
        if (!generator.hasSentences()) {
            throw new IllegalArgumentException("grammar has no finite sentences (start nonterminal '"
                    + grammar.nonterminalName(start) + "' never completes)");
        }
        if (!generator.isEndless(start) && generator.minLength(start) > MAX_SHORTEST_SENTENCE) {
            throw new IllegalArgumentException("the shortest sentence of the grammar has more than "
                    + MAX_SHORTEST_SENTENCE + " bytes");
        }
        return generator;
    }

    private record Compiled(String text, CompiledGrammar grammar) {
    }

    private static Optional<Compiled> tryCompile(String text) {
        CompiledGrammar g;
        try {
            g = Grammar.compile(RANDOM_SOURCE_NAME, text);
        } catch (GrammarException e) {
            return Optional.empty();
        }
        return hasSentences(g) ? Optional.of(new Compiled(text, g)) : Optional.empty();
    }

    /** A decision: uniform in {@code 0 .. RANGE-1}, shrinking toward 0. */
    private static Arbitrary<Integer> choice() {
        return Arbitraries.integers().between(0, RANGE - 1).withDistribution(RandomDistribution.uniform());
    }

    private static int[] toArray(List<Integer> list) {
        int[] a = new int[list.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = list.get(i);
        }
        return a;
    }

    /** {@code choice} scaled to {@code 0 .. n-1} (0 when {@code n <= 0}). */
    private static int scale(int choice, int n) {
        return n <= 0 ? 0 : (int) (((long) choice * n) / RANGE);
    }
}
