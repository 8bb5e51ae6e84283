package io.github.kbnf4j.jqwik.internal;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.internal.sentences.SentenceGenerator;
import java.util.Objects;

/**
 * A compiled grammar with what the arbitraries need of it: the sentence generator's tables and a
 * fresh recognizer to copy for each judgement.
 *
 * <p>Thread-safe: the generator is immutable, and the prototype recognizer is never pushed into,
 * only copied (which the earley module documents as safe from several threads).
 */
public final class PreparedGrammar {
    /** Grammars whose shortest sentence is longer than this (16 MiB) are refused: a few rules can make it astronomically long. */
    private static final long MAX_SHORTEST_SENTENCE = 1L << 24;

    private final CompiledGrammar grammar;
    private final SentenceGenerator generator;
    private final Recognizer prototype;

    /**
     * Prepares {@code grammar}.
     *
     * @throws IllegalArgumentException if the grammar has no finite sentence (such as
     *     {@code start ::= "a" start;}), or its shortest sentence is longer than 16 MiB
     */
    public PreparedGrammar(CompiledGrammar grammar) {
        this.grammar = Objects.requireNonNull(grammar, "grammar");
        this.generator = new SentenceGenerator(grammar);
        int start = grammar.startNonterminal();
        if (!generator.hasSentences()) {
            throw new IllegalArgumentException("the grammar has no finite sentence (start nonterminal '"
                    + grammar.nonterminalName(start) + "' never completes): there is nothing to generate");
        }
        if (!generator.isEndless(start) && generator.minLength(start) > MAX_SHORTEST_SENTENCE) {
            throw new IllegalArgumentException("the shortest sentence of the grammar has more than "
                    + MAX_SHORTEST_SENTENCE + " bytes");
        }
        // No work budget per byte: the inputs judged here are generated, bounded by the arbitrary's
        // maximum length, and a grammar under test may be legally ambiguous; a budget would turn
        // such a grammar into failed properties instead of verdicts.
        this.prototype = new Recognizer(grammar, RecognizerOptions.DEFAULT.withMaxWorkPerByte(Long.MAX_VALUE));
    }

    /** The grammar. */
    public CompiledGrammar grammar() {
        return grammar;
    }

    /** The generator. */
    public SentenceGenerator generator() {
        return generator;
    }

    /** A recognizer of its own for the caller. */
    public Recognizer newRecognizer() {
        return prototype.copy();
    }

    /**
     * How the recognizer judges {@code input}: {@code -1} if it is a sentence, {@code input.length}
     * if it is a viable prefix that is not complete, else the offset of the first byte refused.
     */
    public int failOffset(byte[] input) {
        Recognizer r = newRecognizer();
        int consumed = r.push(input, 0, input.length);
        if (consumed < input.length) {
            return consumed;
        }
        return r.isAccepting() ? -1 : input.length;
    }

    /** Whether {@code input} is a sentence. */
    public boolean accepts(byte[] input) {
        return failOffset(input) < 0;
    }
}
