package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;

/** The intersection of two shapes: what a value satisfying both must satisfy. */
final class Intersection {
    private Intersection() {
    }

    static Shape of(Shape x, Shape y, Languages lang, String where) {
        Shape s = x.copy();
        s.types &= y.types;
        s.trueAllowed &= y.trueAllowed;
        s.falseAllowed &= y.falseAllowed;
        if (s.allows(Shape.STRING)) {
            s.string = lang.intersect(x.string, y.string, where);
            s.minChars = Math.max(x.minChars, y.minChars);
            s.maxChars = x.maxChars < 0 ? y.maxChars : y.maxChars < 0 ? x.maxChars : Math.min(x.maxChars, y.maxChars);
        }
        if (s.allows(Shape.NUMBER)) {
            s.number = lang.intersect(x.number, y.number, where);
        }
        if (y.object != null) {
            Shape.ObjectShape o = s.object();
            Shape.ObjectShape b = y.object;
            o.clauses.addAll(b.clauses);
            o.required.addAll(b.required);
            o.forbidden.addAll(b.forbidden);
            o.minProperties = Math.max(o.minProperties, b.minProperties);
            if (b.maxProperties >= 0) {
                o.maxProperties = o.maxProperties < 0 ? b.maxProperties : Math.min(o.maxProperties, b.maxProperties);
            }
            if (b.propertyNames != null) {
                o.propertyNames = lang.intersect(o.propertyNames, b.propertyNames, where);
            }
        }
        if (y.array != null) {
            Shape.ArrayShape a = s.array();
            Shape.ArrayShape b = y.array;
            a.clauses.addAll(b.clauses);
            a.contains.addAll(b.contains);
            a.minItems = Math.max(a.minItems, b.minItems);
            if (b.maxItems >= 0) {
                a.maxItems = a.maxItems < 0 ? b.maxItems : Math.min(a.maxItems, b.maxItems);
            }
            if (a.uniqueAt == null) {
                a.uniqueAt = b.uniqueAt;
            }
        }
        if (y.values != null) {
            if (s.values == null) {
                s.values = new ArrayList<>(y.values);
            } else {
                s.values.removeIf(v -> {
                    for (JsonNode w : y.values) {
                        if (JsonValues.equal(v, w)) {
                            return false;
                        }
                    }
                    return true;
                });
            }
        }
        return s;
    }
}
