package io.github.kbnf4j.grammar.internal.automata;

import java.util.List;

/**
 * Parsed regular expression, before it becomes an automaton. Immutable. {@link #estimate} bounds
 * the number of brics states the node will build, so oversized patterns are refused before any
 * automaton exists.
 */
sealed interface RegexNode {
    /** Upper estimate of automaton states (saturating at {@code Long.MAX_VALUE / 4}). */
    long estimate();

    /** One character from a set of scalar values (a literal is a one-element set). */
    record Chars(CodePointSet set) implements RegexNode {
        @Override
        public long estimate() {
            // Two states per BMP range, about four per supplementary surrogate-pair piece.
            return 2 + 4L * set.rangeCount();
        }
    }

    /** The empty string. */
    record Empty() implements RegexNode {
        @Override
        public long estimate() {
            return 1;
        }
    }

    record Concat(List<RegexNode> parts) implements RegexNode {
        @Override
        public long estimate() {
            long sum = 1;
            for (RegexNode p : parts) {
                sum = sat(sum + p.estimate());
            }
            return sum;
        }
    }

    record Alt(List<RegexNode> alternatives) implements RegexNode {
        @Override
        public long estimate() {
            long sum = 1;
            for (RegexNode p : alternatives) {
                sum = sat(sum + p.estimate());
            }
            return sum;
        }
    }

    /** {@code max == -1}: unbounded. */
    record Repeat(RegexNode inner, int min, int max) implements RegexNode {
        @Override
        public long estimate() {
            long copies = max == -1 ? (long) min + 1 : Math.max(1, max);
            long e = inner.estimate();
            return sat(e > Long.MAX_VALUE / 4 / copies ? Long.MAX_VALUE : e * copies + 1);
        }
    }

    private static long sat(long v) {
        return Math.min(Math.max(v, 0), Long.MAX_VALUE / 4);
    }
}
