package io.github.kbnf4j.cli;

import io.github.kbnf4j.runtime.Constraint;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Getting the JVM's just-in-time compiler out of the measurements of the replay benchmark
 * ({@code kbnf4j bench --jit-warmup}), without touching the corpus or the measured constraint.
 *
 * <h2>Why</h2>
 * A fresh JVM runs the engine's code interpreted, then compiled by C1, then by C2, and the
 * compilers run on the same two cores as the replay. A cold pass in a fresh JVM therefore
 * measures the JIT as much as the engine's cold caches. A service that serves many constraints
 * has a compiled engine when a new constraint arrives; the warm-up reproduces that state
 * (the benchmark runs it: {@code ReplayBenchmark.warmUp}).
 *
 * <h2>How</h2>
 * {@value #SENTENCES} random sentences of the grammar ({@link #sentences}: at most
 * {@value #MAX_TOKENS} tokens each, from {@link Generator} with fixed seeds, so independent of the
 * corpus) are replayed by the benchmark's own replay loop round after round, each round on a new
 * throwaway {@link Constraint}, so that the code paths of cold caches (tables built, masks
 * computed) are compiled as well as those of warm ones, and the harness with them. Nothing of
 * these constraints is kept: the measured constraint is built afterwards and starts with empty
 * caches and tables.
 *
 * <p>{@link #awaitQuiet} waits until the compilers have been idle for a while; the benchmark
 * calls it before every pass, so that a compilation queued by the previous pass (or by this
 * warm-up) does not compete with the replay for a core.
 */
final class JitWarmup {
    /** Sentences generated for the warm-up. */
    static final int SENTENCES = 64;
    /** The most text tokens of a warm-up sentence. */
    static final int MAX_TOKENS = 256;
    /** The JIT counts as quiet after this long without compilation time accruing. */
    static final long QUIET_MILLIS = 300;
    /** {@link #awaitQuiet} gives up after this long (a JIT that never settles is reported, not waited for). */
    static final long MAX_WAIT_MILLIS = 15_000;
    private static final long POLL_MILLIS = 50;
    private static final long SEED = 0x6b626e66346aL;

    /**
     * What the warm-up did.
     *
     * @param seconds the time it ran
     * @param rounds the throwaway constraints replayed
     * @param steps the steps (fill mask + accept) replayed in all
     */
    record Report(double seconds, int rounds, long steps) {
    }

    private JitWarmup() {
    }

    /**
     * The warm-up sentences' token ids: {@value #SENTENCES} sentences from {@link Generator} on
     * {@code constraint}, with fixed seeds.
     *
     * @throws IllegalArgumentException if the vocabulary has no end-of-sequence id (the generator
     *     needs one to end sentences)
     */
    static int[][] sentences(Constraint constraint) {
        if (constraint.vocabulary().eosIds().length == 0) {
            throw new IllegalArgumentException("--jit-warmup generates sentences and needs a vocabulary with an "
                    + "end-of-sequence id; " + constraint.vocabulary().name() + " has none");
        }
        Generator generator = new Generator(constraint, MAX_TOKENS);
        int[][] out = new int[SENTENCES][];
        for (int i = 0; i < SENTENCES; i++) {
            out[i] = generator.generate(SEED + i).ids();
        }
        return out;
    }

    /**
     * Waits until the JIT has accrued no compilation time for {@value #QUIET_MILLIS} ms, at most
     * {@value #MAX_WAIT_MILLIS} ms; without compilation-time monitoring, waits
     * {@value #QUIET_MILLIS} ms.
     *
     * @return whether the JIT was found quiet
     */
    static boolean awaitQuiet() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
            sleep(QUIET_MILLIS);
            return false;
        }
        long start = System.nanoTime();
        long last = jit.getTotalCompilationTime();
        long quietSince = System.nanoTime();
        while ((System.nanoTime() - start) / 1_000_000 < MAX_WAIT_MILLIS) {
            sleep(POLL_MILLIS);
            long now = jit.getTotalCompilationTime();
            if (now != last) {
                last = now;
                quietSince = System.nanoTime();
            } else if ((System.nanoTime() - quietSince) / 1_000_000 >= QUIET_MILLIS) {
                return true;
            }
        }
        return false;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
