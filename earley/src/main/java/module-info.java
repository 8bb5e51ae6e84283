/**
 * kbnf4j earley module: the byte-level Earley recognizer over a compiled grammar. Only the API
 * package is exported; the chart, Leo chains and tables stay internal.
 */
module io.github.kbnf4j.earley {
    requires transitive io.github.kbnf4j.grammar;
    requires it.unimi.dsi.fastutil.core;

    exports io.github.kbnf4j.earley;
}
