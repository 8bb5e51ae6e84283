package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link BooleanOperations} against a plain product on random minimal DFAs: every pair of states
 * reached, a row of 256 bytes each, then {@link Minimizer}. The results must be identical (both
 * are canonical), and {@link BooleanOperations#isSubset} must agree with "the intersection is the
 * first automaton". The fast product reads a column per run of bytes alike in both automata; the
 * reference reads every byte.
 */
class BooleanOperationsProperties {
    @Property(tries = 300)
    void productsEqualThePlainProduct(@ForAll @IntRange(min = 1, max = 12) int n, @ForAll @IntRange(min = 1, max = 12) int m,
            @ForAll long seed) {
        Random rnd = new Random(seed);
        ByteDfa a = RandomDfas.of(n, rnd);
        ByteDfa b = RandomDfas.of(m, rnd);
        ByteDfa intersection = BooleanOperations.intersection(a, b, 100_000);
        assertEquals(plainProduct(a, b, 0), intersection, "intersection");
        assertEquals(plainProduct(a, b, 1), BooleanOperations.union(a, b, 100_000), "union");
        assertEquals(plainProduct(a, b, 2), BooleanOperations.difference(a, b, 100_000), "difference");
        assertEquals(intersection.equals(a), BooleanOperations.isSubset(a, b, 100_000), "isSubset");
        assertEquals(true, BooleanOperations.isSubset(intersection, a, 100_000), "an intersection is a subset");
    }

    /** The product for operation 0 (and), 1 (or) or 2 (and not), by bytes. */
    private static ByteDfa plainProduct(ByteDfa a, ByteDfa b, int op) {
        int sizeB = b.stateCount() + 1; // pair (sa, sb) with -1 for a dead component: (sa + 1) * sizeB + sb + 1
        int pairs = (a.stateCount() + 1) * sizeB;
        int[] id = new int[pairs];
        Arrays.fill(id, -1);
        int[] order = new int[pairs];
        int[] table = new int[pairs * 256];
        boolean[] accept = new boolean[pairs];
        int count = 0;
        id[sizeB + 1] = count; // (0, 0)
        order[count++] = sizeB + 1;
        for (int i = 0; i < count; i++) {
            int sa = order[i] / sizeB - 1;
            int sb = order[i] % sizeB - 1;
            boolean inA = sa >= 0 && a.isAccepting(sa);
            boolean inB = sb >= 0 && b.isAccepting(sb);
            accept[i] = op == 0 ? inA && inB : op == 1 ? inA || inB : inA && !inB;
            for (int x = 0; x < 256; x++) {
                int ta = sa < 0 ? -1 : a.next(sa, x);
                int tb = sb < 0 ? -1 : b.next(sb, x);
                boolean live = op == 0 ? ta >= 0 && tb >= 0 : op == 1 ? ta >= 0 || tb >= 0 : ta >= 0;
                if (!live) {
                    table[i * 256 + x] = -1;
                    continue;
                }
                int key = (ta + 1) * sizeB + tb + 1;
                if (id[key] < 0) {
                    id[key] = count;
                    order[count++] = key;
                }
                table[i * 256 + x] = id[key];
            }
        }
        return Minimizer.minimize(count, table, accept, 0);
    }
}
