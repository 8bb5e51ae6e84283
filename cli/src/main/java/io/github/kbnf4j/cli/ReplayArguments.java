package io.github.kbnf4j.cli;

import io.github.kbnf4j.runtime.ConstraintOptions;
import picocli.CommandLine.Option;

/** The options of the commands that replay token sequences through masks ({@code bench}, {@code maskbench}). */
final class ReplayArguments {
    @Option(names = "--oracle-rate", paramLabel = "R",
            description = "Fraction of the replayed steps (bench: of the first pass) whose whole mask is compared, "
                    + "untimed, with the brute-force oracle (each token's bytes pushed) (default: ${DEFAULT-VALUE}).")
    double oracleRate = 0;

    @Option(names = "--oracle-seed", paramLabel = "S",
            description = "Seed that picks the oracle's steps (default: ${DEFAULT-VALUE}).")
    long oracleSeed = 20250101L;

    @Option(names = "--mask-cache-mb", paramLabel = "MB",
            description = "Bound of each constraint's mask cache in MiB, 0 for none (default: ${DEFAULT-VALUE}).")
    long maskCacheMb = ConstraintOptions.DEFAULT.maskCacheBytes() >> 20;
}
