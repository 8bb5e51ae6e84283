/**
 * Where the build puts jtokkit's rank files ({@code r50k_base}, {@code p50k_base},
 * {@code cl100k_base}, {@code o200k_base} {@code .tiktoken}; licence in {@code LICENSE-jtokkit.txt}
 * beside them): at package time the shade plugin copies them here from jtokkit's jar, and rewrites
 * the path that {@link io.github.kbnf4j.runtime.internal.TiktokenLoader} reads them from. Before
 * packaging (compiling, unit tests) they are read from jtokkit's jar itself.
 *
 * <p>Why: they are all the runtime needs from jtokkit, and jtokkit has no module name of its own;
 * a copy in a package of this module keeps it off the module path (no split package with a real
 * jtokkit either). The package has no classes and is not exported.
 */
package io.github.kbnf4j.runtime.internal.jtokkit;
