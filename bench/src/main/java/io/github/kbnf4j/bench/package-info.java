/**
 * JMH benchmarks and the replay benchmark (the README's "Replay benchmark").
 * {@link io.github.kbnf4j.bench.RecognizerBench} measures the recognizer's time and chart memory
 * per input byte as the input grows; {@link io.github.kbnf4j.bench.MaskBench} one token mask at
 * representative JSON states; {@link io.github.kbnf4j.bench.VocabularyBench} loading a vocabulary,
 * building its token trie and a constraint. {@link io.github.kbnf4j.bench.Replay} is the replay
 * benchmark ({@code kbnf4j bench}) as a plain {@code main}; {@link io.github.kbnf4j.bench.SchemaCompileTimes}
 * the CPU time of compiling MaskBench schemas by stage, for one build or several side by side. {@code mvn package} builds the runnable
 * {@code bench/target/benchmarks.jar}; run it with {@code java -jar bench/target/benchmarks.jar}.
 */
package io.github.kbnf4j.bench;
