package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.automata.IntArrayKey;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Pass 7: nonterminals with the same set of alternatives are merged into one (the start symbol,
 * or else the lowest id, survives), repeatedly, since a merge can make more nonterminals equal.
 * Merged-away nonterminals keep no alternatives and are removed by {@link RemoveUnreachable}.
 * Nonterminals with a pending repetition are never merged.
 *
 * <p>The fixpoint is found with a work list: a merge only changes the alternatives of the rules
 * that refer to the merged-away one, so only those are compared again (redoing the whole grammar
 * after each round would cost a pass per level of a deep chain of twins, as a JSON Schema with
 * many equal nested objects has).
 *
 * <p>Complexity: the grammar's size times the log of its size, plus the comparisons redone for
 * the users of merged rules; a rule is compared in full only with rules of the same hash.
 */
public final class MergeIdenticalNonterminals {
    private final Hir hir;
    private final int count;
    /** The rule each rule is merged into (itself while it survives); followed with {@link #find}. */
    private final int[] target;
    /** The rules that refer to each rule (possibly more than once, possibly no longer). */
    private final IntArrayList[] users;
    /*
     * Rules are filed by a hash of their set of alternatives (rules merged into others replaced
     * by their targets): a chain of entries per hash, the last one first. An entry is current
     * while it is its rule's filing ({@link #entryOf}) and the rule survives; older ones are
     * skipped. Only rules of one hash are compared in full (their keys built), so the many rules
     * that equal no other cost a hash each, not a sorted key.
     */
    /** By hash: the last entry filed under it, + 1 (0: none). */
    private final Long2IntOpenHashMap chainHead = new Long2IntOpenHashMap();
    private final IntArrayList entryRule = new IntArrayList();
    private final IntArrayList entryNext = new IntArrayList();
    /** The current entry of each rule, or -1 when it is not filed. */
    private final int[] entryOf;
    /** The hash each filed rule is filed under. */
    private final long[] hashOf;
    /** Scratch: an open-addressed set of one rule's alternative hashes (0: empty). */
    private long[] seen = new long[16];
    private final IntArrayList queue = new IntArrayList();
    private final boolean[] queued;

    private MergeIdenticalNonterminals(Hir hir) {
        this.hir = hir;
        this.count = hir.nonterminalCount();
        this.target = new int[count];
        this.users = new IntArrayList[count];
        this.entryOf = new int[count];
        this.hashOf = new long[count];
        Arrays.fill(entryOf, -1);
        this.queued = new boolean[count];
        for (int n = 0; n < count; n++) {
            target[n] = n;
            users[n] = new IntArrayList();
        }
        for (int n = 0; n < count; n++) {
            for (int[] alt : hir.alternatives(n)) {
                for (int s : alt) {
                    if (!Hir.isTerminal(s)) {
                        users[s].add(n);
                    }
                }
            }
        }
    }

    /** Applies the pass to {@code hir}. */
    public static void apply(Hir hir) {
        new MergeIdenticalNonterminals(hir).run();
    }

    private void run() {
        enqueue(hir.start()); // the start symbol claims its key first
        for (int n = 0; n < count; n++) {
            enqueue(n);
        }
        for (int i = 0; i < queue.size(); i++) {
            int n = queue.getInt(i);
            queued[n] = false;
            rekey(n);
        }
        boolean merged = false;
        for (int n = 0; n < count; n++) {
            if (target[n] != n) {
                merged = true;
                hir.setAlternatives(n, List.of());
            }
        }
        if (!merged) {
            return;
        }
        int[] finalTarget = new int[count];
        for (int n = 0; n < count; n++) {
            finalTarget[n] = find(n);
        }
        for (int n = 0; n < count; n++) {
            if (target[n] != n) {
                continue;
            }
            if (refersToMerged(hir.alternatives(n))) {
                hir.setAlternatives(n, DeduplicateAlternatives.distinct(Hir.renumbered(hir.alternatives(n), finalTarget)));
            }
            Hir.Repetition r = hir.repetition(n);
            if (r != null && !Hir.isTerminal(r.symbol()) && finalTarget[r.symbol()] != r.symbol()) {
                hir.setRepetition(n, new Hir.Repetition(finalTarget[r.symbol()], r.min(), r.max()));
            }
        }
    }

    private void enqueue(int n) {
        if (!queued[n]) {
            queued[n] = true;
            queue.add(n);
        }
    }

    /** Files rule {@code n} under its current hash, merging it with a rule of the same alternatives. */
    private void rekey(int n) {
        if (target[n] != n || hir.repetition(n) != null || hir.alternatives(n).isEmpty()) {
            return;
        }
        long hash = hash(hir.alternatives(n));
        int e = -1;
        IntArrayKey key = null;
        for (int x = chainHead.get(hash) - 1; x >= 0; x = entryNext.getInt(x)) {
            int m = entryRule.getInt(x);
            if (m != n && entryOf[m] == x && target[m] == m) {
                if (key == null) {
                    key = key(hir.alternatives(n));
                }
                if (key.equals(key(hir.alternatives(m)))) {
                    e = m;
                    break;
                }
            }
        }
        if (e < 0) {
            file(n, hash);
            return;
        }
        int start = hir.start();
        int survivor = n == start ? n : e == start ? e : Math.min(n, e);
        int loser = survivor == n ? e : n;
        target[loser] = survivor;
        entryOf[loser] = -1;
        file(survivor, hash);
        // The loser's users now refer to the survivor: their alternatives change.
        IntArrayList moved = users[loser];
        for (int i = 0; i < moved.size(); i++) {
            enqueue(moved.getInt(i));
        }
        if (moved.size() > users[survivor].size()) {
            users[loser] = users[survivor];
            users[survivor] = moved;
        }
        users[survivor].addAll(users[loser]);
        users[loser] = null;
    }

    /** Files rule {@code n} under {@code hash}, unless its current entry is already there. */
    private void file(int n, long hash) {
        if (entryOf[n] >= 0 && hashOf[n] == hash) {
            return;
        }
        int x = entryRule.size();
        entryRule.add(n);
        entryNext.add(chainHead.get(hash) - 1);
        chainHead.put(hash, x + 1);
        entryOf[n] = x;
        hashOf[n] = hash;
    }

    /**
     * A hash of the set of alternatives, every rule replaced by the one it is merged into: equal
     * sets hash alike whatever the order and repeats of the alternatives (the sum of the distinct
     * alternatives' hashes, repeats found in a small open-addressed table), so equal rules always
     * meet. (A hash of only the smallest, the largest and the OR of the alternatives' hashes put
     * the rules of an object's properties in any order, which share most of their alternatives,
     * into one chain of thousands.)
     */
    private long hash(List<int[]> alts) {
        int k = alts.size();
        if (k == 1) {
            return mix(altHash(alts.get(0))) | 1; // as the sum below of one distinct alternative
        }
        int size = Integer.highestOneBit(2 * k - 1) << 1; // at least 2k slots
        if (seen.length < size) {
            seen = new long[size];
        } else {
            Arrays.fill(seen, 0, size, 0);
        }
        long sum = 0;
        for (int[] alt : alts) {
            long h = mix(altHash(alt)) | 1; // never 0, the empty slot
            int slot = (int) (h >>> 40) & (size - 1);
            while (seen[slot] != 0 && seen[slot] != h) {
                slot = (slot + 1) & (size - 1);
            }
            if (seen[slot] == 0) {
                seen[slot] = h;
                sum += h;
            }
        }
        return sum;
    }

    private long altHash(int[] alt) {
        long h = alt.length;
        for (int s : alt) {
            h = h * 0x9E3779B97F4A7C15L + (Hir.isTerminal(s) ? s : find(s));
        }
        return h;
    }

    private static long mix(long h) {
        h = (h ^ (h >>> 31)) * 0xBF58476D1CE4E5B9L;
        return h ^ (h >>> 29);
    }

    private int find(int n) {
        int root = n;
        while (target[root] != root) {
            root = target[root];
        }
        while (target[n] != root) {
            int next = target[n];
            target[n] = root;
            n = next;
        }
        return root;
    }

    private boolean refersToMerged(List<int[]> alts) {
        for (int[] alt : alts) {
            for (int s : alt) {
                if (!Hir.isTerminal(s) && target[s] != s) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The set of alternatives, with every rule replaced by the one it is merged into, as a key:
     * sorted distinct alternatives, each as its length followed by its symbols.
     */
    private IntArrayKey key(List<int[]> alts) {
        List<int[]> mapped = new ArrayList<>(alts.size());
        int length = 0;
        for (int[] alt : alts) {
            int[] m = alt;
            for (int i = 0; i < alt.length; i++) {
                if (!Hir.isTerminal(alt[i]) && target[alt[i]] != alt[i]) {
                    if (m == alt) {
                        m = alt.clone();
                    }
                    m[i] = find(alt[i]);
                }
            }
            mapped.add(m);
            length += m.length + 1;
        }
        mapped.sort(Arrays::compare);
        int[] packed = new int[length];
        int at = 0;
        int[] previous = null;
        for (int[] m : mapped) {
            if (previous != null && Arrays.equals(previous, m)) {
                continue; // a set: repeats count once
            }
            packed[at++] = m.length;
            System.arraycopy(m, 0, packed, at, m.length);
            at += m.length;
            previous = m;
        }
        return new IntArrayKey(at == length ? packed : Arrays.copyOf(packed, at));
    }
}
