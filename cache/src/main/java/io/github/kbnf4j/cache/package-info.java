/**
 * Compaction of Earley frontiers into cache keys and the byte-weighted mask cache (DESIGN.md §5 layer 1). Not built yet: the fast-masks issue fills this package.
 */
package io.github.kbnf4j.cache;
