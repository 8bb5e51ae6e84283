package io.github.kbnf4j.jsonschema.internal;

import io.github.kbnf4j.grammar.internal.automata.BooleanOperations;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.automata.JsonLiteralSpellings;
import io.github.kbnf4j.grammar.internal.automata.JsonStringEncoding;
import io.github.kbnf4j.grammar.internal.automata.JsonStringExclusion;
import io.github.kbnf4j.grammar.internal.automata.RegexSyntaxException;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The regular languages of one compilation: string contents (decoded values, as UTF-8), number
 * texts, and JSON string literals, as byte automata. A null automaton means "no restriction"
 * throughout, so unconstrained strings and numbers never build a product. Every construction is
 * bounded by {@code maxStates} ({@link io.github.kbnf4j.grammar.GrammarOptions#maxDfaStates()});
 * going over it is a {@link JsonSchemaException} naming that setting.
 *
 * <p>Shared automata: every automaton built here is a pure function of its inputs and of the
 * limits ({@code maxStates}, {@code maxRepetition}), so it is cached twice. First in this
 * compilation's memo (a plain map, so one key always gives one instance within a compilation),
 * then in the process-wide {@link AutomatonCache} (Caffeine, bounded to
 * {@link AutomatonCache#DEFAULT_MAX_BYTES} = 64 MiB of automata), which every compilation in the
 * JVM shares: the escaped any-string and any-number, the formats, common patterns and length
 * bounds are built once, not per schema. Cached: regexes (formats included) and patterns,
 * {@link #quoted}/{@link #unquoted}, {@link #length}, number ranges and {@code multipleOf},
 * {@link #otherThan} (the strings other than a set) and literals, and the results of {@link #intersect}, {@link #union} and {@link #complement}.
 * The key of each holds every input and both limits; a construction that goes over a limit
 * caches nothing and is reported with this compilation's source and pointer. The spellings of one
 * string ({@link #quotedLiteral}: keys, {@code const} and {@code enum} strings) are built
 * directly, in linear time, and shared through a cache of their own (an eighth of the main
 * bound), by the string alone. Keys hash in O(1) ({@link ByteDfa} caches its hash); a hit with an operand
 * that is equal but not the same instance compares the automata once, linear in their size.
 *
 * <p>Not thread-safe: one instance per compilation (its memo is a plain map). The shared cache and
 * the {@link ByteDfa}s it hands out are thread-safe.
 */
final class Languages {
    static final String STATE_LIMIT = "GrammarOptions.maxDfaStates, CLI --max-dfa-states";

    private static final String ANY_NUMBER = "-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?";

    private final String source;
    private final int maxStates;
    private final int maxRepetition;
    private final AutomatonCache shared;
    /** This compilation's automata, in front of {@link #shared}. */
    private final Map<AutomatonCache.Key, ByteDfa> memo = new HashMap<>();

    Languages(String source, int maxStates, int maxRepetition, AutomatonCache shared) {
        this.source = source;
        this.maxStates = maxStates;
        this.maxRepetition = maxRepetition;
        this.shared = shared;
    }

    /**
     * The automaton of {@code operation} on {@code inputs}: from this compilation's memo, else from
     * the shared cache, else {@code build}'s. Whatever {@code build} throws is passed on, cached
     * nowhere.
     */
    private ByteDfa cached(String operation, List<?> inputs, Supplier<ByteDfa> build) {
        AutomatonCache.Key key = new AutomatonCache.Key(operation, inputs, maxStates, maxRepetition);
        ByteDfa known = memo.get(key);
        if (known == null) {
            known = shared.get(key, build);
            memo.put(key, known);
        }
        return known;
    }

    /** L(a) ∩ L(b), null meaning everything. */
    ByteDfa intersect(ByteDfa a, ByteDfa b, String where) {
        if (a == null) {
            return b;
        }
        if (b == null || a.equals(b)) {
            return a;
        }
        try {
            return cached("&", List.of(a, b), () -> BooleanOperations.intersection(a, b, maxStates));
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        }
    }

    /** L(a) ∪ L(b), null meaning everything. */
    ByteDfa union(ByteDfa a, ByteDfa b, String where) {
        if (a == null || b == null) {
            return null;
        }
        try {
            return cached("|", List.of(a, b), () -> BooleanOperations.union(a, b, maxStates));
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        }
    }

    /** The valid UTF-8 strings not in L(a); null (everything) has the empty complement. */
    ByteDfa complement(ByteDfa a, String where) {
        if (a == null) {
            return ByteDfa.emptyLanguage();
        }
        try {
            return cached("~", List.of(a), () -> BooleanOperations.complement(a, maxStates));
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        }
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
        try {
            return cached("#", List.of(min, max),
                    () -> Constructions.charCountBetween(Constructions.validUtf8(), min, max, maxStates));
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        }
    }

    /** A shape's string language with its length bounds folded in (null: every string). */
    ByteDfa withLength(Shape t, String where) {
        return t.hasLengthBounds() ? intersect(t.string, length(t.minChars, t.maxChars, where), where) : t.string;
    }

    /** The strings in which the ECMA-262 {@code pattern} finds a match. */
    ByteDfa pattern(String pattern, String where) {
        try {
            // The regex's own entry is made too (by regex): two patterns may translate alike.
            return cached("pattern", List.of(pattern), () -> regex(EcmaPattern.toRegex(pattern), where, "pattern"));
        } catch (EcmaPatternException e) {
            throw new JsonSchemaException(source, where, (e.invalid() ? "invalid pattern: " : "pattern not supported: ")
                    + e.getMessage());
        }
    }

    /** A kbnf4j regex (full match) as an automaton. */
    ByteDfa regex(String regex, String where, String what) {
        try {
            return cached("regex", List.of(regex), () -> Regexes.compile(regex, maxRepetition, maxStates));
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        } catch (RegexSyntaxException e) {
            throw new IllegalStateException("the " + what + " at " + where + " translated into an invalid regex "
                    + regex + ": " + e.getMessage(), e);
        }
    }

    /**
     * The valid UTF-8 strings other than {@code strings} (one with a lone surrogate is none of them,
     * so it changes nothing): {@code complement} of their trie, built in
     * one table (the keys an object's other members may have). Linear in the strings' total length,
     * then one minimization.
     */
    ByteDfa otherThan(Collection<String> strings, String where) {
        try {
            return cached("otherThan", List.copyOf(strings), () -> complementOfTrie(strings, maxStates));
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        }
    }

    /**
     * The table: the trie's nodes first (the root is the start), each knowing the state of the
     * valid-UTF-8 automaton its bytes reach, then that automaton's states. A byte that leaves the
     * trie goes where it leads in that automaton; a node accepts if its string is valid UTF-8 and
     * not one of {@code strings}.
     *
     * @throws TooManyStatesException if the table would have more than {@code maxStates} states
     */
    static ByteDfa complementOfTrie(Collection<String> strings, int maxStates) {
        ByteDfa utf8 = Constructions.validUtf8();
        int u = utf8.stateCount();
        int capacity = 64;
        int[] child = new int[capacity * 256];
        Arrays.fill(child, -1);
        int[] utf8State = new int[capacity];
        boolean[] listed = new boolean[capacity];
        int nodes = 1; // the root, at utf8's start state 0
        for (String str : strings) {
            if (JsonStringExclusion.hasLoneSurrogate(str)) {
                continue; // no string of valid UTF-8; Java's encoder would make it '?'
            }
            int node = 0;
            for (byte x : str.getBytes(StandardCharsets.UTF_8)) {
                int at = node * 256 + (x & 0xFF);
                if (child[at] < 0) {
                    if (nodes + u >= maxStates) {
                        throw new TooManyStatesException(maxStates);
                    }
                    if (nodes == capacity) {
                        capacity *= 2;
                        int old = child.length;
                        child = Arrays.copyOf(child, capacity * 256);
                        Arrays.fill(child, old, child.length, -1);
                        utf8State = Arrays.copyOf(utf8State, capacity);
                        listed = Arrays.copyOf(listed, capacity);
                    }
                    child[at] = nodes;
                    // Without lone surrogates, Java's encoder writes valid UTF-8, so this is a state.
                    utf8State[nodes] = utf8.next(utf8State[node], x & 0xFF);
                    nodes++;
                }
                node = child[at];
            }
            listed[node] = true;
        }
        int[] table = new int[(nodes + u) * 256];
        boolean[] accept = new boolean[nodes + u];
        for (int n = 0; n < nodes; n++) {
            int q = utf8State[n];
            for (int b = 0; b < 256; b++) {
                int c = child[n * 256 + b];
                int off = utf8.next(q, b);
                table[n * 256 + b] = c >= 0 ? c : off >= 0 ? nodes + off : -1;
            }
            accept[n] = !listed[n] && utf8.isAccepting(q);
        }
        for (int q = 0; q < u; q++) {
            for (int b = 0; b < 256; b++) {
                int off = utf8.next(q, b);
                table[(nodes + q) * 256 + b] = off >= 0 ? nodes + off : -1;
            }
            accept[nodes + q] = utf8.isAccepting(q);
        }
        return Constructions.fromTable(nodes + u, table, accept);
    }

    /** Exactly the UTF-8 of {@code s}. */
    ByteDfa literal(String s) {
        return cached("literal", List.of(s), () -> ByteDfa.literal(s.getBytes(StandardCharsets.UTF_8)));
    }

    /** Every JSON number text. */
    ByteDfa anyNumber() {
        return regex(ANY_NUMBER, "", "number");
    }

    /**
     * The JSON number texts whose exponent has at most {@code digits} digits (0: none), whatever
     * their value; {@code digits} >= 0 (no bound is {@link #anyNumber()}).
     */
    ByteDfa numbersWithExponentDigits(int digits) {
        String exponent = digits == 0 ? "" : "([eE][+-]?[0-9]{1," + digits + "})?";
        return regex(ANY_NUMBER.substring(0, ANY_NUMBER.lastIndexOf('(')) + exponent, "", "number");
    }

    /**
     * Number texts whose value is in the interval (null bound: none) and, if {@code integer}, is an
     * integer ({@code zeroFraction}: {@code 1.0} counts as one, as since draft 6).
     */
    ByteDfa numberRange(BigDecimal min, boolean minExclusive, BigDecimal max, boolean maxExclusive, boolean integer,
            boolean zeroFraction, String where) {
        // BigDecimal.equals tells 1.0 from 1.00: those keys are distinct, with equal automata.
        List<Object> inputs = Arrays.asList(min, minExclusive, max, maxExclusive, integer, zeroFraction);
        try {
            return cached("range", inputs, () -> {
                NumberInterval interval = NumberInterval.ALL;
                if (min != null) {
                    interval = minExclusive ? interval.greaterThan(min) : interval.atLeast(min);
                }
                if (max != null) {
                    interval = maxExclusive ? interval.lessThan(max) : interval.atMost(max);
                }
                return NumberRangeLanguage.of(interval, integer, zeroFraction, maxStates);
            });
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        }
    }

    /** Number texts whose value is an integer multiple of {@code k}. */
    ByteDfa multipleOf(BigDecimal k, String where) {
        try {
            return cached("multipleOf", List.of(k), () -> MultipleOfLanguage.of(k, maxStates));
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
        ByteDfa c = content == null ? Constructions.validUtf8() : content;
        try {
            return cached("quoted", List.of(c), () -> JsonStringEncoding.quoted(c, maxStates));
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        }
    }

    /**
     * JSON string literals (quotes included) whose decoded value is in L(content) (null: any string)
     * and is none of {@code excluded}: the keys of an object's other members. Built from
     * {@code quoted(content)} by {@link JsonStringExclusion}, without the automaton of
     * {@code content} minus the strings.
     */
    ByteDfa quotedExcept(ByteDfa content, Collection<String> excluded, String where) {
        if (excluded.isEmpty()) {
            return quoted(content, where);
        }
        ByteDfa all = quoted(content, where);
        try {
            return cached("quotedExcept", List.of(all, List.copyOf(excluded)),
                    () -> JsonStringExclusion.without(all, excluded, maxStates));
        } catch (TooManyStatesException e) {
            throw tooBig(where);
        }
    }

    /**
     * Every JSON spelling of the string {@code s}, quotes included (none if {@code s} holds a lone
     * surrogate, which Java would encode as '?'): {@code quoted(literal(s))}, built
     * directly in time linear in its length ({@link JsonLiteralSpellings}) instead of by the general
     * construction. Object keys and {@code const}/{@code enum} strings take this path. Shared
     * through {@link AutomatonCache#literal}, a cache of its own, by the string alone: there are
     * many of them and each is cheap, so in the main cache they would crowd out the automata that
     * are expensive to build, but the common keys recur from schema to schema.
     */
    ByteDfa quotedLiteral(String s, String where) {
        AutomatonCache.Key key = new AutomatonCache.Key("quotedLiteral", List.of(s), maxStates, maxRepetition);
        ByteDfa known = memo.get(key);
        if (known == null) {
            try {
                // No JSON text decodes to a string with a lone surrogate (the engine reads none), and
                // Java's encoder would write it as '?': a key or enum value that no document holds.
                known = shared.literal(s, k -> JsonStringExclusion.hasLoneSurrogate(k) ? ByteDfa.emptyLanguage()
                        : JsonLiteralSpellings.quoted(k.getBytes(StandardCharsets.UTF_8), maxStates));
            } catch (TooManyStatesException e) {
                throw tooBig(where);
            }
            // The spellings are built minimal, so the construction refuses exactly the automata
            // with more states than its limit: one built under a larger limit is checked here.
            if (known.stateCount() > maxStates) {
                throw tooBig(where);
            }
            memo.put(key, known);
        }
        return known;
    }

    /**
     * The body of the JSON string literals whose decoded value is in L(content): {@link #quoted}
     * without its quotes. The opening quote is the first byte; the closing quote is the only quote
     * byte that ends the literal (it leads to the accepting state, after which nothing follows). A
     * quote byte inside the body is escaped ({@code \"}) and stays.
     */
    ByteDfa unquoted(ByteDfa content, String where) {
        ByteDfa c = content == null ? Constructions.validUtf8() : content;
        return cached("unquoted", List.of(c), () -> withoutQuotes(quoted(c, where)));
    }

    private static ByteDfa withoutQuotes(ByteDfa q) {
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
            int quoted = q.next(state, '"');
            boolean closes = quoted >= 0 && q.isAccepting(quoted); // else an escaped quote, kept
            for (int b = 0; b < 256; b++) {
                int next = b == '"' && closes ? -1 : q.next(state, b);
                table[row + b] = next < 0 ? -1 : renumber[next];
            }
            accept[renumber[state]] = closes; // the closing quote becomes acceptance
        }
        return Constructions.fromTable(n, table, accept);
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
