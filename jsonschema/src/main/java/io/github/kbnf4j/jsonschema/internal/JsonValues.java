package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.grammar.internal.automata.JsonStringExclusion;
import java.util.Iterator;
import java.util.Map;

/**
 * JSON value equality as JSON Schema defines it ({@code 1} equals {@code 1.0}), type bits, and
 * whether a value holds a string no document holds.
 */
final class JsonValues {
    private JsonValues() {
    }

    static boolean equal(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.getNodeType() != b.getNodeType()) {
            return false;
        }
        if (a.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!equal(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode other = b.get(e.getKey());
                if (other == null || !equal(e.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /** Whether a string of {@code v}, or a key of one of its objects, holds a lone surrogate. */
    static boolean holdsLoneSurrogate(JsonNode v) {
        if (v.isTextual()) {
            return JsonStringExclusion.hasLoneSurrogate(v.asText());
        }
        if (v.isArray()) {
            for (JsonNode item : v) {
                if (holdsLoneSurrogate(item)) {
                    return true;
                }
            }
        } else if (v.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (JsonStringExclusion.hasLoneSurrogate(e.getKey()) || holdsLoneSurrogate(e.getValue())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The {@link Shape} type bit of a value. */
    static int typeBit(JsonNode v) {
        return switch (v.getNodeType()) {
            case NULL -> Shape.NULL;
            case BOOLEAN -> Shape.BOOLEAN;
            case OBJECT, POJO -> Shape.OBJECT;
            case ARRAY -> Shape.ARRAY;
            case STRING, BINARY -> Shape.STRING;
            case NUMBER -> Shape.NUMBER;
            default -> 0;
        };
    }

    /** A JSON number text for a number node: its exact decimal value, plain. */
    static String numberText(JsonNode v) {
        return v.decimalValue().toPlainString();
    }
}
