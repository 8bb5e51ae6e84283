package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.PropertyOrder;
import io.github.kbnf4j.jsonschema.internal.Shape.ArrayClause;
import io.github.kbnf4j.jsonschema.internal.Shape.ArrayShape;
import io.github.kbnf4j.jsonschema.internal.Shape.Contains;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes the grammar of a schema: one rule per distinct conjunction of schemas that some value
 * position must satisfy (memoized, so recursive schemas give recursive rules), whose alternatives
 * are the values of each shape of the conjunction's union.
 *
 * <p>Layout of JSON text: {@code start ::= ws value ws}; inside objects and arrays exactly one
 * {@code ws} between two tokens, so that a bound on {@code ws} bounds every whitespace run, and
 * the whitespace beside punctuation is part of the punctuation's terminal ({@link #fused}). Objects
 * list the declared keys in the schema's order (each optional one may be left out), then any number
 * of other keys, or, with {@link PropertyOrder#ANY}, have their members in any order
 * ({@link UnorderedMembers}); arrays list their items by position.
 *
 * <p>Not thread-safe: one builder per compilation.
 */
final class GrammarBuilder {
    static final String START = "start";
    private static final String WS = "ws";
    private static final String ANY = "any_value";

    private final ShapeReader reader;
    private final Languages lang;
    private final Refusals refusals;
    private final JsonSchemaOptions options;
    private final Span span;
    private final List<Rule> rules = new ArrayList<>();
    private final Map<List<Integer>, String> ruleNames = new HashMap<>();
    private final Map<JsonNode, Integer> nodeIds = new IdentityHashMap<>();
    private final Map<JsonNode, ObjectNode> negations = new IdentityHashMap<>();
    private final Map<String, Expr> keyLiterals = new HashMap<>();
    /**
     * The largest {@link JsonSchemaOptions#maxWhitespace()} whose runs are fused with punctuation
     * (see {@link #fused}); unbounded whitespace is one state, and a bound of k is k + 1.
     */
    static final int MAX_FUSED_WHITESPACE = 64;
    /** Punctuation with its whitespace, by its parts (see {@link #fused}). */
    private final Map<String, Expr> fusedTerminals = new HashMap<>();
    /**
     * Layouts by object shape: the shapes come from the reader's memo and never change, and an
     * object's layout is needed for its rules and again for every enum value checked against it.
     */
    private final Map<Shape.ObjectShape, ObjectLayout> layouts = new IdentityHashMap<>();
    /** Objects in any order by shape: their member rules, written once. */
    private final Map<Shape.ObjectShape, Optional<Expr>> unorderedObjects = new IdentityHashMap<>();
    private boolean anyValueWritten;
    private int fresh;

    GrammarBuilder(ShapeReader reader, Languages lang, Refusals refusals, JsonSchemaOptions options) {
        this.reader = reader;
        this.lang = lang;
        this.refusals = refusals;
        this.options = options;
        this.span = new Span(refusals.source(), 1, 1);
    }

    /** The whole grammar for {@code root}. */
    GrammarAst build(Located root) {
        if (!satisfiable(List.of(root))) {
            throw new JsonSchemaException(refusals.source(), root.pointer(), "no JSON value satisfies this schema");
        }
        String value = ruleFor(List.of(root));
        rules.add(0, new Rule(START, seq(ref(WS), ref(value), ref(WS)), span));
        rules.add(1, new Rule(WS, whitespace(), span));
        return new GrammarAst(refusals.source(), rules);
    }

    private Expr whitespace() {
        if (options.maxWhitespace() == 0) {
            return new Expr.Literal("", span);
        }
        if (options.maxWhitespace() <= MAX_FUSED_WHITESPACE) {
            // From the shared automata, as the fused terminals are: compiled from the regex text,
            // it was a few percent of every schema's compile time. Described as the regex would be.
            String regex = whitespaceRegex();
            return new Expr.Automaton(lang.regex(regex, "", "whitespace"), "#\"" + regex + "\"", regex, span);
        }
        // A long bounded run may be over the state limit, which the grammar compiler then reports
        // for the whitespace rule.
        return new Expr.Regex(Expr.RegexKind.REGEX, whitespaceRegex(), List.of(), span, span);
    }

    /** One run of whitespace within {@link JsonSchemaOptions#maxWhitespace()}, as a regex. */
    private String whitespaceRegex() {
        int max = options.maxWhitespace();
        return max < 0 ? "[ \\t\\n\\r]*" : "[ \\t\\n\\r]{0," + max + "}";
    }

    /** {@code ws "," ws} as one terminal (see {@link #fused}). */
    private Expr comma() {
        return fused(WS, ",", WS);
    }

    /** {@code ws ":" ws} as one terminal. */
    private Expr colon() {
        return fused(WS, ":", WS);
    }

    /** {@code "{" ws} or {@code "[" ws} as one terminal, before a first member or item. */
    private Expr open(String bracket) {
        return fused(bracket, WS);
    }

    /** {@code ws "}"} or {@code ws "]"} as one terminal. */
    private Expr close(String bracket) {
        return fused(WS, bracket);
    }

    /** The empty object or array, {@code "{" ws "}"} or {@code "[" ws "]"}, as one terminal. */
    private Expr empty(String open, String close) {
        return fused(open, WS, close);
    }

    /**
     * A piece of punctuation with the whitespace beside it as one terminal: {@code parts} are
     * {@link #WS} or one punctuation character each. The language is that of the sequence, but
     * the whitespace is no longer a symbol of its own that may be empty: the grammar compiler
     * would write every rule it stands in once with it and once without (a member
     * {@code ws "," ws key ws ":" ws value} had four such symbols), which made the grammars of
     * schemas several times larger than what they say. Cached with the schema's other automata.
     */
    private Expr fused(String... parts) {
        if (options.maxWhitespace() > MAX_FUSED_WHITESPACE) {
            // A long bounded run is many states, which each fused terminal would repeat: keep it
            // one shared symbol, and its limits reported for the whitespace rule as before.
            Expr[] items = new Expr[parts.length];
            for (int i = 0; i < parts.length; i++) {
                items[i] = parts[i].equals(WS) ? ref(WS) : lit(parts[i]);
            }
            return seq(items);
        }
        return fusedTerminals.computeIfAbsent(String.join(" ", parts), k -> {
            StringBuilder regex = new StringBuilder();
            StringBuilder text = new StringBuilder();
            StringBuilder description = new StringBuilder();
            for (String part : parts) {
                if (description.length() > 0) {
                    description.append(' ');
                }
                if (part.equals(WS)) {
                    regex.append(whitespaceRegex());
                    description.append(WS);
                } else {
                    regex.append('\\').append(part);
                    text.append(part);
                    description.append('"').append(part).append('"');
                }
            }
            return options.maxWhitespace() == 0 ? lit(text.toString())
                    : automaton(lang.regex(regex.toString(), "", "whitespace and punctuation"), description.toString());
        });
    }

    // ---- rules per conjunction ----

    /** The rule whose sentences are the values satisfying every schema of {@code conjunction}. */
    String ruleFor(List<Located> conjunction) {
        if (conjunction.isEmpty()) {
            return anyValue();
        }
        List<Integer> key = new ArrayList<>(conjunction.size());
        for (Located l : conjunction) {
            Integer id = nodeIds.computeIfAbsent(l.node(), n -> nodeIds.size());
            if (!key.contains(id)) {
                key.add(id);
            }
        }
        String known = ruleNames.get(key);
        if (known != null) {
            return known;
        }
        String name = "v" + ruleNames.size();
        ruleNames.put(key, name);
        if (ruleNames.size() > options.maxRules()) {
            throw new JsonSchemaException(refusals.source(), conjunction.get(0).pointer(), "the grammar needs more than "
                    + options.maxRules() + " rules (limit JsonSchemaOptions.maxRules, CLI --max-rules)");
        }
        int at = rules.size();
        rules.add(null); // the slot keeps rules in the order they were named
        List<Expr> alternatives = new ArrayList<>();
        for (Shape t : reader.read(conjunction)) {
            alternatives.addAll(values(t, conjunction.get(0).pointer()));
        }
        rules.set(at, new Rule(name, alternatives.isEmpty() ? nothing(name) : alt(alternatives), span));
        return name;
    }

    /** A body that derives no sentence: a rule that only refers to itself is removed as useless. */
    private Expr nothing(String name) {
        return ref(name);
    }

    /** Whether any value satisfies every schema of {@code conjunction} (shallowly: its own keywords). */
    boolean satisfiable(List<Located> conjunction) {
        return !reader.read(conjunction).isEmpty();
    }

    private List<Expr> values(Shape t, String where) {
        List<Expr> out = new ArrayList<>();
        if (t.values != null) {
            for (JsonNode v : t.values) {
                // A string with a lone surrogate is in no document (no JSON text the engine reads
                // decodes to it), so neither is a value that holds one.
                if (JsonValues.holdsLoneSurrogate(v) || !admits(t, v, where)) {
                    continue;
                }
                out.add(literal(v, t, where));
            }
            return out;
        }
        if (t.allows(Shape.NULL)) {
            out.add(lit("null"));
        }
        if (t.allows(Shape.BOOLEAN)) {
            if (t.trueAllowed) {
                out.add(lit("true"));
            }
            if (t.falseAllowed) {
                out.add(lit("false"));
            }
        }
        if (t.allows(Shape.STRING)) {
            string(t, where).ifPresent(out::add);
        }
        if (t.allows(Shape.NUMBER)) {
            out.add(automaton(spelled(t.number, where), t.number == null ? "number" : "number " + where));
        }
        if (t.allows(Shape.OBJECT)) {
            object(t, where).ifPresent(out::add);
        }
        if (t.allows(Shape.ARRAY)) {
            array(t, where).ifPresent(out::add);
        }
        return out;
    }

    // ---- strings ----

    /** Strings longer than this, constrained by length alone, are written as blocks of characters. */
    static final int LONGEST_LENGTH_AUTOMATON = 256;
    /** The most blocks a length-bounded string is cut into (the block size grows beyond it). */
    static final int MOST_BLOCKS = 4_000;
    /**
     * The fewest characters of a block: {@link #SHORT_BLOCK_CHARS}, or {@link #LONG_BLOCK_CHARS}
     * for a bound of at least {@link #LONG_BLOCKS_FROM} characters. A token that crosses the end
     * of a block leaves the block's terminal, and the mask finds out whether its other bytes may
     * follow by pushing them through the recognizer, a byte at a time: near each boundary nearly
     * every long token of the vocabulary takes that slow path, so a long string's document is
     * cheaper with long blocks (Github_medium o9775, maxLength 32767: a fresh constraint's masks
     * over its documents 3.3 s with blocks of 64, 2.0 s with 256). But a block terminal of 256
     * characters has about 2,000 states, and the last part of each bound is another such
     * terminal: with them, two schemas of strings of at most 500 characters went over the limit
     * of all terminals' states together, so bounds below a few thousand keep blocks of 64.
     */
    static final int SHORT_BLOCK_CHARS = 64;
    static final int LONG_BLOCK_CHARS = LONGEST_LENGTH_AUTOMATON;
    static final int LONG_BLOCKS_FROM = 4_096;

    private Optional<Expr> string(Shape t, String where) {
        int longest = t.maxChars >= 0 ? t.maxChars : t.minChars;
        if (t.string == null && longest > LONGEST_LENGTH_AUTOMATON) {
            return Optional.of(lengthBlocks(t.minChars, t.maxChars, where));
        }
        ByteDfa content = lang.withLength(t, where);
        if (content != null && content.isEmptyLanguage()) {
            return Optional.empty();
        }
        return Optional.of(automaton(lang.quoted(content, where), content == null ? "string" : "string " + where));
    }

    /**
     * Strings of {@code min} to {@code max} code points (max -1: no bound), any content, as a
     * sequence of blocks: a count automaton for maxLength 32767 would need 32,768 states (and
     * several times that once every JSON spelling of each character is in), while blocks of B
     * characters need about 8B states for the block terminal and one grammar rule per block. A
     * length L = qB + r is q full blocks and a last part of r characters.
     */
    private Expr lengthBlocks(int min, int max, String where) {
        int longest = max >= 0 ? max : min;
        int fewest = longest >= LONG_BLOCKS_FROM ? LONG_BLOCK_CHARS : SHORT_BLOCK_CHARS;
        int size = Math.max(fewest, (longest + MOST_BLOCKS - 1) / MOST_BLOCKS);
        Expr full = automaton(lang.unquoted(lang.length(size, size, where), where), size + " characters");
        int qmin = min / size;
        int rmin = min % size;
        List<Expr> forms = new ArrayList<>();
        if (max < 0) {
            forms.add(seq(blocks(full, qmin + 1, Expr.Repeat.UNBOUNDED), chars(0, size - 1, where)));
            forms.add(seq(blocks(full, qmin, qmin), chars(rmin, size - 1, where)));
        } else {
            int qmax = max / size;
            int rmax = max % size;
            if (qmin == qmax) {
                forms.add(seq(blocks(full, qmin, qmin), chars(rmin, rmax, where)));
            } else {
                forms.add(seq(blocks(full, qmin, qmin), chars(rmin, size - 1, where)));
                if (qmax - qmin >= 2) {
                    forms.add(seq(blocks(full, qmin + 1, qmax - 1), chars(0, size - 1, where)));
                }
                forms.add(seq(blocks(full, qmax, qmax), chars(0, rmax, where)));
            }
        }
        return seq(lit("\""), alt(forms), lit("\""));
    }

    private Expr blocks(Expr full, int min, int max) {
        if (max == 0) {
            return lit("");
        }
        return min == 1 && max == 1 ? full : new Expr.Repeat(full, min, max, span);
    }

    /** The body of string literals of {@code min} to {@code max} code points. */
    private Expr chars(int min, int max, String where) {
        ByteDfa body = lang.unquoted(lang.length(min, max, where), where);
        return automaton(body, min + " to " + max + " characters");
    }

    // ---- objects ----

    private Optional<Expr> object(Shape t, String where) {
        if (t.object == null) {
            return Optional.of(ref(anyObject()));
        }
        // In any order, the rules depend on the shape alone, and a shape reached again (through
        // another $ref to it, say) would otherwise get a second copy of its 2^n states.
        Optional<Expr> known = unorderedObjects.get(t.object);
        if (known != null) {
            return known;
        }
        ObjectLayout layout = layout(t.object, where);
        if (!layout.possible) {
            return Optional.empty();
        }
        String prefix = "o" + (fresh++);
        List<Expr> regionMembers = new ArrayList<>();
        for (ObjectLayout.Region r : layout.regions) {
            regionMembers.add(member(automaton(lang.quotedExcept(r.within(), r.excluded(), where), "key " + where),
                    r.value()));
        }
        Expr extra = regionMembers.isEmpty() ? null : alt(regionMembers);
        int min = t.object.minProperties;
        int max = t.object.maxProperties;
        int declared = layout.declared.size();
        if (max >= 0 && min > max) {
            return Optional.empty();
        }
        if (options.propertyOrder() != PropertyOrder.DECLARED) {
            Optional<Expr> written = unordered(layout, extra, min, max, where);
            unorderedObjects.put(t.object, written);
            return written;
        }
        // Counting states: how many members so far, capped where the count no longer matters (but
        // at least 1: whether a member was written decides the next separator).
        int cap = max >= 0 ? max : Math.max(min, 1);
        long states = (long) (declared + 2) * (cap + 1);
        if (states > options.maxRules()) {
            throw new JsonSchemaException(refusals.source(), where, "minProperties/maxProperties over "
                    + declared + " properties needs more than " + options.maxRules()
                    + " rules (limit JsonSchemaOptions.maxRules, CLI --max-rules)");
        }
        String body = objectRules(prefix, layout, cap, min, max, extra);
        long declarable = layout.declared.stream().filter(d -> d.value() != null).count();
        if (body == null && extra != null && min > declarable + 1) {
            // Only the first key outside the declared ones counts toward minProperties (they may
            // repeat), so this minimum is out of reach although distinct keys could meet it.
            refusals.refuse(where + "/minProperties", "minProperties " + min + " needs " + (min - declarable)
                    + " keys besides the declared properties, and a grammar cannot make those keys distinct "
                    + "(repeated keys would count twice), so only one of them is counted");
            body = objectRules("o" + (fresh++), layout, Math.max(max, 1), 0, max, extra);
        }
        if (body == null) {
            return Optional.empty();
        }
        return Optional.of(seq(lit("{"), ref(body)));
    }

    /** An object's members in any order ({@link PropertyOrder#ANY}); see {@link UnorderedMembers}. */
    private Optional<Expr> unordered(ObjectLayout layout, Expr extra, int min, int max, String where) {
        List<UnorderedMembers.Member> members = new ArrayList<>();
        for (ObjectLayout.Declared d : layout.declared) {
            if (d.value() != null) {
                members.add(new UnorderedMembers.Member(member(keyLiteral(d.key()), d.value()), d.required()));
            }
        }
        String start = unorderedRules(members, extra, min, max, where);
        if (start == null && extra != null && min > members.size() + 1) {
            // As in declared order: only the first other key counts toward minProperties.
            refusals.refuse(where + "/minProperties", "minProperties " + min + " needs " + (min - members.size())
                    + " keys besides the declared properties, and a grammar cannot make those keys distinct "
                    + "(repeated keys would count twice), so only one of them is counted");
            start = unorderedRules(members, extra, 0, max, where);
        }
        return start == null ? Optional.empty() : Optional.of(seq(lit("{"), ref(start)));
    }

    /**
     * The rules of members in any order (within the state budget), the closing {@code ws "}"}
     * included; the start rule, or null if none completes.
     */
    private String unorderedRules(List<UnorderedMembers.Member> members, Expr extra, int min, int max, String where) {
        UnorderedMembers.Result r = new UnorderedMembers("o" + (fresh++), members, extra, min, max, span, WS, comma(),
                close("}"), options.propertyOrder() == PropertyOrder.ANY_REPEATABLE)
                .build(options.maxOrderStates());
        if (r.repeatable()) {
            refusals.warn(where, members.size() + " properties in any order need more than " + options.maxOrderStates()
                    + " grammar states: they may come in any order, each required one once, but an optional one "
                    + "may repeat, as other keys may (limit JsonSchemaOptions.maxOrderStates, CLI --max-order-states)");
        } else if (r.blockSize() < members.size()) {
            refusals.warn(where, members.size() + " properties in any order need more than " + options.maxOrderStates()
                    + " grammar states: they may come in any order within blocks of " + r.blockSize()
                    + " consecutive declared properties, the blocks in declared order (limit "
                    + "JsonSchemaOptions.maxOrderStates, CLI --max-order-states)");
        }
        rules.addAll(r.rules());
        if (rules.size() > options.maxRules()) {
            throw new JsonSchemaException(refusals.source(), where, "the grammar needs more than "
                    + options.maxRules() + " rules (limit JsonSchemaOptions.maxRules, CLI --max-rules)");
        }
        return r.start();
    }

    /**
     * The rules of an object's members: rule (i, c) derives the members from declared key i on, c
     * members having been written (capped at {@code cap}). Built from the last key back, without
     * recursion, so objects with thousands of properties need no deep stack. The rules end with
     * the closing {@code ws "}"}, so that none derives the empty string (nullable elimination would
     * write each alternative that skips an optional key twice). Returns the name of rule (0, 0), or
     * null if no object completes.
     */
    private String objectRules(String prefix, ObjectLayout layout, int cap, int min, int max, Expr extra) {
        int n = layout.declared.size();
        PendingRules pending = new PendingRules();
        // The other keys, any number of them within the counts. Such a key may repeat (a grammar
        // cannot make keys distinct), and a parser keeps one value per key, so toward minProperties
        // only the first other key counts for sure: satisfied[c] is the tail after c members with
        // minProperties met; unmet[c], with it not met and no other key written yet.
        String[] satisfied = new String[cap + 1];
        String[] unmet = new String[cap + 1];
        Expr closing = close("}");
        for (int count = cap; count >= 0; count--) {
            List<Expr> alts = new ArrayList<>();
            alts.add(closing);
            if (extra != null && (max < 0 || count < max)) {
                if (max < 0) {
                    Expr more = new Expr.Repeat(seq(comma(), extra), 0, Expr.Repeat.UNBOUNDED, span);
                    alts.clear();
                    alts.add(count == 0 ? alt(List.of(closing, seq(ref(WS), extra, more, closing)))
                            : seq(more, closing));
                } else {
                    alts.add(seq(separator(count), extra, ref(satisfied[Math.min(count + 1, cap)])));
                }
            }
            satisfied[count] = pending.add(prefix + "_" + n + "_" + count, alts);
            boolean oneMore = extra != null && count + 1 >= min && (max < 0 || count < max);
            unmet[count] = !oneMore ? null : pending.add(prefix + "_" + n + "_" + count + "_unmet",
                    List.of(seq(separator(count), extra, ref(satisfied[Math.min(count + 1, cap)]))));
        }
        String[] after = new String[cap + 1]; // rule names for declared key i + 1, by count
        for (int count = 0; count <= cap; count++) {
            after[count] = count >= min ? satisfied[count] : unmet[count];
        }
        for (int i = n - 1; i >= 0; i--) {
            ObjectLayout.Declared d = layout.declared.get(i);
            Expr member = d.value() == null ? null : member(keyLiteral(d.key()), d.value());
            String[] here = new String[cap + 1];
            for (int count = Math.min(i, cap); count >= 0; count--) {
                List<Expr> alts = new ArrayList<>();
                if (!d.required() && after[count] != null) {
                    alts.add(ref(after[count]));
                }
                String next = after[Math.min(count + 1, cap)];
                if (member != null && (max < 0 || count < max) && next != null) {
                    alts.add(seq(separator(count), member, ref(next)));
                }
                here[count] = alts.isEmpty() ? null : pending.add(prefix + "_" + i + "_" + count, alts);
            }
            after = here;
        }
        if (after[0] != null) {
            pending.addReachable(after[0], rules);
        }
        return after[0];
    }

    /**
     * Rules built bottom-up (an object's member states), of which only those reachable from the
     * first are kept: the others would be reported as unused rules.
     */
    private final class PendingRules {
        private final Map<String, List<Expr>> bodies = new java.util.LinkedHashMap<>();

        String add(String name, List<Expr> alternatives) {
            bodies.put(name, alternatives);
            return name;
        }

        void addReachable(String root, List<Rule> into) {
            java.util.Set<String> seen = new java.util.LinkedHashSet<>();
            java.util.ArrayDeque<String> work = new java.util.ArrayDeque<>(List.of(root));
            while (!work.isEmpty()) {
                String name = work.pop();
                if (!seen.add(name)) {
                    continue;
                }
                for (Expr e : bodies.get(name)) {
                    collectRefs(e, work);
                }
            }
            bodies.forEach((name, alternatives) -> {
                if (seen.contains(name)) {
                    into.add(new Rule(name, alt(alternatives), span));
                }
            });
        }

        private void collectRefs(Expr e, java.util.Deque<String> out) {
            if (e instanceof Expr.Ref r && bodies.containsKey(r.name())) {
                out.push(r.name());
            } else if (e instanceof Expr.Seq q) {
                q.items().forEach(x -> collectRefs(x, out));
            } else if (e instanceof Expr.Alt a) {
                a.alternatives().forEach(x -> collectRefs(x, out));
            } else if (e instanceof Expr.Repeat r) {
                collectRefs(r.inner(), out);
            }
        }
    }

    private ObjectLayout layout(Shape.ObjectShape o, String where) {
        ObjectLayout known = layouts.get(o);
        if (known == null) {
            known = ObjectLayout.of(o, reader, lang, where);
            layouts.put(o, known);
        }
        return known;
    }

    private Expr separator(int count) {
        return count == 0 ? ref(WS) : comma();
    }

    private Expr member(Expr key, List<Located> value) {
        return seq(key, colon(), ref(ruleFor(value)));
    }

    private Expr keyLiteral(String key) {
        return keyLiterals.computeIfAbsent(key, k -> automaton(lang.quotedLiteral(k, ""),
                "\"" + k + "\""));
    }

    // ---- arrays ----

    private Optional<Expr> array(Shape t, String where) {
        if (t.array == null) {
            return Optional.of(ref(anyArray()));
        }
        ArrayShape a = t.array;
        int prefixLength = 0;
        for (ArrayClause c : a.clauses) {
            prefixLength = Math.max(prefixLength, c.prefix().size());
        }
        List<List<Located>> positions = new ArrayList<>();
        int max = a.maxItems;
        for (int i = 0; i < prefixLength; i++) {
            List<Located> p = position(a, i);
            if (!satisfiable(p)) {
                max = max < 0 ? i : Math.min(max, i);
                break;
            }
            positions.add(p);
        }
        List<Located> rest = position(a, Integer.MAX_VALUE);
        if ((max < 0 || max > positions.size()) && !satisfiable(rest)) {
            max = positions.size();
        }
        int min = a.minItems;
        if (max >= 0 && min > max) {
            return Optional.empty();
        }
        if (a.uniqueAt != null && (max < 0 || max > 1)) {
            refusals.refuse(a.uniqueAt, "uniqueItems is not supported (items of an array cannot be compared in a "
                    + "context-free grammar, except for tiny finite cases)");
        }
        List<Contains> contains = new ArrayList<>();
        for (Contains c : a.contains) {
            if (c.min() > 0 || c.max() >= 0) {
                contains.add(c);
            }
        }
        if (!contains.isEmpty()) {
            return containing(a, positions, rest, min, max, contains, where);
        }
        String prefix = "a" + (fresh++);
        int chain = Math.max(Math.max(positions.size(), min), 1);
        if (max >= 0) {
            chain = Math.min(chain, Math.max(max, 1));
        }
        if (chain > options.maxRules()) {
            throw new JsonSchemaException(refusals.source(), where, "minItems/prefixItems of " + chain
                    + " need more rules than the budget (JsonSchemaOptions.maxRules, CLI --max-rules)");
        }
        // after[i]: the rest of an array that has i items so far (1 <= i <= chain).
        String next = null;
        for (int i = chain; i >= 1; i--) {
            String name = prefix + "_" + i;
            List<Expr> alts = new ArrayList<>();
            if (i == chain) {
                int more = max < 0 ? Expr.Repeat.UNBOUNDED : max - chain;
                if (more != 0 && (i >= positions.size())) {
                    alts.add(new Expr.Repeat(seq(comma(), ref(ruleFor(rest))), Math.max(0, min - chain),
                            more, span));
                } else if (i >= min) {
                    alts.add(lit(""));
                }
            } else {
                if (i >= min) {
                    alts.add(lit(""));
                }
                if (max < 0 || i < max) {
                    alts.add(seq(comma(), ref(ruleFor(item(positions, rest, i))), ref(next)));
                }
            }
            rules.add(new Rule(name, alts.isEmpty() ? nothing(name) : alt(alts), span));
            next = name;
        }
        List<Expr> forms = new ArrayList<>();
        if (min == 0) {
            forms.add(empty("[", "]"));
        }
        if (max != 0) {
            forms.add(seq(open("["), ref(ruleFor(item(positions, rest, 0))), ref(next), close("]")));
        }
        return forms.isEmpty() ? Optional.empty() : Optional.of(alt(forms));
    }

    private static List<Located> item(List<List<Located>> positions, List<Located> rest, int i) {
        return i < positions.size() ? positions.get(i) : rest;
    }

    /** The schemas item {@code i} must satisfy (Integer.MAX_VALUE: any item past every prefix). */
    private static List<Located> position(ArrayShape a, int i) {
        List<Located> out = new ArrayList<>();
        for (ArrayClause c : a.clauses) {
            if (c.isMarker()) {
                continue;
            }
            if (c.isUnevaluated()) {
                if (!evaluatesItem(c.covers(), i)) {
                    out.add(c.rest());
                }
            } else if (i < c.prefix().size()) {
                out.add(c.prefix().get(i));
            } else if (c.rest() != null) {
                out.add(c.rest());
            }
        }
        return out;
    }

    private static boolean evaluatesItem(List<ArrayClause> clauses, int i) {
        for (ArrayClause c : clauses) {
            if (c.isUnevaluated() || c.rest() != null || i < c.prefix().size()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Arrays with {@code contains}: states (items so far, matches so far), both capped where they no
     * longer matter. Without {@code maxContains} an item may always be counted as "any item"; with it
     * a non-matching item must satisfy the negation of the contains schema.
     */
    private Optional<Expr> containing(ArrayShape a, List<List<Located>> positions, List<Located> rest, int min,
            int max, List<Contains> contains, String where) {
        if (contains.size() > 1 || !positions.isEmpty()) {
            refusals.refuse(contains.get(0).pointer(), "contains together with prefixItems or a second contains "
                    + "is not supported");
            return Optional.of(ref(anyArray()));
        }
        Contains c = contains.get(0);
        int need = c.min();
        int most = c.max();
        List<Located> matching = new ArrayList<>(rest);
        matching.add(c.schema());
        List<Located> other = rest;
        if (most >= 0) {
            List<Shape> negated = Complements.of(reader.read(List.of(c.schema())), lang, c.pointer())
                    .orElse(null);
            if (negated == null) {
                refusals.refuse(c.pointer(), "maxContains needs the negation of the contains schema, which cannot be "
                        + "expressed exactly");
                most = -1;
            } else {
                other = new ArrayList<>(rest);
                other.add(negation(c.schema()));
            }
        }
        if (max >= 0 && most >= 0 && most > max) {
            most = max;
        }
        int itemCap = max >= 0 ? max : Math.max(min, 1);
        int matchCap = most >= 0 ? most + 1 : need;
        if ((long) (itemCap + 1) * (matchCap + 1) > options.maxRules()) {
            throw new JsonSchemaException(refusals.source(), where, "contains with these counts needs more rules "
                    + "than the budget (JsonSchemaOptions.maxRules, CLI --max-rules)");
        }
        boolean matchingPossible = satisfiable(matching);
        boolean otherPossible = satisfiable(other);
        String prefix = "c" + (fresh++);
        Map<Long, String> memo = new HashMap<>();
        String first = containsRule(prefix, 0, 0, itemCap, matchCap, min, max, need, most, matchingPossible ? matching
                : null, otherPossible ? other : null, memo);
        List<Expr> forms = new ArrayList<>();
        if (min == 0 && need == 0) {
            forms.add(empty("[", "]"));
        }
        if (first != null) {
            forms.add(seq(lit("["), ref(first), close("]")));
        }
        return forms.isEmpty() ? Optional.empty() : Optional.of(alt(forms));
    }

    /** Rule for "one or more further items", n items and m matches so far; null if none completes. */
    private String containsRule(String prefix, int n, int m, int itemCap, int matchCap, int min, int max, int need,
            int most, List<Located> matching, List<Located> other, Map<Long, String> memo) {
        long key = ((long) n << 32) | m;
        if (memo.containsKey(key)) {
            return memo.get(key);
        }
        memo.put(key, null); // a loop at the caps is written below through the name
        String name = prefix + "_" + n + "_" + m;
        List<Expr> alts = new ArrayList<>();
        int n2 = Math.min(n + 1, itemCap);
        Expr sep = separator(n);
        if (matching != null && (most < 0 || m + 1 <= most)) {
            int m2 = Math.min(m + 1, matchCap);
            alts.addAll(step(prefix, sep, matching, n, n2, m, m2, itemCap, matchCap, min, max, need, most, matching,
                    other, memo, name));
        }
        if (other != null) {
            alts.addAll(step(prefix, sep, other, n, n2, m, m, itemCap, matchCap, min, max, need, most, matching, other,
                    memo, name));
        }
        if (alts.isEmpty()) {
            return null;
        }
        memo.put(key, name);
        rules.add(new Rule(name, alt(alts), span));
        return name;
    }

    private List<Expr> step(String prefix, Expr sep, List<Located> item, int n, int n2, int m, int m2, int itemCap,
            int matchCap, int min, int max, int need, int most, List<Located> matching, List<Located> other,
            Map<Long, String> memo, String self) {
        List<Expr> out = new ArrayList<>();
        Expr one = seq(sep, ref(ruleFor(item)));
        int count = n + 1;
        if (count >= min && m2 >= need && (max < 0 || count <= max)) {
            out.add(one); // the last item
        }
        if (max < 0 || count < max) {
            String next = n2 == n && m2 == m ? self
                    : containsRule(prefix, n2, m2, itemCap, matchCap, min, max, need, most, matching, other, memo);
            if (next != null) {
                out.add(seq(one, ref(next)));
            }
        }
        return out;
    }

    /** A schema node meaning "not s", with a stable identity per s (so rules are shared). */
    private Located negation(Located s) {
        ObjectNode not = negations.computeIfAbsent(s.node(), n -> {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            o.set("not", n);
            return o;
        });
        return new Located(not, s.base(), s.draft(), s.document(), s.pointer());
    }

    /**
     * The number texts of {@code numbers} (null: every number) that the options let a number be
     * spelled with ({@link JsonSchemaOptions#maxExponentDigits()}).
     */
    private ByteDfa spelled(ByteDfa numbers, String where) {
        int digits = options.maxExponentDigits();
        if (digits == JsonSchemaOptions.ANY_EXPONENT_DIGITS) {
            return numbers == null ? lang.anyNumber() : numbers;
        }
        return lang.intersect(numbers, lang.numbersWithExponentDigits(digits), where);
    }

    // ---- any value ----

    private String anyValue() {
        if (!anyValueWritten) {
            anyValueWritten = true;
            Expr string = automaton(lang.quoted(null, ""), "string");
            Expr number = automaton(spelled(null, ""), "number");
            rules.add(new Rule(ANY, alt(List.of(ref(anyObject()), ref(anyArray()), string, number, lit("true"),
                    lit("false"), lit("null"))), span));
            Expr member = seq(string, colon(), ref(ANY));
            rules.add(new Rule("any_object", alt(List.of(empty("{", "}"),
                    seq(open("{"), member, new Expr.Repeat(seq(comma(), member), 0,
                            Expr.Repeat.UNBOUNDED, span), close("}")))), span));
            rules.add(new Rule("any_array", alt(List.of(empty("[", "]"),
                    seq(open("["), ref(ANY), new Expr.Repeat(seq(comma(), ref(ANY)), 0,
                            Expr.Repeat.UNBOUNDED, span), close("]")))), span));
        }
        return ANY;
    }

    private String anyObject() {
        anyValue();
        return "any_object";
    }

    private String anyArray() {
        anyValue();
        return "any_array";
    }

    // ---- enum and const values ----

    /**
     * The JSON text of value {@code v} (which shape {@code t} admits): every spelling of its strings,
     * and of its numbers those the schema at their position allows (draft 4's integer type refuses
     * {@code 12.0}), whitespace between tokens. Object keys in any order (with
     * {@link PropertyOrder#DECLARED}, in the value's order).
     */
    private Expr literal(JsonNode v, Shape t, String where) {
        if (v.isNull()) {
            return lit("null");
        } else if (v.isBoolean()) {
            return lit(v.booleanValue() ? "true" : "false");
        } else if (v.isTextual()) {
            return automaton(lang.quotedLiteral(v.asText(), where), quote(v.asText()));
        } else if (v.isNumber()) {
            return automaton(spelled(lang.intersect(lang.exactNumber(v.decimalValue(), where), t.number, where),
                    where), JsonValues.numberText(v));
        } else if (v.isArray()) {
            if (v.isEmpty()) {
                return empty("[", "]");
            }
            List<Expr> parts = new ArrayList<>(List.of(open("[")));
            for (int i = 0; i < v.size(); i++) {
                if (i > 0) {
                    parts.add(comma());
                }
                parts.add(literalIn(v.get(i), t.array == null ? List.of() : position(t.array, i), where));
            }
            parts.add(close("]"));
            return seq(parts.toArray(Expr[]::new));
        } else if (v.isObject()) {
            if (v.isEmpty()) {
                return empty("{", "}");
            }
            ObjectLayout layout = t.object == null ? null : layout(t.object, where);
            if (options.propertyOrder() != PropertyOrder.DECLARED && v.size() > 1) {
                List<UnorderedMembers.Member> members = new ArrayList<>();
                for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> e = it.next();
                    members.add(new UnorderedMembers.Member(seq(keyLiteral(e.getKey()), colon(),
                            literalIn(e.getValue(), layout == null ? List.of() : layout.valueOf(e.getKey()), where)),
                            true));
                }
                String start = unorderedRules(members, null, 0, -1, where);
                assert start != null : "an object value always completes";
                return seq(lit("{"), ref(start));
            }
            List<Expr> parts = new ArrayList<>(List.of(open("{")));
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!first) {
                    parts.add(comma());
                }
                first = false;
                parts.addAll(List.of(keyLiteral(e.getKey()), colon(),
                        literalIn(e.getValue(), layout == null ? List.of() : layout.valueOf(e.getKey()), where)));
            }
            parts.add(close("}"));
            return seq(parts.toArray(Expr[]::new));
        }
        throw new IllegalArgumentException("not a JSON value: " + v);
    }

    /** {@link #literal} of a value inside an enum/const value, under the schemas of its position. */
    private Expr literalIn(JsonNode v, List<Located> conjunction, String where) {
        if (conjunction.isEmpty()) {
            return literal(v, new Shape(), where);
        }
        List<Expr> alternatives = new ArrayList<>();
        for (Shape t : reader.read(conjunction)) {
            if (admits(t, v, where)) {
                alternatives.add(literal(v, t, where));
            }
        }
        if (alternatives.isEmpty()) {
            throw new IllegalStateException("an admitted value has a part no shape admits: " + v + " at " + where);
        }
        return alt(alternatives);
    }

    /** Whether value {@code v} satisfies shape {@code t} (every constraint but t's own value list). */
    boolean admits(Shape t, JsonNode v, String where) {
        int type = JsonValues.typeBit(v);
        if (!t.allows(type)) {
            return false;
        }
        switch (type) {
            case Shape.BOOLEAN:
                return v.booleanValue() ? t.trueAllowed : t.falseAllowed;
            case Shape.STRING:
                int chars = v.asText().codePointCount(0, v.asText().length());
                return chars >= t.minChars && (t.maxChars < 0 || chars <= t.maxChars)
                        && (t.string == null || t.string.matches(v.asText().getBytes(StandardCharsets.UTF_8)));
            case Shape.NUMBER:
                return t.number == null || t.number.matches(JsonValues.numberText(v).getBytes(StandardCharsets.UTF_8));
            case Shape.ARRAY:
                return t.array == null || admitsArray(t.array, v, where);
            case Shape.OBJECT:
                return t.object == null || admitsObject(t.object, v, where);
            default:
                return true;
        }
    }

    private boolean admitsAll(List<Located> conjunction, JsonNode v, String where) {
        for (Shape t : reader.read(conjunction)) {
            if (admits(t, v, where) && (t.values == null || t.values.stream().anyMatch(w -> JsonValues.equal(v, w)))) {
                return true;
            }
        }
        return false;
    }

    private boolean admitsArray(ArrayShape a, JsonNode v, String where) {
        if (v.size() < a.minItems || (a.maxItems >= 0 && v.size() > a.maxItems)) {
            return false;
        }
        for (int i = 0; i < v.size(); i++) {
            if (!admitsAll(position(a, i), v.get(i), where)) {
                return false;
            }
        }
        for (Contains c : a.contains) {
            int matches = 0;
            for (JsonNode item : v) {
                if (admitsAll(List.of(c.schema()), item, where)) {
                    matches++;
                }
            }
            if (matches < c.min() || (c.max() >= 0 && matches > c.max())) {
                return false;
            }
        }
        if (a.uniqueAt != null) {
            for (int i = 0; i < v.size(); i++) {
                for (int j = i + 1; j < v.size(); j++) {
                    if (JsonValues.equal(v.get(i), v.get(j))) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    private boolean admitsObject(Shape.ObjectShape o, JsonNode v, String where) {
        if (v.size() < o.minProperties || (o.maxProperties >= 0 && v.size() > o.maxProperties)) {
            return false;
        }
        for (String r : o.required) {
            if (!v.has(r)) {
                return false;
            }
        }
        ObjectLayout layout = layout(o, where);
        Map<String, ObjectLayout.Declared> declared = layout.byKey();
        for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            ObjectLayout.Declared d = declared.get(e.getKey());
            if (d != null) {
                if (d.value() == null || !admitsAll(d.value(), e.getValue(), where)) {
                    return false;
                }
                continue;
            }
            byte[] key = e.getKey().getBytes(StandardCharsets.UTF_8);
            boolean found = false;
            for (ObjectLayout.Region r : layout.regions) {
                if (r.admits(e.getKey(), key) && admitsAll(r.value(), e.getValue(), where)) {
                    found = true;
                    break;
                }
            }
            if (!found) {
                return false;
            }
        }
        return true;
    }

    // ---- AST helpers ----

    private Expr automaton(ByteDfa dfa, String description) {
        return new Expr.Automaton(dfa, description, span);
    }

    private Expr lit(String text) {
        return new Expr.Literal(text, span);
    }

    private Expr ref(String name) {
        return new Expr.Ref(name, span);
    }

    private Expr seq(Expr... items) {
        return items.length == 1 ? items[0] : new Expr.Seq(List.of(items), span);
    }

    private Expr alt(List<Expr> alternatives) {
        return alternatives.size() == 1 ? alternatives.get(0) : new Expr.Alt(alternatives, span);
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
