/**
 * The abstract syntax tree of a grammar, KBNF or GBNF alike: immutable records that carry their source place.
 */
package io.github.kbnf4j.grammar.internal.ast;
