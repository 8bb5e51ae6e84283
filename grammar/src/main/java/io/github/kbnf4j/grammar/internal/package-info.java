/**
 * Internals of grammar compilation: the ANTLR-generated parsers and the readers that turn their trees
 * into one AST (KBNF: {@link io.github.kbnf4j.grammar.internal.KbnfReader}; GBNF, llama.cpp's dialect:
 * {@link io.github.kbnf4j.grammar.internal.GbnfReader}), validation and the pipeline.
 */
package io.github.kbnf4j.grammar.internal;
