package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link DeduplicateAlternatives#distinct} against the obvious reference (keep an alternative unless
 * an equal one came before), on lists below and above {@link DeduplicateAlternatives#PAIRWISE_MAX},
 * with many repeats (few short alternatives over a small alphabet) and few.
 */
class DeduplicateAlternativesProperties {

    @Provide
    Arbitrary<List<int[]>> alternativeLists() {
        Arbitrary<int[]> alternative = Arbitraries.integers().between(0, 3).array(int[].class).ofMaxSize(3);
        return alternative.list().ofMaxSize(3 * DeduplicateAlternatives.PAIRWISE_MAX);
    }

    @Property(tries = 500)
    void keepsTheFirstOfEachAlternativeInOrder(@ForAll("alternativeLists") List<int[]> alts) {
        List<int[]> reference = new ArrayList<>();
        for (int[] a : alts) {
            if (reference.stream().noneMatch(r -> Arrays.equals(r, a))) {
                reference.add(a);
            }
        }
        List<int[]> distinct = DeduplicateAlternatives.distinct(alts);
        assertEquals(show(reference), show(distinct));
        for (int i = 0; i < reference.size(); i++) {
            assertSame(reference.get(i), distinct.get(i), "the first of equal alternatives is kept, not a copy");
        }
        if (reference.size() == alts.size()) {
            assertSame(alts, distinct, "a list without repeats is returned as it is");
        }
    }

    private static String show(List<int[]> alts) {
        return alts.stream().map(Arrays::toString).collect(Collectors.joining(" | "));
    }
}
