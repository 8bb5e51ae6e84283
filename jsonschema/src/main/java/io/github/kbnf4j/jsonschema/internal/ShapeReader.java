package io.github.kbnf4j.jsonschema.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.jsonschema.FormatMode;
import io.github.kbnf4j.jsonschema.SchemaDraft;
import io.github.kbnf4j.jsonschema.internal.Shape.ArrayClause;
import io.github.kbnf4j.jsonschema.internal.Shape.ArrayShape;
import io.github.kbnf4j.jsonschema.internal.Shape.Contains;
import io.github.kbnf4j.jsonschema.internal.Shape.ObjectClause;
import io.github.kbnf4j.jsonschema.internal.Shape.ObjectShape;
import io.github.kbnf4j.jsonschema.internal.Shape.PatternSchema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads schemas into unions of {@link Shape}s: what a conjunction of schema objects allows, per JSON
 * type. Subschemas that apply to parts of a value (items, property values) are not read here but
 * kept as {@link Located} references, which the grammar builder reads when it writes their rules:
 * that is what lets recursive schemas end.
 *
 * <p>Keywords a draft does not define are ignored, as the drafts say; annotations too. An assertion
 * that cannot be compiled exactly is refused ({@link Refusals}).
 */
final class ShapeReader {
    /** Formats the drafts define whose syntax no automaton can check (regex's parentheses nest). */
    private static final Set<String> UNSUPPORTED_FORMATS = Set.of("regex");

    private static final Set<String> TYPES = Set.of("null", "boolean", "object", "array", "string", "number",
            "integer");

    private final SchemaRegistry registry;
    private final Languages lang;
    private final Refusals refusals;
    private final FormatMode formats;
    private final int maxTerms;
    /** Schema objects being read at the same level (through $ref and allOf): a repeat is a cycle. */
    private final Set<JsonNode> active = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<IdentityList, List<Shape>> memo = new java.util.HashMap<>();

    ShapeReader(SchemaRegistry registry, Languages lang, Refusals refusals, FormatMode formats, int maxTerms) {
        this.registry = registry;
        this.lang = lang;
        this.refusals = refusals;
        this.formats = formats;
        this.maxTerms = maxTerms;
    }

    /**
     * The union of shapes that a value satisfying every schema of {@code conjunction} has. Memoized:
     * callers must not change the shapes (copy them first).
     */
    List<Shape> read(List<Located> conjunction) {
        List<JsonNode> key = new ArrayList<>(conjunction.size());
        for (Located s : conjunction) {
            key.add(s.node());
        }
        IdentityList k = new IdentityList(key);
        List<Shape> known = memo.get(k);
        if (known != null) {
            return known;
        }
        List<Shape> terms = new ArrayList<>(List.of(new Shape()));
        for (Located s : conjunction) {
            terms = apply(terms, s);
        }
        List<Shape> result = List.copyOf(prune(terms));
        memo.put(k, result);
        return result;
    }

    /** A list compared by the identity of its elements (schema nodes). */
    private record IdentityList(List<JsonNode> nodes) {
        @Override
        public boolean equals(Object o) {
            if (!(o instanceof IdentityList other) || other.nodes.size() != nodes.size()) {
                return false;
            }
            for (int i = 0; i < nodes.size(); i++) {
                if (nodes.get(i) != other.nodes.get(i)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            int h = 1;
            for (JsonNode n : nodes) {
                h = 31 * h + System.identityHashCode(n);
            }
            return h;
        }
    }

    /** Restricts every term by schema {@code s}. */
    List<Shape> apply(List<Shape> terms, Located s) {
        if (terms.isEmpty()) {
            return terms;
        }
        JsonNode n = s.node();
        if (n.isBoolean()) {
            return n.booleanValue() ? terms : new ArrayList<>();
        }
        if (!n.isObject()) {
            throw refusals.invalid(s.pointer(), "a schema must be an object or a boolean, not " + kind(n));
        }
        if (!active.add(n)) {
            refusals.refuse(s.pointer(), "this schema refers to itself ($ref or allOf) without an object or array "
                    + "in between: it has no finite meaning");
            return terms;
        }
        try {
            return applyKeywords(terms, s);
        } finally {
            active.remove(n);
        }
    }

    private List<Shape> applyKeywords(List<Shape> terms, Located s) {
        JsonNode n = s.node();
        SchemaDraft draft = s.draft();
        JsonNode ref = n.get("$ref");
        if (ref != null) {
            if (!ref.isTextual()) {
                throw refusals.invalid(s.at("$ref"), "$ref must be a string");
            }
            if (!draft.atLeast(SchemaDraft.DRAFT_2019_09)) {
                // Before 2019-09, keywords beside $ref are ignored.
                return apply(terms, registry.resolve(ref.asText(), s, s.at("$ref")));
            }
        }
        for (String keyword : List.of("$dynamicRef", "$recursiveRef")) {
            JsonNode v = n.get(keyword);
            if (v != null && draft.atLeast(SchemaDraft.DRAFT_2019_09)) {
                refusals.refuse(s.at(keyword), keyword + " is not supported");
            }
        }
        boolean modern = draft.atLeast(SchemaDraft.DRAFT_2019_09);
        JsonNode unevaluatedProperties = modern ? n.get("unevaluatedProperties") : null;
        JsonNode unevaluatedItems = modern ? n.get("unevaluatedItems") : null;
        Object subtree = new Object();
        if (unevaluatedProperties != null) {
            terms.forEach(t -> t.object().clauses.add(ObjectClause.marker(subtree)));
        }
        if (unevaluatedItems != null) {
            terms.forEach(t -> t.array().clauses.add(ArrayClause.marker(subtree)));
        }
        typeKeywords(terms, s);
        stringKeywords(terms, s);
        numberKeywords(terms, s);
        arrayKeywords(terms, s);
        objectKeywords(terms, s);
        terms = applicators(terms, s);
        if (ref != null) {
            // After the schema's own keywords, so that its own properties come first in objects.
            terms = apply(terms, registry.resolve(ref.asText(), s, s.at("$ref")));
        }
        if (unevaluatedProperties != null) {
            Located x = sub(s, unevaluatedProperties, s.at("unevaluatedProperties"));
            for (Shape t : terms) {
                List<ObjectClause> clauses = t.object().clauses;
                int at = indexOfMarker(clauses, subtree);
                List<ObjectClause> covered = new ArrayList<>(clauses.subList(at + 1, clauses.size()));
                clauses.remove(at);
                covered.removeIf(ObjectClause::isMarker);
                clauses.add(ObjectClause.unevaluated(covered, x));
            }
        }
        if (unevaluatedItems != null) {
            Located x = sub(s, unevaluatedItems, s.at("unevaluatedItems"));
            for (Shape t : terms) {
                List<ArrayClause> clauses = t.array().clauses;
                int at = -1;
                for (int i = 0; i < clauses.size(); i++) {
                    if (clauses.get(i).marker() == subtree) {
                        at = i;
                    }
                }
                List<ArrayClause> covered = new ArrayList<>(clauses.subList(at + 1, clauses.size()));
                clauses.remove(at);
                covered.removeIf(ArrayClause::isMarker);
                if (!t.array().contains.isEmpty()) {
                    refusals.refuse(s.at("unevaluatedItems"), "unevaluatedItems together with contains is not "
                            + "supported (contains evaluates the items it matches)");
                    continue;
                }
                clauses.add(ArrayClause.unevaluated(covered, x));
            }
        }
        return prune(terms);
    }

    private static int indexOfMarker(List<ObjectClause> clauses, Object token) {
        for (int i = 0; i < clauses.size(); i++) {
            if (clauses.get(i).marker() == token) {
                return i;
            }
        }
        throw new IllegalStateException("lost the unevaluatedProperties marker");
    }

    // ---- type, enum, const ----

    private void typeKeywords(List<Shape> terms, Located s) {
        JsonNode n = s.node();
        JsonNode type = n.get("type");
        if (type != null) {
            int mask = 0;
            boolean integer = false;
            boolean number = false;
            List<JsonNode> names = new ArrayList<>();
            if (type.isArray()) {
                type.forEach(names::add);
            } else {
                names.add(type);
            }
            for (JsonNode t : names) {
                if (!t.isTextual() || !TYPES.contains(t.asText())) {
                    throw refusals.invalid(s.at("type"), "unknown type " + t);
                }
                switch (t.asText()) {
                    case "null" -> mask |= Shape.NULL;
                    case "boolean" -> mask |= Shape.BOOLEAN;
                    case "object" -> mask |= Shape.OBJECT;
                    case "array" -> mask |= Shape.ARRAY;
                    case "string" -> mask |= Shape.STRING;
                    case "number" -> {
                        mask |= Shape.NUMBER;
                        number = true;
                    }
                    default -> {
                        mask |= Shape.NUMBER;
                        integer = true;
                    }
                }
            }
            ByteDfa integers = integer && !number ? integers(s.draft(), s.at("type")) : null;
            for (Shape t : terms) {
                t.types &= mask;
                if (integers != null) {
                    t.number = lang.intersect(t.number, integers, s.at("type"));
                }
            }
        }
        JsonNode en = n.get("enum");
        if (en != null) {
            if (!en.isArray()) {
                throw refusals.invalid(s.at("enum"), "enum must be an array");
            }
            List<JsonNode> values = new ArrayList<>();
            en.forEach(values::add);
            restrictValues(terms, values);
        }
        JsonNode c = n.get("const");
        if (c != null && s.draft().atLeast(SchemaDraft.DRAFT_6)) {
            restrictValues(terms, List.of(c));
        }
    }

    ByteDfa integers(SchemaDraft draft, String where) {
        return lang.numberRange(null, false, null, false, true, draft.atLeast(SchemaDraft.DRAFT_6), where);
    }

    private static void restrictValues(List<Shape> terms, List<JsonNode> values) {
        for (Shape t : terms) {
            if (t.values == null) {
                t.values = new ArrayList<>(values);
            } else {
                t.values.removeIf(v -> values.stream().noneMatch(w -> JsonValues.equal(v, w)));
            }
        }
    }

    // ---- strings ----

    private void stringKeywords(List<Shape> terms, Located s) {
        JsonNode n = s.node();
        ByteDfa restriction = null;
        int min = count(s, "minLength");
        int max = count(s, "maxLength");
        if (min > 0 || max >= 0) {
            for (Shape t : terms) {
                t.minChars = Math.max(t.minChars, Math.max(min, 0));
                if (max >= 0) {
                    t.maxChars = t.maxChars < 0 ? max : Math.min(t.maxChars, max);
                }
            }
        }
        JsonNode pattern = n.get("pattern");
        if (pattern != null) {
            if (!pattern.isTextual()) {
                throw refusals.invalid(s.at("pattern"), "pattern must be a string");
            }
            restriction = lang.intersect(restriction, patternOrRefuse(pattern.asText(), s.at("pattern")),
                    s.at("pattern"));
        }
        JsonNode format = n.get("format");
        if (format != null && format.isTextual() && formats == FormatMode.ASSERT) {
            Optional<String> regex = Formats.regex(format.asText());
            if (regex.isEmpty() && UNSUPPORTED_FORMATS.contains(format.asText())) {
                refusals.refuse(s.at("format"), "format '" + format.asText() + "' is a standard format that cannot be "
                        + "asserted here (its syntax is not a regular language); use formats=annotate to ignore it");
            } else if (regex.isEmpty()) {
                refusals.warn(s.at("format"), "unknown format '" + format.asText() + "': any string is accepted");
            } else {
                restriction = lang.intersect(restriction, lang.regex(regex.get(), s.at("format"), "format"),
                        s.at("format"));
            }
        }
        if (restriction != null) {
            for (Shape t : terms) {
                t.string = lang.intersect(t.string, restriction, s.pointer());
            }
        }
    }

    /** The pattern's language, or null (no restriction) after a lenient refusal. */
    ByteDfa patternOrRefuse(String pattern, String where) {
        try {
            return lang.pattern(pattern, where);
        } catch (io.github.kbnf4j.jsonschema.JsonSchemaException e) {
            refusals.refuse(where, e.reason());
            return null;
        }
    }

    // ---- numbers ----

    private void numberKeywords(List<Shape> terms, Located s) {
        JsonNode n = s.node();
        boolean draft4 = s.draft() == SchemaDraft.DRAFT_4;
        BigDecimal min = decimal(s, "minimum");
        BigDecimal max = decimal(s, "maximum");
        boolean minExclusive = false;
        boolean maxExclusive = false;
        if (draft4) {
            minExclusive = min != null && n.path("exclusiveMinimum").asBoolean(false);
            maxExclusive = max != null && n.path("exclusiveMaximum").asBoolean(false);
        } else {
            BigDecimal emin = decimal(s, "exclusiveMinimum");
            BigDecimal emax = decimal(s, "exclusiveMaximum");
            if (emin != null && (min == null || emin.compareTo(min) >= 0)) {
                min = emin;
                minExclusive = true;
            }
            if (emax != null && (max == null || emax.compareTo(max) <= 0)) {
                max = emax;
                maxExclusive = true;
            }
        }
        ByteDfa restriction = null;
        if (min != null || max != null) {
            restriction = lang.numberRange(min, minExclusive, max, maxExclusive, false, true,
                    s.at(min != null ? "minimum" : "maximum"));
        }
        BigDecimal k = decimal(s, "multipleOf");
        if (k != null) {
            if (k.signum() <= 0) {
                throw refusals.invalid(s.at("multipleOf"), "multipleOf must be greater than 0");
            }
            try {
                restriction = lang.intersect(restriction, lang.multipleOf(k, s.at("multipleOf")), s.at("multipleOf"));
            } catch (io.github.kbnf4j.jsonschema.JsonSchemaException e) {
                refusals.refuse(s.at("multipleOf"), e.reason());
            }
        }
        if (restriction != null) {
            for (Shape t : terms) {
                t.number = lang.intersect(t.number, restriction, s.pointer());
            }
        }
    }

    // ---- arrays ----

    private void arrayKeywords(List<Shape> terms, Located s) {
        JsonNode n = s.node();
        boolean modern = s.draft().atLeast(SchemaDraft.DRAFT_2020_12);
        List<Located> prefix = new ArrayList<>();
        Located rest = null;
        JsonNode items = n.get("items");
        if (modern) {
            JsonNode prefixItems = n.get("prefixItems");
            if (prefixItems != null) {
                for (int i = 0; i < prefixItems.size(); i++) {
                    prefix.add(sub(s, prefixItems.get(i), s.at("prefixItems") + "/" + i));
                }
            }
            if (items != null) {
                rest = sub(s, items, s.at("items"));
            }
        } else if (items != null) {
            if (items.isArray()) {
                for (int i = 0; i < items.size(); i++) {
                    prefix.add(sub(s, items.get(i), s.at("items") + "/" + i));
                }
                JsonNode additional = n.get("additionalItems");
                if (additional != null) {
                    rest = sub(s, additional, s.at("additionalItems"));
                }
            } else {
                rest = sub(s, items, s.at("items"));
            }
        }
        int min = count(s, "minItems");
        int max = count(s, "maxItems");
        Contains contains = null;
        JsonNode c = n.get("contains");
        if (c != null && s.draft().atLeast(SchemaDraft.DRAFT_6)) {
            int minC = 1;
            int maxC = -1;
            if (s.draft().atLeast(SchemaDraft.DRAFT_2019_09)) {
                int m = count(s, "minContains");
                minC = m >= 0 ? m : 1;
                maxC = count(s, "maxContains");
            }
            contains = new Contains(sub(s, c, s.at("contains")), minC, maxC, s.at("contains"));
        }
        JsonNode unique = n.get("uniqueItems");
        boolean uniq = unique != null && unique.isBoolean() && unique.booleanValue();
        if (prefix.isEmpty() && rest == null && min <= 0 && max < 0 && contains == null && !uniq) {
            return;
        }
        for (Shape t : terms) {
            ArrayShape a = t.array();
            if (!prefix.isEmpty() || rest != null) {
                a.clauses.add(ArrayClause.of(List.copyOf(prefix), rest));
            }
            a.minItems = Math.max(a.minItems, Math.max(min, 0));
            if (max >= 0) {
                a.maxItems = a.maxItems < 0 ? max : Math.min(a.maxItems, max);
            }
            if (contains != null) {
                a.contains.add(contains);
            }
            if (uniq && a.uniqueAt == null) {
                a.uniqueAt = s.at("uniqueItems");
            }
        }
    }

    // ---- objects ----

    private void objectKeywords(List<Shape> terms, Located s) {
        JsonNode n = s.node();
        Map<String, Located> properties = new LinkedHashMap<>();
        JsonNode props = n.get("properties");
        if (props != null && props.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                properties.put(e.getKey(), sub(s, e.getValue(), s.at("properties") + "/" + Located.escape(e.getKey())));
            }
        }
        List<PatternSchema> patterns = new ArrayList<>();
        JsonNode pp = n.get("patternProperties");
        if (pp != null && pp.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = pp.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                String where = s.at("patternProperties") + "/" + Located.escape(e.getKey());
                ByteDfa keys = patternOrRefuse(e.getKey(), where);
                if (keys != null) {
                    patterns.add(new PatternSchema(e.getKey(), keys, sub(s, e.getValue(), where)));
                }
            }
        }
        JsonNode ap = n.get("additionalProperties");
        Located additional = ap == null ? null : sub(s, ap, s.at("additionalProperties"));
        boolean clause = props != null || pp != null || ap != null;

        Set<String> required = new LinkedHashSet<>();
        JsonNode req = n.get("required");
        if (req != null && req.isArray()) {
            for (JsonNode r : req) {
                if (!r.isTextual()) {
                    throw refusals.invalid(s.at("required"), "required must list strings");
                }
                required.add(r.asText());
            }
        }
        int min = count(s, "minProperties");
        int max = count(s, "maxProperties");
        ByteDfa names = null;
        boolean hasNames = false;
        JsonNode pn = n.get("propertyNames");
        if (pn != null && s.draft().atLeast(SchemaDraft.DRAFT_6)) {
            hasNames = true;
            names = keyLanguage(sub(s, pn, s.at("propertyNames")));
        }
        Map<String, Set<String>> dependentRequired = new LinkedHashMap<>();
        List<Map.Entry<String, Located>> dependentSchemas = new ArrayList<>();
        dependencies(s, dependentRequired, dependentSchemas);

        if (!clause && required.isEmpty() && min <= 0 && max < 0 && !hasNames && dependentRequired.isEmpty()
                && dependentSchemas.isEmpty()) {
            return;
        }
        for (Shape t : terms) {
            ObjectShape o = t.object();
            if (clause) {
                o.clauses.add(ObjectClause.of(properties, patterns, additional));
            }
            o.required.addAll(required);
            o.minProperties = Math.max(o.minProperties, Math.max(min, 0));
            if (max >= 0) {
                o.maxProperties = o.maxProperties < 0 ? max : Math.min(o.maxProperties, max);
            }
            if (hasNames) {
                o.propertyNames = o.propertyNames == null ? names
                        : lang.intersect(o.propertyNames, names, s.at("propertyNames"));
            }
        }
        for (Map.Entry<String, Set<String>> dep : dependentRequired.entrySet()) {
            onKey(terms, dep.getKey(), s.at(dep.getKey()), present -> {
                present.forEach(t -> t.object().required.addAll(dep.getValue()));
                return present;
            });
        }
        for (Map.Entry<String, Located> dep : dependentSchemas) {
            onKey(terms, dep.getKey(), s.at(dep.getKey()), present -> apply(present, dep.getValue()));
        }
    }

    /**
     * A condition on the presence of {@code key} ({@code dependentRequired}, {@code dependentSchemas}):
     * each object term becomes the union of "key absent" and "key present, and then {@code whenPresent}".
     */
    private void onKey(List<Shape> terms, String key, String where,
            java.util.function.UnaryOperator<List<Shape>> whenPresent) {
        List<Shape> next = new ArrayList<>();
        for (Shape t : terms) {
            if (!t.allows(Shape.OBJECT)) {
                next.add(t);
                continue;
            }
            Shape absent = t.copy(); // also every non-object value
            absent.object().forbidden.add(key);
            next.add(absent);
            Shape present = t.copy();
            present.object().required.add(key);
            present.types = Shape.OBJECT;
            next.addAll(whenPresent.apply(new ArrayList<>(List.of(present))));
        }
        terms.clear();
        terms.addAll(bounded(next, where));
    }

    private void dependencies(Located s, Map<String, Set<String>> required, List<Map.Entry<String, Located>> schemas) {
        JsonNode n = s.node();
        boolean modern = s.draft().atLeast(SchemaDraft.DRAFT_2019_09);
        JsonNode dr = n.get(modern ? "dependentRequired" : "dependencies");
        JsonNode ds = n.get(modern ? "dependentSchemas" : "dependencies");
        if (dr != null && dr.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = dr.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isArray()) {
                    Set<String> keys = new LinkedHashSet<>();
                    e.getValue().forEach(k -> keys.add(k.asText()));
                    required.put(e.getKey(), keys);
                }
            }
        }
        if (ds != null && ds.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = ds.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isObject() || e.getValue().isBoolean()) {
                    String kw = modern ? "dependentSchemas" : "dependencies";
                    schemas.add(Map.entry(e.getKey(), sub(s, e.getValue(), s.at(kw) + "/" + Located.escape(e.getKey()))));
                }
            }
        }
    }

    /** The decoded key strings a {@code propertyNames} schema allows (null: any). */
    private ByteDfa keyLanguage(Located names) {
        List<Shape> terms = read(List.of(names));
        ByteDfa union = ByteDfa.emptyLanguage();
        for (Shape t : terms) {
            if (!t.allows(Shape.STRING)) {
                continue;
            }
            ByteDfa strings = lang.withLength(t, names.pointer());
            if (t.values != null) {
                ByteDfa listed = ByteDfa.emptyLanguage();
                for (JsonNode v : t.values) {
                    if (v.isTextual()) {
                        listed = lang.union(listed, lang.literal(v.asText()), names.pointer());
                    }
                }
                strings = lang.intersect(strings, listed, names.pointer());
            }
            if (strings == null) {
                return null;
            }
            union = lang.union(union, strings, names.pointer());
        }
        return union;
    }

    // ---- applicators ----

    private List<Shape> applicators(List<Shape> terms, Located s) {
        JsonNode n = s.node();
        JsonNode allOf = n.get("allOf");
        if (allOf != null) {
            for (int i = 0; i < allOf.size(); i++) {
                terms = apply(terms, sub(s, allOf.get(i), s.at("allOf") + "/" + i));
            }
        }
        JsonNode anyOf = n.get("anyOf");
        if (anyOf != null) {
            terms = union(terms, s, anyOf, "anyOf", false);
        }
        JsonNode oneOf = n.get("oneOf");
        if (oneOf != null) {
            terms = union(terms, s, oneOf, "oneOf", true);
        }
        JsonNode not = n.get("not");
        if (not != null) {
            List<Shape> negated = read(List.of(sub(s, not, s.at("not"))));
            Optional<List<Shape>> complement = Complements.of(negated, lang, s.at("not"));
            if (complement.isEmpty()) {
                refusals.refuse(s.at("not"), "'not' of this schema cannot be expressed exactly (supported: types, "
                        + "const/enum of scalars, required, string and number constraints, minItems/maxItems, "
                        + "min/maxProperties)");
            } else {
                terms = intersect(terms, complement.get(), s.at("not"));
            }
        }
        JsonNode cond = n.get("if");
        if (cond != null && s.draft().atLeast(SchemaDraft.DRAFT_7)) {
            JsonNode then = n.get("then");
            JsonNode otherwise = n.get("else");
            if (then != null || otherwise != null) {
                Located ifSchema = sub(s, cond, s.at("if"));
                List<Shape> yes = new ArrayList<>();
                for (Shape t : terms) {
                    yes.add(t.copy());
                }
                yes = apply(yes, ifSchema);
                if (then != null) {
                    yes = apply(yes, sub(s, then, s.at("then")));
                }
                List<Shape> ifTerms = read(List.of(ifSchema));
                Optional<List<Shape>> notIf = Complements.of(ifTerms, lang, s.at("if"));
                if (notIf.isEmpty()) {
                    refusals.refuse(s.at("if"), "the 'if' schema cannot be negated exactly, so 'else' cannot be told "
                            + "apart (supported: types, const/enum of scalars, required, string and number constraints)");
                    return terms;
                }
                List<Shape> no = intersect(terms, notIf.get(), s.at("if"));
                if (otherwise != null) {
                    no = apply(no, sub(s, otherwise, s.at("else")));
                }
                List<Shape> both = new ArrayList<>(yes);
                both.addAll(no);
                terms = bounded(both, s.at("if"));
            }
        }
        return terms;
    }

    private List<Shape> union(List<Shape> terms, Located s, JsonNode branches, String keyword, boolean exclusive) {
        if (!branches.isArray() || branches.isEmpty()) {
            throw refusals.invalid(s.at(keyword), keyword + " must be a non-empty array");
        }
        if (exclusive && branches.size() > 1) {
            List<List<Shape>> alone = new ArrayList<>();
            for (int i = 0; i < branches.size(); i++) {
                alone.add(read(List.of(sub(s, branches.get(i), s.at(keyword) + "/" + i))));
            }
            for (int i = 0; i < alone.size(); i++) {
                for (int j = i + 1; j < alone.size(); j++) {
                    if (!Disjointness.disjoint(alone.get(i), alone.get(j), this)) {
                        return exclusiveByComplements(terms, s, branches, alone, i, j);
                    }
                }
            }
        }
        return unionOf(terms, s, branches, keyword);
    }

    /**
     * oneOf whose branches may overlap: value in exactly one branch = the union over i of (branch i
     * and not any other branch), exact when every branch has an expressible complement.
     */
    private List<Shape> exclusiveByComplements(List<Shape> terms, Located s, JsonNode branches,
            List<List<Shape>> alone, int i0, int j0) {
        String where = s.at("oneOf");
        List<List<Shape>> negations = new ArrayList<>();
        for (List<Shape> branch : alone) {
            Optional<List<Shape>> not = Complements.of(branch, lang, where);
            if (not.isEmpty()) {
                refusals.refuse(where, "oneOf branches " + i0 + " and " + j0 + " may both match a value, and a "
                        + "branch has no exact negation (exclusive choice is supported when branches provably "
                        + "exclude each other, by type, const/enum, disjoint strings or numbers or a required "
                        + "property with disjoint values, or when every branch can be negated)");
                return unionOf(terms, s, branches, "oneOf");
            }
            negations.add(not.get());
        }
        List<Shape> out = new ArrayList<>();
        for (int i = 0; i < branches.size(); i++) {
            List<Shape> copy = new ArrayList<>();
            for (Shape t : terms) {
                copy.add(t.copy());
            }
            List<Shape> only = apply(copy, sub(s, branches.get(i), where + "/" + i));
            for (int j = 0; j < branches.size() && !only.isEmpty(); j++) {
                if (j != i) {
                    only = intersect(only, negations.get(j), where);
                }
            }
            out.addAll(only);
        }
        return bounded(out, where);
    }

    private List<Shape> unionOf(List<Shape> terms, Located s, JsonNode branches, String keyword) {
        List<Shape> out = new ArrayList<>();
        for (int i = 0; i < branches.size(); i++) {
            List<Shape> copy = new ArrayList<>();
            for (Shape t : terms) {
                copy.add(t.copy());
            }
            out.addAll(apply(copy, sub(s, branches.get(i), s.at(keyword) + "/" + i)));
        }
        return bounded(out, s.at(keyword));
    }

    /** Every pairwise intersection of the two unions. */
    List<Shape> intersect(List<Shape> a, List<Shape> b, String where) {
        List<Shape> out = new ArrayList<>();
        for (Shape x : a) {
            for (Shape y : b) {
                out.add(Intersection.of(x, y, lang, where));
                if (out.size() > maxTerms) {
                    throw tooManyTerms(where);
                }
            }
        }
        return prune(out);
    }

    private List<Shape> bounded(List<Shape> terms, String where) {
        List<Shape> pruned = prune(terms);
        if (pruned.size() > maxTerms) {
            throw tooManyTerms(where);
        }
        return pruned;
    }

    private io.github.kbnf4j.jsonschema.JsonSchemaException tooManyTerms(String where) {
        return new io.github.kbnf4j.jsonschema.JsonSchemaException(refusals.source(), where,
                "the schema's anyOf/oneOf/not/if combinations expand to more than " + maxTerms
                        + " alternatives (limit JsonSchemaOptions.maxRules, CLI --max-rules)");
    }

    /** Drops terms that allow nothing. */
    static List<Shape> prune(List<Shape> terms) {
        List<Shape> out = new ArrayList<>(terms.size());
        for (Shape t : terms) {
            if (t.string != null && t.string.isEmptyLanguage() || t.maxChars >= 0 && t.minChars > t.maxChars) {
                t.types &= ~Shape.STRING;
            }
            if (t.number != null && t.number.isEmptyLanguage()) {
                t.types &= ~Shape.NUMBER;
            }
            if (!t.trueAllowed && !t.falseAllowed) {
                t.types &= ~Shape.BOOLEAN;
            }
            if (t.values != null) {
                int present = 0;
                for (JsonNode v : t.values) {
                    present |= JsonValues.typeBit(v);
                }
                t.types &= present;
            }
            if (t.types != 0) {
                out.add(t);
            }
        }
        return out;
    }

    // ---- helpers ----

    Languages languages() {
        return lang;
    }

    Located sub(Located parent, JsonNode node, String pointer) {
        return registry.child(parent, node, pointer);
    }

    /** A non-negative integer keyword, or -1 when absent. */
    private int count(Located s, String keyword) {
        JsonNode v = s.node().get(keyword);
        if (v == null) {
            return -1;
        }
        if (!v.isNumber() || v.decimalValue().signum() < 0 || v.decimalValue().stripTrailingZeros().scale() > 0) {
            throw refusals.invalid(s.at(keyword), keyword + " must be a non-negative integer, not " + v);
        }
        BigDecimal d = v.decimalValue();
        return d.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0 ? Integer.MAX_VALUE : d.intValueExact();
    }

    private BigDecimal decimal(Located s, String keyword) {
        JsonNode v = s.node().get(keyword);
        if (v == null || v.isBoolean()) {
            return null;
        }
        if (!v.isNumber()) {
            throw refusals.invalid(s.at(keyword), keyword + " must be a number, not " + v);
        }
        return v.decimalValue();
    }

    private static String kind(JsonNode n) {
        return n.getNodeType().toString().toLowerCase();
    }
}
