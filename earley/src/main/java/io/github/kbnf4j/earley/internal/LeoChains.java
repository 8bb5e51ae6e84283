package io.github.kbnf4j.earley.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;

/**
 * Leo's optimization (Leo 1991): makes right recursion linear by jumping over chains of
 * deterministic completions.
 *
 * <p>When nonterminal {@code N} completes with origin {@code o}, and set {@code o} has exactly one
 * waiting item with {@code N} after the dot, and that item is penultimate ({@code A → α • N}), the
 * completion can only complete {@code A} with the item's origin {@code o'}; if that is again
 * deterministic, so on. The chain's last item {@code t} is the "topmost" item: completing
 * {@code N} at {@code o} amounts to completing {@code lhs(t)} at {@code origin(t)}, and everything in
 * between produces nothing else. A right-recursive list of {@code n} elements would otherwise
 * re-walk a chain of length up to {@code n} at every element.
 *
 * <p>The result is memoized in the first item's Leo memo slot (and in every item the walk
 * passes), computed lazily the first time a completion needs it. It depends only on sets up to
 * {@code o}, which never change while they exist, so the memo is never stale; truncating the chart
 * drops memos with their sets. A memo encodes the chain's topmost item address {@code t} as
 * {@code t << 1 | f}, where {@code f} says whether the chain completes the start nonterminal at
 * origin 0 on its way (the input is then a sentence even though that completion is jumped over).
 *
 * <p>The walk is iterative (an explicit path stack), so chains of any length cost no Java stack.
 * A cycle of unit rules (possible only within one set) is detected and its items get
 * {@link Chart#MEMO_NONE}, so the recognizer completes them one by one with deduplication.
 *
 * <p>Not thread-safe: it belongs to one recognizer.
 */
public final class LeoChains {
    private final int[] symbol;
    private final int[] lhs;
    private final int start;
    private int[] path = new int[64];

    public LeoChains(EarleyTables tables) {
        this.symbol = tables.symbol;
        this.lhs = tables.lhs;
        this.start = tables.start;
    }

    /**
     * The Leo memo for completing {@code n} with origin {@code o}: {@link Chart#MEMO_NONE} when the
     * completion is not deterministic, else {@code topmost << 1 | completesStartAtZero}, where
     * {@code topmost} is the {@linkplain Chart#waitAddress address} of the chain's topmost item.
     *
     * @param o the origin, a finished set
     * @param group the waiting items of set {@code o} with {@code n} after the dot, as returned by
     *     {@link Chart#group}
     */
    public int topmost(Chart chart, int o, long group) {
        int lo = (int) group;
        int hi = (int) (group >>> 32);
        int[] page = chart.waitPage(o);
        if (hi - lo != 3 || symbol[page[lo] + 1] != CompiledGrammar.END) {
            return Chart.MEMO_NONE;
        }
        int memo = page[lo + 2];
        if (memo != Chart.MEMO_UNKNOWN) {
            return memo == Chart.MEMO_WALKING ? Chart.MEMO_NONE : memo;
        }
        // the item on the walk: its page, its offset there, its address
        int w = lo;
        int address = chart.waitAddress(o, lo);
        int depth = 0;
        int tail;
        while (true) {
            if (depth == path.length) {
                path = java.util.Arrays.copyOf(path, depth * 2);
            }
            path[depth++] = address;
            page[w + 2] = Chart.MEMO_WALKING;
            int x = lhs[page[w]];
            int origin = page[w + 1];
            long g = chart.group(origin, x, symbol);
            int[] next = chart.waitPage(origin);
            int glo = (int) g;
            int ghi = (int) (g >>> 32);
            if (ghi - glo != 3 || symbol[next[glo] + 1] != CompiledGrammar.END) {
                tail = address << 1 | startAtZero(page, w);
                break;
            }
            int m = next[glo + 2];
            if (m == Chart.MEMO_UNKNOWN) {
                page = next;
                w = glo;
                address = chart.waitAddress(origin, glo);
                continue;
            }
            if (m == Chart.MEMO_WALKING) {
                for (int i = 0; i < depth; i++) {
                    chart.setMemo(path[i], Chart.MEMO_NONE);
                }
                return Chart.MEMO_NONE;
            }
            tail = m == Chart.MEMO_NONE ? address << 1 | startAtZero(page, w) : m;
            break;
        }
        for (int i = depth - 1; i >= 0; i--) {
            int a = path[i];
            tail |= startAtZero(chart.waitPageAt(a), chart.waitIndexAt(a));
            chart.setMemo(a, tail);
        }
        return tail;
    }

    /** 1 if the waiting item at offset {@code w} of {@code wait}, advanced, completes the start nonterminal at origin 0. */
    private int startAtZero(int[] wait, int w) {
        return lhs[wait[w]] == start && wait[w + 1] == 0 ? 1 : 0;
    }
}
