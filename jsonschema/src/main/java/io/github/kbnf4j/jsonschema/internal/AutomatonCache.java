package io.github.kbnf4j.jsonschema.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.stats.CacheStats;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The automata that {@link Languages} builds, shared by every compilation in the JVM: a regex's or a
 * format's DFA, the JSON-escaped form of a string language, length automata, number ranges, the
 * results of intersections, unions and complements. Each is a pure function of its {@link Key}, and
 * {@link ByteDfa} is immutable and canonical (equal languages give equal automata), so a compilation
 * that finds its automaton here gets exactly what it would have built.
 *
 * <p>Bounded by weight: the approximate bytes of the cached automata (values, and the automata the
 * keys hold, which stay alive as long as their entry), evicting the least valuable entries beyond
 * {@link #DEFAULT_MAX_BYTES} for {@link #shared()}. Failures are never cached: a construction that
 * throws ({@code TooManyStatesException}) leaves nothing behind, so the caller reports it with its
 * own schema's source and pointer every time.
 *
 * <p>THREAD SAFETY: any number of compilations may use one instance at once. A lookup that misses
 * builds its automaton on the calling thread, outside any lock (a construction may take a while and
 * may itself look up other entries); two threads missing on the same key both build it, and both
 * return the one instance that got in first. Cache maintenance runs on the calling threads too (no
 * background executor).
 */
final class AutomatonCache {
    /** The bound of {@link #shared()}: 64 MiB of automata. */
    static final long DEFAULT_MAX_BYTES = 64L << 20;
    /** What an entry costs beyond its automata: the cache's node, the key and its list. */
    static final long ENTRY_OVERHEAD_BYTES = 128;

    private static final AutomatonCache SHARED = new AutomatonCache(DEFAULT_MAX_BYTES);

    /**
     * What an automaton is built from: the operation, its inputs (automata, strings, numbers,
     * string lists; null where an input is absent) and the limits it was built under. The limits
     * are part of every key because they decide whether the construction throws; an automaton
     * built under a larger limit is not reused under a smaller one.
     */
    record Key(String operation, List<?> inputs, int maxStates, int maxRepetition) {
    }

    private final Cache<Key, ByteDfa> cache;
    private final long maximumBytes;
    /**
     * The spellings of single strings (object keys, {@code const} and {@code enum} strings: see
     * {@link Languages#quotedLiteral}), by the string, apart from {@link #cache}: each is cheap to
     * build and there are many (50 k distinct keys over the MaskBench schemas), so in the main
     * cache they would crowd out the automata that are expensive to build, but the common ones
     * ({@code name}, {@code type}, {@code id}, ...) recur from schema to schema, and an automaton
     * that recurs brings the work computed on it once along (its hash, its live bytes). An eighth
     * of the main bound.
     */
    private final Cache<String, ByteDfa> literals;

    /**
     * @param maximumBytes the most bytes the cached automata may occupy (approximately)
     * @throws IllegalArgumentException if {@code maximumBytes} is not positive
     */
    AutomatonCache(long maximumBytes) {
        if (maximumBytes <= 0) {
            throw new IllegalArgumentException("maximumBytes must be positive, was " + maximumBytes);
        }
        this.maximumBytes = maximumBytes;
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maximumBytes)
                .weigher((Key k, ByteDfa v) -> (int) Math.min(Integer.MAX_VALUE, entryBytes(k, v)))
                .executor(Runnable::run)
                .recordStats()
                .build();
        this.literals = Caffeine.newBuilder()
                .maximumWeight(Math.max(1, maximumBytes / 8))
                .weigher((String k, ByteDfa v) -> (int) Math.min(Integer.MAX_VALUE,
                        ENTRY_OVERHEAD_BYTES + bytesOf(k) + bytes(v)))
                .executor(Runnable::run)
                .build();
    }

    /** The instance every compilation uses. */
    static AutomatonCache shared() {
        return SHARED;
    }

    /**
     * The automaton cached for {@code key}, or {@code build}'s result, which is cached. Whatever
     * {@code build} throws is passed on and nothing is cached.
     */
    ByteDfa get(Key key, Supplier<ByteDfa> build) {
        ByteDfa known = cache.getIfPresent(key);
        if (known != null) {
            return known;
        }
        ByteDfa built = build.get();
        assert built != null : key.operation();
        ByteDfa raced = cache.asMap().putIfAbsent(key, built);
        return raced != null ? raced : built;
    }

    /**
     * The spellings of the string {@code s} cached, or {@code build}'s result, which is cached (see
     * {@link #literals}). They do not depend on the limits: the caller checks its own state limit
     * on what it gets. Whatever {@code build} throws is passed on and nothing is cached.
     */
    ByteDfa literal(String s, Function<String, ByteDfa> build) {
        ByteDfa known = literals.getIfPresent(s);
        if (known != null) {
            return known;
        }
        ByteDfa built = build.apply(s);
        ByteDfa raced = literals.asMap().putIfAbsent(s, built);
        return raced != null ? raced : built;
    }

    long maximumBytes() {
        return maximumBytes;
    }

    /** The approximate bytes of the entries cached now. */
    long weightedBytes() {
        cache.cleanUp();
        return cache.policy().eviction().orElseThrow().weightedSize().orElse(0);
    }

    CacheStats stats() {
        return cache.stats();
    }

    /** Drops every entry (tests). */
    void clear() {
        cache.invalidateAll();
        cache.cleanUp();
        literals.invalidateAll();
        literals.cleanUp();
    }

    static long entryBytes(Key key, ByteDfa value) {
        long bytes = ENTRY_OVERHEAD_BYTES + bytes(value);
        for (Object input : key.inputs()) {
            bytes += bytesOf(input);
        }
        return bytes;
    }

    private static long bytesOf(Object input) {
        if (input instanceof ByteDfa d) {
            return bytes(d);
        }
        if (input instanceof String s) {
            return 48 + 2L * s.length();
        }
        if (input instanceof BigDecimal b) {
            return 64 + b.unscaledValue().bitLength() / 8;
        }
        if (input instanceof Collection<?> c) {
            long bytes = 32 + 8L * c.size();
            for (Object o : c) {
                bytes += bytesOf(o);
            }
            return bytes;
        }
        return 16; // a boxed int or boolean, or null
    }

    /**
     * Approximate bytes of {@code d}: its transition table ({@code stateCount × classCount} ints),
     * the 256-entry byte class map, the accept flags, the live bytes of each state that a grammar's
     * transition table copies from it once they are computed (four longs per state), and the object
     * headers. O(1): weighing runs on every insertion.
     */
    static long bytes(ByteDfa d) {
        return 96 + 4 * 256 + (long) d.stateCount() * (4L * d.classCount() + 1 + 32);
    }
}
