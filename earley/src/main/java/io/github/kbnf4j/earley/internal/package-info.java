/**
 * The recognizer's data structures: the grammar as flat lookup tables ({@code EarleyTables}), the
 * paged chart ({@code Chart}, its pages of items {@code ItemPages} and its memory account
 * {@code ChartMemory}), the per-set deduplication table ({@code ItemIndex}) and Leo's
 * chains ({@code LeoChains}). Not exported.
 */
package io.github.kbnf4j.earley.internal;
