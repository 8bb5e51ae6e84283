/** kbnf4j cache module: token masks by recognizer frontier, in a byte-bounded Caffeine cache. */
module io.github.kbnf4j.cache {
    requires transitive io.github.kbnf4j.earley;
    requires com.github.benmanes.caffeine;

    exports io.github.kbnf4j.cache;
}
