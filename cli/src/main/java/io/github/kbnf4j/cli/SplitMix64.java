package io.github.kbnf4j.cli;

/**
 * A small seeded random generator whose sequence is fixed by this code, not by the JDK: SplitMix64
 * (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014), so that
 * {@code kbnf4j generate --seed S} prints the same sentences on every Java version.
 *
 * <p>Not thread-safe.
 */
final class SplitMix64 {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    /** The next 64 random bits. */
    long nextLong() {
        long z = (state += GOLDEN_GAMMA);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * A uniform integer in {@code 0 .. bound - 1}, without modulo bias: Lemire's multiply-and-shift
     * with rejection ("Fast random integer generation in an interval", 2019).
     *
     * @throws IllegalArgumentException if {@code bound} is not positive
     */
    int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        long m = (nextLong() >>> 32) * bound;
        long low = m & 0xFFFFFFFFL;
        if (low < bound) {
            long threshold = (0x100000000L - bound) % bound;
            while (low < threshold) {
                m = (nextLong() >>> 32) * bound;
                low = m & 0xFFFFFFFFL;
            }
        }
        return (int) (m >>> 32);
    }
}
