package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link ByteDfa#withoutEmpty}, built directly, equals the general construction it replaced: a
 * new start state copying state 0's row, non-accepting, and a full minimization of the 256-column
 * table. Equal as canonical automata (state numbering and byte classes included), on random
 * minimal DFAs and on the cases of its proof: the new start merged into an old state, and a
 * language that was only the empty string.
 */
class WithoutEmptyProperties {

    @Property(tries = 500)
    void equalsTheMinimizedConstruction(@ForAll @IntRange(min = 1, max = 40) int n, @ForAll long seed) {
        ByteDfa d = RandomDfas.of(n, new Random(seed));
        assertEquals(reference(d), d.withoutEmpty(), () -> d.toString());
    }

    @Example
    void theNewStartMergesWithAnOldStateOfTheSameRow() {
        // (a(ba)*)?: the state after "ab" reads "a" as the start does, and does not accept.
        ByteDfa d = Regexes.compile("(a(ba)*)?", 100, 100);
        ByteDfa w = d.withoutEmpty();
        assertEquals(reference(d), w);
        assertEquals(Regexes.compile("a(ba)*", 100, 100), w);
        // Without the merge, the new start would be a third state beside the two it reaches.
        assertEquals(d.stateCount() - 1, w.stateCount(), "the start is an old state, the old start unreachable");
    }

    @Example
    void onlyTheEmptyStringLeavesNothing() {
        assertSame(ByteDfa.emptyLanguage(), ByteDfa.literal(new byte[0]).withoutEmpty());
        ByteDfa noEmpty = ByteDfa.literal(new byte[] {'x'});
        assertSame(noEmpty, noEmpty.withoutEmpty());
    }

    /** The construction before: dense table, a copy of row 0 as the start, full minimization. */
    private static ByteDfa reference(ByteDfa d) {
        if (!d.isAccepting(0)) {
            return d;
        }
        int n = d.stateCount() + 1;
        int[] table = d.denseTable(n);
        System.arraycopy(table, 0, table, d.stateCount() * 256, 256);
        boolean[] accept = Arrays.copyOf(d.acceptArray(), n);
        return Minimizer.minimize(n, table, accept, d.stateCount());
    }
}
