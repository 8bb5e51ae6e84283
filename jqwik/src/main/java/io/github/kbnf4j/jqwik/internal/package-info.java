/**
 * Internals of the property-testing module: compiled grammars prepared and cached for generation,
 * file lookup, the schema-directed mutator behind invalid instances, JSON reading with exact
 * numbers, and the jqwik service that serves annotated parameters. Not an API.
 */
package io.github.kbnf4j.jqwik.internal;
