/**
 * kbnf4j jsonschema module: a JSON Schema (drafts 4, 6, 7, 2019-09 and 2020-12) compiled into a
 * {@link io.github.kbnf4j.grammar.CompiledGrammar} whose sentences are exactly the JSON texts the
 * schema accepts, or refused with a {@link io.github.kbnf4j.jsonschema.JsonSchemaException}; and a
 * Java type's schema and grammar, with its answers read back into the type
 * ({@link io.github.kbnf4j.jsonschema.TypedGrammar}).
 */
module io.github.kbnf4j.jsonschema {
    requires transitive io.github.kbnf4j.grammar;
    requires transitive com.fasterxml.jackson.databind;
    requires io.github.kbnf4j.earley;
    requires com.fasterxml.jackson.datatype.jdk8;
    requires com.github.victools.jsonschema.generator;
    requires com.fasterxml.classmate;
    requires com.github.victools.jsonschema.module.jackson;
    requires it.unimi.dsi.fastutil.core;
    requires com.github.benmanes.caffeine;

    exports io.github.kbnf4j.jsonschema;
}
