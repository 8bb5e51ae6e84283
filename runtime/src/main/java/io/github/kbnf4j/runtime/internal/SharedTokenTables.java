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
 * <p>Entries are keyed by the residual's interned id, not by its code: a residual's code (a few
 * ints per state and transition run, up to tens of kilobytes) is held and weighed once, under a
 * key of its own, however many subtree entries are computed on it; keying each of a residual's
 * hundreds of subtree entries by the code itself weighed the code hundreds of times, and filled
 * the bound with copies that did not exist.
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

    /** {@link EntryKey#child} of the key of a whole state's {@link ResidualTokens}. */
    private static final int WHOLE_STATE = -1;

    /**
     * A residual's code: the key under which the store interns it as a {@link ResidualId}. The
     * code is held (and weighed) once here, however many entries are computed on the residual.
     */
    private static final class CodeKey {
        final int[] code;
        final int hash;

        CodeKey(Residual r) {
            this.code = r.code();
            this.hash = r.codeHash();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CodeKey k && k.hash == hash && Arrays.equals(k.code, code);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }

    /**
     * The interned identity of a residual's code (compared by identity): one per code while its
     * {@link CodeKey} entry lives. When that entry is evicted, a later lookup of the same code
     * gets a new id, so the entries keyed by the old one are no longer found and age out; a
     * constraint that already holds the old id still finds them. Either way an id stands for one
     * code only, so an entry is never taken for another residual's.
     */
    static final class ResidualId {
    }

    /**
     * The key of an entry computed on a residual (its {@link ResidualId}) over one trie, both
     * compared by identity: with {@code child} {@link #WHOLE_STATE} the key of a
     * {@link ResidualTokens}, else of the {@link SubtreeTokens} of that root child.
     */
    private record EntryKey(TokenTrie trie, int child, ResidualId residual) {
        @Override
        public boolean equals(Object o) {
            return o instanceof EntryKey k && k.trie == trie && k.child == child && k.residual == residual;
        }

        @Override
        public int hashCode() {
            return 31 * (31 * System.identityHashCode(trie) + child) + System.identityHashCode(residual);
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
        if (key instanceof CodeKey k) {
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
        return lookUp(new EntryKey(trie, WHOLE_STATE, idOf(r)), compute, ResidualTokens.class);
    }

    /** Root child {@code child}'s subtree of {@code trie} from local state 0 of {@code r}, computed by {@code compute} on a miss. */
    SubtreeTokens subtree(TokenTrie trie, int child, Residual r, Supplier<SubtreeTokens> compute) {
        return lookUp(new EntryKey(trie, child, idOf(r)), compute, SubtreeTokens.class);
    }

    /** The interned id of {@code r}'s code, looked up once per residual object. */
    private ResidualId idOf(Residual r) {
        Object id = r.storeId;
        if (id == null) {
            id = cache.get(new CodeKey(r), k -> new ResidualId());
            r.storeId = id;
        }
        return (ResidualId) id;
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
