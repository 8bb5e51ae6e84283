/**
 * The abstract syntax tree of a KBNF grammar: immutable records that carry their source place.
 */
package io.github.kbnf4j.grammar.internal.ast;
