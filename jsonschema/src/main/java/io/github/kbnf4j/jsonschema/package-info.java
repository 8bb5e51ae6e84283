/**
 * JSON Schema to grammar. {@link io.github.kbnf4j.jsonschema.JsonSchemaGrammar} compiles a schema with
 * {@link io.github.kbnf4j.jsonschema.JsonSchemaOptions}; whatever cannot be expressed exactly is
 * refused with a {@link io.github.kbnf4j.jsonschema.JsonSchemaException} naming the keyword's JSON
 * pointer (or, with the {@code lenient} option, reported as a warning).
 */
package io.github.kbnf4j.jsonschema;
