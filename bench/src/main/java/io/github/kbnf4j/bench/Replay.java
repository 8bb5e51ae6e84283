package io.github.kbnf4j.bench;

import io.github.kbnf4j.cli.Main;

/**
 * The replay benchmark (the README's "Replay benchmark") as a plain {@code main}: exactly {@code kbnf4j bench} (one
 * implementation, in the cli module), with the same arguments, output and exit codes.
 *
 * <pre>
 * mvn -B -q -DskipTests -pl bench -am package
 * java -Xmx8g -cp bench/target/benchmarks.jar io.github.kbnf4j.bench.Replay json \
 *     --vocab path/to/tokenizer.json --corpus corpus.jsonl --oracle-rate 0.01
 * </pre>
 */
public final class Replay {
    private Replay() {
    }

    /** Runs {@code kbnf4j bench ARGS...} and exits with its code. */
    public static void main(String[] args) {
        String[] all = new String[args.length + 1];
        all[0] = "bench";
        System.arraycopy(args, 0, all, 1, args.length);
        System.exit(Main.run(all));
    }
}
