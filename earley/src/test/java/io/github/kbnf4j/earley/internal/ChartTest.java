package io.github.kbnf4j.earley.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.RecognizerLimitException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The paged chart on its own, against a plain model (a list of sets, each a list of items): page
 * boundaries, sets bigger than a page, truncation across pages, copies, the memory bound.
 */
class ChartTest {
    private static final long BIG = 1L << 30;
    /** Pages of one to ten items, set-table chunks of two to eight sets. */
    private static final Chart.Layout[] TINY = {
        new Chart.Layout(2, 2, 1), new Chart.Layout(3, 2, 2), new Chart.Layout(5, 3, 3),
    };

    /** What the chart should hold: per set, its scan items and waiting items (3 ints each). */
    private static final class Model {
        final List<int[]> scan = new ArrayList<>();
        final List<int[]> wait = new ArrayList<>();

        void begin() {
            scan.add(new int[0]);
            wait.add(new int[0]);
        }

        void add(List<int[]> part, int a, int b, int c) {
            int last = part.size() - 1;
            int[] items = Arrays.copyOf(part.get(last), part.get(last).length + 3);
            items[items.length - 3] = a;
            items[items.length - 2] = b;
            items[items.length - 1] = c;
            part.set(last, items);
        }

        void truncate(int sets) {
            scan.subList(sets, scan.size()).clear();
            wait.subList(sets, wait.size()).clear();
        }
    }

    /** Appends a set of random size (sometimes several pages long) to both. */
    private static void addSet(Chart chart, Model model, Random random, int set) {
        chart.beginSet();
        model.begin();
        int scans = random.nextInt(10) == 0 ? random.nextInt(40) : random.nextInt(4);
        int waits = random.nextInt(10) == 0 ? random.nextInt(40) : random.nextInt(4);
        for (int k = 0; k < Math.max(scans, waits); k++) {
            if (k < scans) {
                chart.addScan(set, k, 1000 + k);
                model.add(model.scan, set, k, 1000 + k);
            }
            if (k < waits) {
                chart.addWait(set, -k);
                model.add(model.wait, set, -k, Chart.MEMO_UNKNOWN);
            }
        }
    }

    private static void assertHolds(Chart chart, Model model) {
        assertEquals(model.scan.size(), chart.sets(), "sets");
        long items = 0;
        for (int i = 0; i < chart.sets(); i++) {
            int[] scan = Arrays.copyOfRange(chart.scanPage(i), chart.scanStart(i), chart.scanEnd(i));
            assertArrayEquals(model.scan.get(i), scan, "scan items of set " + i);
            int[] wait = Arrays.copyOfRange(chart.waitPage(i), chart.waitStart(i), chart.waitEnd(i));
            assertArrayEquals(model.wait.get(i), wait, "waiting items of set " + i);
            for (int w = chart.waitStart(i); w < chart.waitEnd(i); w += 3) {
                int a = chart.waitAddress(i, w);
                assertTrue(a >= 0 && a < 1 << 30, "address " + a);
                assertSame(chart.waitPage(i), chart.waitPageAt(a));
                assertEquals(w, chart.waitIndexAt(a));
            }
            items += (model.scan.get(i).length + model.wait.get(i).length) / 3;
        }
        assertEquals(items, chart.items(), "items");
    }

    @Test
    void layoutsAreAcceptedExactlyWithinTheirBounds() {
        // each bound itself is allowed, one past it is refused
        new Chart.Layout(2, 2, 1);
        new Chart.Layout(20, 20, 24);
        new Chart.Layout(20, 2, 1);
        assertThrows(IllegalArgumentException.class, () -> new Chart.Layout(1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new Chart.Layout(21, 2, 1));
        assertThrows(IllegalArgumentException.class, () -> new Chart.Layout(5, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new Chart.Layout(5, 6, 1));
        assertThrows(IllegalArgumentException.class, () -> new Chart.Layout(5, 3, 0));
        assertThrows(IllegalArgumentException.class, () -> new Chart.Layout(5, 3, 25));
    }

    @Test
    void setsCrossingPageBoundariesReadBackAsWritten() {
        for (Chart.Layout layout : TINY) {
            Random random = new Random(layout.hashCode());
            Chart chart = new Chart(BIG, layout);
            Model model = new Model();
            for (int set = 0; set < 300; set++) {
                addSet(chart, model, random, set);
            }
            assertHolds(chart, model);
        }
    }

    @Test
    void growthNeverMovesAFinishedSet() {
        Chart chart = new Chart(BIG, new Chart.Layout(4, 2, 1));
        Model model = new Model();
        Random random = new Random(7);
        addSet(chart, model, random, 0);
        for (int set = 1; set < 50; set++) {
            addSet(chart, model, random, set);
        }
        int[][] scanPages = new int[50][];
        int[][] waitPages = new int[50][];
        int[] scanStarts = new int[50];
        for (int i = 0; i < 49; i++) { // the last set is still open: it may move
            scanPages[i] = chart.scanPage(i);
            waitPages[i] = chart.waitPage(i);
            scanStarts[i] = chart.scanStart(i);
        }
        for (int set = 50; set < 2000; set++) {
            addSet(chart, model, random, set);
        }
        for (int i = 0; i < 49; i++) {
            assertSame(scanPages[i], chart.scanPage(i), "the page of set " + i);
            assertSame(waitPages[i], chart.waitPage(i), "the page of set " + i);
            assertEquals(scanStarts[i], chart.scanStart(i));
        }
        assertHolds(chart, model);
    }

    @Test
    void truncationAcrossPagesKeepsTheEarlierSetsAndLetsGoOfTheRest() {
        for (Chart.Layout layout : TINY) {
            Random random = new Random(layout.hashCode() + 1);
            Chart chart = new Chart(BIG, layout);
            Model model = new Model();
            addSet(chart, model, random, 0);
            long peak = 0;
            for (int round = 0; round < 40; round++) {
                int grow = random.nextInt(60);
                for (int k = 0; k < grow; k++) {
                    addSet(chart, model, random, chart.sets());
                }
                peak = Math.max(peak, chart.bytes());
                int keep = 1 + random.nextInt(chart.sets());
                chart.truncate(keep);
                model.truncate(keep);
                assertHolds(chart, model);
            }
            chart.truncate(1);
            model.truncate(1);
            assertHolds(chart, model);
            // what is left: the first pages, a spare, the page tables (which do not shrink)
            assertTrue(chart.bytes() < peak / 2, chart.bytes() + " bytes after truncating to one set, " + peak + " at most");
        }
    }

    @Test
    void truncationToTheFirstSetKeepsOneSparePageOfEachKind() {
        Chart chart = new Chart(BIG);
        long first = chart.bytes();
        for (int set = 0; set < 500_000; set++) {
            chart.beginSet();
            chart.addScan(set, set, 0);
            chart.addWait(set, set);
        }
        assertTrue(chart.bytes() > 12_000_000, chart.bytes() + " bytes");
        chart.truncate(1);
        // a page of each kind, the first set-table chunk at its full size and a spare one
        long spares = 2 * (4L << 20) + 2 * (12 * (1 << 14) + 32);
        assertTrue(chart.bytes() <= first + spares + 4096, chart.bytes() + " bytes after truncating, "
                + first + " at first");
        // and growing again to the same size reuses them: no more than before
        long before = chart.bytes();
        chart.truncate(1);
        assertEquals(before, chart.bytes());
    }

    @Test
    void aPushAndPopLoopAcrossAPageBoundaryReusesTheSparePage() {
        Chart chart = new Chart(BIG, new Chart.Layout(6, 6, 2));
        Model model = new Model();
        Random random = new Random(3);
        // fill the first page of waiting items (60 ints: 20 items) with the first set
        chart.beginSet();
        model.begin();
        for (int k = 0; k < 20; k++) {
            chart.addWait(0, k);
            model.add(model.wait, 0, k, Chart.MEMO_UNKNOWN);
        }
        chart.beginSet();
        model.begin();
        chart.addWait(1, 0); // the second set starts a second page
        model.add(model.wait, 1, 0, Chart.MEMO_UNKNOWN);
        chart.truncate(1); // which becomes the spare
        model.truncate(1);
        long bytes = chart.bytes();
        int[] secondPage = null;
        for (int round = 0; round < 100; round++) {
            chart.beginSet();
            model.begin();
            for (int k = random.nextInt(20); k >= 0; k--) {
                chart.addWait(1, k);
                model.add(model.wait, 1, k, Chart.MEMO_UNKNOWN);
                chart.addScan(1, k, 0);
                model.add(model.scan, 1, k, 0);
            }
            assertHolds(chart, model);
            if (secondPage == null) {
                secondPage = chart.waitPage(1);
            }
            // the spare (a full standard page) itself, not a new page of the same size
            assertSame(secondPage, chart.waitPage(1), "the second set's page in round " + round);
            chart.truncate(1);
            model.truncate(1);
            assertEquals(bytes, chart.bytes(), "no allocation in a push-pop loop");
        }
        assertHolds(chart, model);
    }

    @Test
    void aCopySharesNothingWithTheOriginal() {
        for (Chart.Layout layout : TINY) {
            Random random = new Random(layout.hashCode() + 2);
            Chart a = new Chart(BIG, layout);
            Model ma = new Model();
            for (int set = 0; set < 120; set++) {
                addSet(a, ma, random, set);
            }
            a.truncate(90); // the copy starts inside a page, with pages let go after it
            ma.truncate(90);
            Chart b = a.copy();
            Model mb = new Model();
            mb.scan.addAll(ma.scan);
            mb.wait.addAll(ma.wait);
            assertHolds(b, mb);
            // each grows and truncates on its own, and writes memos into its waiting items
            for (int round = 0; round < 10; round++) {
                for (Chart c : new Chart[] {a, b}) {
                    Model m = c == a ? ma : mb;
                    for (int k = random.nextInt(30); k > 0; k--) {
                        addSet(c, m, random, c.sets());
                    }
                    int keep = 1 + random.nextInt(c.sets());
                    c.truncate(keep);
                    m.truncate(keep);
                    int set = random.nextInt(c.sets());
                    if (c.waitEnd(set) > c.waitStart(set)) {
                        int w = c.waitStart(set);
                        c.setMemo(c.waitAddress(set, w), 12345 + round);
                        int[] items = m.wait.get(set).clone();
                        items[2] = 12345 + round;
                        m.wait.set(set, items);
                    }
                }
                assertHolds(a, ma);
                assertHolds(b, mb);
            }
        }
    }

    @Test
    void groupFindsTheWaitingItemsOfANonterminalInAnyPage() {
        Chart chart = new Chart(BIG, new Chart.Layout(3, 2, 1));
        int[] symbol = {5, 3, 9, 3, 5}; // dotted rule -> nonterminal after the dot
        for (int set = 0; set < 20; set++) {
            chart.beginSet();
            for (int k = 0; k < set % 7; k++) {
                chart.addWait(k % symbol.length, set);
            }
        }
        for (int set = 0; set < 19; set++) {
            for (int n : new int[] {3, 5, 9, 4}) {
                long g = chart.group(set, n, symbol);
                int lo = (int) g;
                int hi = (int) (g >>> 32);
                int expected = 0;
                for (int k = 0; k < set % 7; k++) {
                    expected += symbol[k % symbol.length] == n ? 1 : 0;
                }
                assertEquals(expected, (hi - lo) / 3, "items of set " + set + " before " + n);
                int[] page = chart.waitPage(set);
                for (int w = lo; w < hi; w += 3) {
                    assertEquals(n, symbol[page[w]]);
                    assertEquals(set, page[w + 1]);
                }
            }
        }
    }

    /**
     * Sets of hundreds of waiting items over many nonterminals (as after a byte where an
     * expression may start): each group holds exactly the items of its nonterminal, in the order
     * they were added (the sort is stable), whether the set arrived sorted, reversed or shuffled.
     */
    @Test
    void groupOfLargeSetsIsExactAndKeepsTheOrderOfAddition() {
        Random random = new Random(11);
        int[] symbol = new int[300];
        for (int r = 0; r < symbol.length; r++) {
            symbol[r] = random.nextInt(r < 150 ? 40 : 5000); // a few common nonterminals, and far-apart ones
        }
        Chart chart = new Chart(BIG);
        List<int[]> sets = new ArrayList<>();
        for (int set = 0; set < 12; set++) {
            chart.beginSet();
            int size = set == 0 ? 0 : 1 + random.nextInt(900);
            int[] dotted = new int[size];
            for (int k = 0; k < size; k++) {
                dotted[k] = random.nextInt(symbol.length);
            }
            if (set % 3 == 1) { // already in order of symbol
                dotted = Arrays.stream(dotted).boxed()
                        .sorted(Comparator.comparingInt(x -> symbol[x])).mapToInt(x -> x).toArray();
            } else if (set % 3 == 2) { // in reverse order of symbol
                dotted = Arrays.stream(dotted).boxed()
                        .sorted(Comparator.comparingInt(x -> -symbol[x])).mapToInt(x -> x).toArray();
            }
            for (int k = 0; k < dotted.length; k++) {
                chart.addWait(dotted[k], k); // the origin records the order of addition
            }
            sets.add(dotted);
        }
        chart.beginSet();
        for (int round = 0; round < 2; round++) { // the second round reads the sets already sorted
            for (int set = 0; set < sets.size(); set++) {
                int[] dotted = sets.get(set);
                Set<Integer> asked = new TreeSet<>();
                for (int r : dotted) {
                    asked.add(symbol[r]);
                }
                asked.add(Integer.MAX_VALUE); // absent
                asked.add(4999);
                for (int n : asked) {
                    long g = chart.group(set, n, symbol);
                    int lo = (int) g;
                    int hi = (int) (g >>> 32);
                    int[] page = chart.waitPage(set);
                    List<Integer> expected = new ArrayList<>();
                    for (int k = 0; k < dotted.length; k++) {
                        if (symbol[dotted[k]] == n) {
                            expected.add(k);
                        }
                    }
                    List<Integer> found = new ArrayList<>();
                    for (int w = lo; w < hi; w += 3) {
                        assertEquals(n, symbol[page[w]], "set " + set);
                        assertEquals(dotted[page[w + 1]], page[w], "set " + set);
                        found.add(page[w + 1]);
                    }
                    assertEquals(expected, found, "set " + set + ", nonterminal " + n);
                }
            }
        }
    }

    @Test
    void bytesCountWhatIsHeldNotADoubledCapacity() {
        Chart chart = new Chart(BIG, new Chart.Layout(12, 8, 10));
        for (int set = 0; set < 200_000; set++) {
            chart.beginSet();
            chart.addScan(set, set, 0);
            if (set % 3 == 0) {
                chart.addWait(set, set);
            }
        }
        long used = 12 * chart.items() + 12L * chart.sets(); // items, and an int and a long per set
        assertTrue(chart.bytes() >= used, chart.bytes() + " < " + used);
        // pages of 16 KiB, chunks of 1,024 sets: at most a page and a chunk beyond what is used,
        // and the headers and page tables (well under 1 %)
        assertTrue(chart.bytes() < used * 1.02 + 2 * 16384 + 12 * 1024, chart.bytes() + " bytes for " + used + " used");
    }

    @Test
    void theBoundTripsBeforeAPageIsAllocatedAndLeavesTheChartUsable() {
        long max = 64 * 1024;
        Chart chart = new Chart(max, new Chart.Layout(10, 4, 4));
        Model model = new Model();
        RecognizerLimitException e = assertThrows(RecognizerLimitException.class, () -> {
            for (int set = 0; ; set++) {
                chart.beginSet();
                model.begin();
                for (int k = 0; k < 5; k++) {
                    assertTrue(chart.bytes() <= max, chart.bytes() + " bytes");
                    chart.addScan(set, k, 0);
                    model.add(model.scan, set, k, 0);
                }
            }
        });
        assertEquals("maxChartBytes", e.setting());
        assertTrue(e.getMessage().contains("the chart's "), e.getMessage());
        assertTrue(chart.bytes() <= max, chart.bytes() + " bytes");
        // the last set is half built: dropping it leaves the chart as it was before it
        int sets = chart.sets() - 1;
        chart.truncate(sets);
        model.truncate(sets);
        assertHolds(chart, model);
        // and the last page is filled to the bound: a page cut short rather than refused
        assertTrue(chart.bytes() > max - 4 * 1024, chart.bytes() + " bytes of " + max);
    }

    @Test
    void aChartAtTheSmallestBoundStillHoldsItsFirstSet() {
        Chart chart = new Chart(4096);
        chart.beginSet();
        for (int k = 0; k < 20; k++) {
            chart.addScan(k, 0, 0);
            chart.addWait(k, 0);
        }
        assertTrue(chart.bytes() <= 4096, chart.bytes() + " bytes");
        assertEquals(40, chart.items());
    }
}
