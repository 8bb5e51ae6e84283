package io.github.kbnf4j.jsonschema.internal;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the DFA of a JSON number language from a {@link JsonNumberReader}: the product of the
 * RFC 8259 number syntax with the reader's states, explored breadth-first from the start, then
 * minimized by {@link Constructions#fromTable}.
 *
 * <p>Complexity: linear in the number of reachable (syntax phase, reader state) pairs, each of which
 * is tried on the 15 bytes a number can contain. Stateless, thread-safe.
 */
final class JsonNumberAutomaton {
    /** Where the syntax is, between two bytes of a number text. */
    private enum Phase {
        START(false),
        MINUS(false),
        /** The integer part is the lone {@code 0}: no digit may follow it. */
        ZERO(true),
        INTEGER(true),
        POINT(false),
        FRACTION(true),
        EXPONENT_MARKER(false),
        EXPONENT_SIGN(false),
        EXPONENT(true);

        final boolean canEnd;

        Phase(boolean canEnd) {
            this.canEnd = canEnd;
        }
    }

    private record Node<S>(Phase phase, S state) {
    }

    /** The bytes that occur in JSON numbers; every other byte is dead everywhere. */
    private static final byte[] NUMBER_BYTES = "0123456789-+.eE".getBytes(StandardCharsets.US_ASCII);

    private JsonNumberAutomaton() {
    }

    /**
     * The minimal DFA of the number texts the reader accepts.
     *
     * @throws TooManyStatesException if more than {@code maxStates} (phase, state) pairs are reachable
     */
    static <S> ByteDfa build(JsonNumberReader<S> reader, int maxStates) {
        Map<Node<S>, Integer> ids = new HashMap<>();
        List<Node<S>> nodes = new ArrayList<>();
        Node<S> start = new Node<>(Phase.START, reader.start());
        if (start.state() == null) {
            return ByteDfa.emptyLanguage();
        }
        ids.put(start, 0);
        nodes.add(start);
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            Node<S> node = nodes.get(i);
            int[] row = new int[256];
            Arrays.fill(row, -1);
            for (byte b : NUMBER_BYTES) {
                Node<S> target = step(reader, node, (char) b);
                if (target == null || target.state() == null) {
                    continue;
                }
                Integer id = ids.get(target);
                if (id == null) {
                    if (nodes.size() == maxStates) {
                        throw new TooManyStatesException(maxStates);
                    }
                    id = nodes.size();
                    ids.put(target, id);
                    nodes.add(target);
                }
                row[b] = id;
            }
            rows.add(row);
        }
        int n = nodes.size();
        int[] next = new int[n * 256];
        boolean[] accept = new boolean[n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(rows.get(i), 0, next, i * 256, 256);
            Node<S> node = nodes.get(i);
            accept[i] = node.phase().canEnd && reader.accepts(node.state());
        }
        return Constructions.fromTable(n, next, accept);
    }

    /** The syntax's move on {@code c} with the reader's matching call, or null if the syntax forbids {@code c}. */
    private static <S> Node<S> step(JsonNumberReader<S> reader, Node<S> node, char c) {
        S s = node.state();
        boolean digit = c >= '0' && c <= '9';
        int d = c - '0';
        switch (node.phase()) {
            case START:
                return c == '-' ? new Node<>(Phase.MINUS, reader.minus(s)) : firstDigit(reader, s, c);
            case MINUS:
                return firstDigit(reader, s, c);
            case ZERO:
                return afterIntegerPart(reader, s, c);
            case INTEGER:
                return digit ? new Node<>(Phase.INTEGER, reader.integerDigit(s, d)) : afterIntegerPart(reader, s, c);
            case POINT:
                return digit ? new Node<>(Phase.FRACTION, reader.fractionDigit(s, d)) : null;
            case FRACTION:
                return digit ? new Node<>(Phase.FRACTION, reader.fractionDigit(s, d)) : exponentMarker(reader, s, c);
            case EXPONENT_MARKER:
                if (c == '+' || c == '-') {
                    return new Node<>(Phase.EXPONENT_SIGN, reader.exponentSign(s, c == '-'));
                }
                return digit ? new Node<>(Phase.EXPONENT, reader.exponentDigit(s, d)) : null;
            case EXPONENT_SIGN:
            case EXPONENT:
                return digit ? new Node<>(Phase.EXPONENT, reader.exponentDigit(s, d)) : null;
            default:
                throw new AssertionError(node.phase());
        }
    }

    /** The first digit of the integer part: a leading 0 stands alone ({@code 01} is not JSON). */
    private static <S> Node<S> firstDigit(JsonNumberReader<S> reader, S s, char c) {
        if (c < '0' || c > '9') {
            return null;
        }
        return new Node<>(c == '0' ? Phase.ZERO : Phase.INTEGER, reader.integerDigit(s, c - '0'));
    }

    private static <S> Node<S> afterIntegerPart(JsonNumberReader<S> reader, S s, char c) {
        return c == '.' ? new Node<>(Phase.POINT, reader.point(s)) : exponentMarker(reader, s, c);
    }

    private static <S> Node<S> exponentMarker(JsonNumberReader<S> reader, S s, char c) {
        return c == 'e' || c == 'E' ? new Node<>(Phase.EXPONENT_MARKER, reader.exponentMarker(s)) : null;
    }
}
