/**
 * kbnf4j runtime module: vocabularies, {@link io.github.kbnf4j.runtime.Constraint} (a compiled
 * grammar joined with a vocabulary) and {@link io.github.kbnf4j.runtime.Matcher} (token masks for
 * one decode loop). Only the API package is exported.
 *
 * <p>The encodings shipped in jtokkit ({@link io.github.kbnf4j.runtime.Vocabulary#jtokkit}) are
 * read from rank files that the build copies from jtokkit's jar into this one (relocated under
 * the unexported package {@code io.github.kbnf4j.runtime.internal.jtokkit}), so jtokkit itself,
 * which has no module name of its own, is not required.
 */
module io.github.kbnf4j.runtime {
    requires transitive io.github.kbnf4j.grammar;
    requires transitive io.github.kbnf4j.earley;
    requires transitive io.github.kbnf4j.cache;
    requires it.unimi.dsi.fastutil.core;
    requires com.github.benmanes.caffeine;
    requires com.fasterxml.jackson.core;

    exports io.github.kbnf4j.runtime;
}
