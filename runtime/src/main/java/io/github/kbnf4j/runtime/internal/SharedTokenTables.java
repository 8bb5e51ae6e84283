package io.github.kbnf4j.runtime.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.kbnf4j.runtime.Vocabulary;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * The mask tables that depend only on a terminal automaton and a vocabulary, shared by every
 * constraint on one {@link Vocabulary} instance whatever its grammar: for each
 * {@link Residual residual automaton} and token trie, its {@link ResidualTokens} (the tokens
 * inside it and the exits from it), the {@link SubtreeTokens} of the root's children they are
 * made of, and the suffix tries of their exit groups. A server that
 * compiles a new JSON Schema per request meets the same JSON string, number and whitespace
 * terminals in almost every schema: their tables are computed once, not per schema.
 *
 * <p>Bounded in memory by {@link Vocabulary#tableCacheBytes()} (approximate bytes, least
 * recently used entries evicted first; Caffeine). Eviction only forgets: a constraint that took
 * an entry keeps it for as long as it lives, so an evicted entry costs a recomputation by the
 * next constraint that needs it, never a wrong mask. Entries are computed outside the cache's
 * locks; two threads that miss the same key may both compute it, and one result wins.
 *
 * <p>THREAD SAFETY: safe for any number of threads.
 */
public final class SharedTokenTables {
    private static final Cache<Vocabulary, SharedTokenTables> STORES = Caffeine.newBuilder().weakKeys().build();

    /** {@link ResidualKey#child} of the key of a whole state's {@link ResidualTokens}. */
    private static final int WHOLE_STATE = -1;

    /**
     * A residual's code on one trie (compared by identity): with {@code child} {@link #WHOLE_STATE}
     * the key of a {@link ResidualTokens}, else of the {@link SubtreeTokens} of that root child.
     */
    private static final class ResidualKey {
        final TokenTrie trie;
        final int child;
        final int[] code;
        final int hash;

        ResidualKey(TokenTrie trie, int child, Residual r) {
            this.trie = trie;
            this.child = child;
            this.code = r.code();
            this.hash = 31 * (31 * System.identityHashCode(trie) + child) + r.codeHash();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ResidualKey k && k.trie == trie && k.child == child && k.hash == hash
                    && Arrays.equals(k.code, code);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /** Exit group {@code group} of an entry (compared by identity): the key of a {@link SuffixTrie}. */
    private record GroupKey(ResidualTokens owner, int group) {
        @Override
        public boolean equals(Object o) {
            return o instanceof GroupKey k && k.owner == owner && k.group == group;
        }

        @Override
        public int hashCode() {
            return 31 * System.identityHashCode(owner) + group;
        }
    }

    private final Cache<Object, Object> cache;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    private SharedTokenTables(long maxBytes) {
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maxBytes)
                .weigher(SharedTokenTables::weigh)
                .executor(Runnable::run) // evict on the caller's thread: bounded at once, no pool needed
                .build();
    }

    /** The store of {@code v}, or null when its {@link Vocabulary#tableCacheBytes()} is 0 (sharing off). */
    public static SharedTokenTables of(Vocabulary v) {
        if (v.tableCacheBytes() == 0) {
            return null;
        }
        return STORES.get(v, x -> new SharedTokenTables(x.tableCacheBytes()));
    }

    private static int weigh(Object key, Object value) {
        long bytes = 64;
        if (key instanceof ResidualKey k) {
            bytes += 4L * k.code.length;
        }
        if (value instanceof ResidualTokens t) {
            bytes += t.bytes();
        } else if (value instanceof SubtreeTokens t) {
            bytes += t.bytes();
        } else if (value instanceof SuffixTrie s) {
            bytes += s.bytes();
        }
        return (int) Math.min(Integer.MAX_VALUE, bytes);
    }

    /** The tokens of {@code trie} seen from local state 0 of {@code r}, computed by {@code compute} on a miss. */
    ResidualTokens tokens(TokenTrie trie, Residual r, Supplier<ResidualTokens> compute) {
        return lookUp(new ResidualKey(trie, WHOLE_STATE, r), compute, ResidualTokens.class);
    }

    /** Root child {@code child}'s subtree of {@code trie} from local state 0 of {@code r}, computed by {@code compute} on a miss. */
    SubtreeTokens subtree(TokenTrie trie, int child, Residual r, Supplier<SubtreeTokens> compute) {
        return lookUp(new ResidualKey(trie, child, r), compute, SubtreeTokens.class);
    }

    /**
     * The suffix trie of exit group {@code group} of {@code owner}, or null when the owner was
     * not yet taken from the store by a second lookup (then the caller builds its own).
     */
    SuffixTrie groupSuffixes(ResidualTokens owner, int group) {
        if (!owner.reused) {
            return null; // one constraint so far: it keeps its own, and the store is not filled with one-offs
        }
        return lookUp(new GroupKey(owner, group), () -> owner.buildGroupSuffixes(group), SuffixTrie.class);
    }

    private <T> T lookUp(Object key, Supplier<T> compute, Class<T> type) {
        Object known = cache.getIfPresent(key);
        if (known != null) {
            hits.increment();
            if (known instanceof ResidualTokens t) {
                t.reused = true;
            }
            return type.cast(known);
        }
        misses.increment();
        T computed = compute.get();
        Object winner = cache.asMap().putIfAbsent(key, computed);
        return winner == null ? computed : type.cast(winner);
    }

    /** Lookups that found their entry. */
    public long hits() {
        return hits.sum();
    }

    /** Lookups that computed their entry. */
    public long misses() {
        return misses.sum();
    }

    /** The approximate bytes now held. */
    public long weightedBytes() {
        return cache.policy().eviction().map(e -> e.weightedSize().orElse(0L)).orElse(0L);
    }
}
