package io.github.kbnf4j.earley.internal;

import io.github.kbnf4j.earley.RecognizerLimitException;
import it.unimi.dsi.fastutil.ints.IntArrays;
import java.util.Arrays;

/**
 * The Earley chart: every set's items, in pages ({@link ItemPages}), plus a set table, so that
 * going back to an earlier byte is a truncate and growing never copies the items stored.
 *
 * <p>Set {@code i} holds the items after {@code i} bytes, in two parts:
 * <ul>
 *   <li><b>scan items</b> {@code (dotted rule, origin, DFA state)}, stride 3: the symbol after
 *       the dot is a terminal and the item sits in the given state of its automaton; they are
 *       what the next byte moves;
 *   <li><b>waiting items</b> {@code (dotted rule, origin, Leo memo)}, stride 3: the symbol after
 *       the dot is a nonterminal; they are advanced when it completes. The memo caches this item's
 *       Leo chain (see {@link LeoChains}).
 * </ul>
 * Each part of a set lies in one page: {@link #scanPage(int)} gives the page and
 * {@link #scanStart(int)}, {@link #scanEnd(int)} the offsets in it (likewise for waiting items),
 * so readers loop over a plain array. A finished set never moves, so its page stays valid while
 * later sets are built; only the set being built may move to a fresh page as it grows. Where a
 * waiting item must be named across sets (the Leo memo), it is named by its <i>address</i>
 * ({@link #waitAddress}, {@link #waitPageAt}, {@link #waitIndexAt}), stable while its set exists.
 *
 * <p>Complete items are not stored: a completion is acted on at once and remembered, as
 * {@code (nonterminal, origin)}, only while its set is built. A set's flags say whether its input
 * is a sentence and whether its waiting items are sorted by the nonterminal after the dot (done
 * lazily, the first time a completion looks into the set, so lookups are a binary search).
 *
 * <p>The set table lives in chunks of {@code 2^setChunkShift} sets, the first one grown by
 * doubling up to that size. Per set it holds the address of its first scan item (an {@code int})
 * and, packed in a {@code long}, the address of its first waiting item, its flags (the two bits
 * above the address, which stays below 2<sup>30</sup>) and the offset one past its last waiting
 * item, so that a completion finds a set's waiting items with one read of the table and two of
 * the page table. The last set's addresses and ends are those of the open runs of the pages.
 *
 * <p>Memory is bounded by {@code maxChartBytes}, counted as the arrays held ({@link #bytes()}) and
 * checked before each allocation: growing past it throws {@link RecognizerLimitException}. Not
 * thread-safe.
 */
public final class Chart {
    /** Set flag: the bytes up to this set are a complete sentence. */
    public static final byte ACCEPTING = 1;
    /** Set flag: the waiting items are sorted by the nonterminal after the dot. */
    public static final byte SORTED = 2;

    /** Memo of a waiting item: not computed yet. */
    public static final int MEMO_UNKNOWN = -1;
    /** Memo of a waiting item: no Leo chain goes through it. */
    public static final int MEMO_NONE = -2;
    /** Memo of a waiting item: its chain is being walked (a cycle if seen again). */
    public static final int MEMO_WALKING = -3;

    /**
     * How the chart cuts its memory: pages of items of about {@code 2^pageShift} ints, doubling
     * from a first one of about {@code 2^firstPageShift} ints (each page, its array header
     * included, takes at most a power of two bytes), set-table chunks of {@code 2^setChunkShift}
     * sets. Tests use tiny values so that every page and chunk boundary is crossed on short inputs.
     */
    public record Layout(int pageShift, int firstPageShift, int setChunkShift) {
        /** Pages of 4 MiB (1,048,572 ints) after a first one of 1 KiB; chunks of 16,384 sets. */
        public static final Layout DEFAULT = new Layout(20, 8, 14);

        public Layout {
            if (pageShift < 2 || pageShift > 20) {
                throw new IllegalArgumentException("pageShift must be in 2..20, was " + pageShift);
            }
            if (firstPageShift < 2 || firstPageShift > pageShift) {
                throw new IllegalArgumentException("firstPageShift must be in 2..pageShift, was " + firstPageShift);
            }
            if (setChunkShift < 1 || setChunkShift > 24) {
                throw new IllegalArgumentException("setChunkShift must be in 1..24, was " + setChunkShift);
            }
        }
    }

    /** Sets the first set-table chunk starts with (fewer if a chunk is smaller). */
    private static final int FIRST_SETS = 64;
    /** Bytes of the set table per set: an int and a long. */
    private static final int SET_BYTES = 12;
    /** The address bits of the low half of a {@link #waits} entry; the two above are the flags. */
    private static final int ADDRESS_MASK = (1 << 30) - 1;

    private final ChartMemory memory;
    private final ItemPages scan;
    private final ItemPages wait;
    private final int setShift;
    private final int setMask;
    /** chunk -> (set & setMask) -> address of the set's first scan item; the last set's is in {@link #scan}. */
    private int[][] scanStarts;
    /**
     * chunk -> (set & setMask) -> the set's waiting items and flags: {@code end << 32 | flags << 30 |
     * address of the first}, {@code end} the offset one past the last in its page. The address and
     * end of the last set are in {@link #wait}, only its flags here.
     */
    private long[][] waits;
    /** The chunks allocated (the last may be a spare past the sets). */
    private int chunks;
    /** The sets the allocated chunks hold. */
    private int setCapacity;
    /** The number of sets (bytes consumed + 1), counting the one being built. */
    private int sets;
    /** Scratch of {@link #sortWaiting}: items per nonterminal (all zero between sorts), the nonterminals met, a copy of the items. */
    private int[] symbolCounts = new int[64];
    private int[] distinctSymbols = new int[16];
    private int[] sortCopy = new int[48];

    /** An empty chart with the default layout. */
    public Chart(long maxChartBytes) {
        this(maxChartBytes, Layout.DEFAULT);
    }

    /**
     * An empty chart.
     *
     * @throws io.github.kbnf4j.earley.RecognizerLimitException if even its first pages pass
     *     {@code maxChartBytes}
     */
    public Chart(long maxChartBytes, Layout layout) {
        memory = new ChartMemory(maxChartBytes);
        scan = new ItemPages(memory, "scan items", layout.pageShift(), layout.firstPageShift());
        wait = new ItemPages(memory, "waiting items", layout.pageShift(), layout.firstPageShift());
        setShift = layout.setChunkShift();
        setMask = (1 << setShift) - 1;
        memory.reserve(ChartMemory.intArray(8) * 2, "the chart's set table");
        scanStarts = new int[8][];
        waits = new long[8][];
        allocateChunk(0, Math.min(FIRST_SETS, 1 << setShift));
        chunks = 1;
        setCapacity = scanStarts[0].length;
    }

    private Chart(Chart o) {
        memory = new ChartMemory(o.memory.max());
        scan = o.scan.copy(memory);
        wait = o.wait.copy(memory);
        setShift = o.setShift;
        setMask = o.setMask;
        int used = o.sets == 0 ? 1 : ((o.sets - 1) >>> setShift) + 1;
        int outer = Math.max(8, used);
        memory.reserve(ChartMemory.intArray(outer) * 2, "the chart's set table");
        scanStarts = new int[outer][];
        waits = new long[outer][];
        for (int c = 0; c < used; c++) {
            int n = o.scanStarts[c].length;
            memory.reserve(chunkBytes(n), "the chart's set table");
            scanStarts[c] = o.scanStarts[c].clone();
            waits[c] = o.waits[c].clone();
        }
        chunks = used;
        setCapacity = used == 1 ? scanStarts[0].length : used << setShift;
        sets = o.sets;
    }

    /** An independent copy: it shares no mutable array with this chart. */
    public Chart copy() {
        return new Chart(this);
    }

    /** The number of sets. */
    public int sets() {
        return sets;
    }

    /** Starts a new, empty set at the end. */
    public void beginSet() {
        if (sets >= setCapacity) {
            ensureSetRoom(sets + 1); // first: it may throw, and nothing has changed yet
        }
        if (sets > 0) {
            // the set before is finished: its items will not move again
            int last = sets - 1;
            scanStarts[last >>> setShift][last & setMask] = scan.runStartAddress();
            long[] chunk = waits[last >>> setShift];
            long flagBits = chunk[last & setMask] & ~ADDRESS_MASK & 0xFFFFFFFFL;
            chunk[last & setMask] = (long) wait.fill() << 32 | flagBits | wait.runStartAddress();
        }
        scan.beginRun();
        wait.beginRun();
        waits[sets >>> setShift][sets & setMask] = 0;
        sets++;
    }

    /** Makes the set table hold at least {@code n} sets. */
    private void ensureSetRoom(int n) {
        int c = (n - 1) >>> setShift;
        if (c < chunks) {
            if (c == 0 && scanStarts[0].length < n) {
                int[] s = scanStarts[0];
                int length = Math.min(Math.max(n, 2 * s.length), 1 << setShift);
                memory.reserve(chunkBytes(length), "the chart's set table");
                scanStarts[0] = Arrays.copyOf(s, length);
                waits[0] = Arrays.copyOf(waits[0], length);
                memory.release(chunkBytes(s.length));
                setCapacity = length;
            }
            return;
        }
        if (scanStarts[0].length < 1 << setShift) {
            ensureSetRoom(1 << setShift); // the first chunk reaches full size before a second one
        }
        if (c >= scanStarts.length) {
            int outer = 2 * scanStarts.length;
            memory.reserve((ChartMemory.intArray(outer) - ChartMemory.intArray(scanStarts.length)) * 2,
                    "the chart's set table");
            scanStarts = Arrays.copyOf(scanStarts, outer);
            waits = Arrays.copyOf(waits, outer);
        }
        allocateChunk(c, 1 << setShift);
        chunks = c + 1;
        setCapacity = chunks << setShift;
    }

    private void allocateChunk(int c, int length) {
        memory.reserve(chunkBytes(length), "the chart's set table");
        scanStarts[c] = new int[length];
        waits[c] = new long[length];
    }

    private static long chunkBytes(int length) {
        return (long) SET_BYTES * length + 2 * ChartMemory.ARRAY_HEADER;
    }

    /**
     * Keeps only the first {@code setCount} sets; lets go of the pages and set-table chunks past
     * them (keeping one spare of each for the next growth).
     */
    public void truncate(int setCount) {
        assert setCount >= 1 && setCount <= sets;
        if (setCount < sets) {
            int last = setCount - 1; // finished: its table entries are final
            int scanEnd = scanEnd(last);
            long w = waits[last >>> setShift][last & setMask];
            scan.truncate(scanStartAddress(last), scanEnd);
            wait.truncate((int) w & ADDRESS_MASK, (int) (w >>> 32));
            sets = setCount;
            int keep = (last >>> setShift) + 2; // the chunk of the last set and a spare
            for (int c = keep; c < chunks; c++) {
                memory.release(chunkBytes(scanStarts[c].length));
                scanStarts[c] = null;
                waits[c] = null;
            }
            if (keep < chunks) {
                chunks = keep;
                setCapacity = chunks << setShift;
            }
        }
    }

    /** Appends a scan item to the last set. */
    public void addScan(int dotted, int origin, int state) {
        scan.add(dotted, origin, state);
    }

    /** Appends a waiting item to the last set. */
    public void addWait(int dotted, int origin) {
        wait.add(dotted, origin, MEMO_UNKNOWN);
    }

    /**
     * The bytes the chart holds: every array's length times its element size plus its header
     * (the item pages, a spare page kept after a truncation, the set table, the page tables).
     */
    public long bytes() {
        return memory.used();
    }

    /** The number of items stored (scan and waiting, all sets). Linear in the number of pages. */
    public long items() {
        return scan.items() + wait.items();
    }

    /** The flags of set {@code i}. */
    public byte flags(int i) {
        return (byte) ((int) waits[i >>> setShift][i & setMask] >>> 30);
    }

    /** Sets flag bits of set {@code i}. */
    public void setFlags(int i, byte bits) {
        waits[i >>> setShift][i & setMask] |= (long) bits << 30;
    }

    // ---- scan items ----

    /** The page holding the scan items of set {@code i} (stride 3: dotted rule, origin, DFA state). */
    public int[] scanPage(int i) {
        return i == sets - 1 ? scan.page() : scan.pageAt(scanStartAddress(i));
    }

    /** Offset in {@link #scanPage(int)} of the first scan item of set {@code i}. */
    public int scanStart(int i) {
        return i == sets - 1 ? scan.runStart() : scan.indexAt(scanStartAddress(i));
    }

    /** Offset in {@link #scanPage(int)} one past the last scan item of set {@code i}. */
    public int scanEnd(int i) {
        if (i == sets - 1) {
            return scan.fill();
        }
        return scan.endOf(scanStartAddress(i), scanStartAddress(i + 1));
    }

    private int scanStartAddress(int i) {
        return i == sets - 1 ? scan.runStartAddress() : scanStarts[i >>> setShift][i & setMask];
    }

    // ---- waiting items ----

    /** The page holding the waiting items of set {@code i} (stride 3: dotted rule, origin, Leo memo). */
    public int[] waitPage(int i) {
        return i == sets - 1 ? wait.page() : wait.pageAt(waitStartAddress(i));
    }

    /** Offset in {@link #waitPage(int)} of the first waiting item of set {@code i}. */
    public int waitStart(int i) {
        return i == sets - 1 ? wait.runStart() : wait.indexAt(waitStartAddress(i));
    }

    /** Offset in {@link #waitPage(int)} one past the last waiting item of set {@code i}. */
    public int waitEnd(int i) {
        return i == sets - 1 ? wait.fill() : (int) (waits[i >>> setShift][i & setMask] >>> 32);
    }

    private int waitStartAddress(int i) {
        return i == sets - 1 ? wait.runStartAddress() : (int) waits[i >>> setShift][i & setMask] & ADDRESS_MASK;
    }

    /**
     * The address of the waiting item at offset {@code w} of {@link #waitPage(int) set i's page}:
     * below 2<sup>30</sup>, stable while set {@code i} exists and is finished.
     */
    public int waitAddress(int i, int w) {
        int start = waitStartAddress(i);
        return start - waitStart(i) + w;
    }

    /** The page holding the waiting item at address {@code a}. */
    public int[] waitPageAt(int a) {
        return wait.pageAt(a);
    }

    /** The offset of the waiting item at address {@code a} in {@link #waitPageAt(int) its page}. */
    public int waitIndexAt(int a) {
        return wait.indexAt(a);
    }

    /** Sets the Leo memo of the waiting item at address {@code a}. */
    public void setMemo(int a, int memo) {
        wait.pageAt(a)[wait.indexAt(a) + 2] = memo;
    }

    /**
     * The waiting items of finished set {@code i} with nonterminal {@code n} after the dot: returns
     * {@code lo | (long) hi << 32}, offsets into {@link #waitPage(int) waitPage(i)} ({@code lo == hi}
     * if none). Sorts the set's waiting items on first use. Never called on the set being built
     * (a completion's origin is an earlier set: no production is empty).
     */
    public long group(int i, int n, int[] symbol) {
        long[] chunk = waits[i >>> setShift];
        long entry = chunk[i & setMask];
        int[] a;
        int lo;
        int hi;
        if (i == sets - 1) {
            a = wait.page();
            lo = wait.runStart();
            hi = wait.fill();
        } else {
            int start = (int) entry & ADDRESS_MASK;
            a = wait.pageAt(start);
            lo = wait.indexAt(start);
            hi = (int) (entry >>> 32);
        }
        if ((entry & (long) SORTED << 30) == 0) {
            sortWaiting(a, lo, hi, symbol);
            chunk[i & setMask] = entry | (long) SORTED << 30;
        }
        // lower bound of n, then upper bound, over items (stride 3) keyed by symbol[dotted]
        int l = 0;
        int h = (hi - lo) / 3;
        while (l < h) {
            int m = (l + h) >>> 1;
            if (symbol[a[lo + 3 * m]] < n) {
                l = m + 1;
            } else {
                h = m;
            }
        }
        int first = l;
        h = (hi - lo) / 3;
        while (l < h) {
            int m = (l + h) >>> 1;
            if (symbol[a[lo + 3 * m]] <= n) {
                l = m + 1;
            } else {
                h = m;
            }
        }
        return (lo + 3 * first) | (long) (lo + 3 * l) << 32;
    }

    /**
     * Sorts the waiting items in {@code [lo, hi)} by the nonterminal after the dot, stably (items
     * of one nonterminal keep the order they were added in). A counting sort: one pass counts the
     * items of each nonterminal present, the few distinct nonterminals are sorted, and a second
     * pass moves each item to its place. {@code O(items + d log d)} for {@code d} distinct
     * nonterminals, where a comparison sort of the items cost {@code O(items log items)}: a set
     * after a byte where a statement or an expression may start holds hundreds of predicted items
     * over a few dozen nonterminals, and masks sort many such sets.
     */
    private void sortWaiting(int[] a, int lo, int hi, int[] symbol) {
        int count = (hi - lo) / 3;
        if (count < 2) {
            return;
        }
        int[] counts = symbolCounts;
        int[] distinct = distinctSymbols;
        int d = 0;
        boolean sorted = true;
        int previous = Integer.MIN_VALUE;
        for (int k = 0; k < count; k++) {
            int n = symbol[a[lo + 3 * k]];
            sorted &= n >= previous;
            previous = n;
            if (n >= counts.length) {
                counts = symbolCounts = Arrays.copyOf(counts, Math.max(n + 1, 2 * counts.length));
            }
            if (counts[n]++ == 0) {
                if (d == distinct.length) {
                    distinct = distinctSymbols = Arrays.copyOf(distinct, 2 * d);
                }
                distinct[d++] = n;
            }
        }
        if (!sorted) {
            IntArrays.quickSort(distinct, 0, d);
            int start = 0;
            for (int j = 0; j < d; j++) { // counts become each nonterminal's first slot
                int n = distinct[j];
                int c = counts[n];
                counts[n] = start;
                start += c;
            }
            if (sortCopy.length < hi - lo) {
                sortCopy = new int[Math.max(hi - lo, 2 * sortCopy.length)];
            }
            int[] copy = sortCopy;
            System.arraycopy(a, lo, copy, 0, hi - lo);
            for (int from = 0; from < hi - lo; from += 3) {
                int to = lo + 3 * counts[symbol[copy[from]]]++;
                a[to] = copy[from];
                a[to + 1] = copy[from + 1];
                a[to + 2] = copy[from + 2];
            }
        }
        for (int j = 0; j < d; j++) { // leave the counts all zero for the next set
            counts[distinct[j]] = 0;
        }
    }
}
