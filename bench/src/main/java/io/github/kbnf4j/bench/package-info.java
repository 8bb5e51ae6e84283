/**
 * JMH benchmarks (DESIGN.md §7 describes the replay benchmark, still to come).
 * {@link io.github.kbnf4j.bench.RecognizerBench} measures the recognizer's time and chart memory
 * per input byte as the input grows. {@code mvn package} builds the runnable
 * {@code bench/target/benchmarks.jar}; run it with {@code java -jar bench/target/benchmarks.jar}.
 */
package io.github.kbnf4j.bench;
