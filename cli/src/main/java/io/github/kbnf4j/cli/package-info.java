/**
 * The {@code kbnf4j} command line (DESIGN.md §6).
 */
package io.github.kbnf4j.cli;
