package io.github.kbnf4j.earley.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.RecognizerLimitException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The chart's memory account ({@link Chart#bytes()}) against the arrays it really holds, found by
 * reflection and weighed as {@link ChartMemory} documents (length times element size plus a
 * header; a reference counted at four bytes): after growth, truncation, copies and the growth of
 * every table, the two must agree to the byte. Also the sizes the chart grows by, which the account
 * alone cannot tell apart.
 */
class ChartBytesTest {
    private static final long BIG = 1L << 30;
    private static final Chart.Layout[] LAYOUTS = {
        new Chart.Layout(2, 2, 1), new Chart.Layout(3, 2, 2), new Chart.Layout(5, 3, 3), Chart.Layout.DEFAULT,
    };

    private static Object field(Object o, String name) {
        try {
            Field f = o.getClass().getDeclaredField(name);
            f.setAccessible(true);
            return f.get(o);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static long intArray(int length) {
        return 4L * length + ChartMemory.ARRAY_HEADER;
    }

    /** The bytes of the arrays {@code pages} holds: its page table and every distinct page, the spare included. */
    private static long held(ItemPages pages) {
        int[][] slotPage = (int[][]) field(pages, "slotPage");
        assertEquals(slotPage.length, ((int[]) field(pages, "slotOrigin")).length);
        assertEquals(slotPage.length, ((int[]) field(pages, "slotFill")).length);
        // three arrays of one slot each: a reference and two ints
        long bytes = 12L * slotPage.length + 3 * ChartMemory.ARRAY_HEADER;
        Map<int[], Boolean> distinct = new IdentityHashMap<>();
        for (int[] p : slotPage) {
            if (p != null) {
                distinct.put(p, true);
            }
        }
        int[] spare = (int[]) field(pages, "spare");
        if (spare != null) {
            distinct.put(spare, true);
        }
        for (int[] p : distinct.keySet()) {
            bytes += intArray(p.length);
        }
        return bytes;
    }

    /** The bytes of the arrays {@code chart} holds. */
    static long held(Chart chart) {
        int[][] scanStarts = (int[][]) field(chart, "scanStarts");
        long[][] waits = (long[][]) field(chart, "waits");
        long bytes = intArray(scanStarts.length) + intArray(waits.length);
        for (int c = 0; c < scanStarts.length; c++) {
            assertEquals(scanStarts[c] == null, waits[c] == null, "chunk " + c);
            if (scanStarts[c] != null) {
                assertEquals(scanStarts[c].length, waits[c].length);
                bytes += intArray(scanStarts[c].length) + 8L * waits[c].length + ChartMemory.ARRAY_HEADER;
            }
        }
        return bytes + held((ItemPages) field(chart, "scan")) + held((ItemPages) field(chart, "wait"));
    }

    private static void addSet(Chart chart, Random random) {
        chart.beginSet();
        int items = random.nextInt(8) == 0 ? random.nextInt(60) : random.nextInt(4);
        for (int k = 0; k < items; k++) {
            if (random.nextBoolean()) {
                chart.addScan(k, k, k);
            } else {
                chart.addWait(k, k);
            }
        }
    }

    /** Growing to 300 sets (past eight chunks on tiny layouts), truncating, copying: the account always equals what is held. */
    @Test
    void theAccountEqualsTheArraysHeld() {
        for (Chart.Layout layout : LAYOUTS) {
            Random random = new Random(layout.hashCode());
            List<Chart> charts = new ArrayList<>(List.of(new Chart(BIG, layout)));
            assertEquals(held(charts.get(0)), charts.get(0).bytes(), "a fresh chart, " + layout);
            for (int round = 0; round < 12; round++) {
                for (Chart chart : charts) {
                    for (int k = random.nextInt(round < 6 ? 60 : 300); k >= 0; k--) {
                        addSet(chart, random);
                        assertEquals(held(chart), chart.bytes(), "after a set, " + layout);
                    }
                    chart.truncate(1 + random.nextInt(chart.sets()));
                    assertEquals(held(chart), chart.bytes(), "after a truncation, " + layout);
                }
                Chart copy = charts.get(random.nextInt(charts.size())).copy();
                assertEquals(held(copy), copy.bytes(), "a copy, " + layout);
                charts.add(copy);
            }
        }
    }

    /** The first set-table chunk doubles: 64 sets, then 128, not one more at a time. */
    @Test
    void theFirstSetTableChunkDoubles() {
        Chart chart = new Chart(BIG);
        for (int set = 0; set <= 64; set++) {
            chart.beginSet();
        }
        assertEquals(128, ((int[][]) field(chart, "scanStarts"))[0].length);
    }

    /**
     * A copy of a chart whose first set-table chunk is not full yet grows on as the original
     * would, past that chunk's length (64 sets).
     */
    @Test
    void aCopyWithAPartialFirstChunkGrowsPastIt() {
        Chart chart = new Chart(BIG);
        for (int set = 0; set < 10; set++) {
            chart.beginSet();
            chart.addScan(set, set, set);
        }
        Chart copy = chart.copy();
        for (int set = 10; set < 200; set++) {
            copy.beginSet();
            copy.addScan(set, set, set);
        }
        for (int set = 0; set < 200; set++) {
            assertEquals(set, copy.scanPage(set)[copy.scanStart(set)], "set " + set);
            assertEquals(copy.scanStart(set) + 3, copy.scanEnd(set));
        }
        assertEquals(held(copy), copy.bytes());
    }

    /** Truncating keeps the set-table chunk of the last set kept and one spare chunk, no more. */
    @Test
    void truncationKeepsOneSpareSetTableChunk() {
        Chart chart = new Chart(BIG, new Chart.Layout(5, 3, 2)); // chunks of 4 sets
        for (int set = 0; set < 40; set++) {
            chart.beginSet();
        }
        chart.truncate(6); // the last set kept, 5, is in chunk 1: chunks 0, 1 and the spare 2 stay
        int[][] scanStarts = (int[][]) field(chart, "scanStarts");
        for (int c = 0; c < scanStarts.length; c++) {
            assertEquals(c <= 2, scanStarts[c] != null, "chunk " + c);
        }
    }

    /**
     * A set far bigger than a page grows its page geometrically: its items are moved a logarithmic
     * number of times, not once per page's worth of items.
     */
    @Test
    void aSetBiggerThanAPageGrowsItsPageGeometrically() {
        Chart chart = new Chart(BIG, new Chart.Layout(4, 2, 1)); // pages of 3 to 4 items
        chart.beginSet();
        chart.beginSet(); // the second set: its run does not start the page
        int moves = 0;
        int[] page = chart.scanPage(1);
        for (int k = 0; k < 20_000; k++) {
            chart.addScan(k, k, k);
            if (chart.scanPage(1) != page) {
                moves++;
                page = chart.scanPage(1);
            }
        }
        assertTrue(moves <= 20, moves + " moves");
        assertEquals(19_999, chart.scanPage(1)[chart.scanEnd(1) - 1]);
    }

    /**
     * Near the bound the page that would have been doubled is cut to what fits: a single set of
     * 110 scan items (three past a first page of 84, under a doubled page of 168) fits in a bound
     * 1,500 bytes above a fresh chart's.
     */
    @Test
    void thePageBeforeTheBoundIsCutToWhatFits() {
        long fresh = new Chart(BIG).bytes();
        Chart chart = new Chart(fresh + 1500);
        chart.beginSet();
        for (int k = 0; k < 110; k++) {
            chart.addScan(k, k, k);
        }
        assertTrue(chart.bytes() <= fresh + 1500, chart.bytes() + " bytes");
        assertEquals(110, chart.items());
        assertThrows(RecognizerLimitException.class, () -> {
            for (int k = 0; ; k++) {
                chart.addScan(k, k, k);
            }
        });
    }
}
