package io.github.kbnf4j.jsonschema;

/**
 * What the process-wide cache of automata has done so far: the string, number, format, pattern and
 * "other keys" automata that every {@link JsonSchemaGrammar} compilation in the JVM shares (see
 * {@link JsonSchemaGrammar#automatonCacheStats()}). The counts only grow; subtract two snapshots to
 * see what the compilations between them did. For monitoring a service that compiles schemas per
 * request: a high share of misses means the schemas bring automata no schema before them needed
 * (new patterns, new sets of keys), which a larger cache would not change.
 *
 * @param hits lookups that found their automaton cached
 * @param misses lookups that built their automaton (and cached it)
 * @param evictions automata dropped to keep the cache within {@code maximumBytes}
 * @param weightedBytes the approximate bytes the cached automata take now
 * @param maximumBytes the cache's bound, in the same approximate bytes
 */
public record AutomatonCacheStats(long hits, long misses, long evictions, long weightedBytes, long maximumBytes) {
}
