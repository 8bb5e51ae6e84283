package io.github.kbnf4j.runtime.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.kbnf4j.runtime.Vocabulary;

/**
 * The token trie of each vocabulary, built on first use and shared by every constraint on it.
 *
 * <p>THREAD SAFETY: a Caffeine cache with weak keys (compared by identity), so a trie lives as
 * long as its vocabulary and concurrent first uses build it once.
 */
public final class TokenTries {
    private static final Cache<Vocabulary, TokenTrie> TRIES = Caffeine.newBuilder().weakKeys().build();

    private TokenTries() {
    }

    /** The trie of the ids of {@code v} that are text (not special, not end-of-sequence, with bytes). */
    public static TokenTrie of(Vocabulary v) {
        return TRIES.get(v, TokenTries::build);
    }

    private static TokenTrie build(Vocabulary v) {
        return new TokenTrie(v.packed());
    }
}
