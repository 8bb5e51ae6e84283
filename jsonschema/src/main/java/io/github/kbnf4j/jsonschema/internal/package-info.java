/**
 * The schema compiler: reading schema documents and resolving references ({@code SchemaRegistry}),
 * the typed constraints a schema puts on each JSON type, and their translation into grammar rules
 * and byte automata.
 */
package io.github.kbnf4j.jsonschema.internal;
