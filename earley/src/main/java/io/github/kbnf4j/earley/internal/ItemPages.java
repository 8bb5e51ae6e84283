package io.github.kbnf4j.earley.internal;

import io.github.kbnf4j.earley.RecognizerLimitException;
import java.util.Arrays;

/**
 * One kind of chart item (three {@code int}s each), all sets, in pages: growing the chart appends
 * a page and never copies the items already stored.
 *
 * <p><b>Runs.</b> The items of one chart set form a <i>run</i>, and every run lies wholly in one
 * page, so a reader takes the run's page once and loops over plain array offsets. Only the last
 * run is open (items are appended to it). When it does not fit in the rest of its page, its items
 * so far move to a fresh page (only that set's items are copied); when it already starts its
 * page, a bigger page replaces that page at the same address. A run bigger than a standard page
 * gets a page of its own size, grown geometrically.
 *
 * <p><b>Addresses.</b> A stored item has a stable {@code int} address, for the few places that
 * must name an item across sets (the Leo memo, the set table). The address space is cut into
 * slots of {@code 2^shift} ints; a page starts at a slot boundary and covers as many slots as its
 * length needs, strictly more than its length, so the address one past a full page's last item
 * still falls in the page. So {@code slotPage[a >>> shift]} is the page of address {@code a} and
 * {@code a - slotOrigin[a >>> shift]} its index there: two array reads, no search. Addresses stay
 * below 2<sup>30</sup> (a Leo memo shifts them left by one); with 4 GiB at most for the whole chart
 * that is enough unless one kind of item fills nearly all of it, which ends in a
 * {@link RecognizerLimitException}.
 *
 * <p><b>Page sizes.</b> Pages double from the first ({@code 2^firstPageShift} ints, less the
 * array header) up to the standard page ({@code 2^shift} ints less the header: 4 MiB by default),
 * so a small chart stays small and a large one pays one allocation per standard page.
 *
 * <p><b>Truncation.</b> Cutting back to an earlier run lets go of the pages after its page but
 * keeps the first of them (unless it is an oversized one) as a spare for the next growth, so a loop
 * of pushes and pops across a page boundary does not allocate at every step.
 *
 * <p>Memory is reserved in a {@link ChartMemory} before each allocation. Not thread-safe.
 */
final class ItemPages {
    /** Ints per item. */
    static final int STRIDE = 3;
    /** Addresses stay below this. */
    static final int ADDRESS_LIMIT = 1 << 30;
    /** Room left after the items in a copy's current page (256 items). */
    private static final int COPY_ROOM = 256 * STRIDE;
    /** Bytes of the page table per slot: a reference and two ints. */
    private static final int SLOT_BYTES = 12;

    private final ChartMemory memory;
    /** What the items are, for limit messages ("the chart's scan items"). */
    private final String what;
    private final int shift;
    /** The standard page length: the largest multiple of {@link #STRIDE} below {@code 2^shift}. */
    private final int pageInts;
    /** Slot {@code k}'s page holds {@link #intsFitting intsFitting(firstPageShift + k)} ints, at most {@link #pageInts}. */
    private final int firstPageShift;

    /** slot -> the page covering it; null in slots past {@link #slots}. */
    private int[][] slotPage;
    /** slot -> the address of index 0 of the page covering it. */
    private int[] slotOrigin;
    /** first slot of a page before the current one -> the ints used in that page. */
    private int[] slotFill;
    /** The slots in use: up to the end of the current page. */
    private int slots;
    /** The first slot of the current page (the open run's). */
    private int cur;
    /** The current page. */
    private int[] page;
    /** The ints used in the current page. */
    private int fill;
    /** The index in {@link #page} of the open run's first item. */
    private int runStart;
    /** A page (not an oversized one) let go by a truncation, kept (and counted) for the next growth; or null. */
    private int[] spare;

    ItemPages(ChartMemory memory, String what, int shift, int firstPageShift) {
        if (shift < 2 || shift > 20) {
            throw new IllegalArgumentException("page shift must be in 2..20, was " + shift);
        }
        if (firstPageShift < 2 || firstPageShift > shift) {
            throw new IllegalArgumentException("first page shift must be in 2.." + shift + ", was " + firstPageShift);
        }
        this.memory = memory;
        this.what = what;
        this.shift = shift;
        this.pageInts = intsFitting(shift);
        this.firstPageShift = firstPageShift;
        int tableSlots = 8;
        memory.reserve(tableBytes(tableSlots), "the chart's page table");
        slotPage = new int[tableSlots][];
        slotOrigin = new int[tableSlots];
        slotFill = new int[tableSlots];
        int[] first = allocate(0, STRIDE, standardLength(0));
        install(0, first);
        page = first;
    }

    /** A copy of {@code o}, counted in {@code memory}, sharing no array with it. */
    private ItemPages(ItemPages o, ChartMemory memory) {
        this.memory = memory;
        this.what = o.what;
        this.shift = o.shift;
        this.pageInts = o.pageInts;
        this.firstPageShift = o.firstPageShift;
        int tableSlots = Math.max(8, o.slots);
        memory.reserve(tableBytes(tableSlots), "the chart's page table");
        slotPage = new int[tableSlots][];
        slotOrigin = Arrays.copyOf(o.slotOrigin, tableSlots);
        slotFill = Arrays.copyOf(o.slotFill, tableSlots);
        int[] copied = null;
        int first = 0;
        for (int k = 0; k < o.slots; k++) {
            int[] p = o.slotPage[k];
            if (p != null && o.slotOrigin[k] == k << shift) {
                // a closed page is copied up to its fill (it is appended to again only after a
                // truncation into it, and then an overflow moves the run out); the current page
                // keeps some room, not all of a mostly empty 4 MiB page
                int length = k != o.cur ? o.slotFill[k] : (int) Math.min(p.length, o.fill + (long) COPY_ROOM);
                memory.reserve(ChartMemory.intArray(length), "the chart's " + what);
                copied = Arrays.copyOf(p, length);
                first = k;
            }
            // a shortened copy covers fewer slots; no address falls in the others
            slotPage[k] = p != null && k - first < span(copied.length) ? copied : null;
        }
        cur = o.cur;
        slots = cur + span(slotPage[cur].length);
        page = slotPage[cur];
        fill = o.fill;
        runStart = o.runStart;
    }

    /** An independent copy, counted in {@code memory}. */
    ItemPages copy(ChartMemory memory) {
        return new ItemPages(this, memory);
    }

    // ---- the open run ----

    /** Closes the open run and opens an empty one after it. */
    void beginRun() {
        runStart = fill;
    }

    /** Appends an item to the open run (the run may move to another page first). */
    void add(int a, int b, int c) {
        if (fill + STRIDE > page.length) {
            overflow();
        }
        int[] p = page;
        int i = fill;
        p[i] = a;
        p[i + 1] = b;
        p[i + 2] = c;
        fill = i + STRIDE;
    }

    /** The page of the open run. */
    int[] page() {
        return page;
    }

    /** The index in {@link #page()} of the open run's first item. */
    int runStart() {
        return runStart;
    }

    /** The index in {@link #page()} one past the open run's last item. */
    int fill() {
        return fill;
    }

    /** The address of the open run's first item. */
    int runStartAddress() {
        return (cur << shift) + runStart;
    }

    // ---- addresses ----

    /** The page holding address {@code a}. */
    int[] pageAt(int a) {
        return slotPage[a >>> shift];
    }

    /** The index of address {@code a} in {@link #pageAt(int) its page}. */
    int indexAt(int a) {
        return a - slotOrigin[a >>> shift];
    }

    /**
     * The index one past the last item of the closed run that starts at address {@code start} and
     * is followed by the run starting at {@code next}.
     */
    int endOf(int start, int next) {
        int origin = slotOrigin[start >>> shift];
        if (slotOrigin[next >>> shift] == origin) {
            return next - origin;
        }
        // the next run started a new page: this one was the last of its page
        return slotFill[origin >>> shift];
    }

    /** The number of items stored. Linear in the number of pages. */
    long items() {
        long ints = fill;
        for (int k = 0; k < cur; k++) {
            if (slotOrigin[k] == k << shift && slotPage[k] != null) {
                ints += slotFill[k];
            }
        }
        return ints / STRIDE;
    }

    // ---- growth ----

    /** The open run does not fit in the rest of its page. */
    private void overflow() {
        int runLength = fill - runStart;
        int needed = runLength + STRIDE;
        int[] old = page;
        if (runStart == 0) {
            // The run starts the page (any run before it in this page is empty): a bigger page
            // takes the old one's place, at the same addresses.
            int[] p = allocate(cur, needed, preferredLength(cur, needed, runLength));
            System.arraycopy(old, 0, p, 0, runLength);
            memory.release(ChartMemory.intArray(old.length));
            install(cur, p);
            page = p;
        } else {
            int next = cur + span(old.length);
            int[] p = allocate(next, needed, preferredLength(next, needed, runLength));
            System.arraycopy(old, runStart, p, 0, runLength);
            slotFill[cur] = runStart;
            install(next, p);
            cur = next;
            page = p;
            fill = runLength;
            runStart = 0;
        }
    }

    /**
     * The most ints (a multiple of {@link #STRIDE}, at least one item) whose array, header included,
     * takes at most {@code 2^(log2 + 2)} bytes. Pages of a power of two bytes fill whole heap regions
     * when the collector allocates them apart (G1's humongous objects): a standard page of 4 MiB is
     * one on heaps of up to 16 GiB (regions of at most 8 MiB), placed straight in the old
     * generation, so a long chart is not copied from region to region by young collections either
     * (measured on twelve 56 MB charts in a 2 GiB heap: 880 ms of collection pauses with pages of
     * 256 KiB, 38 ms with pages of 4 MiB).
     */
    static int intsFitting(int log2) {
        return Math.max(STRIDE, ((1 << log2) - ChartMemory.ARRAY_HEADER / 4) / STRIDE * STRIDE);
    }

    /** The length of a new page at {@code slot}: growing geometrically from the first page to {@link #pageInts}. */
    private int standardLength(int slot) {
        return slot >= shift - firstPageShift ? pageInts : intsFitting(firstPageShift + slot);
    }

    /** The page length wanted at {@code slot} for a run needing {@code needed} ints. */
    private int preferredLength(int slot, int needed, int runLength) {
        int standard = standardLength(slot);
        if (needed <= standard) {
            return standard;
        }
        // a run bigger than a standard page: geometric growth, so that it is copied O(log n) times
        long doubled = Math.max(needed, 2L * runLength) / STRIDE * STRIDE;
        return (int) Math.min(doubled, Integer.MAX_VALUE - 8 - STRIDE);
    }

    /**
     * A page for {@code slot} of at least {@code minLength} ints, {@code preferred} if the memory
     * bound allows: the spare if it is long enough, else a new array reserved first.
     */
    private int[] allocate(int slot, int minLength, int preferred) {
        if (spare != null && spare.length >= minLength) {
            int[] s = spare;
            spare = null;
            checkAddresses(slot, s.length);
            return s;
        }
        if (spare != null) {
            // too short for this run: let it go rather than hold it while allocating
            memory.release(ChartMemory.intArray(spare.length));
            spare = null;
        }
        long length = preferred;
        long room = (memory.room() - ChartMemory.ARRAY_HEADER) / 4 / STRIDE * STRIDE;
        if (length > room) {
            length = Math.max(minLength, room); // the last page before the bound: only what fits
        }
        if (length > Integer.MAX_VALUE - 8) {
            throw new RecognizerLimitException("maxChartBytes", memory.max(), "the chart's " + what
                    + " (a set of more than " + (Integer.MAX_VALUE - 8) / STRIDE + " items)");
        }
        checkAddresses(slot, (int) length);
        memory.reserve(ChartMemory.intArray(length), "the chart's " + what);
        return new int[(int) length];
    }

    private void checkAddresses(int slot, int length) {
        if (((long) slot + span(length)) << shift > ADDRESS_LIMIT) {
            throw new RecognizerLimitException("maxChartBytes", memory.max(), "the chart's " + what
                    + " (more than " + ADDRESS_LIMIT + " ints of addresses)");
        }
    }

    /** The slots a page of {@code length} ints covers: strictly more than its length. */
    private int span(int length) {
        return (length >>> shift) + 1;
    }

    /** Makes {@code p} the page of the slots from {@code slot} on; it becomes the last page. */
    private void install(int slot, int[] p) {
        int end = slot + span(p.length);
        if (end > slotPage.length) {
            int n = Math.max(end, 2 * slotPage.length);
            memory.reserve(tableBytes(n) - tableBytes(slotPage.length), "the chart's page table");
            slotPage = Arrays.copyOf(slotPage, n);
            slotOrigin = Arrays.copyOf(slotOrigin, n);
            slotFill = Arrays.copyOf(slotFill, n);
        }
        int origin = slot << shift;
        for (int k = slot; k < end; k++) {
            slotPage[k] = p;
            slotOrigin[k] = origin;
        }
        slots = end;
    }

    private static long tableBytes(int slots) {
        return (long) SLOT_BYTES * slots + 3 * ChartMemory.ARRAY_HEADER;
    }

    // ---- truncation ----

    /**
     * Makes the run at address {@code start}, ending at index {@code end} of its page, the open
     * run again: later runs are forgotten, and the pages after its page let go (one standard page
     * kept as the spare).
     */
    void truncate(int start, int end) {
        int first = slotOrigin[start >>> shift] >>> shift;
        int[] p = slotPage[first];
        int keep = first + span(p.length);
        for (int k = keep; k < slots; k++) {
            int[] q = slotPage[k];
            if (q != null && slotOrigin[k] == k << shift) {
                letGo(q);
            }
            slotPage[k] = null;
        }
        slots = keep;
        cur = first;
        page = p;
        runStart = start - (first << shift);
        fill = end;
        assert runStart <= fill && fill <= p.length;
    }

    private void letGo(int[] p) {
        if (spare == null && p.length <= pageInts) {
            spare = p;
        } else {
            memory.release(ChartMemory.intArray(p.length));
        }
    }
}
