package io.github.kbnf4j.jsonschema.internal;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.JsonStringExclusion;
import io.github.kbnf4j.jsonschema.internal.Shape.ObjectClause;
import io.github.kbnf4j.jsonschema.internal.Shape.ObjectShape;
import io.github.kbnf4j.jsonschema.internal.Shape.PatternSchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How the members of an object are laid out in the grammar: the declared keys (every
 * {@code properties} key and every required key, in the order the schema declares them), each with
 * the schemas its value must satisfy, and the regions of other keys ({@code patternProperties} and
 * {@code additionalProperties}), each a key language with the schemas of its values.
 *
 * <p>A key's value must satisfy, from every schema object of the conjunction: its
 * {@code properties} entry and every {@code patternProperties} entry whose pattern matches it, or,
 * when neither names it, that object's {@code additionalProperties}.
 */
final class ObjectLayout {
    /** Patterns beyond which the 2^n key regions are not built. */
    static final int MAX_PATTERNS = 8;

    /** A declared key: whether it must be present, and its value's schemas (null: it cannot be present). */
    record Declared(String key, boolean required, List<Located> value) {
    }

    /**
     * Keys outside the declared ones: the decoded keys in L(within) (null: any key) other than
     * {@code excluded} (the declared and forbidden keys), and their value schemas.
     */
    record Region(ByteDfa within, Set<String> excluded, List<Located> value) {
        /** Whether {@code key} (whose UTF-8 is {@code utf8}) falls in this region. */
        boolean admits(String key, byte[] utf8) {
            return !excluded.contains(key) && (within == null || within.matches(utf8));
        }
    }

    final List<Declared> declared = new ArrayList<>();
    final List<Region> regions = new ArrayList<>();
    /** False when a required key cannot be present: no object satisfies the shape. */
    boolean possible = true;

    /**
     * @throws io.github.kbnf4j.jsonschema.JsonSchemaException through the reader or the languages
     */
    static ObjectLayout of(ObjectShape o, ShapeReader reader, Languages lang, String where) {
        ObjectLayout layout = new ObjectLayout();
        Set<String> keys = new LinkedHashSet<>();
        for (ObjectClause c : o.clauses) {
            keys.addAll(c.properties().keySet());
        }
        keys.addAll(o.required);
        for (String key : keys) {
            boolean required = o.required.contains(key);
            List<Located> value = valueSchemas(o, key);
            // A key with a lone surrogate is in no document (no JSON text the engine reads decodes to it).
            boolean allowed = value != null && !o.forbidden.contains(key) && !JsonStringExclusion.hasLoneSurrogate(key)
                    && (o.propertyNames == null || o.propertyNames.matches(key.getBytes(StandardCharsets.UTF_8)))
                    && !reader.read(value).isEmpty();
            if (!allowed && required) {
                layout.possible = false;
            }
            layout.declared.add(new Declared(key, required, allowed ? value : null));
        }
        layout.regions(o, keys, reader, lang, where);
        return layout;
    }

    /** The schemas of key's value. */
    private static List<Located> valueSchemas(ObjectShape o, String key) {
        byte[] utf8 = key.getBytes(StandardCharsets.UTF_8);
        List<Located> value = new ArrayList<>();
        for (ObjectClause c : o.clauses) {
            if (c.isMarker()) {
                continue;
            }
            if (c.isUnevaluated()) {
                if (!evaluatesKey(c.covers(), key, utf8)) {
                    value.add(c.additional());
                }
                continue;
            }
            Located p = c.properties().get(key);
            boolean named = p != null;
            if (named) {
                value.add(p);
            }
            for (PatternSchema ps : c.patterns()) {
                if (ps.keys().matches(utf8)) {
                    value.add(ps.schema());
                    named = true;
                }
            }
            if (!named && c.additional() != null) {
                value.add(c.additional());
            }
        }
        return value;
    }

    /** Whether one of {@code clauses} evaluates the declared key (names it, matches it, or takes every key). */
    private static boolean evaluatesKey(List<ObjectClause> clauses, String key, byte[] utf8) {
        for (ObjectClause c : clauses) {
            if (c.isUnevaluated() || c.additional() != null || c.properties().containsKey(key)) {
                return true;
            }
            for (PatternSchema ps : c.patterns()) {
                if (ps.keys().matches(utf8)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether one of {@code clauses} evaluates the keys of a region (matched by the patterns in {@code subset}). */
    private static boolean evaluatesRegion(List<ObjectClause> clauses, List<PatternSchema> patterns, int subset) {
        for (ObjectClause c : clauses) {
            if (c.isUnevaluated() || c.additional() != null) {
                return true;
            }
            for (PatternSchema ps : c.patterns()) {
                int i = indexOf(patterns, ps);
                if ((subset & (1 << i)) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int indexOf(List<PatternSchema> patterns, PatternSchema ps) {
        for (int i = 0; i < patterns.size(); i++) {
            if (patterns.get(i) == ps) {
                return i;
            }
        }
        throw new IllegalStateException("a covered clause's pattern is not among the object's patterns");
    }

    private void regions(ObjectShape o, Set<String> declaredKeys, ShapeReader reader, Languages lang, String where) {
        List<PatternSchema> patterns = new ArrayList<>();
        for (ObjectClause c : o.clauses) {
            patterns.addAll(c.patterns());
        }
        if (patterns.size() > MAX_PATTERNS) {
            throw new io.github.kbnf4j.jsonschema.JsonSchemaException(lang.source(), where,
                    "more than " + MAX_PATTERNS + " patternProperties apply to one object: not supported");
        }
        // Keys that are declared or forbidden never fall in a region.
        Set<String> out = new LinkedHashSet<>(declaredKeys);
        out.addAll(o.forbidden);
        Set<String> excluded = Collections.unmodifiableSet(out);
        ByteDfa notExcluded = null; // built once, when a narrower region first needs it
        for (int subset = 0; subset < (1 << patterns.size()); subset++) {
            ByteDfa keys = o.propertyNames;
            for (int i = 0; i < patterns.size() && (keys == null || !keys.isEmptyLanguage()); i++) {
                ByteDfa p = patterns.get(i).keys();
                keys = (subset & (1 << i)) != 0 ? lang.intersect(keys, p, where)
                        : lang.intersect(keys, lang.complement(p, where), where);
            }
            if (keys != null && keys.isEmptyLanguage()) {
                continue;
            }
            // Any key but a few is never an empty region; a narrower one may hold only excluded keys.
            if (keys != null && !out.isEmpty()) {
                if (notExcluded == null) {
                    notExcluded = lang.otherThan(List.copyOf(out), where);
                }
                if (lang.intersect(keys, notExcluded, where).isEmptyLanguage()) {
                    continue;
                }
            }
            List<Located> value = new ArrayList<>();
            for (ObjectClause c : o.clauses) {
                if (c.isMarker()) {
                    continue;
                }
                if (c.isUnevaluated()) {
                    if (!evaluatesRegion(c.covers(), patterns, subset)) {
                        value.add(c.additional());
                    }
                    continue;
                }
                boolean named = false;
                for (PatternSchema ps : c.patterns()) {
                    if ((subset & (1 << indexOf(patterns, ps))) != 0) {
                        value.add(ps.schema());
                        named = true;
                    }
                }
                if (!named && c.additional() != null) {
                    value.add(c.additional());
                }
            }
            if (!reader.read(value).isEmpty()) {
                regions.add(new Region(keys, excluded, value));
            }
        }
    }

    /** The schemas the value of {@code key} must satisfy in an object of this layout (empty: none). */
    List<Located> valueOf(String key) {
        for (Declared d : declared) {
            if (d.key().equals(key)) {
                return d.value() == null ? List.of() : d.value();
            }
        }
        byte[] utf8 = key.getBytes(StandardCharsets.UTF_8);
        for (Region r : regions) {
            if (r.admits(key, utf8)) {
                return r.value();
            }
        }
        return List.of();
    }

    /** The declared keys by name. */
    Map<String, Declared> byKey() {
        Map<String, Declared> m = new LinkedHashMap<>();
        declared.forEach(d -> m.put(d.key(), d));
        return m;
    }
}
