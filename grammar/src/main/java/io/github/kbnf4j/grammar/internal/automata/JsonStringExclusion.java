package io.github.kbnf4j.grammar.internal.automata;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A language minus every JSON spelling of a few strings: L(d) \ quoted(V) for a finite set V. An
 * object's other keys are such a language: any string literal (or any of a pattern's), but none
 * that spells a declared key, in any of its spellings. Because a JSON string literal decodes to one
 * value, quoted(A \ V) = quoted(A) \ quoted(V), so this is also the encoding of the strings of A
 * other than V, built from quoted(A) (which the caller has, and which recurs: for A = every string
 * it is one small automaton) without building A \ V or encoding it again.
 *
 * <h2>Construction</h2>
 * First the spellings of V as a deterministic automaton, sparse: the trie of V's UTF-8 bytes, one
 * state per node, where a node at a character boundary reads the raw bytes of the characters that
 * continue it (those JSON allows raw), {@code "} if the node ends a value of V, and {@code \} into
 * one escape state. The escape state reads the short escape letters of those characters and
 * {@code u} into a trie of their four hex digits (letters in either case to the same state); a
 * supplementary character's path reads its high surrogate's digits, <code>&#92;u</code>, then its low
 * surrogate's. At most 15 states per character of V (as in {@link JsonLiteralSpellings}).
 *
 * <p>Then the product with d, walked from the pair of start states: a pair (q, s) has d's row at
 * q, except on the few bytes the spelling state s reads, which lead to pairs; a byte s does not
 * read leaves V's spellings for good, so it leads to d's own state. A pair accepts if q accepts
 * and s is not the end of a spelling. The pairs form an acyclic graph above d, so with d minimal
 * the product is minimized bottom-up, each pair merged into the class of its row (see
 * {@link Merged}), without a partition refinement over 256-byte rows. Pairs are about as many as
 * the spelling states (d's state is mostly fixed by the path), so the work is
 * O(|d| · runs + pairs + result · columns), where encoding A \ V anew costs some 40 memoized
 * hex-digit states per state of A \ V's automaton before its minimization.
 *
 * <p>A string of V that holds a lone surrogate (no JSON text decodes to it) excludes nothing.
 * Stateless, thread-safe.
 */
public final class JsonStringExclusion {
    private static final char[] SHORT_ESCAPE_LETTER = {'"', '\\', '/', 'b', 'f', 'n', 'r', 't'};
    private static final int[] SHORT_ESCAPE_VALUE = {'"', '\\', '/', 0x08, 0x0C, 0x0A, 0x0D, 0x09};

    private JsonStringExclusion() {
    }

    /**
     * The strings of L(d) that are not a JSON spelling (quotes included) of one of {@code values}.
     *
     * The result is canonical (equal to any other minimal construction of the same language) when
     * {@code d} is minimal, as every {@link ByteDfa} the constructions of this package make is.
     *
     * @throws TooManyStatesException if the spellings of {@code values} or the product, before
     *     minimization, exceed {@code maxStates} states
     */
    public static ByteDfa without(ByteDfa d, Collection<String> values, int maxStates) {
        if (d.isEmptyLanguage()) {
            return d;
        }
        Spellings s = Spellings.of(values, maxStates);
        return product(d, s, maxStates);
    }

    /** Whether {@code s} holds a UTF-16 surrogate that is not half of a pair (no JSON text decodes to it). */
    public static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (Character.isHighSurrogate(ch) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(ch)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The product of d with the spellings, minimal and numbered canonically. Its pairs (q, s) are
     * found from the pair of starts; pair 0 is that one. Only the n + 1 + pairs states of the
     * product count towards {@code maxStates}, as they would in a table of the product.
     */
    private static ByteDfa product(ByteDfa d, Spellings s, int maxStates) {
        int n = d.stateCount();
        if (n + 1 > maxStates) {
            throw new TooManyStatesException(maxStates);
        }
        Pairs pairs = Pairs.explore(d, s, maxStates);
        return Merged.of(d, pairs).canonical();
    }

    /**
     * The pairs of the product as a graph: pair {@code p} is (d's state {@code q[p]}, spelling
     * state {@code s[p]}), and its edges {@code edgeStart[p] .. edgeStart[p + 1] - 1} are the bytes
     * the spelling state reads that d can read too, each to a pair. Every other byte leads to d's
     * own state (or nowhere). The graph is acyclic: every spelling edge goes deeper into the
     * values' trie or further along one character's escape.
     */
    private record Pairs(int count, int[] q, int[] s, int[] edgeStart, int[] edgeByte, int[] edgeTarget) {
        /** @throws TooManyStatesException past {@code maxStates} states of the product (d's, then the pairs) */
        static Pairs explore(ByteDfa d, Spellings s, int maxStates) {
            int maxPairs = maxStates - d.stateCount();
            Long2IntOpenHashMap ids = new Long2IntOpenHashMap();
            ids.defaultReturnValue(-1);
            IntArrayList qs = new IntArrayList();
            IntArrayList ss = new IntArrayList();
            IntArrayList edgeStart = new IntArrayList();
            IntArrayList edgeByte = new IntArrayList();
            IntArrayList edgeTarget = new IntArrayList();
            ids.put(key(0, Spellings.START), 0);
            qs.add(0);
            ss.add(Spellings.START);
            for (int p = 0; p < qs.size(); p++) {
                int q = qs.getInt(p);
                edgeStart.add(edgeByte.size());
                IntArrayList edges = s.edges.get(ss.getInt(p));
                for (int e = 0; e < edges.size(); e += 2) {
                    int b = edges.getInt(e);
                    int tq = d.next(q, b);
                    if (tq < 0) {
                        continue; // d reads nothing here, and so neither does the pair
                    }
                    int ts = edges.getInt(e + 1);
                    long key = key(tq, ts);
                    int target = ids.get(key);
                    if (target < 0) {
                        if (qs.size() >= maxPairs) {
                            throw new TooManyStatesException(maxStates);
                        }
                        target = qs.size();
                        ids.put(key, target);
                        qs.add(tq);
                        ss.add(ts);
                    }
                    edgeByte.add(b);
                    edgeTarget.add(target);
                }
            }
            edgeStart.add(edgeByte.size());
            return new Pairs(qs.size(), qs.toIntArray(), ss.toIntArray(), edgeStart.toIntArray(),
                    edgeByte.toIntArray(), edgeTarget.toIntArray());
        }

        private static long key(int q, int s) {
            return ((long) q << 32) | s;
        }

        /** The pairs in post-order (every pair after the pairs its edges lead to), from pair 0. */
        int[] postOrder() {
            int[] order = new int[count];
            int done = 0;
            byte[] mark = new byte[count]; // 0 unseen, 1 on the stack, 2 done
            int[] stack = new int[count];
            int[] nextEdge = new int[count];
            int top = 0;
            stack[top++] = 0;
            mark[0] = 1;
            nextEdge[0] = edgeStart[0];
            while (top > 0) {
                int p = stack[top - 1];
                if (nextEdge[p] < edgeStart[p + 1]) {
                    int t = edgeTarget[nextEdge[p]++];
                    if (mark[t] == 0) {
                        mark[t] = 1;
                        nextEdge[t] = edgeStart[t];
                        stack[top++] = t;
                    } else if (mark[t] == 1) {
                        throw new IllegalStateException("the product of a spelling automaton has a cycle");
                    }
                } else {
                    mark[p] = 2;
                    order[done++] = p;
                    top--;
                }
            }
            return order;
        }
    }

    /**
     * The product's states merged into their classes of equivalence, bottom-up. d is minimal, so
     * each of its states is a class of its own, numbered as in d; a pair's class is then known
     * once the classes its edges lead to are (the pairs are acyclic): it is dead when it does not
     * accept and every byte d reads from its state leads to a dead pair, it is d's state when it
     * differs from it nowhere, and otherwise it is the class of the same row and acceptance (rows
     * hashed, then compared in full), or a new one. This is exact for an acyclic part over a
     * minimal automaton, and costs the pairs' edges rather than a refinement over the product's
     * 256-byte rows.
     *
     * <p>Class {@code c < n} is d's state {@code c}; a class {@code c >= n} is d's state
     * {@code classQ[c - n]} but on the bytes {@code excByte[excStart[c - n] ..]}, which lead to
     * {@code excTarget[..]} (a class, or -1).
     */
    private static final class Merged {
        /** Per byte, a random odd multiplier of a row's hash. */
        private static final long[] BYTE_HASH = new long[256];
        /** Prefix sums of {@link #BYTE_HASH}: bytes 0..b-1. */
        private static final long[] BYTE_HASH_SUM = new long[257];

        static {
            SplittableRandom random = new SplittableRandom(0x6b626e66L);
            for (int b = 0; b < 256; b++) {
                BYTE_HASH[b] = random.nextLong() | 1;
                BYTE_HASH_SUM[b + 1] = BYTE_HASH_SUM[b] + BYTE_HASH[b];
            }
        }

        private final ByteDfa d;
        private final int n;
        /** The class of each pair, -1 when dead. */
        final int[] classOfPair;
        final IntArrayList classQ = new IntArrayList();
        /** 1 where the class accepts, else 0. */
        final IntArrayList classAccepts = new IntArrayList();
        final IntArrayList excStart = new IntArrayList();
        final IntArrayList excByte = new IntArrayList();
        final IntArrayList excTarget = new IntArrayList();
        /** By (row hash, acceptance): the last class with it, + 1; {@link #sameKey} chains the others. */
        private final Long2IntOpenHashMap byKey = new Long2IntOpenHashMap();
        private final IntArrayList sameKey = new IntArrayList();

        private Merged(ByteDfa d, int pairs) {
            this.d = d;
            this.n = d.stateCount();
            this.classOfPair = new int[pairs];
            excStart.add(0);
        }

        static Merged of(ByteDfa d, Pairs pairs) {
            int n = d.stateCount();
            Merged m = new Merged(d, pairs.count());
            int[] runs = d.classRuns();
            long[] rowHash = new long[n];
            int[] liveCount = new int[n];
            for (int q = 0; q < n; q++) {
                long h = 0;
                for (int k = 0; k < runs.length - 1; k += 2) {
                    int t = d.next(q, runs[k]);
                    if (t >= 0) {
                        h += targetHash(t) * (BYTE_HASH_SUM[runs[k + 2]] - BYTE_HASH_SUM[runs[k]]);
                        liveCount[q] += runs[k + 2] - runs[k];
                    }
                }
                rowHash[q] = h;
                m.index(q, h, d.isAccepting(q));
            }
            int[] rowA = new int[256];
            int[] rowB = new int[256];
            int[] bytes = new int[256];
            int[] targets = new int[256];
            for (int p : pairs.postOrder()) {
                int q = pairs.q()[p];
                boolean accepts = d.isAccepting(q) && pairs.s()[p] != Spellings.END;
                long h = rowHash[q];
                int exceptions = 0;
                int deadExceptions = 0;
                for (int e = pairs.edgeStart()[p]; e < pairs.edgeStart()[p + 1]; e++) {
                    int b = pairs.edgeByte()[e];
                    int c = m.classOfPair[pairs.edgeTarget()[e]];
                    int dq = d.next(q, b);
                    if (c == dq) {
                        continue;
                    }
                    bytes[exceptions] = b;
                    targets[exceptions++] = c;
                    h += BYTE_HASH[b] * (targetHash(c) - targetHash(dq));
                    if (c < 0) {
                        deadExceptions++;
                    }
                }
                int c;
                if (exceptions == 0 && accepts == d.isAccepting(q)) {
                    c = q;
                } else if (!accepts && deadExceptions == liveCount[q]) {
                    c = -1;
                } else {
                    c = m.find(q, bytes, targets, exceptions, h, accepts, rowA, rowB);
                    if (c < 0) {
                        c = m.add(q, accepts, bytes, targets, exceptions, h);
                    }
                }
                m.classOfPair[p] = c;
            }
            return m;
        }

        private static long targetHash(int c) {
            if (c < 0) {
                return 0;
            }
            long z = (c + 1) * 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            return z ^ (z >>> 31);
        }

        private static long key(long hash, boolean accepts) {
            return accepts ? ~hash : hash;
        }

        private void index(int c, long hash, boolean accepts) {
            long key = key(hash, accepts);
            sameKey.add(byKey.get(key) - 1); // 0 when absent: -1, no other
            byKey.put(key, c + 1);
        }

        /**
         * The class whose row is d's row at {@code q} but on {@code bytes[0..count)}, which lead to
         * {@code targets[..]}, with acceptance {@code accepts}, or -1. The row is written out (into
         * {@code row}, with {@code scratch} for the candidates') only when some class has its hash:
         * most pairs are a class of their own.
         */
        private int find(int q, int[] bytes, int[] targets, int count, long hash, boolean accepts, int[] row,
                int[] scratch) {
            boolean written = false;
            for (int c = byKey.get(key(hash, accepts)) - 1; c >= 0; c = sameKey.getInt(c)) {
                if (accepts(c) == accepts) {
                    if (!written) {
                        row(q, bytes, targets, 0, count, row);
                        written = true;
                    }
                    classRow(c, scratch);
                    if (Arrays.equals(row, scratch)) {
                        return c;
                    }
                }
            }
            return -1;
        }

        private int add(int q, boolean accepts, int[] bytes, int[] targets, int count, long hash) {
            int c = n + classQ.size();
            classQ.add(q);
            classAccepts.add(accepts ? 1 : 0);
            for (int k = 0; k < count; k++) {
                excByte.add(bytes[k]);
                excTarget.add(targets[k]);
            }
            excStart.add(excByte.size());
            index(c, hash, accepts);
            return c;
        }

        private boolean accepts(int c) {
            return c < n ? d.isAccepting(c) : classAccepts.getInt(c - n) == 1;
        }

        /** Writes class {@code c}'s row (classes, -1 when dead) into {@code row[0..256)}. */
        private void classRow(int c, int[] row) {
            if (c < n) {
                d.writeRow(c, row, 0, 0, -1);
            } else {
                int k = c - n;
                row(classQ.getInt(k), excByte.elements(), excTarget.elements(), excStart.getInt(k),
                        excStart.getInt(k + 1), row);
            }
        }

        /** d's row at {@code q} but on {@code bytes[from..to)}, which lead to {@code targets[..]}. */
        private void row(int q, int[] bytes, int[] targets, int from, int to, int[] row) {
            d.writeRow(q, row, 0, 0, -1);
            for (int k = from; k < to; k++) {
                row[bytes[k]] = targets[k];
            }
        }

        /**
         * The classes reachable from pair 0's, numbered breadth-first (bytes in order), as a
         * {@link ByteDfa} over columns of bytes alike: two bytes share a column when d puts them in
         * one class and every class makes the same exceptions on them ({@link #columns}).
         */
        ByteDfa canonical() {
            int start = classOfPair[0];
            if (start < 0) {
                return ByteDfa.emptyLanguage();
            }
            int[] columnOf = new int[256];
            int[] columnByte = new int[256];
            int m = columns(columnOf, columnByte);
            int classes = n + classQ.size();
            int[] number = new int[classes];
            Arrays.fill(number, -1);
            int[] classAt = new int[classes];
            int found = 0;
            number[start] = found;
            classAt[found++] = start;
            // A row is read a column at a time: d's row at the class's state, then its exceptions.
            int[] out = new int[classes * m];
            boolean[] accept = new boolean[classes];
            for (int i = 0; i < found; i++) {
                int c = classAt[i];
                accept[i] = accepts(c);
                int base = i * m;
                int q = c < n ? c : classQ.getInt(c - n);
                for (int j = 0; j < m; j++) {
                    out[base + j] = d.next(q, columnByte[j]);
                }
                if (c >= n) {
                    for (int x = excStart.getInt(c - n), end = excStart.getInt(c - n + 1); x < end; x++) {
                        out[base + columnOf[excByte.getInt(x)]] = excTarget.getInt(x);
                    }
                }
                for (int j = 0; j < m; j++) {
                    int t = out[base + j];
                    if (t >= 0 && number[t] < 0) {
                        number[t] = found;
                        classAt[found++] = t;
                    }
                    out[base + j] = t < 0 ? -1 : number[t];
                }
            }
            return Minimizer.withColumnClasses(found, m, columnOf, Arrays.copyOf(out, found * m),
                    Arrays.copyOf(accept, found));
        }

        /**
         * Groups the bytes into columns, numbered by first byte: bytes of one class of d on which
         * every class makes the same exceptions (the same (class, target) pairs). Every class's row
         * is then alike on a column's bytes. The grouping is not the final byte classes (two
         * columns may still be alike on the classes reached), but it has about as many, where
         * cutting d's runs at every exception byte made twice as many.
         *
         * @param columnOf filled with each byte's column
         * @param columnByte filled with each column's first byte
         * @return the number of columns
         */
        private int columns(int[] columnOf, int[] columnByte) {
            // Each byte's exceptions as (class, target) pairs in class order, flat by byte.
            int exceptions = excByte.size();
            int[] byteStart = new int[257];
            for (int x = 0; x < exceptions; x++) {
                byteStart[excByte.getInt(x) + 1]++;
            }
            for (int b = 0; b < 256; b++) {
                byteStart[b + 1] += byteStart[b];
            }
            int[] fill = Arrays.copyOf(byteStart, 256);
            int[] pairs = new int[2 * exceptions];
            for (int k = 0; k < classQ.size(); k++) {
                for (int x = excStart.getInt(k), end = excStart.getInt(k + 1); x < end; x++) {
                    int at = 2 * fill[excByte.getInt(x)]++;
                    pairs[at] = k;
                    pairs[at + 1] = excTarget.getInt(x);
                }
            }
            // Open addressing by a hash of (d's class, pairs); 512 slots for at most 256 columns.
            int[] slotColumn = new int[512];
            Arrays.fill(slotColumn, -1);
            int m = 0;
            for (int b = 0; b < 256; b++) {
                int h = d.classOf(b);
                for (int x = 2 * byteStart[b]; x < 2 * byteStart[b + 1]; x++) {
                    h = 31 * h + pairs[x];
                }
                int slot = (h * 0x9E3779B1) >>> 23;
                int column;
                while (true) {
                    column = slotColumn[slot];
                    if (column < 0) {
                        column = m++;
                        slotColumn[slot] = column;
                        columnByte[column] = b;
                        break;
                    }
                    int other = columnByte[column];
                    if (d.classOf(other) == d.classOf(b) && Arrays.equals(pairs, 2 * byteStart[other],
                            2 * byteStart[other + 1], pairs, 2 * byteStart[b], 2 * byteStart[b + 1])) {
                        break;
                    }
                    slot = (slot + 1) & 511;
                }
                columnOf[b] = column;
            }
            return m;
        }
    }

    /**
     * The spellings of a set of strings as a sparse DFA: per state, the bytes it reads and where
     * they lead ({@code edges}: byte, target, byte, target, ...). {@link #START} reads the opening
     * quote; {@link #END}, after a closing quote, is the only accepting state.
     */
    private static final class Spellings {
        static final int START = 0;
        static final int END = 1;

        final List<IntArrayList> edges = new ArrayList<>();
        private final int maxStates;

        // The trie of the values' UTF-8: children as linked lists (first child, next sibling).
        private int[] firstChild = new int[16];
        private int[] nextSibling = new int[16];
        private int[] byteOf = new int[16];
        /** Continuation bytes still due in the node's character (0: at a character boundary). */
        private int[] pending = new int[16];
        private boolean[] isValue = new boolean[16];
        private int nodes;

        private Spellings(int maxStates) {
            this.maxStates = maxStates;
        }

        static Spellings of(Collection<String> values, int maxStates) {
            Spellings s = new Spellings(maxStates);
            s.newState(); // START
            s.newState(); // END
            s.newNode(-1, 0);
            for (String v : values) {
                if (!hasLoneSurrogate(v)) {
                    s.add(v.getBytes(StandardCharsets.UTF_8));
                }
            }
            // Trie node t is state 2 + t; the escape and hex states follow.
            for (int t = 0; t < s.nodes; t++) {
                s.newState();
            }
            s.edge(START, '"', 2);
            for (int t = 0; t < s.nodes; t++) {
                s.spell(t);
            }
            return s;
        }

        private void add(byte[] utf8) {
            int node = 0;
            for (byte x : utf8) {
                int b = x & 0xFF;
                int c = child(node, b);
                if (c < 0) {
                    c = newNode(node, b);
                }
                node = c;
            }
            isValue[node] = true;
        }

        private int child(int node, int b) {
            for (int c = firstChild[node]; c >= 0; c = nextSibling[c]) {
                if (byteOf[c] == b) {
                    return c;
                }
            }
            return -1;
        }

        private int newNode(int parent, int b) {
            if (nodes + 2 >= maxStates) {
                throw new TooManyStatesException(maxStates);
            }
            if (nodes == firstChild.length) {
                int size = nodes * 2;
                firstChild = Arrays.copyOf(firstChild, size);
                nextSibling = Arrays.copyOf(nextSibling, size);
                byteOf = Arrays.copyOf(byteOf, size);
                pending = Arrays.copyOf(pending, size);
                isValue = Arrays.copyOf(isValue, size);
            }
            int id = nodes++;
            firstChild[id] = -1;
            byteOf[id] = b;
            isValue[id] = false;
            if (parent < 0) {
                nextSibling[id] = -1;
                pending[id] = 0;
            } else {
                nextSibling[id] = firstChild[parent];
                firstChild[parent] = id;
                pending[id] = pending[parent] > 0 ? pending[parent] - 1 : sequenceLength(b) - 1;
            }
            return id;
        }

        private int newState() {
            if (edges.size() >= maxStates) {
                throw new TooManyStatesException(maxStates);
            }
            edges.add(new IntArrayList(4));
            return edges.size() - 1;
        }

        private void edge(int from, int b, int to) {
            IntArrayList e = edges.get(from);
            e.add(b);
            e.add(to);
        }

        /** The edges of trie node t's state, and the escape states of the characters after it. */
        private void spell(int t) {
            int state = 2 + t;
            for (int c = firstChild[t]; c >= 0; c = nextSibling[c]) {
                int b = byteOf[c];
                if (pending[t] > 0 || b >= 0x80 || (b >= 0x20 && b != '"' && b != '\\')) {
                    edge(state, b, 2 + c);
                }
            }
            if (pending[t] > 0) {
                return; // inside a character: only its raw bytes
            }
            if (isValue[t]) {
                edge(state, '"', END);
            }
            if (firstChild[t] < 0) {
                return;
            }
            IntArrayList chars = new IntArrayList(); // (code point, node after it) pairs
            for (int c = firstChild[t]; c >= 0; c = nextSibling[c]) {
                int length = sequenceLength(byteOf[c]);
                collect(c, byteOf[c] & (length == 1 ? 0x7F : 0x7F >> length), chars);
            }
            int escape = newState();
            edge(state, '\\', escape);
            for (int i = 0; i < chars.size(); i += 2) {
                int cp = chars.getInt(i);
                for (int k = 0; k < SHORT_ESCAPE_VALUE.length; k++) {
                    if (SHORT_ESCAPE_VALUE[k] == cp) {
                        edge(escape, SHORT_ESCAPE_LETTER[k], 2 + chars.getInt(i + 1));
                    }
                }
            }
            int hex = newState();
            edge(escape, 'u', hex);
            // Hex-digit states by (surrogate pair's high half or 0, digits read, their value).
            Long2IntOpenHashMap digits = new Long2IntOpenHashMap();
            digits.defaultReturnValue(-1);
            for (int i = 0; i < chars.size(); i += 2) {
                int cp = chars.getInt(i);
                int after = 2 + chars.getInt(i + 1);
                if (cp < 0x10000) {
                    spellDigits(hex, 0, cp, after, digits);
                } else {
                    int high = 0xD800 + ((cp - 0x10000) >> 10);
                    int low = 0xDC00 + ((cp - 0x10000) & 0x3FF);
                    long key = ((long) high << 20) | (4 << 16);
                    int afterHigh = digits.get(key);
                    if (afterHigh < 0) {
                        int highRead = newState(); // reads the low half's backslash
                        spellDigits(hex, 0, high, highRead, digits);
                        int lowEscape = newState();
                        edge(highRead, '\\', lowEscape);
                        afterHigh = newState(); // reads the low half's digits
                        edge(lowEscape, 'u', afterHigh);
                        digits.put(key, afterHigh);
                    }
                    spellDigits(afterHigh, high, low, after, digits);
                }
            }
        }

        /** The (code point, node) pairs of the characters that begin at node c (its first byte read). */
        private void collect(int c, int value, IntArrayList chars) {
            if (pending[c] == 0) {
                chars.add(value);
                chars.add(c);
                return;
            }
            for (int g = firstChild[c]; g >= 0; g = nextSibling[g]) {
                collect(g, (value << 6) | (byteOf[g] & 0x3F), chars);
            }
        }

        /**
         * The path of the four hex digits of {@code value} from {@code from} (the state after
         * <code>&#92;u</code>; {@code scope} tells apart the low surrogates after different high
         * ones) to {@code to}, sharing the states of common prefixes.
         */
        private void spellDigits(int from, int scope, int value, int to, Long2IntOpenHashMap digits) {
            int at = from;
            for (int k = 1; k <= 3; k++) {
                int prefix = value >> (4 * (4 - k));
                long key = ((long) scope << 20) | (k << 16) | prefix;
                int next = digits.get(key);
                if (next < 0) {
                    next = newState();
                    digitEdge(at, prefix & 0xF, next);
                    digits.put(key, next);
                }
                at = next;
            }
            digitEdge(at, value & 0xF, to);
        }

        /** How many bytes the UTF-8 sequence that {@code lead} starts has (valid UTF-8 assumed). */
        private static int sequenceLength(int lead) {
            return lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        }

        private void digitEdge(int from, int digit, int to) {
            if (digit < 10) {
                edge(from, '0' + digit, to);
            } else {
                edge(from, 'a' + digit - 10, to);
                edge(from, 'A' + digit - 10, to);
            }
        }
    }
}
