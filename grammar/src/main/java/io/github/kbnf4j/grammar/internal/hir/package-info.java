/**
 * The high-level intermediate representation and its simplification passes (the README's "The grammar language").
 */
package io.github.kbnf4j.grammar.internal.hir;
