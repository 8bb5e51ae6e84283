/**
 * The recognizer's data structures: the grammar as flat lookup tables ({@code EarleyTables}), the
 * jagged chart ({@code Chart}), the per-set deduplication table ({@code ItemIndex}) and Leo's
 * chains ({@code LeoChains}). Not exported.
 */
package io.github.kbnf4j.earley.internal;
