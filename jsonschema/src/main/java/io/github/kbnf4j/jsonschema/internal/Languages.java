package io.github.kbnf4j.jsonschema.internal;

import io.github.kbnf4j.grammar.internal.automata.BooleanOperations;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.automata.JsonStringEncoding;
import io.github.kbnf4j.grammar.internal.automata.RegexSyntaxException;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The regular languages of one compilation: string contents (decoded values, as UTF-8), number
 * texts, and JSON string literals, as byte automata. A null automaton means "no restriction"
 * throughout, so unconstrained strings and numbers never build a product. Every construction is
 * bounded by {@code maxStates} ({@link io.github.kbnf4j.grammar.GrammarOptions#maxDfaStates()});
 * going over it is a {@link JsonSchemaException} naming that setting.
 *
 * <p>Not thread-safe: one instance per compilation (it memoizes).
 */
final class Languages {
    static final String STATE_LIMIT = "GrammarOptions.maxDfaStates, CLI --max-dfa-states";

    private static final String ANY_NUMBER = "-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?";

    private final String source;
    private final int maxStates;
    private final int maxRepetition;
    private final Map<String, ByteDfa> patterns = new HashMap<>();
    private final Map<ByteDfa, ByteDfa> quoted = new HashMap<>();
    private final Map<Collection<String>, ByteDfa> literalSets = new HashMap<>();
    /** Results of intersections, unions and complements, by operation and operands. */
    private final Map<List<Object>, ByteDfa> results = new HashMap<>();
    private ByteDfa anyNumber;
    private ByteDfa anyString;

    Languages(String source, int maxStates, int maxRepetition) {
        this.source = source;
        this.maxStates = maxStates;
        this.maxRepetition = maxRepetition;
    }

    /** L(a) ∩ L(b), null meaning everything. */
    ByteDfa intersect(ByteDfa a, ByteDfa b, String where) {
        if (a == null) {
            return b;
        }
        if (b == null || a.equals(b)) {
            return a;
        }
        List<Object> key = List.of("&", a, b);
        ByteDfa known = results.get(key);
        if (known == null) {
            try {
                known = BooleanOperations.intersection(a, b, maxStates);
            } catch (TooManyStatesException e) {
                throw tooBig(where);
            }
            results.put(key, known);
        }
        return known;
    }

    /** L(a) ∪ L(b), null meaning everything. */
    ByteDfa union(ByteDfa a, ByteDfa b, String where) {
        if (a == null || b == null) {
            return null;
        }
        List<Object> key = List.of("|", a, b);
        ByteDfa known = results.get(key);
        if (known == null) {
            try {
                known = BooleanOperations.union(a, b, maxStates);
            } catch (TooManyStatesException e) {
                throw tooBig(where);
            }
            results.put(key, known);
        }
        return known;
    }

    /** The valid UTF-8 strings not in L(a); null (everything) has the empty complement. */
    ByteDfa complement(ByteDfa a, String where) {
        if (a == null) {
            return ByteDfa.emptyLanguage();
        }
        List<Object> key = List.of("~", a);
        ByteDfa known = results.get(key);
        if (known == null) {
            try {
                known = BooleanOperations.complement(a, maxStates);
            } catch (TooManyStatesException e) {
                throw tooBig(where);
            }
            results.put(key, known);
        }
        return known;
    }

    /** Number texts not in L(a), among all JSON numbers. */
    ByteDfa numberComplement(ByteDfa a, String where) {
        return intersect(complement(a, where), anyNumber(), where);
    }

    /** Strings of {@code min} to {@code max} code points ({@code max} -1: no upper bound). */
    ByteDfa length(int min, int max, String where) {
        if (min == 0 && max < 0) {
            return null;
        }
        List<Object> key = List.of("#", min, max);
        ByteDfa known = results.get(key);
        if (known == null) {
            try {
                known = Constructions.charCountBetween(Constructions.validUtf8(), min, max, maxStates);
            } catch (TooManyStatesException e) {
                throw tooBig(where);
            }
            results.put(key, known);
        }
        return known;
    }

    /** A shape's string language with its length bounds folded in (null: every string). */
    ByteDfa withLength(Shape t, String where) {
        return t.hasLengthBounds() ? intersect(t.string, length(t.minChars, t.maxChars, where), where) : t.string;
    }

    /** The strings in which the ECMA-262 {@code pattern} finds a match. */
    ByteDfa pattern(String pattern, String where) {
        ByteDfa known = patterns.get(pattern);
        if (known != null) {
            return known;
        }
        String regex;
        try {
            regex = EcmaPattern.toRegex(pattern);
        } catch (EcmaPatternException e) {
            throw new JsonSchemaException(source, where, (e.invalid() ? "invalid pattern: " : "pattern not supported: ")
                    + e.getMessage());
        }
        ByteDfa dfa = regex(regex, where, "pattern");
        patterns.put(pattern, dfa);
        return dfa;
    }

    /** A kbnf4j regex (full match) as an automaton. */
    ByteDfa regex(String regex, String where, String what) {
        try {
            return Regexes.compile(regex, maxRepetition, maxStates);
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        } catch (RegexSyntaxException e) {
            throw new IllegalStateException("the " + what + " at " + where + " translated into an invalid regex "
                    + regex + ": " + e.getMessage(), e);
        }
    }

    /** Exactly the UTF-8 of each of {@code strings}: a trie, minimized once. Linear in their total length. */
    ByteDfa literals(Collection<String> strings) {
        ByteDfa known = literalSets.get(strings);
        if (known != null) {
            return known;
        }
        IntArrayList table = new IntArrayList();
        BitSet accept = new BitSet();
        int states = addState(table, 0);
        for (String str : strings) {
            int state = 0;
            for (byte b : str.getBytes(StandardCharsets.UTF_8)) {
                int at = state * 256 + (b & 0xFF);
                int next = table.getInt(at);
                if (next < 0) {
                    next = states;
                    states = addState(table, states);
                    table.set(at, next);
                }
                state = next;
            }
            accept.set(state);
        }
        boolean[] accepting = new boolean[states];
        accept.stream().forEach(i -> accepting[i] = true);
        ByteDfa dfa = Constructions.fromTable(states, table.toIntArray(), accepting);
        literalSets.put(List.copyOf(strings), dfa);
        return dfa;
    }

    /** Appends a state without transitions; returns the new state count. */
    private static int addState(IntArrayList table, int states) {
        for (int i = 0; i < 256; i++) {
            table.add(-1);
        }
        return states + 1;
    }

    /** Exactly the UTF-8 of {@code s}. */
    static ByteDfa literal(String s) {
        return ByteDfa.literal(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Every JSON number text. */
    ByteDfa anyNumber() {
        if (anyNumber == null) {
            anyNumber = regex(ANY_NUMBER, "", "number");
        }
        return anyNumber;
    }

    /**
     * Number texts whose value is in the interval (null bound: none) and, if {@code integer}, is an
     * integer ({@code zeroFraction}: {@code 1.0} counts as one, as since draft 6).
     */
    ByteDfa numberRange(BigDecimal min, boolean minExclusive, BigDecimal max, boolean maxExclusive, boolean integer,
            boolean zeroFraction, String where) {
        List<Object> key = Arrays.asList("n", min, minExclusive, max, maxExclusive, integer, zeroFraction);
        ByteDfa known = results.get(key);
        if (known != null) {
            return known;
        }
        NumberInterval interval = NumberInterval.ALL;
        if (min != null) {
            interval = minExclusive ? interval.greaterThan(min) : interval.atLeast(min);
        }
        if (max != null) {
            interval = maxExclusive ? interval.lessThan(max) : interval.atMost(max);
        }
        try {
            known = NumberRangeLanguage.of(interval, integer, zeroFraction, maxStates);
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        }
        results.put(key, known);
        return known;
    }

    /** Number texts whose value is an integer multiple of {@code k}. */
    ByteDfa multipleOf(BigDecimal k, String where) {
        try {
            return MultipleOfLanguage.of(k, maxStates);
        } catch (TooManyStatesException e) {
            throw new JsonSchemaException(source, where, "multipleOf " + k.toPlainString() + " needs more than "
                    + maxStates + " automaton states (limit " + STATE_LIMIT + ")");
        }
    }

    /** Every spelling of one number value. */
    ByteDfa exactNumber(BigDecimal v, String where) {
        return numberRange(v, false, v, false, false, true, where);
    }

    /** JSON string literals (quotes included) whose decoded value is in L(content) (null: any string). */
    ByteDfa quoted(ByteDfa content, String where) {
        if (content == null) {
            if (anyString == null) {
                anyString = encode(Constructions.validUtf8(), where);
            }
            return anyString;
        }
        ByteDfa known = quoted.get(content);
        if (known == null) {
            known = encode(content, where);
            quoted.put(content, known);
        }
        return known;
    }

    /**
     * The body of the JSON string literals whose decoded value is in L(content): {@link #quoted}
     * without its quotes (a raw quote never occurs inside a literal, so the quotes are exactly the
     * first and the last byte).
     */
    ByteDfa unquoted(ByteDfa content, String where) {
        ByteDfa q = quoted(content, where);
        int n = q.stateCount();
        int start = q.next(0, '"');
        // State numbers of the result: q's start after the quote becomes 0 (fromTable's start).
        int[] renumber = new int[n];
        for (int i = 0; i < n; i++) {
            renumber[i] = i == start ? 0 : i == 0 ? start : i;
        }
        int[] table = new int[n * 256];
        boolean[] accept = new boolean[n];
        for (int state = 0; state < n; state++) {
            int row = renumber[state] * 256;
            for (int b = 0; b < 256; b++) {
                int next = b == '"' ? -1 : q.next(state, b);
                table[row + b] = next < 0 ? -1 : renumber[next];
            }
            int close = q.next(state, '"');
            accept[renumber[state]] = close >= 0 && q.isAccepting(close);
        }
        return Constructions.fromTable(n, table, accept);
    }

    private ByteDfa encode(ByteDfa content, String where) {
        try {
            return JsonStringEncoding.quoted(content, maxStates);
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        }
    }

    JsonSchemaException tooBig(String where) {
        return new JsonSchemaException(source, where, "the automaton for this keyword needs more than " + maxStates
                + " states (limit " + STATE_LIMIT + ")");
    }

    String source() {
        return source;
    }

    int maxStates() {
        return maxStates;
    }
}
