package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.internal.ast.Span;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link MergeIdenticalNonterminals}, which compares again only the users of merged rules, gives
 * exactly the grammar of the plain fixpoint (every rule compared again after every round of
 * merges, the start symbol or else the lowest id surviving), on random grammars made of few
 * symbols so that twins, nested twins and twins through recursion are common.
 */
class MergeIdenticalNonterminalsProperties {
    private static final Span SPAN = new Span("t", 1, 1);

    /** A grammar as a list of rules, each a list of alternatives over symbols 0..rules-1 and 2 terminals. */
    @Provide
    Arbitrary<List<List<int[]>>> grammars() {
        return Arbitraries.integers().between(1, 12).flatMap(count -> {
            Arbitrary<Integer> symbol = Arbitraries.integers().between(-2, count - 1);
            Arbitrary<int[]> alt = symbol.list().ofMaxSize(3)
                    .map(l -> l.stream().mapToInt(Integer::intValue).toArray());
            Arbitrary<List<int[]>> rule = Arbitraries.frequencyOf(
                    net.jqwik.api.Tuple.of(1, alt.list().ofMaxSize(3)),
                    // few distinct shapes, so that twins are common
                    net.jqwik.api.Tuple.of(3, Arbitraries.of(
                            List.<int[]>of(new int[] {-1}),
                            List.<int[]>of(new int[] {-1}, new int[] {-2}),
                            List.<int[]>of(new int[] {-2}, new int[] {-1}))));
            return rule.list().ofSize(count);
        });
    }

    @Property(tries = 400)
    void sameAsRoundByRoundFixpoint(@ForAll("grammars") List<List<int[]>> rules,
            @ForAll("starts") int startSeed) {
        Hir fast = hir(rules, startSeed);
        Hir reference = fast.copy();
        MergeIdenticalNonterminals.apply(fast);
        referenceMerge(reference);
        assertEquals(reference.toString(), fast.toString());
    }

    @Provide
    Arbitrary<Integer> starts() {
        return Arbitraries.integers().between(0, 100);
    }

    private static Hir hir(List<List<int[]>> rules, int startSeed) {
        Hir hir = new Hir();
        int a = hir.terminalSymbol(ByteDfa.literal(new byte[] {'a'}), new byte[] {'a'}, "\"a\"");
        int b = hir.terminalSymbol(ByteDfa.literal(new byte[] {'b'}), new byte[] {'b'}, "\"b\"");
        for (int n = 0; n < rules.size(); n++) {
            hir.addNonterminal("r" + n, SPAN);
        }
        for (int n = 0; n < rules.size(); n++) {
            List<int[]> alts = new ArrayList<>();
            for (int[] alt : rules.get(n)) {
                int[] mapped = alt.clone();
                for (int i = 0; i < mapped.length; i++) {
                    mapped[i] = mapped[i] == -1 ? a : mapped[i] == -2 ? b : mapped[i];
                }
                alts.add(mapped);
            }
            hir.setAlternatives(n, DeduplicateAlternatives.distinct(alts));
        }
        hir.setStart(startSeed % rules.size());
        return hir;
    }

    /** The plain fixpoint: rounds of "file every rule by its alternatives, merge equal ones, redirect". */
    private static void referenceMerge(Hir hir) {
        int count = hir.nonterminalCount();
        int[] target = new int[count];
        for (int n = 0; n < count; n++) {
            target[n] = n;
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            Map<List<IntArrayList>, Integer> byKey = new HashMap<>();
            for (int pass = 0; pass < 2; pass++) {
                for (int n = 0; n < count; n++) {
                    if ((pass == 0) != (n == hir.start()) || target[n] != n
                            || hir.repetition(n) != null || hir.alternatives(n).isEmpty()) {
                        continue;
                    }
                    List<int[]> sorted = new ArrayList<>(hir.alternatives(n));
                    sorted.sort(Arrays::compare);
                    List<IntArrayList> key = new ArrayList<>();
                    for (int[] alt : sorted) {
                        key.add(IntArrayList.wrap(alt.clone()));
                    }
                    Integer existing = byKey.putIfAbsent(key, n);
                    if (existing != null) {
                        for (int m = 0; m < count; m++) {
                            if (target[m] == n) {
                                target[m] = existing;
                            }
                        }
                        target[n] = existing;
                        hir.setAlternatives(n, List.of());
                        changed = true;
                    }
                }
            }
            if (changed) {
                for (int n = 0; n < count; n++) {
                    hir.setAlternatives(n, DeduplicateAlternatives.distinct(
                            Hir.renumbered(hir.alternatives(n), target)));
                }
            }
        }
    }
}
