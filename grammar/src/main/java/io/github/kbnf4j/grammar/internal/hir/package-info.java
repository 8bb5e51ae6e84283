/**
 * The high-level intermediate representation and its simplification passes (DESIGN.md §3).
 */
package io.github.kbnf4j.grammar.internal.hir;
