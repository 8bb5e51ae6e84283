package io.github.kbnf4j.grammar.internal.automata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * What a grammar's packed tables say about each state, against the plain reading of each
 * automaton byte by byte through {@link ByteDfa#next}: {@link TransitionTable} (its columns the
 * coarsest byte classes of all the automata; read here in a random order by several threads at
 * once) and the live bytes of each state it finds while writing the rows (the distances to
 * acceptance, which the compiled grammar computes from the table, are checked by
 * {@code CompiledGrammarTablesTest} and, on random grammars, by the shortest completions'
 * properties). On random DFAs whose rows are a few byte ranges or a random target per byte (up to
 * 256 classes, runs of one byte), laid end to end.
 */
class TransitionTableProperties {
    @Property(tries = 200)
    void everyCellIsTheTargetOfItsAutomaton(@ForAll @IntRange(min = 1, max = 6) int automata,
            @ForAll @IntRange(min = 1, max = 40) int n, @ForAll long seed) throws Exception {
        Random rnd = new Random(seed);
        ByteDfa[] dfas = new ByteDfa[automata];
        for (int i = 0; i < automata; i++) {
            dfas[i] = RandomDfas.of(1 + rnd.nextInt(n), rnd);
        }
        checkTable(dfas, rnd.nextLong(), 1 + rnd.nextInt(3));
    }

    @Property(tries = 200)
    void liveBytesAreThoseOfNext(@ForAll @IntRange(min = 1, max = 60) int n, @ForAll long seed) {
        Random rnd = new Random(seed);
        checkPerState(RandomDfas.of(n, rnd), rnd.nextInt(5), rnd);
    }

    @Example
    void theEmptyLanguageAndALiteral() throws Exception {
        ByteDfa literal = ByteDfa.literal(new byte[] {'a', (byte) 0xFF, 0, 'a'});
        checkTable(new ByteDfa[] {ByteDfa.emptyLanguage(), literal, literal}, 1, 1);
        checkPerState(ByteDfa.emptyLanguage(), 3, new Random(3));
        checkPerState(literal, 1, new Random(1));
    }

    /**
     * Reads every cell of the table of {@code dfas}, each of {@code threads} threads in its own
     * random order (an immutable table read by several threads at once).
     */
    private static void checkTable(ByteDfa[] dfas, long seed, int threads) throws Exception {
        TransitionTable table = new TransitionTable(dfas);
        int total = Arrays.stream(dfas).mapToInt(ByteDfa::stateCount).sum();
        assertEquals(total, table.stateCount());
        assertRunsAreCoarsest(table, dfas);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (int k = 0; k < threads; k++) {
                long threadSeed = seed + k;
                Callable<Void> reader = () -> {
                    readAll(table, dfas, total, new Random(threadSeed));
                    return null;
                };
                done.add(pool.submit(reader));
            }
            for (Future<Void> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    /**
     * The runs are the coarsest that every automaton treats alike: within a run every byte has the
     * same target from every state, and at each boundary some state of some automaton tells the
     * two sides apart. Each automaton's rows are as wide as it has classes.
     */
    private static void assertRunsAreCoarsest(TransitionTable table, ByteDfa[] dfas) {
        int[] runs = table.byteRuns();
        assertEquals(0, runs[0]);
        assertEquals(256, runs[runs.length - 1]);
        for (int k = 0; k + 1 < runs.length; k++) {
            for (ByteDfa dfa : dfas) {
                for (int s = 0; s < dfa.stateCount(); s++) {
                    for (int b = runs[k] + 1; b < runs[k + 1]; b++) {
                        assertEquals(dfa.next(s, runs[k]), dfa.next(s, b), "byte " + b + " in the run from " + runs[k]);
                    }
                }
            }
            if (k > 0) {
                boolean differ = false;
                for (ByteDfa dfa : dfas) {
                    for (int s = 0; s < dfa.stateCount() && !differ; s++) {
                        differ = dfa.next(s, runs[k]) != dfa.next(s, runs[k] - 1);
                    }
                }
                assertTrue(differ, "bytes " + (runs[k] - 1) + " and " + runs[k] + " are alike in every automaton");
            }
        }
        long cells = 0;
        for (ByteDfa dfa : dfas) {
            cells += (long) dfa.stateCount() * dfa.classCount();
        }
        assertEquals(cells, table.cells().length, "a row is one cell per class of its automaton");
    }

    private static void readAll(TransitionTable table, ByteDfa[] dfas, int total, Random rnd) {
        int[] cells = TestSupport.randomPermutation(total * 256, rnd);
        for (int cell : cells) {
            int g = cell >>> 8;
            int b = cell & 0xFF;
            int i = 0;
            while (g >= table.startOf(i) + dfas[i].stateCount()) {
                i++;
            }
            int t = dfas[i].next(g - table.startOf(i), b);
            int expected = t < 0 ? -1 : table.startOf(i) + t;
            int automaton = i;
            assertEquals(expected, table.next(g, b), () -> "state " + g + ", byte " + b + " of " + dfas[automaton]);
        }
    }

    /**
     * Lays {@code dfa} out at {@code offset}, between other automata (random ones before it, a
     * literal after it), and checks the table's live bytes of every state against
     * {@link ByteDfa#next}.
     */
    private static void checkPerState(ByteDfa dfa, int offset, Random rnd) {
        List<ByteDfa> laid = new ArrayList<>();
        int before = 0;
        while (before < offset) {
            ByteDfa other = RandomDfas.of(1 + rnd.nextInt(3), rnd);
            laid.add(other);
            before += other.stateCount();
        }
        laid.add(dfa);
        laid.add(ByteDfa.literal(new byte[] {'x', (byte) 0x80}));
        ByteDfa[] dfas = laid.toArray(new ByteDfa[0]);
        TransitionTable table = new TransitionTable(dfas);
        long[] live = table.liveBytes();
        assertEquals(4 * table.stateCount(), live.length);
        for (int i = 0; i < dfas.length; i++) {
            for (int s = 0; s < dfas[i].stateCount(); s++) {
                int g = table.startOf(i) + s;
                for (int w = 0; w < 4; w++) {
                    long expected = 0;
                    for (int j = 0; j < 64; j++) {
                        if (dfas[i].next(s, 64 * w + j) >= 0) {
                            expected |= 1L << j;
                        }
                    }
                    int word = w;
                    ByteDfa of = dfas[i];
                    assertEquals(expected, live[4 * g + w], () -> "live bytes of state " + g + ", word " + word + " of " + of);
                }
            }
        }
    }
}
