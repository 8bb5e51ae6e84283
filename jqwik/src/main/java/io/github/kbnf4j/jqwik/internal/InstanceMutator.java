package io.github.kbnf4j.jqwik.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.kbnf4j.jqwik.InvalidInstance.Violation;
import io.github.kbnf4j.jsonschema.SchemaDraft;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Turns a valid instance of a JSON Schema into invalid ones, each by one change that certainly
 * breaks one keyword: the instance and the schema are walked together through the keywords that
 * always apply to a sub-value ({@code properties}, {@code additionalProperties},
 * {@code items}/{@code prefixItems}/{@code additionalItems}, {@code allOf} and local {@code $ref}s;
 * never through {@code anyOf}, {@code oneOf}, {@code not} or conditionals, where a change may be
 * allowed by another branch), and at each value every assertion keyword there proposes a change:
 * a value of a disallowed type, a removed required property, an added forbidden property, a number
 * out of range, a string too short, too long or missing the pattern, an array or object of the
 * wrong size, a value outside the enum. Where the root has no {@code type}, {@code enum} or
 * {@code const}, whole other values are proposed too, as {@link Violation#OTHER}.
 *
 * <p>In drafts 4 to 7 a {@code $ref} hides its sibling keywords (so they are not used); from
 * 2019-09 on they apply too. References other than {@code #...} within the document are not
 * followed. Patterns are read with {@code java.util.regex}, close to but not exactly ECMA-262: the
 * caller confirms every candidate with the schema's grammar.
 *
 * <p>Thread-safe: immutable.
 */
public final class InstanceMutator {
    /** How deep $ref and allOf chains are followed at one value (a guard against cycles). */
    private static final int MAX_EXPANSION = 16;
    /** Sizes beyond which a "one too many" change is not proposed (it would be a huge value). */
    private static final int MAX_GROWTH = 1000;
    private static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);
    private static final String EXTRA_KEY = "kbnf4j-extra-property";

    private final JsonNode root;
    private final boolean refHidesSiblings;
    private final boolean tupleItems; // items as an array (drafts before 2020-12)

    /** A mutator for {@code schema}, whose draft is its {@code $schema}, else {@code defaultDraft}. */
    public InstanceMutator(JsonNode schema, SchemaDraft defaultDraft) {
        this.root = schema;
        SchemaDraft draft = defaultDraft;
        if (schema.isObject() && schema.path("$schema").isTextual()) {
            String uri = schema.get("$schema").asText();
            draft = SchemaDraft.forMetaSchema(uri).orElse(defaultDraft);
        }
        this.refHidesSiblings = !draft.atLeast(SchemaDraft.DRAFT_2019_09);
        this.tupleItems = !draft.atLeast(SchemaDraft.DRAFT_2020_12);
    }

    /** One proposed invalid instance: the whole changed value, and what was changed. */
    public record Candidate(JsonNode instance, Violation violation, String pointer, String detail) {
    }

    /** Every change this mutator proposes for {@code instance} (not changed), in a fixed order. */
    public List<Candidate> candidates(JsonNode instance) {
        List<Candidate> out = new ArrayList<>();
        visit(instance, expand(root, 0, new ArrayList<>()), new ArrayList<>(), instance, out);
        if (out.stream().noneMatch(c -> c.pointer().isEmpty()
                && (c.violation() == Violation.WRONG_TYPE || c.violation() == Violation.NOT_IN_ENUM))) {
            // No keyword at the root says what the value must be: try other values whole; the
            // grammar tells which ones the schema rejects.
            for (JsonNode other : otherTypes()) {
                out.add(new Candidate(other.deepCopy(), Violation.OTHER, "", "replaced by " + other));
            }
            out.add(new Candidate(otherValues().get(0), Violation.OTHER, "", "replaced by " + otherValues().get(0)));
        }
        return out;
    }

    /** The schemas that apply at a value: {@code s}, what its local $ref points to, its allOf members, recursively. */
    private List<JsonNode> expand(JsonNode s, int depth, List<JsonNode> into) {
        if (s == null || !s.isObject() || depth > MAX_EXPANSION) {
            return into;
        }
        JsonNode ref = s.get("$ref");
        JsonNode target = ref != null && ref.isTextual() ? resolve(ref.asText()) : null;
        if (ref != null && refHidesSiblings) {
            return expand(target, depth + 1, into);
        }
        into.add(s);
        expand(target, depth + 1, into);
        JsonNode all = s.get("allOf");
        if (all != null && all.isArray()) {
            for (JsonNode m : all) {
                expand(m, depth + 1, into);
            }
        }
        return into;
    }

    /** The schema a local reference {@code #...} points to, or null. */
    private JsonNode resolve(String ref) {
        if (!ref.startsWith("#")) {
            return null;
        }
        String pointer = percentDecode(ref.substring(1));
        if (pointer.isEmpty()) {
            return root;
        }
        if (!pointer.startsWith("/")) {
            return null; // an anchor name, not a pointer
        }
        JsonNode t = root.at(pointer);
        return t.isMissingNode() ? null : t;
    }

    private static String percentDecode(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        byte[] out = new byte[s.length()];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int hex = c == '%' && i + 2 < s.length() ? hexByte(s, i + 1) : -1;
            if (hex >= 0) {
                out[n++] = (byte) hex;
                i += 2;
            } else {
                for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
                    if (n == out.length) {
                        out = java.util.Arrays.copyOf(out, n * 2 + 4);
                    }
                    out[n++] = b;
                }
            }
        }
        return new String(out, 0, n, StandardCharsets.UTF_8);
    }

    private static int hexByte(String s, int at) {
        int hi = Character.digit(s.charAt(at), 16);
        int lo = Character.digit(s.charAt(at + 1), 16);
        return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
    }

    private void visit(JsonNode v, List<JsonNode> schemas, List<Object> path, JsonNode whole, List<Candidate> out) {
        for (JsonNode s : schemas) {
            propose(v, s, path, whole, out);
        }
        if (v.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = v.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                List<JsonNode> child = new ArrayList<>();
                for (JsonNode s : schemas) {
                    JsonNode props = s.get("properties");
                    if (props != null && props.has(f.getKey())) {
                        expand(props.get(f.getKey()), 0, child);
                    } else if (!s.has("patternProperties") && s.path("additionalProperties").isObject()) {
                        expand(s.get("additionalProperties"), 0, child);
                    }
                }
                if (!child.isEmpty()) {
                    path.add(f.getKey());
                    visit(f.getValue(), child, path, whole, out);
                    path.remove(path.size() - 1);
                }
            }
        } else if (v.isArray()) {
            for (int i = 0; i < v.size(); i++) {
                List<JsonNode> child = new ArrayList<>();
                for (JsonNode s : schemas) {
                    expand(itemSchema(s, i), 0, child);
                }
                if (!child.isEmpty()) {
                    path.add(i);
                    visit(v.get(i), child, path, whole, out);
                    path.remove(path.size() - 1);
                }
            }
        }
    }

    /** The schema that always applies to item {@code i} of an array under {@code s}, or null. */
    private JsonNode itemSchema(JsonNode s, int i) {
        JsonNode items = s.get("items");
        if (tupleItems) {
            if (items != null && items.isArray()) {
                return i < items.size() ? items.get(i) : s.path("additionalItems").isObject() ? s.get("additionalItems") : null;
            }
            return items != null && items.isObject() ? items : null;
        }
        JsonNode prefix = s.get("prefixItems");
        int prefixSize = prefix != null && prefix.isArray() ? prefix.size() : 0;
        if (i < prefixSize) {
            return prefix.get(i);
        }
        return items != null && items.isObject() ? items : null;
    }

    private void propose(JsonNode v, JsonNode s, List<Object> path, JsonNode whole, List<Candidate> out) {
        String pointer = pointer(path);
        JsonNode type = s.get("type");
        if (type != null) {
            for (JsonNode other : otherTypes()) {
                if (!typeAllows(type, other)) {
                    out.add(new Candidate(replaced(whole, path, other), Violation.WRONG_TYPE, pointer,
                            "type " + type + ": " + other));
                }
            }
        }
        for (String key : new String[] {"enum", "const"}) {
            JsonNode allowed = s.get(key);
            if (allowed == null) {
                continue;
            }
            for (JsonNode other : otherValues()) {
                if (key.equals("enum") ? !contains(allowed, other) : !sameValue(allowed, other)) {
                    out.add(new Candidate(replaced(whole, path, other), Violation.NOT_IN_ENUM, pointer,
                            key + ": " + other));
                    break;
                }
            }
        }
        if (v.isNumber()) {
            BigDecimal x = v.decimalValue();
            number(s, "minimum", whole, path, pointer, out, m -> m.setScale(0, RoundingMode.FLOOR).subtract(BigDecimal.ONE));
            number(s, "exclusiveMinimum", whole, path, pointer, out, m -> m.setScale(0, RoundingMode.FLOOR));
            number(s, "maximum", whole, path, pointer, out, m -> m.setScale(0, RoundingMode.CEILING).add(BigDecimal.ONE));
            number(s, "exclusiveMaximum", whole, path, pointer, out, m -> m.setScale(0, RoundingMode.CEILING));
            assert x != null;
        }
        if (v.isTextual()) {
            String text = v.asText();
            int length = text.codePointCount(0, text.length());
            int min = s.path("minLength").asInt(0);
            if (s.path("minLength").isIntegralNumber() && min >= 1 && length >= min) {
                String shorter = text.substring(0, text.offsetByCodePoints(0, min - 1));
                out.add(new Candidate(replaced(whole, path, NODES.textNode(shorter)), Violation.STRING_LENGTH, pointer,
                        "minLength " + min + ": " + (min - 1) + " characters"));
            }
            if (s.path("maxLength").isIntegralNumber()) {
                int max = s.get("maxLength").asInt();
                if (max >= 0 && max < MAX_GROWTH && length <= max) {
                    String longer = text + "a".repeat(max + 1 - length);
                    out.add(new Candidate(replaced(whole, path, NODES.textNode(longer)), Violation.STRING_LENGTH, pointer,
                            "maxLength " + max + ": " + (max + 1) + " characters"));
                }
            }
            if (s.path("pattern").isTextual()) {
                Pattern p = compile(s.get("pattern").asText());
                if (p != null) {
                    for (String miss : new String[] {"", "!", "~ ~", "0", "a", text + "!", "!" + text, "\u00e9\u00e9"}) {
                        if (!p.matcher(miss).find()) {
                            out.add(new Candidate(replaced(whole, path, NODES.textNode(miss)), Violation.PATTERN_MISMATCH,
                                    pointer, "pattern " + s.get("pattern").asText() + ": \"" + miss + "\""));
                            break;
                        }
                    }
                }
            }
        }
        if (v.isObject()) {
            JsonNode required = s.get("required");
            if (required != null && required.isArray()) {
                for (JsonNode k : required) {
                    if (k.isTextual() && v.has(k.asText())) {
                        JsonNode copy = whole.deepCopy();
                        ((ObjectNode) locate(copy, path)).remove(k.asText());
                        out.add(new Candidate(copy, Violation.MISSING_REQUIRED, pointer, "removed required " + k));
                    }
                }
            }
            if (s.path("additionalProperties").isBoolean() && !s.get("additionalProperties").asBoolean()
                    && !v.has(EXTRA_KEY) && !s.path("properties").has(EXTRA_KEY) && !matchesPatternProperty(s, EXTRA_KEY)) {
                JsonNode copy = whole.deepCopy();
                ((ObjectNode) locate(copy, path)).putNull(EXTRA_KEY);
                out.add(new Candidate(copy, Violation.EXTRA_PROPERTY, pointer, "added \"" + EXTRA_KEY + "\""));
            }
            if (s.path("minProperties").isIntegralNumber()) {
                int min = s.get("minProperties").asInt();
                if (min >= 1 && v.size() >= min) {
                    JsonNode copy = whole.deepCopy();
                    ObjectNode o = (ObjectNode) locate(copy, path);
                    List<String> names = new ArrayList<>();
                    o.fieldNames().forEachRemaining(names::add);
                    for (int i = names.size() - 1; i >= min - 1; i--) {
                        o.remove(names.get(i));
                    }
                    out.add(new Candidate(copy, Violation.PROPERTY_COUNT, pointer, "minProperties " + min));
                }
            }
            if (s.path("maxProperties").isIntegralNumber()) {
                int max = s.get("maxProperties").asInt();
                if (max >= 0 && max < MAX_GROWTH && v.size() <= max) {
                    JsonNode copy = whole.deepCopy();
                    ObjectNode o = (ObjectNode) locate(copy, path);
                    for (int i = 0; o.size() <= max; i++) {
                        if (!o.has(EXTRA_KEY + i)) {
                            o.putNull(EXTRA_KEY + i);
                        }
                    }
                    out.add(new Candidate(copy, Violation.PROPERTY_COUNT, pointer, "maxProperties " + max));
                }
            }
        }
        if (v.isArray()) {
            if (s.path("minItems").isIntegralNumber()) {
                int min = s.get("minItems").asInt();
                if (min >= 1 && v.size() >= min) {
                    JsonNode copy = whole.deepCopy();
                    ArrayNode a = (ArrayNode) locate(copy, path);
                    while (a.size() > min - 1) {
                        a.remove(a.size() - 1);
                    }
                    out.add(new Candidate(copy, Violation.ARRAY_SIZE, pointer, "minItems " + min));
                }
            }
            if (s.path("maxItems").isIntegralNumber()) {
                int max = s.get("maxItems").asInt();
                if (max >= 0 && max < MAX_GROWTH && v.size() <= max) {
                    JsonNode copy = whole.deepCopy();
                    ArrayNode a = (ArrayNode) locate(copy, path);
                    JsonNode filler = a.isEmpty() ? NODES.nullNode() : a.get(a.size() - 1);
                    while (a.size() <= max) {
                        a.add(filler.deepCopy());
                    }
                    out.add(new Candidate(copy, Violation.ARRAY_SIZE, pointer, "maxItems " + max));
                }
            }
        }
    }

    private void number(JsonNode s, String key, JsonNode whole, List<Object> path, String pointer, List<Candidate> out,
            java.util.function.UnaryOperator<BigDecimal> outside) {
        JsonNode bound = s.get(key);
        if (bound == null || !bound.isNumber()) {
            return; // draft 4's boolean exclusiveMinimum goes with minimum, whose change breaks it too
        }
        BigDecimal b = bound.decimalValue();
        if (b.abs().compareTo(BigDecimal.TEN.pow(30)) > 0) {
            return;
        }
        BigDecimal x = outside.apply(b);
        out.add(new Candidate(replaced(whole, path, NODES.numberNode(x.toBigIntegerExact())), Violation.OUT_OF_RANGE,
                pointer, key + " " + b.toPlainString() + ": " + x.toPlainString()));
    }

    private static Pattern compile(String regex) {
        try {
            return Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            return null;
        }
    }

    private static boolean matchesPatternProperty(JsonNode s, String key) {
        JsonNode pp = s.get("patternProperties");
        if (pp == null || !pp.isObject()) {
            return false;
        }
        Iterator<String> names = pp.fieldNames();
        while (names.hasNext()) {
            Pattern p = compile(names.next());
            if (p == null || p.matcher(key).find()) {
                return true; // an unreadable pattern might match: do not count on it
            }
        }
        return false;
    }

    /** One value of each JSON type, integers apart from other numbers. */
    private static List<JsonNode> otherTypes() {
        return List.of(NODES.nullNode(), NODES.booleanNode(true), NODES.numberNode(java.math.BigInteger.ZERO),
                NODES.numberNode(new BigDecimal("0.5")), NODES.textNode("x"), NODES.arrayNode(), NODES.objectNode());
    }

    /** Values tried, in order, as one outside an enum or const. */
    private static List<JsonNode> otherValues() {
        return List.of(NODES.textNode("kbnf4j-not-listed"), NODES.numberNode(java.math.BigInteger.valueOf(987_654_321)),
                NODES.nullNode(), NODES.booleanNode(true), NODES.booleanNode(false), NODES.objectNode());
    }

    private static boolean typeAllows(JsonNode type, JsonNode v) {
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (typeAllows(t, v)) {
                    return true;
                }
            }
            return false;
        }
        switch (type.asText()) {
            case "null":
                return v.isNull();
            case "boolean":
                return v.isBoolean();
            case "integer":
                return v.isNumber() && isIntegral(v.decimalValue());
            case "number":
                return v.isNumber();
            case "string":
                return v.isTextual();
            case "array":
                return v.isArray();
            case "object":
                return v.isObject();
            default:
                return true; // an unknown type name: do not count on it
        }
    }

    private static boolean isIntegral(BigDecimal d) {
        return d.signum() == 0 || d.stripTrailingZeros().scale() <= 0;
    }

    private static boolean contains(JsonNode values, JsonNode v) {
        if (!values.isArray()) {
            return true; // a malformed enum: do not count on it
        }
        for (JsonNode e : values) {
            if (sameValue(e, v)) {
                return true;
            }
        }
        return false;
    }

    /** JSON Schema equality: numbers by value, objects regardless of key order. */
    private static boolean sameValue(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            Iterator<Map.Entry<String, JsonNode>> it = a.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!b.has(e.getKey()) || !sameValue(e.getValue(), b.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!sameValue(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    private static JsonNode replaced(JsonNode whole, List<Object> path, JsonNode value) {
        if (path.isEmpty()) {
            return value.deepCopy();
        }
        JsonNode copy = whole.deepCopy();
        JsonNode parent = locate(copy, path.subList(0, path.size() - 1));
        Object last = path.get(path.size() - 1);
        if (last instanceof Integer i) {
            ((ArrayNode) parent).set(i, value.deepCopy());
        } else {
            ((ObjectNode) parent).set((String) last, value.deepCopy());
        }
        return copy;
    }

    private static JsonNode locate(JsonNode node, List<Object> path) {
        JsonNode n = node;
        for (Object step : path) {
            n = step instanceof Integer i ? n.get(i) : n.get((String) step);
        }
        return n;
    }

    private static String pointer(List<Object> path) {
        StringBuilder sb = new StringBuilder();
        for (Object step : path) {
            sb.append('/').append(step.toString().replace("~", "~0").replace("/", "~1"));
        }
        return sb.toString();
    }
}
