package io.github.kbnf4j.jqwik;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.internal.sentences.Edits;
import io.github.kbnf4j.jqwik.internal.Grammars;
import io.github.kbnf4j.jqwik.internal.PreparedGrammar;
import java.util.Arrays;
import java.util.Objects;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * jqwik arbitraries from a grammar: sentences, viable prefixes, near misses and non-sentences.
 *
 * <pre>{@code
 * @Provide
 * Arbitrary<String> documents() {
 *     return GrammarArbitraries.sentences("json").ofMaxLength(200);
 * }
 *
 * @Property
 * void parsesEveryJsonDocument(@ForAll("documents") String json) { ... }
 * }</pre>
 *
 * <p>A grammar is a {@link CompiledGrammar} (from {@code Grammar.compile},
 * {@code JsonSchemaGrammar.compile}, ...) or, in the {@code String} overloads, the name of a
 * built-in grammar ({@code json}, {@code json:K}) or KBNF text; a grammar in a file is easiest
 * through {@link FromGrammar}. A grammar must have a finite sentence: {@code start ::= "a" start;}
 * (an endless stream) is refused with an {@link IllegalArgumentException}.
 *
 * <p>Verdicts on near misses and non-sentences come from kbnf4j's Earley recognizer, so they are
 * exact. See {@link SentenceArbitrary} for bounds, edge cases, shrinking and coverage.
 *
 * <p>Thread-safe: stateless.
 */
public final class GrammarArbitraries {
    private GrammarArbitraries() {
    }

    /**
     * Random sentences of {@code grammar} that are valid UTF-8, as {@code String}s.
     *
     * @throws IllegalArgumentException if the grammar has no finite sentence
     */
    public static SentenceArbitrary<String> sentences(CompiledGrammar grammar) {
        return SentenceArbitrary.strings(new PreparedGrammar(grammar));
    }

    /**
     * Random sentences of a built-in grammar (such as {@code "json"}) or of KBNF text, as {@code String}s.
     *
     * @throws io.github.kbnf4j.grammar.GrammarException if the text has errors
     * @throws IllegalArgumentException if the grammar has no finite sentence
     */
    public static SentenceArbitrary<String> sentences(String grammar) {
        return SentenceArbitrary.strings(Grammars.builtinOrKbnf(grammar));
    }

    /**
     * Random sentences of {@code grammar} as bytes (any bytes the grammar allows, UTF-8 or not).
     *
     * @throws IllegalArgumentException if the grammar has no finite sentence
     */
    public static SentenceArbitrary<byte[]> sentenceBytes(CompiledGrammar grammar) {
        return SentenceArbitrary.bytes(new PreparedGrammar(grammar));
    }

    /**
     * Random sentences of a built-in grammar or of KBNF text, as bytes.
     *
     * @throws io.github.kbnf4j.grammar.GrammarException if the text has errors
     * @throws IllegalArgumentException if the grammar has no finite sentence
     */
    public static SentenceArbitrary<byte[]> sentenceBytes(String grammar) {
        return SentenceArbitrary.bytes(Grammars.builtinOrKbnf(grammar));
    }

    /**
     * Viable prefixes of {@code grammar}: prefixes of random sentences (of the default bounds),
     * each length from empty to the whole sentence equally likely. Every one can be completed to a
     * sentence; a prefix may end inside a multi-byte character.
     *
     * @throws IllegalArgumentException if the grammar has no finite sentence
     */
    public static Arbitrary<byte[]> prefixes(CompiledGrammar grammar) {
        return prefixes(sentenceBytes(grammar));
    }

    /** Prefixes of the sentences of {@code sentences}, each length equally likely. */
    public static Arbitrary<byte[]> prefixes(SentenceArbitrary<byte[]> sentences) {
        return Combinators.combine(sentences, SentenceArbitrary.choice())
                .as((s, where) -> Arrays.copyOf(s, Edits.scale(where, s.length + 1)));
    }

    /**
     * Near misses of {@code grammar}: random sentences (of the default bounds) with 1 to 3 byte
     * edits (insert, delete, replace, truncate; the inserted and replacing bytes are neighbours of
     * the bytes around them, copies of other bytes of the sentence, bytes with a special role in
     * many grammars or in UTF-8, or any byte), each labelled with the recognizer's verdict and the
     * offset where it fails. Some are still sentences; usually most are not. Shrinking shrinks both
     * the sentence and the edits.
     *
     * @throws IllegalArgumentException if the grammar has no finite sentence
     */
    public static Arbitrary<NearMiss> nearMisses(CompiledGrammar grammar) {
        return nearMisses(sentenceBytes(grammar));
    }

    /** Near misses of the sentences of {@code sentences} (see {@link #nearMisses(CompiledGrammar)}). */
    public static Arbitrary<NearMiss> nearMisses(SentenceArbitrary<byte[]> sentences) {
        PreparedGrammar g = sentences.grammar();
        Arbitrary<int[]> edits = SentenceArbitrary.choice().list().ofMinSize(Edits.CHOICES_PER_EDIT)
                .ofMaxSize(3 * Edits.CHOICES_PER_EDIT).map(SentenceArbitrary::toArray);
        return Combinators.combine(sentences, edits).as((s, e) -> {
            byte[] in = Edits.apply(s, e);
            return NearMiss.judged(in, s, g.failOffset(in));
        });
    }

    /**
     * Inputs that are not sentences of {@code grammar}, as the recognizer decides: near misses
     * that it rejects or finds incomplete. A grammar that accepts almost every byte string (such as
     * {@code start ::= #"[\x00-\xFF]*";}) has too few of them to find, and jqwik reports too many
     * filter misses.
     *
     * @throws IllegalArgumentException if the grammar has no finite sentence
     */
    public static Arbitrary<byte[]> nonSentences(CompiledGrammar grammar) {
        return nonSentences(sentenceBytes(grammar));
    }

    /** Near misses of the sentences of {@code sentences} that are not sentences. */
    public static Arbitrary<byte[]> nonSentences(SentenceArbitrary<byte[]> sentences) {
        return nearMisses(sentences).filter(NearMiss::isRejected).map(NearMiss::input);
    }

    /** The built-in grammar {@code name} or KBNF text, compiled (and cached: the same text gives the same object). */
    public static CompiledGrammar grammar(String builtinOrKbnf) {
        return Grammars.builtinOrKbnf(Objects.requireNonNull(builtinOrKbnf, "grammar")).grammar();
    }
}
