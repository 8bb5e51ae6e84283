package io.github.kbnf4j.earley.internal;

import io.github.kbnf4j.earley.RecognizerLimitException;
import java.util.Arrays;

/**
 * The Earley chart: every set, in two append-only {@code int[]} buffers plus per-set offsets
 * ("jagged"), so that going back to an earlier byte is a truncate.
 *
 * <p>Set {@code i} holds the items after {@code i} bytes, in two parts:
 * <ul>
 *   <li><b>scan items</b> {@code (dotted rule, origin, DFA state)}, stride 3 in {@link #scan}: the
 *       symbol after the dot is a terminal and the item sits in the given state of its automaton;
 *       they are what the next byte moves;
 *   <li><b>waiting items</b> {@code (dotted rule, origin, Leo memo)}, stride 3 in {@link #wait}:
 *       the symbol after the dot is a nonterminal; they are advanced when it completes. The memo
 *       caches this item's Leo chain (see {@link LeoChains}).
 * </ul>
 * Complete items are not stored: a completion is acted on at once and remembered, as
 * {@code (nonterminal, origin)}, only while its set is built. A set's flags say whether its input
 * is a sentence and whether its waiting items are sorted by the nonterminal after the dot (done
 * lazily, the first time a completion looks into the set, so lookups are a binary search).
 *
 * <p>Memory is bounded by {@code maxChartBytes}: growing past it throws
 * {@link RecognizerLimitException}. Not thread-safe.
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

    int[] scan;
    int scanLength;
    int[] wait;
    int waitLength;
    /** set -> offset of its first scan item in {@link #scan}; one entry past the last set is maintained while building. */
    int[] scanStart;
    /** set -> offset of its first waiting item in {@link #wait}. */
    int[] waitStart;
    byte[] flags;
    /** The number of sets (bytes consumed + 1), counting the one being built. */
    int sets;
    private final long maxChartBytes;
    private long[] sortKeys = new long[16];
    private int[] sortCopy = new int[48];

    public Chart(long maxChartBytes) {
        this.maxChartBytes = maxChartBytes;
        scan = new int[3 * 64];
        wait = new int[3 * 64];
        scanStart = new int[64];
        waitStart = new int[64];
        flags = new byte[64];
    }

    private Chart(Chart o) {
        maxChartBytes = o.maxChartBytes;
        scan = Arrays.copyOf(o.scan, Math.max(3 * 64, o.scanLength));
        scanLength = o.scanLength;
        wait = Arrays.copyOf(o.wait, Math.max(3 * 64, o.waitLength));
        waitLength = o.waitLength;
        int n = Math.max(64, o.sets + 1);
        scanStart = Arrays.copyOf(o.scanStart, n);
        waitStart = Arrays.copyOf(o.waitStart, n);
        flags = Arrays.copyOf(o.flags, n);
        sets = o.sets;
    }

    /** An independent copy. */
    public Chart copy() {
        return new Chart(this);
    }

    /** The number of sets. */
    public int sets() {
        return sets;
    }

    /** Starts a new, empty set at the end. */
    public void beginSet() {
        if (sets + 1 >= scanStart.length) {
            int n = scanStart.length * 2;
            checkBytes((long) n * 9 - (long) scanStart.length * 9, "the chart's set table");
            scanStart = Arrays.copyOf(scanStart, n);
            waitStart = Arrays.copyOf(waitStart, n);
            flags = Arrays.copyOf(flags, n);
        }
        scanStart[sets] = scanLength;
        waitStart[sets] = waitLength;
        flags[sets] = 0;
        sets++;
    }

    /** Keeps only the first {@code setCount} sets. */
    public void truncate(int setCount) {
        assert setCount >= 1 && setCount <= sets;
        if (setCount < sets) {
            scanLength = scanStart[setCount];
            waitLength = waitStart[setCount];
            sets = setCount;
        }
    }

    /** Appends a scan item to the last set. */
    public void addScan(int dotted, int origin, int state) {
        if (scanLength + 3 > scan.length) {
            scan = grow(scan, scanLength + 3, "scan items");
        }
        int[] a = scan;
        int i = scanLength;
        a[i] = dotted;
        a[i + 1] = origin;
        a[i + 2] = state;
        scanLength = i + 3;
    }

    /** Appends a waiting item to the last set. */
    public void addWait(int dotted, int origin) {
        if (waitLength + 3 > wait.length) {
            wait = grow(wait, waitLength + 3, "waiting items");
        }
        int[] a = wait;
        int i = waitLength;
        a[i] = dotted;
        a[i + 1] = origin;
        a[i + 2] = MEMO_UNKNOWN;
        waitLength = i + 3;
    }

    private int[] grow(int[] a, int needed, String what) {
        long n = Math.max(needed, Math.min((long) a.length * 2, Integer.MAX_VALUE - 8));
        long budget = (maxChartBytes - bytes()) / 4 + a.length;
        if (n > budget) {
            n = Math.max(needed, budget);
        }
        if (n > Integer.MAX_VALUE - 8) {
            throw new RecognizerLimitException("maxChartBytes", maxChartBytes, "the chart's " + what);
        }
        checkBytes(4 * (n - a.length), "the chart's " + what);
        return Arrays.copyOf(a, (int) n);
    }

    private void checkBytes(long more, String what) {
        if (bytes() + more > maxChartBytes) {
            throw new RecognizerLimitException("maxChartBytes", maxChartBytes,
                    what + " (" + (bytes() + more) + " bytes)");
        }
    }

    /** The bytes the chart's arrays occupy. */
    public long bytes() {
        return 4L * scan.length + 4L * wait.length + 9L * scanStart.length;
    }

    /** The number of items stored (scan and waiting, all sets). */
    public long items() {
        return (scanLength + waitLength) / 3;
    }

    /** The flags of set {@code i}. */
    public byte flags(int i) {
        return flags[i];
    }

    /** Sets flag bits of set {@code i}. */
    public void setFlags(int i, byte bits) {
        flags[i] |= bits;
    }

    /** Offset in {@link #scanArray()} of the first scan item of set {@code i}. */
    public int scanStart(int i) {
        return scanStart[i];
    }

    /** Offset one past the last scan item of set {@code i}. */
    public int scanEnd(int i) {
        return i + 1 < sets ? scanStart[i + 1] : scanLength;
    }

    /** The scan-item buffer (stride 3: dotted rule, origin, DFA state); valid until the next append. */
    public int[] scanArray() {
        return scan;
    }

    /** The waiting-item buffer (stride 3: dotted rule, origin, Leo memo); valid until the next append. */
    public int[] waitArray() {
        return wait;
    }

    /** Offset in {@link #waitArray()} of the first waiting item of set {@code i}. */
    public int waitStart(int i) {
        return waitStart[i];
    }

    /** Offset one past the last waiting item of set {@code i}. */
    public int waitEnd(int i) {
        return i + 1 < sets ? waitStart[i + 1] : waitLength;
    }

    /** Sets the Leo memo of the waiting item at offset {@code w}. */
    public void setMemo(int w, int memo) {
        wait[w + 2] = memo;
    }

    /**
     * The waiting items of finished set {@code i} with nonterminal {@code n} after the dot: returns
     * {@code lo | (long) hi << 32}, offsets into {@link #waitArray()} ({@code lo == hi} if none).
     * Sorts the set's waiting items on first use.
     */
    public long group(int i, int n, int[] symbol) {
        int lo = waitStart[i];
        int hi = i + 1 < sets ? waitStart[i + 1] : waitLength;
        if ((flags[i] & SORTED) == 0) {
            sortWaiting(lo, hi, symbol);
            flags[i] |= SORTED;
        }
        int[] a = wait;
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

    /** Sorts the waiting items in {@code [lo, hi)} by the nonterminal after the dot. */
    private void sortWaiting(int lo, int hi, int[] symbol) {
        int count = (hi - lo) / 3;
        if (count < 2) {
            return;
        }
        if (sortKeys.length < count) {
            sortKeys = new long[Math.max(count, 2 * sortKeys.length)];
        }
        if (sortCopy.length < hi - lo) {
            sortCopy = new int[Math.max(hi - lo, 2 * sortCopy.length)];
        }
        long[] keys = sortKeys;
        int[] a = wait;
        boolean sorted = true;
        for (int k = 0; k < count; k++) {
            keys[k] = (long) symbol[a[lo + 3 * k]] << 32 | k;
            if (k > 0 && keys[k] < keys[k - 1]) {
                sorted = false;
            }
        }
        if (sorted) {
            return;
        }
        LongSort.sort(keys, count);
        int[] copy = sortCopy;
        System.arraycopy(a, lo, copy, 0, hi - lo);
        for (int k = 0; k < count; k++) {
            int from = 3 * (int) keys[k];
            int to = lo + 3 * k;
            a[to] = copy[from];
            a[to + 1] = copy[from + 1];
            a[to + 2] = copy[from + 2];
        }
    }
}
