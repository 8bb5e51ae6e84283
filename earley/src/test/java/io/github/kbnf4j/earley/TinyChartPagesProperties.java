package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.internal.Chart;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.testdata.GrammarAndInput;
import io.github.kbnf4j.testdata.RandomGrammars;
import io.github.kbnf4j.testdata.ReferenceRecognizer;
import io.github.kbnf4j.testdata.Sentences;
import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * The chart cut into tiny pages and set-table chunks (a page of one to a few items, a chunk of two
 * to four sets), so that on short inputs nearly every set crosses a page boundary, moves to a fresh
 * page, outgrows a page of its own, and every pop and copy cuts across pages. The recognizer must
 * not notice: against {@link ReferenceRecognizer} at every byte, and against the default layout
 * (same items, same frontier, same shortest completion) after random pushes, pops, resets and
 * copies, with every copy left behind checked again at the end (a copy shares nothing).
 */
class TinyChartPagesProperties {
    /** From one item per page and two sets per chunk to ten items per page. */
    static final Chart.Layout[] LAYOUTS = {
        new Chart.Layout(2, 2, 1), new Chart.Layout(3, 2, 1), new Chart.Layout(5, 3, 2),
    };

    @Provide
    Arbitrary<GrammarAndInput> randomGrammarInputs() {
        return Sentences.grammarsWithInputs();
    }

    @Property(tries = 100)
    void tinyPagesAgreeWithTheReferenceAtEveryByte(@ForAll("randomGrammarInputs") GrammarAndInput gi,
            @ForAll @IntRange(max = 2) int layout) {
        byte[] input = gi.input();
        Recognizer tiny = new Recognizer(gi.grammar(), DifferentialOptions.RECOGNIZER, LAYOUTS[layout]);
        ReferenceRecognizer.State ref = new ReferenceRecognizer(gi.grammar()).newState();
        int i = 0;
        for (; ; i++) {
            assertEquals(ref.accepting(), tiny.isAccepting(), "accepting after " + i + " bytes");
            assertEquals(ref.nextBytes(), BitSet.valueOf(tiny.nextBytes()), "next bytes after " + i + " bytes");
            if (i == input.length) {
                break;
            }
            boolean ok = tiny.push(input[i]);
            assertEquals(ref.push(input[i]), ok, "push of byte " + i);
            if (!ok) {
                break;
            }
        }
        assertSameAsDefaultLayout(gi.grammar(), java.util.Arrays.copyOf(input, i), tiny);
    }

    @Provide
    Arbitrary<String> grammars() {
        return RandomGrammars.grammars();
    }

    /**
     * Operations, each an int: {@code op % 8} says which (four kinds of push, pop, mark, pop to
     * the last mark or reset, continue on a copy), {@code op / 8} is its argument.
     */
    @Property(tries = 100)
    void operationsOnTinyPagesEqualAStraightRunOnDefaultPages(@ForAll("grammars") String text,
            @ForAll @IntRange(max = 2) int layout,
            @ForAll("operations") List<Integer> operations) {
        PushPopChainProperties.Setup setup = PushPopChainProperties.setup(text);
        Assume.that(setup.grammar() != null);
        CompiledGrammar g = setup.grammar();
        byte[] alphabet = setup.alphabet();
        Recognizer r = new Recognizer(g, DifferentialOptions.RECOGNIZER, LAYOUTS[layout]);
        ByteArrayOutputStream consumed = new ByteArrayOutputStream();
        Deque<Integer> marks = new ArrayDeque<>();
        List<Recognizer> leftBehind = new ArrayList<>();
        List<byte[]> leftBehindBytes = new ArrayList<>();
        for (int op : operations) {
            int arg = op / 8;
            switch (op % 8) {
                case 0, 1, 2 -> {
                    byte b = alphabet.length == 0 ? (byte) arg : alphabet[arg % alphabet.length];
                    if (r.push(b)) {
                        consumed.write(b);
                    }
                }
                case 3 -> {
                    byte[] chunk = new byte[1 + arg % 12];
                    for (int k = 0; k < chunk.length; k++) {
                        chunk[k] = alphabet.length == 0 ? (byte) (arg + k) : alphabet[(arg + k * 7) % alphabet.length];
                    }
                    consumed.write(chunk, 0, r.push(chunk, 0, chunk.length));
                }
                case 4 -> {
                    int k = arg % (r.length() + 1);
                    r.pop(k);
                    keep(consumed, marks, consumed.size() - k);
                }
                case 5 -> marks.push(r.mark());
                case 6 -> {
                    int to = marks.isEmpty() ? 0 : marks.pop();
                    r.popTo(to);
                    keep(consumed, marks, to);
                }
                default -> {
                    leftBehind.add(r);
                    leftBehindBytes.add(consumed.toByteArray());
                    r = r.copy();
                }
            }
            assertSameAsDefaultLayout(g, consumed.toByteArray(), r);
        }
        for (int k = 0; k < leftBehind.size(); k++) {
            assertSameAsDefaultLayout(g, leftBehindBytes.get(k), leftBehind.get(k));
        }
        Statistics.label("bytes at the end").collect(consumed.size() < 10 ? "<10" : consumed.size() < 40 ? "<40" : ">=40");
    }

    @Provide
    Arbitrary<List<Integer>> operations() {
        return Arbitraries.integers().between(0, 8 * 1000).list().ofMaxSize(40);
    }

    private static void keep(ByteArrayOutputStream consumed, Deque<Integer> marks, int length) {
        byte[] all = consumed.toByteArray();
        consumed.reset();
        consumed.write(all, 0, length);
        while (!marks.isEmpty() && marks.peek() > length) {
            marks.pop();
        }
    }

    /** {@code r} answers as a recognizer with the default layout fed {@code input} straight. */
    static void assertSameAsDefaultLayout(CompiledGrammar g, byte[] input, Recognizer r) {
        Recognizer straight = new Recognizer(g, DifferentialOptions.RECOGNIZER);
        assertEquals(input.length, straight.push(input, 0, input.length), "a straight run consumes everything");
        assertEquals(input.length, r.length(), "length");
        assertEquals(straight.isAccepting(), r.isAccepting(), "accepting");
        assertEquals(straight.canContinue(), r.canContinue(), "can continue");
        assertArrayEquals(straight.nextBytes(), r.nextBytes(), "next bytes");
        assertEquals(straight.itemCount(), r.itemCount(), "items");
        assertEquals(straight.scanItemCount(), r.scanItemCount(), "scan items");
        assertEquals(straight.minBytesToAccept(), r.minBytesToAccept(), "shortest completion");
        Frontier a = new Frontier();
        Frontier b = new Frontier();
        straight.frontier(a);
        r.frontier(b);
        assertEquals(a, b, "frontier");
        assertTrue(r.chartBytes() > 0);
    }
}
