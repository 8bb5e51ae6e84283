/**
 * kbnf4j decode module: constrained generation over any model that gives next-token logits.
 * Model runtimes implement {@link io.github.kbnf4j.decode.LanguageModel} (and, to be found by
 * name, {@link io.github.kbnf4j.decode.LanguageModelProvider} as a service).
 */
module io.github.kbnf4j.decode {
    requires transitive io.github.kbnf4j.runtime;

    exports io.github.kbnf4j.decode;

    uses io.github.kbnf4j.decode.LanguageModelProvider;
}
