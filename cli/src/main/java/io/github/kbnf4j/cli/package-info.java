/**
 * The {@code kbnf4j} command line (the README's "Command line").
 */
package io.github.kbnf4j.cli;
