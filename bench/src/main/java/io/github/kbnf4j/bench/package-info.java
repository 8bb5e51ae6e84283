/**
 * JMH benchmarks and the replay benchmark (DESIGN.md §7). Not built yet: the recognizer and fast-masks issues fill this package.
 */
package io.github.kbnf4j.bench;
