/**
 * The mask cache (the README's "How it works" (Masks), layer 1): {@link io.github.kbnf4j.cache.MaskCache} maps the
 * canonical frontier of a recognizer ({@link io.github.kbnf4j.earley.Frontier}, computed by the
 * earley module, which owns the chart) to the token mask of that state, in a Caffeine cache bounded
 * in bytes; {@link io.github.kbnf4j.cache.MaskCacheStats} reports its hits and size.
 */
package io.github.kbnf4j.cache;
