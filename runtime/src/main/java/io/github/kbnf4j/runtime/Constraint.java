package io.github.kbnf4j.runtime;

import io.github.kbnf4j.cache.MaskCache;
import io.github.kbnf4j.cache.MaskCacheStats;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.runtime.internal.CachedMask;
import io.github.kbnf4j.runtime.internal.SharedTokenTables;
import io.github.kbnf4j.runtime.internal.TerminalTokenTables;
import io.github.kbnf4j.runtime.internal.TokenTrie;
import io.github.kbnf4j.runtime.internal.TokenTries;
import java.util.Objects;

/**
 * A compiled grammar joined with a vocabulary, and everything precomputed for the pair: what a
 * decode loop needs to constrain a model's output to the grammar. Make one per (grammar,
 * vocabulary), then one {@link Matcher} per sequence with {@link #newMatcher()}.
 *
 * <p>The vocabulary's token trie is built once per {@link Vocabulary} instance and shared by every
 * constraint on it (whatever the grammar). Per terminal automaton state, the tokens that stay
 * inside the terminal (allowed whatever the context) and those that may leave it mid-token are
 * computed lazily, once, and shared by all matchers of the constraint, and through the
 * vocabulary's table cache ({@link Vocabulary#tableCacheBytes()}) by every other constraint
 * whose grammar has the same terminal automaton; and whole masks are kept
 * in a cache keyed by the recognizer's {@link io.github.kbnf4j.earley.Frontier frontier}, bounded
 * in bytes ({@link ConstraintOptions#maskCacheBytes()}), also shared.
 *
 * <p>Immutable and thread-safe: many matchers may be created from and used with one constraint
 * on many threads at once.
 */
public final class Constraint {
    private final CompiledGrammar grammar;
    private final Vocabulary vocabulary;
    private final ConstraintOptions options;
    private final TokenTrie trie;
    /** Masks by frontier, shared by all matchers; null when turned off. */
    private final MaskCache<CachedMask> maskCache;
    private final TerminalTokenTables terminalTokens;
    /** A recognizer before the first byte; never pushed into, only copied (copying is read-only). */
    private final Recognizer fresh;

    private Constraint(CompiledGrammar grammar, Vocabulary vocabulary, ConstraintOptions options) {
        this.grammar = Objects.requireNonNull(grammar, "grammar");
        this.vocabulary = Objects.requireNonNull(vocabulary, "vocabulary");
        this.options = Objects.requireNonNull(options, "options");
        this.trie = TokenTries.of(vocabulary);
        this.terminalTokens = new TerminalTokenTables(grammar, trie, SharedTokenTables.of(vocabulary));
        this.maskCache = options.maskCacheBytes() > 0 ? new MaskCache<>(options.maskCacheBytes(), CachedMask::bytes) : null;
        this.fresh = new Recognizer(grammar, options.recognizer());
    }

    /** The constraint of {@code grammar} on the tokens of {@code vocabulary}, with the default options. */
    public static Constraint of(CompiledGrammar grammar, Vocabulary vocabulary) {
        return new Constraint(grammar, vocabulary, ConstraintOptions.DEFAULT);
    }

    /** The constraint of {@code grammar} on the tokens of {@code vocabulary}, with the given recognizer limits. */
    public static Constraint of(CompiledGrammar grammar, Vocabulary vocabulary, RecognizerOptions options) {
        return new Constraint(grammar, vocabulary, ConstraintOptions.DEFAULT.withRecognizer(options));
    }

    /** The constraint of {@code grammar} on the tokens of {@code vocabulary}, with the given options. */
    public static Constraint of(CompiledGrammar grammar, Vocabulary vocabulary, ConstraintOptions options) {
        return new Constraint(grammar, vocabulary, options);
    }

    /** The grammar. */
    public CompiledGrammar grammar() {
        return grammar;
    }

    /** The vocabulary. */
    public Vocabulary vocabulary() {
        return vocabulary;
    }

    /** The options. */
    public ConstraintOptions options() {
        return options;
    }

    /** The mask cache's counters (all zero when the cache is turned off). */
    public MaskCacheStats cacheStats() {
        return maskCache == null ? new MaskCacheStats(0, 0, 0, 0, 0) : maskCache.stats();
    }

    /** A matcher before the first token. */
    public Matcher newMatcher() {
        return new Matcher(this, fresh.copy());
    }

    /** The number of {@code long}s a mask needs: {@code ceil(vocabulary size / 64)}. */
    public int maskWords() {
        return (vocabulary.size() + 63) >>> 6;
    }

    /** A new, empty mask of {@link #maskWords()} words. */
    public long[] newMask() {
        return new long[maskWords()];
    }

    TokenTrie trie() {
        return trie;
    }

    TerminalTokenTables terminalTokens() {
        return terminalTokens;
    }

    MaskCache<CachedMask> maskCache() {
        return maskCache;
    }

    @Override
    public String toString() {
        return "Constraint[" + grammar.summary() + "; " + vocabulary.name() + ", " + vocabulary.size() + " ids]";
    }
}
