/**
 * Fuzz tests: each feeds arbitrary bytes to one reader of untrusted input (the KBNF and GBNF
 * grammar readers, the regex parser, the tokenizer.json and .tiktoken vocabulary loaders) and
 * fails on any exception but the documented one. In {@code mvn verify} Jazzer replays the seeds
 * committed under {@code src/test/resources} (one folder per test, {@code <Class>Inputs/<method>});
 * with {@code JAZZER_FUZZ=1} it fuzzes one test, coverage-guided, and writes a failing input into
 * that folder, where it stays as a regression test.
 */
package io.github.kbnf4j.fuzz;
