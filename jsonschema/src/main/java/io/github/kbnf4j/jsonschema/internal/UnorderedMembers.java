package io.github.kbnf4j.jsonschema.internal;

import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rules of an object's members when their order is free: each declared member at most once, in
 * any order, every required one present, and members of the other keys (those
 * {@code additionalProperties} or {@code patternProperties} allow) anywhere in between, within the
 * object's {@code minProperties}/{@code maxProperties}.
 *
 * <p>A grammar can only say "each key at most once, in any order" by remembering which keys were
 * seen: one rule per reachable subset, 2^n for n keys (no context-free grammar of the language of
 * permutations is much smaller). So the declared members are cut into <em>blocks</em> of
 * consecutive members (in the schema's order): inside a block the members come in any order, the
 * blocks in declared order. With one block the order is entirely free (exact); with blocks of one
 * member it is the declared order. The largest block size whose reachable states stay within
 * {@code stateBudget} is taken, at least 1. Every block size accepts only valid objects: a member
 * appears at most once (its key is in one block, and a block's subset forbids a second time),
 * every required member appears (a block is left only when its required ones are in), and other
 * keys are never declared ones (the regions exclude them).
 *
 * <p>Past the budget, if the caller allows it ({@code PropertyOrder.ANY_REPEATABLE}), one more
 * grouping is tried before blocks are cut: <em>optional members may repeat</em>. One block holds
 * every member and the subset tracks the required members only, so each of them still comes once,
 * while an optional member may come any number of times, as an other key may (the same
 * compromise: not remembering whether it was written is what makes it cost no state). The states
 * are 2^r for r required members (times the counts) instead of 2^n, so an object of 17 properties
 * with 3 required fits where any order exactly needs 131,072 states. Every
 * valid object without a repeated key is accepted, whatever its order, and no object is accepted
 * whose members (each occurrence) or required keys fail the schema; a repeated optional key is the
 * one thing the grammar lets through that a strict reader would refuse (JSON parsers keep the last
 * occurrence; RFC 8259 says names SHOULD be unique). A repeated optional member does not count
 * toward {@code minProperties} again, so this grouping is taken only when {@code minProperties} is
 * at most {@code max(r, 1)}, which the required members alone then satisfy; {@code maxProperties}
 * counts every occurrence, so it never admits too many distinct keys.
 *
 * <p>States: in block i, the subset S of its members written; the count of members written
 * (capped at {@code maxProperties}; tracked only if there is one); the count that surely consists
 * of distinct keys (declared members and the first other key: other keys may repeat, since a
 * grammar cannot make them distinct), capped at {@code max(minProperties, 1)}, which also says
 * whether a separator is needed; and whether another key was written (while that count is below
 * its cap). "Enter" states move past blocks whose members are all optional without writing one. A
 * run of other keys that leaves the state unchanged is one repetition, not a right-recursive rule,
 * so long maps cost the recognizer no deeper completion chains. Only states that are reachable and
 * from which the object can complete get a rule. The grammar is unambiguous: an other key is
 * always read in the state before a move to a later block.
 *
 * <p>Complexity: the states are at most {@code stateBudget} (or the member count, with blocks of
 * one), each with at most one alternative per member of its block plus two.
 *
 * <p>Not thread-safe: one instance per object being written.
 */
final class UnorderedMembers {
    /** A declared member: its text without separator ({@code key (ws ":" ws) value}), and whether it is required. */
    record Member(Expr body, boolean required) {
    }

    /**
     * The rules made, their start (null when no object completes), and how the members were
     * grouped: in blocks of {@code blockSize}, or, with {@code repeatable}, in one block in which
     * only the required members are tracked (see the class comment).
     */
    record Result(String start, List<Rule> rules, int blockSize, boolean repeatable, int states) {
    }

    /**
     * A state. {@code enter}: about to write the first member of block {@code block} or of a later
     * one (subset empty). {@code counted}: members written (0 when there is no maximum);
     * {@code distinct}: the count known to be of distinct keys, capped; {@code other}: an other key
     * was written (false once {@code distinct} is at its cap).
     */
    private record State(boolean enter, int block, long subset, int counted, int distinct, boolean other) {
        // Written out: the generated ones go through method handles, and the state maps look
        // states up several times per transition (a few per cent of a schema's compile).
        @Override
        public boolean equals(Object o) {
            return o instanceof State t && subset == t.subset && block == t.block && counted == t.counted
                    && distinct == t.distinct && enter == t.enter && other == t.other;
        }

        @Override
        public int hashCode() {
            long h = subset * 0x9E3779B97F4A7C15L + block;
            h = h * 0x9E3779B97F4A7C15L + ((long) counted << 32 | distinct);
            h = h * 0x9E3779B97F4A7C15L + (enter ? 2 : 0) + (other ? 1 : 0);
            return (int) (h ^ (h >>> 32));
        }
    }

    /** The largest block: a block's subset is a bit set in a long. */
    private static final int MAX_BLOCK = 62;

    private final String prefix;
    private final List<Member> members;
    private final Expr extra;
    private final int min;
    private final int max;
    private final int distinctCap;
    private final Span span;
    private final String ws;
    private final Expr comma;
    private final Expr close;

    private int blockSize;
    private int blocks;
    /** Whether the plan lets optional members repeat (see the class comment). */
    private boolean repeatable;
    /** Per member, its bit in a repeatable plan's subset: its index among the required ones, -1 if optional. */
    private final int[] requiredBit;
    /** The number of required members. */
    private final int requiredCount;
    /** Whether {@link #build} may let optional members repeat past the budget. */
    private final boolean repeatableFallback;
    private long[] requiredMasks;
    /** Per block: whether no later block has a required member. */
    private boolean[] noRequiredAfter;

    /**
     * @param prefix the prefix of the names of the rules made (unique in the grammar)
     * @param members the declared members, in the schema's order
     * @param extra one member of the other keys ({@code key (ws ":" ws) value}), or null if there are none
     * @param min {@code minProperties} (0 if none)
     * @param max {@code maxProperties}, -1 if none
     * @param ws the name of the whitespace rule, written before a first member
     * @param comma the separator written before a member after another ({@code ws "," ws}, one terminal)
     * @param close the end of the object ({@code ws "}"}, one terminal), which every final state
     *     reads: the rules then derive no empty string, so the grammar compiler's nullable
     *     elimination, which would write each step into such a state twice (with the state and
     *     without), has nothing to do
     * @param repeatableFallback whether, past the state budget, optional members may repeat (if
     *     that fits) before the members are cut into blocks
     */
    UnorderedMembers(String prefix, List<Member> members, Expr extra, int min, int max, Span span, String ws,
            Expr comma, Expr close, boolean repeatableFallback) {
        this.prefix = prefix;
        this.members = List.copyOf(members);
        this.extra = extra;
        this.min = min;
        this.max = max;
        this.distinctCap = Math.max(min, 1);
        this.span = span;
        this.ws = ws;
        this.comma = comma;
        this.close = close;
        this.requiredBit = new int[this.members.size()];
        int r = 0;
        for (int m = 0; m < requiredBit.length; m++) {
            requiredBit[m] = this.members.get(m).required() ? r++ : -1;
        }
        this.requiredCount = r;
        this.repeatableFallback = repeatableFallback;
    }

    /**
     * The rules: any order exactly if that takes at most {@code stateBudget} states; else, if the
     * caller allows it, it fits and {@code minProperties} allows it, any order with optional members
     * that may repeat; else the largest block size whose reachable states are at most
     * {@code stateBudget} (at least 1, however many states that needs).
     */
    Result build(int stateBudget) {
        int n = members.size();
        // One block (the exact order) is tried first, recording its steps: most objects fit, and
        // their exploration is the one written.
        Exploration chosen = n > MAX_BLOCK ? null
                : explore(Math.max(n, 1), false, n > 1 ? stateBudget : Integer.MAX_VALUE, true);
        if ((chosen == null || !chosen.complete()) && repeatableFallback && requiredCount <= MAX_BLOCK
                && min <= Math.max(requiredCount, 1)) {
            Exploration loose = explore(n, true, stateBudget, true);
            if (loose.complete()) {
                chosen = loose;
            }
        }
        if (chosen == null || !chosen.complete()) {
            // Binary search for a large size within the budget (the count grows with the size, so
            // this finds the largest; every size taken was counted, except 1, taken whatever it
            // needs). The probes only count; the size found is explored again with its steps.
            int lo = 1;
            int hi = Math.min(n - 1, MAX_BLOCK);
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (explore(mid, false, stateBudget, false).complete()) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            chosen = explore(lo, false, Integer.MAX_VALUE, true);
        }
        // The last exploration was the chosen one, so its plan (blocks, required masks) stands.
        return write(chosen.states(), chosen.steps());
    }

    /**
     * The states one {@link #explore} reached with its block size, and their steps (null if not recorded),
     * or as many of them as were found before there were more than the limit ({@code complete}
     * tells which).
     */
    private record Exploration(List<State> states, Steps steps, boolean complete) {
    }

    /**
     * The steps of the reachable states, recorded as they are explored: those of state i (by
     * number) are {@code start[i] .. start[i + 1])}, to state {@code target[e]} reading
     * {@code label[e]} (see {@link #successors}).
     */
    private static final class Steps {
        final IntArrayList start = new IntArrayList();
        final IntArrayList target = new IntArrayList();
        final IntArrayList label = new IntArrayList();
    }

    private void plan(int size, boolean repeatable) {
        int n = members.size();
        this.repeatable = repeatable;
        blockSize = size;
        blocks = n == 0 ? 1 : (n + size - 1) / size;
        requiredMasks = new long[blocks];
        for (int m = 0; m < n; m++) {
            if (members.get(m).required()) {
                requiredMasks[m / size] |= bit(m);
            }
        }
        noRequiredAfter = new boolean[blocks];
        boolean none = true;
        for (int b = blocks - 1; b >= 0; b--) {
            noRequiredAfter[b] = none;
            none &= requiredMasks[b] == 0;
        }
    }

    private int blockLength(int block) {
        return Math.min(blockSize, members.size() - block * blockSize);
    }

    /** Member {@code m}'s bit in its block's subset (in a repeatable plan only required members have one). */
    private long bit(int m) {
        return 1L << (repeatable ? requiredBit[m] : m % blockSize);
    }

    /**
     * The states reachable with blocks of {@code size} (with {@code repeatable}, one block whose
     * optional members may repeat), breadth-first from the start state; stops once more than
     * {@code limit} states are known. With {@code recordSteps}, records every state's
     * steps (the states are taken in the order of their numbers, so state i's steps are the i-th to
     * be recorded).
     */
    private Exploration explore(int size, boolean repeatable, int limit, boolean recordSteps) {
        plan(Math.max(size, 1), repeatable);
        Map<State, Integer> ids = new HashMap<>();
        List<State> states = new ArrayList<>();
        Steps steps = recordSteps ? new Steps() : null;
        State start = new State(false, 0, 0, 0, 0, false);
        ids.put(start, 0);
        states.add(start);
        ArrayDeque<State> work = new ArrayDeque<>(List.of(start));
        List<State> next = new ArrayList<>();
        IntArrayList labels = steps == null ? null : steps.label;
        while (!work.isEmpty() && ids.size() <= limit) {
            State s = work.poll();
            next.clear();
            if (steps != null) {
                steps.start.add(steps.target.size());
            }
            successors(s, next, labels);
            for (State t : next) {
                Integer known = ids.putIfAbsent(t, ids.size());
                if (known == null) {
                    states.add(t);
                    work.add(t);
                }
                if (steps != null) {
                    steps.target.add(known == null ? ids.size() - 1 : known);
                }
            }
        }
        if (steps != null) {
            steps.start.add(steps.target.size());
        }
        return new Exploration(states, steps, ids.size() <= limit);
    }

    /**
     * The states one step after {@code s}, into {@code out}; with {@code labels}, what each step
     * reads: a member index, {@link #OTHER} for an other key, {@link #MOVE} for a move to the next
     * block without reading.
     */
    private void successors(State s, List<State> out, IntArrayList labels) {
        boolean room = max < 0 || s.counted() < max;
        if (s.enter()) {
            int b = s.block();
            if (room) {
                for (int i = 0; i < blockLength(b); i++) {
                    out.add(afterMember(s, b, 1L << i));
                    add(labels, b * blockSize + i);
                }
            }
            if (requiredMasks[b] == 0 && b + 1 < blocks) {
                out.add(new State(true, b + 1, 0, s.counted(), s.distinct(), s.other()));
                add(labels, MOVE);
            }
            return;
        }
        int b = s.block();
        if (room) {
            for (int i = 0; i < blockLength(b); i++) {
                int m = b * blockSize + i;
                if (repeatable && requiredBit[m] < 0) {
                    out.add(afterRepeated(s));
                    add(labels, m);
                } else if ((s.subset() & bit(m)) == 0) {
                    out.add(afterMember(s, b, s.subset() | bit(m)));
                    add(labels, m);
                }
            }
        }
        if ((s.subset() & requiredMasks[b]) == requiredMasks[b] && b + 1 < blocks) {
            out.add(new State(true, b + 1, 0, s.counted(), s.distinct(), s.other()));
            add(labels, MOVE);
        }
        if (room && extra != null) {
            int distinct = s.other() ? s.distinct() : Math.min(s.distinct() + 1, distinctCap);
            out.add(new State(false, b, s.subset(), counted(s), distinct, distinct < distinctCap));
            add(labels, OTHER);
        }
    }

    private static final int OTHER = -1;
    private static final int MOVE = -2;

    private static void add(IntArrayList labels, int label) {
        if (labels != null) {
            labels.add(label);
        }
    }

    private State afterMember(State s, int block, long subset) {
        int distinct = Math.min(s.distinct() + 1, distinctCap);
        return new State(false, block, subset, counted(s), distinct, distinct < distinctCap && s.other());
    }

    /**
     * After an optional member of a repeatable plan: it may be a repetition, so it counts as a
     * distinct key only if nothing was written before it.
     */
    private State afterRepeated(State s) {
        int distinct = Math.max(s.distinct(), 1);
        return new State(false, s.block(), s.subset(), counted(s), distinct, distinct < distinctCap && s.other());
    }

    private int counted(State s) {
        return max < 0 ? 0 : Math.min(s.counted() + 1, max);
    }

    private boolean isFinal(State s) {
        return !s.enter() && (s.subset() & requiredMasks[s.block()]) == requiredMasks[s.block()]
                && noRequiredAfter[s.block()] && s.distinct() >= min;
    }

    private Result write(List<State> states, Steps steps) {
        int count = states.size();
        int[] stepStart = steps.start.elements();
        int[] stepTarget = steps.target.elements();
        int[] stepLabel = steps.label.elements();
        // Productive: the object can complete from there. Found backwards from the final states
        // over the steps reversed (predecessors of q: from[fromStart[q] .. fromStart[q + 1])).
        int stepCount = steps.target.size();
        int[] fromStart = new int[count + 1];
        for (int e = 0; e < stepCount; e++) {
            fromStart[stepTarget[e] + 1]++;
        }
        for (int q = 0; q < count; q++) {
            fromStart[q + 1] += fromStart[q];
        }
        int[] from = new int[stepCount];
        int[] fill = Arrays.copyOf(fromStart, count);
        for (int q = 0; q < count; q++) {
            for (int e = stepStart[q]; e < stepStart[q + 1]; e++) {
                from[fill[stepTarget[e]]++] = q;
            }
        }
        boolean[] productive = new boolean[count];
        int[] work = new int[count];
        int top = 0;
        for (int i = 0; i < count; i++) {
            if (isFinal(states.get(i))) {
                productive[i] = true;
                work[top++] = i;
            }
        }
        while (top > 0) {
            int q = work[--top];
            for (int x = fromStart[q]; x < fromStart[q + 1]; x++) {
                int p = from[x];
                if (!productive[p]) {
                    productive[p] = true;
                    work[top++] = p;
                }
            }
        }
        if (!productive[0]) {
            return new Result(null, List.of(), blockSize, repeatable, count);
        }
        List<Rule> rules = new ArrayList<>();
        String[] firstRules = new String[members.size()];
        String[] laterRules = new String[members.size()];
        String[] otherRules = new String[2];
        for (int i = 0; i < count; i++) {
            if (!productive[i]) {
                continue;
            }
            State s = states.get(i);
            boolean written = s.distinct() > 0;
            List<Expr> alts = new ArrayList<>();
            if (isFinal(s)) {
                alts.add(close);
            }
            boolean loop = false;
            for (int e = stepStart[i]; e < stepStart[i + 1]; e++) {
                int target = stepTarget[e];
                if (!productive[target]) {
                    continue;
                }
                int label = stepLabel[e];
                Expr then = ref(name(target));
                if (label == MOVE) {
                    alts.add(then);
                } else if (label == OTHER) {
                    if (target == i) {
                        loop = true;
                    } else {
                        alts.add(seq(ref(otherRule(written, otherRules, rules)), then));
                    }
                } else {
                    alts.add(seq(ref(memberRule(label, written, firstRules, laterRules, rules)), then));
                }
            }
            if (loop) {
                // Other keys that leave the state as it is: one of them, then the state again. A
                // repetition before the state's alternatives instead (other* (a | b ...)) may be
                // empty, and the passes would write every state out twice, with it and without.
                alts.add(seq(ref(otherRule(true, otherRules, rules)), ref(name(i))));
            }
            Expr body = alts.size() == 1 ? alts.get(0) : new Expr.Alt(alts, span);
            rules.add(new Rule(name(i), body, span));
        }
        return new Result(name(0), rules, blockSize, repeatable, count);
    }

    private String memberRule(int m, boolean written, String[] first, String[] later, List<Rule> rules) {
        String[] names = written ? later : first;
        if (names[m] == null) {
            names[m] = prefix + (written ? "_c" : "_f") + m;
            rules.add(new Rule(names[m], separated(written, members.get(m).body()), span));
        }
        return names[m];
    }

    private String otherRule(boolean written, String[] names, List<Rule> rules) {
        int i = written ? 1 : 0;
        if (names[i] == null) {
            names[i] = prefix + (written ? "_cx" : "_fx");
            rules.add(new Rule(names[i], separated(written, extra), span));
        }
        return names[i];
    }

    /** {@code ws member} for the first member, {@code (ws "," ws) member} after one. */
    private Expr separated(boolean written, Expr member) {
        return written ? seq(comma, member) : seq(ref(ws), member);
    }

    private String name(int state) {
        return prefix + "_" + state;
    }

    private Expr ref(String name) {
        return new Expr.Ref(name, span);
    }

    private Expr seq(Expr... items) {
        return new Expr.Seq(List.of(items), span);
    }
}
