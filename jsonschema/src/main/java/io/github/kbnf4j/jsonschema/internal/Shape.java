package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One conjunction of constraints, kept apart by JSON type: which types are allowed and what each
 * allowed type must satisfy. A schema means a union of shapes (its {@code anyOf}, {@code oneOf} and
 * negations distribute into several). Mutable while a schema is read; {@link #copy} before a branch.
 */
final class Shape {
    static final int NULL = 1;
    static final int BOOLEAN = 2;
    static final int OBJECT = 4;
    static final int ARRAY = 8;
    static final int STRING = 16;
    static final int NUMBER = 32;
    static final int ALL = 63;

    /** Allowed types (bits above); integers are numbers whose {@link #number} language has no fraction. */
    int types = ALL;
    boolean trueAllowed = true;
    boolean falseAllowed = true;
    /**
     * The decoded string values allowed, as UTF-8 (null: every string), before the length bounds
     * below: those are kept apart because a large {@code maxLength} has no small automaton (the
     * grammar builder writes such strings as blocks of characters instead).
     */
    ByteDfa string;
    /** Fewest code points of a string ({@code minLength}). */
    int minChars;
    /** Most code points of a string ({@code maxLength}); -1: no bound. */
    int maxChars = -1;
    /** The JSON number texts allowed (null: every number). */
    ByteDfa number;
    /** Object constraints (null: every object). */
    ObjectShape object;
    /** Array constraints (null: every array). */
    ArrayShape array;
    /** If not null, only these values (enum/const), each still subject to the rest. */
    List<JsonNode> values;

    Shape copy() {
        Shape s = new Shape();
        s.types = types;
        s.trueAllowed = trueAllowed;
        s.falseAllowed = falseAllowed;
        s.string = string;
        s.minChars = minChars;
        s.maxChars = maxChars;
        s.number = number;
        s.object = object == null ? null : object.copy();
        s.array = array == null ? null : array.copy();
        s.values = values == null ? null : new ArrayList<>(values);
        return s;
    }

    /** Whether the length bounds restrict strings at all. */
    boolean hasLengthBounds() {
        return minChars > 0 || maxChars >= 0;
    }

    boolean allows(int type) {
        return (types & type) != 0;
    }

    ObjectShape object() {
        if (object == null) {
            object = new ObjectShape();
        }
        return object;
    }

    ArrayShape array() {
        if (array == null) {
            array = new ArrayShape();
        }
        return array;
    }

    /**
     * What one schema object says about the properties of an object: its own keywords only.
     * Three kinds: an ordinary clause ({@code properties}, {@code patternProperties},
     * {@code additionalProperties}); an {@code unevaluatedProperties} clause ({@code covers} not
     * null: the clauses of its schema's subtree, whose keys it does not constrain; {@code additional}
     * is its schema); and a marker ({@code marker} not null) that only notes where a subtree began.
     */
    record ObjectClause(Map<String, Located> properties, List<PatternSchema> patterns, Located additional,
            List<ObjectClause> covers, Object marker) {
        static ObjectClause of(Map<String, Located> properties, List<PatternSchema> patterns, Located additional) {
            return new ObjectClause(properties, patterns, additional, null, null);
        }

        static ObjectClause marker(Object token) {
            return new ObjectClause(Map.of(), List.of(), null, null, token);
        }

        static ObjectClause unevaluated(List<ObjectClause> covers, Located schema) {
            return new ObjectClause(Map.of(), List.of(), schema, List.copyOf(covers), null);
        }

        boolean isMarker() {
            return marker != null;
        }

        boolean isUnevaluated() {
            return covers != null;
        }
    }

    /** A {@code patternProperties} entry: the key language (decoded UTF-8) and the value's schema. */
    record PatternSchema(String pattern, ByteDfa keys, Located schema) {
    }

    /** Constraints on objects, gathered from every schema object of the conjunction. */
    static final class ObjectShape {
        final List<ObjectClause> clauses = new ArrayList<>();
        final Set<String> required = new LinkedHashSet<>();
        /** Keys that must be absent (from negated {@code required}). */
        final Set<String> forbidden = new LinkedHashSet<>();
        int minProperties;
        int maxProperties = -1;
        /** The allowed keys' decoded UTF-8 (null: any key). */
        ByteDfa propertyNames;

        ObjectShape copy() {
            ObjectShape o = new ObjectShape();
            o.clauses.addAll(clauses);
            o.required.addAll(required);
            o.forbidden.addAll(forbidden);
            o.minProperties = minProperties;
            o.maxProperties = maxProperties;
            o.propertyNames = propertyNames;
            return o;
        }
    }

    /**
     * What one schema object says about array items: its positional schemas and the rest's. As
     * for objects, an {@code unevaluatedItems} clause ({@code covers} not null, {@code rest} its
     * schema) and a marker ({@code marker} not null) are clauses too.
     */
    record ArrayClause(List<Located> prefix, Located rest, List<ArrayClause> covers, Object marker) {
        static ArrayClause of(List<Located> prefix, Located rest) {
            return new ArrayClause(prefix, rest, null, null);
        }

        static ArrayClause marker(Object token) {
            return new ArrayClause(List.of(), null, null, token);
        }

        static ArrayClause unevaluated(List<ArrayClause> covers, Located schema) {
            return new ArrayClause(List.of(), schema, List.copyOf(covers), null);
        }

        boolean isMarker() {
            return marker != null;
        }

        boolean isUnevaluated() {
            return covers != null;
        }
    }

    /** {@code contains} with its bounds. */
    record Contains(Located schema, int min, int max, String pointer) {
    }

    /** Constraints on arrays, gathered from every schema object of the conjunction. */
    static final class ArrayShape {
        final List<ArrayClause> clauses = new ArrayList<>();
        final List<Contains> contains = new ArrayList<>();
        int minItems;
        int maxItems = -1;
        /** Where {@code uniqueItems: true} was said, or null. */
        String uniqueAt;

        ArrayShape copy() {
            ArrayShape a = new ArrayShape();
            a.clauses.addAll(clauses);
            a.contains.addAll(contains);
            a.minItems = minItems;
            a.maxItems = maxItems;
            a.uniqueAt = uniqueAt;
            return a;
        }
    }
}
