package io.github.kbnf4j.grammar.internal.automata;

/**
 * Boolean operations on byte DFAs: intersection, union, difference (products of two DFAs), and
 * the complement among valid UTF-8 strings.
 *
 * <p>Each is a breadth-first product over pairs (state of a, state of b), a component being
 * "dead" once its DFA has no transition; a pair from which the operation can accept nothing more
 * (for an intersection: either component dead) is not created. Complexity: O(w) per pair
 * reached, w the number of runs of bytes alike in both automata (a few dozen at most, 256 at
 * worst), at most {@code a.stateCount() * b.stateCount()} pairs (plus those with one dead
 * component), then minimization.
 *
 * <p>Every result is a canonical {@link ByteDfa}. Each method takes {@code maxStates} and throws
 * {@link TooManyStatesException} when the unminimized product would exceed it. Stateless,
 * thread-safe.
 */
public final class BooleanOperations {
    private BooleanOperations() {
    }

    /** How a pair of states combines: when it accepts, and when it can still lead to acceptance. */
    private enum Operation {
        INTERSECTION {
            @Override
            boolean accepts(boolean inA, boolean inB) {
                return inA && inB;
            }

            @Override
            boolean live(boolean aAlive, boolean bAlive) {
                return aAlive && bAlive;
            }
        },
        UNION {
            @Override
            boolean accepts(boolean inA, boolean inB) {
                return inA || inB;
            }

            @Override
            boolean live(boolean aAlive, boolean bAlive) {
                return aAlive || bAlive;
            }
        },
        DIFFERENCE {
            @Override
            boolean accepts(boolean inA, boolean inB) {
                return inA && !inB;
            }

            @Override
            boolean live(boolean aAlive, boolean bAlive) {
                return aAlive;
            }
        };

        abstract boolean accepts(boolean inA, boolean inB);

        /** Whether a pair whose components are alive as given may still accept something. */
        abstract boolean live(boolean aAlive, boolean bAlive);
    }

    /**
     * L(a) ∩ L(b).
     *
     * @throws TooManyStatesException if the product exceeds {@code maxStates} states
     */
    public static ByteDfa intersection(ByteDfa a, ByteDfa b, int maxStates) {
        return product(a, b, Operation.INTERSECTION, maxStates);
    }

    /**
     * L(a) ∪ L(b).
     *
     * @throws TooManyStatesException if the product exceeds {@code maxStates} states
     */
    public static ByteDfa union(ByteDfa a, ByteDfa b, int maxStates) {
        return product(a, b, Operation.UNION, maxStates);
    }

    /**
     * L(a) \ L(b): the strings of a that b does not accept.
     *
     * @throws TooManyStatesException if the product exceeds {@code maxStates} states
     */
    public static ByteDfa difference(ByteDfa a, ByteDfa b, int maxStates) {
        return product(a, b, Operation.DIFFERENCE, maxStates);
    }

    /**
     * The valid UTF-8 strings ("" included) that {@code a} does not accept: the complement
     * relative to {@link Constructions#validUtf8()}, so that the result can be written over code
     * points. The product has at most {@code 8 * (a.stateCount() + 1)} states.
     *
     * @throws TooManyStatesException if the product exceeds {@code maxStates} states
     */
    public static ByteDfa complement(ByteDfa a, int maxStates) {
        return difference(Constructions.validUtf8(), a, maxStates);
    }

    /**
     * Whether L(a) ⊆ L(b), decided by walking the pairs that {@link #intersection} would build,
     * without building anything, and stopping at the first pair that shows a string of a not in b
     * (a is trimmed: from any of its states some string leads to acceptance). If L(a) ⊆ L(b),
     * {@code intersection(a, b, maxStates)} equals {@code a} (both are canonical), so a caller may
     * skip it.
     *
     * @throws TooManyStatesException if the walk reaches more than {@code maxStates} pairs, in which
     *     case {@code intersection(a, b, maxStates)} throws too (it reaches at least those)
     */
    public static boolean isSubset(ByteDfa a, ByteDfa b, int maxStates) {
        int[] runStarts = ByteColumns.of(a, b);
        PairNumbering pairs = new PairNumbering(maxStates);
        pairs.idOf(pack(0, 0));
        for (int i = 0; i < pairs.count(); i++) {
            long key = pairs.key(i);
            int sa = (int) (key >>> 32) - 1;
            int sb = (int) key - 1;
            if (a.isAccepting(sa) && !b.isAccepting(sb)) {
                return false;
            }
            for (int j = 0; j < runStarts.length - 1; j++) { // one byte stands for its run
                int x = runStarts[j];
                int ta = a.next(sa, x);
                if (ta < 0) {
                    continue;
                }
                int tb = b.next(sb, x);
                if (tb < 0) {
                    return false;
                }
                pairs.idOf(pack(ta, tb));
            }
        }
        return true;
    }

    private static ByteDfa product(ByteDfa a, ByteDfa b, Operation op, int maxStates) {
        // Key: (sa + 1) << 32 | (sb + 1), so that a dead component (-1) packs as 0.
        // Columns: the runs of bytes alike in both automata (every run boundary of either), each
        // read once per pair through its class in a and in b.
        int[] columnStart = ByteColumns.of(a, b);
        int width = columnStart.length - 1;
        int[] classA = new int[width];
        int[] classB = new int[width];
        for (int j = 0; j < width; j++) {
            classA[j] = a.classOf(columnStart[j]);
            classB[j] = b.classOf(columnStart[j]);
        }
        PairNumbering states = new PairNumbering(maxStates);
        TableBuilder table = new TableBuilder(columnStart);
        states.idOf(pack(0, 0));
        for (int i = 0; i < states.count(); i++) {
            long key = states.key(i);
            int sa = (int) (key >>> 32) - 1;
            int sb = (int) key - 1;
            table.addState(i);
            table.accept(i, op.accepts(sa >= 0 && a.isAccepting(sa), sb >= 0 && b.isAccepting(sb)));
            long lastPair = -1; // neighbouring columns often lead to the same pair: look it up once
            int lastId = -1;
            for (int j = 0; j < width; j++) {
                int ta = sa < 0 ? -1 : a.nextOfClass(sa, classA[j]);
                int tb = sb < 0 ? -1 : b.nextOfClass(sb, classB[j]);
                if (op.live(ta >= 0, tb >= 0)) {
                    long pair = pack(ta, tb);
                    if (pair != lastPair) {
                        lastPair = pair;
                        lastId = states.idOf(pair);
                    }
                    table.setColumn(i, j, lastId);
                }
            }
        }
        return table.minimize(states.count());
    }

    private static long pack(int sa, int sb) {
        return ((long) (sa + 1) << 32) | (sb + 1);
    }
}
