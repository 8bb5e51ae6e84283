package io.github.kbnf4j.grammar.internal.automata;

import java.util.Arrays;
import java.util.Random;

/**
 * Random minimal DFAs for properties of code that reads a DFA's rows: each row is either a few
 * byte ranges or a random target per byte (up to 256 classes, runs of one byte), with a random
 * share of dead bytes, minimized as the compiler's automata are.
 */
final class RandomDfas {
    private RandomDfas() {}

    /** A DFA made from {@code n} random states (fewer after minimization), never the empty language. */
    static ByteDfa of(int n, Random rnd) {
        boolean perByte = rnd.nextBoolean();
        int[] table = new int[n * 256];
        boolean[] accept = new boolean[n];
        double deadRate = rnd.nextDouble();
        for (int s = 0; s < n; s++) {
            accept[s] = rnd.nextInt(3) == 0;
            int b = 0;
            while (b < 256) {
                int end = perByte ? b + 1 : Math.min(256, b + 1 + rnd.nextInt(rnd.nextBoolean() ? 8 : 128));
                int t = rnd.nextDouble() < deadRate ? -1 : rnd.nextInt(n);
                Arrays.fill(table, s * 256 + b, s * 256 + end, t);
                b = end;
            }
        }
        accept[rnd.nextInt(n)] = true;
        return Minimizer.minimize(n, table, accept, 0);
    }
}
