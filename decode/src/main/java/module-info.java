/**
 * kbnf4j decode module: constrained generation over any model that gives next-token logits.
 * Model runtimes implement {@link io.github.kbnf4j.decode.LanguageModel} (and, to be found by
 * name, {@link io.github.kbnf4j.decode.LanguageModelProvider} as a service);
 * {@link io.github.kbnf4j.decode.ConstrainedDecoder} is the decode loop.
 */
module io.github.kbnf4j.decode {
    requires transitive io.github.kbnf4j.runtime;
    requires transitive io.github.kbnf4j.jsonschema;
    requires it.unimi.dsi.fastutil.core;
    requires com.github.benmanes.caffeine;

    exports io.github.kbnf4j.decode;

    uses io.github.kbnf4j.decode.LanguageModelProvider;
}
