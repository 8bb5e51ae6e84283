package io.github.kbnf4j.runtime.internal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one JSON value from a streaming parser into plain Java objects: {@code Map<String, Object>}
 * (in document order), {@code List<Object>}, {@code String}, {@code Integer}/{@code Long}/
 * {@code BigInteger}, {@code Double}, {@code Boolean}, or {@code null}. For the small parts of a
 * tokenizer file (decoder, added tokens); the loaders stream the large parts. Iterative, so the
 * nesting depth is bounded only by the parser's own limit. (jackson-databind's tree would do the
 * same, but its start-up costs a quarter of a second on the first load.)
 *
 * <p>Thread-safety: stateless.
 */
final class JsonValues {
    private JsonValues() {
    }

    /** Reads the value whose first token is the parser's current token; leaves the parser on its last token. */
    @SuppressWarnings("unchecked")
    static Object read(JsonParser p) throws IOException {
        ArrayDeque<Object> open = new ArrayDeque<>();
        ArrayDeque<String> names = new ArrayDeque<>();
        JsonToken t = p.currentToken();
        while (true) {
            if (t == null) {
                throw new IOException("unexpected end of JSON input");
            }
            Object value;
            switch (t) {
                case START_OBJECT:
                    open.push(new LinkedHashMap<String, Object>());
                    t = p.nextToken();
                    continue;
                case START_ARRAY:
                    open.push(new ArrayList<Object>());
                    t = p.nextToken();
                    continue;
                case FIELD_NAME:
                    names.push(p.currentName());
                    t = p.nextToken();
                    continue;
                case END_OBJECT:
                case END_ARRAY:
                    value = open.pop();
                    break;
                case VALUE_STRING:
                    value = p.getText();
                    break;
                case VALUE_NUMBER_INT:
                    value = p.getNumberValue();
                    break;
                case VALUE_NUMBER_FLOAT:
                    value = p.getDoubleValue();
                    break;
                case VALUE_TRUE:
                    value = Boolean.TRUE;
                    break;
                case VALUE_FALSE:
                    value = Boolean.FALSE;
                    break;
                default: // VALUE_NULL, VALUE_EMBEDDED_OBJECT
                    value = null;
                    break;
            }
            if (open.isEmpty()) {
                return value;
            }
            Object top = open.peek();
            if (top instanceof Map) {
                ((Map<String, Object>) top).put(names.pop(), value);
            } else {
                ((List<Object>) top).add(value);
            }
            t = p.nextToken();
        }
    }

    /** {@code value.get(key)} if value is an object, else null. */
    static Object get(Object value, String key) {
        return value instanceof Map ? ((Map<?, ?>) value).get(key) : null;
    }

    /** {@code value.get(key)} if that is a string, else null. */
    static String string(Object value, String key) {
        Object v = get(value, key);
        return v instanceof String ? (String) v : null;
    }

    /** Whether {@code v} is an integer that fits an {@code int}. */
    static boolean isInt(Object v) {
        return (v instanceof Integer) || (v instanceof Long && (long) (Long) v == (int) (long) (Long) v);
    }

    /** A compact rendering for messages (at most about 200 characters). */
    static String show(Object v) {
        String s = String.valueOf(v);
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }
}
