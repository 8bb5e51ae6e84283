package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The complement of a union of shapes ({@code not}, and the {@code else} side of {@code if}), where it
 * can be expressed as a union of shapes: types, booleans, null, string and number languages (automata
 * complements), scalar {@code enum}/{@code const}, {@code required} and the counts of objects and
 * arrays. Anything else about objects or arrays (property schemas, items, contains) has no exact
 * complement here: the result is then empty, and the caller refuses.
 */
final class Complements {
    private Complements() {
    }

    /** ¬(t1 ∨ … ∨ tn) = ¬t1 ∧ … ∧ ¬tn, or empty if some ¬ti cannot be expressed. */
    static Optional<List<Shape>> of(List<Shape> union, Languages lang, String where) {
        List<Shape> result = new ArrayList<>(List.of(new Shape()));
        for (Shape t : union) {
            Optional<List<Shape>> not = of(t, lang, where);
            if (not.isEmpty()) {
                return Optional.empty();
            }
            List<Shape> next = new ArrayList<>();
            for (Shape a : result) {
                for (Shape b : not.get()) {
                    next.add(Intersection.of(a, b, lang, where));
                }
            }
            result = ShapeReader.prune(next);
        }
        return Optional.of(result);
    }

    private static Optional<List<Shape>> of(Shape t, Languages lang, String where) {
        List<Shape> out = new ArrayList<>();
        int other = Shape.ALL & ~t.types;
        if (other != 0) {
            Shape s = new Shape();
            s.types = other;
            out.add(s);
        }
        if (t.allows(Shape.NULL) && t.values != null && t.values.stream().noneMatch(JsonNode::isNull)) {
            out.add(only(Shape.NULL));
        }
        if (t.allows(Shape.BOOLEAN)) {
            boolean yes = t.trueAllowed && (t.values == null || t.values.stream().anyMatch(v -> v.isBoolean()
                    && v.booleanValue()));
            boolean no = t.falseAllowed && (t.values == null || t.values.stream().anyMatch(v -> v.isBoolean()
                    && !v.booleanValue()));
            if (!yes || !no) {
                Shape s = only(Shape.BOOLEAN);
                s.trueAllowed = !yes;
                s.falseAllowed = !no;
                out.add(s);
            }
        }
        if (t.allows(Shape.STRING)) {
            if (t.hasLengthBounds()) {
                // Not (S and L) = not S, or a length outside L (S: t's other string constraints).
                if (t.minChars > 0) {
                    Shape shorter = only(Shape.STRING);
                    shorter.maxChars = t.minChars - 1;
                    out.add(shorter);
                }
                if (t.maxChars >= 0) {
                    Shape longer = only(Shape.STRING);
                    longer.minChars = t.maxChars + 1;
                    out.add(longer);
                }
            }
            ByteDfa strings = t.string;
            if (t.values != null) {
                ByteDfa listed = ByteDfa.emptyLanguage();
                for (JsonNode v : t.values) {
                    if (v.isTextual()) {
                        listed = lang.union(listed, lang.literal(v.asText()), where);
                    }
                }
                strings = lang.intersect(strings, listed, where);
            }
            if (strings != null) {
                Shape s = only(Shape.STRING);
                s.string = lang.complement(strings, where);
                out.add(s);
            }
        }
        if (t.allows(Shape.NUMBER)) {
            ByteDfa numbers = t.number;
            if (t.values != null) {
                ByteDfa listed = ByteDfa.emptyLanguage();
                for (JsonNode v : t.values) {
                    if (v.isNumber()) {
                        listed = lang.union(listed, lang.exactNumber(v.decimalValue(), where), where);
                    }
                }
                numbers = lang.intersect(numbers, listed, where);
            }
            if (numbers != null) {
                Shape s = only(Shape.NUMBER);
                s.number = lang.numberComplement(numbers, where);
                out.add(s);
            }
        }
        boolean structuredValues = t.values != null
                && t.values.stream().anyMatch(v -> v.isObject() || v.isArray());
        if (t.allows(Shape.OBJECT)) {
            if (structuredValues) {
                return Optional.empty();
            }
            Shape.ObjectShape o = t.object;
            if (o != null) {
                if (!o.clauses.isEmpty() || !o.forbidden.isEmpty() || o.propertyNames != null) {
                    return Optional.empty();
                }
                for (String key : o.required) {
                    Shape s = only(Shape.OBJECT);
                    s.object().forbidden.add(key);
                    out.add(s);
                }
                if (o.minProperties > 0) {
                    Shape s = only(Shape.OBJECT);
                    s.object().maxProperties = o.minProperties - 1;
                    out.add(s);
                }
                if (o.maxProperties >= 0) {
                    Shape s = only(Shape.OBJECT);
                    s.object().minProperties = o.maxProperties + 1;
                    out.add(s);
                }
            }
        }
        if (t.allows(Shape.ARRAY)) {
            if (structuredValues) {
                return Optional.empty();
            }
            Shape.ArrayShape a = t.array;
            if (a != null) {
                if (!a.clauses.isEmpty() || !a.contains.isEmpty() || a.uniqueAt != null) {
                    return Optional.empty();
                }
                if (a.minItems > 0) {
                    Shape s = only(Shape.ARRAY);
                    s.array().maxItems = a.minItems - 1;
                    out.add(s);
                }
                if (a.maxItems >= 0) {
                    Shape s = only(Shape.ARRAY);
                    s.array().minItems = a.maxItems + 1;
                    out.add(s);
                }
            }
        }
        return Optional.of(ShapeReader.prune(out));
    }

    private static Shape only(int type) {
        Shape s = new Shape();
        s.types = type;
        return s;
    }
}
