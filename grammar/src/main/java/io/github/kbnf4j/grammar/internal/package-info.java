/**
 * Internals of grammar compilation: the ANTLR-generated parser, the AST builder, validation and the pipeline.
 */
package io.github.kbnf4j.grammar.internal;
