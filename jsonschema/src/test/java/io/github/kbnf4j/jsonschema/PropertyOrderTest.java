package io.github.kbnf4j.jsonschema;

import static io.github.kbnf4j.jsonschema.Schemas.accepts;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Property order, checked exhaustively against a brute-force reading of the schema: for objects of
 * three declared properties (every choice of required ones), with no other keys, any other key, or
 * keys of a pattern, with and without {@code minProperties}/{@code maxProperties}, every sequence of
 * up to four keys (repeats included) is a document, and the grammar accepts exactly the valid ones
 * in {@link PropertyOrder#ANY}, the valid ones in declared order in {@link PropertyOrder#DECLARED},
 * the valid ones whose blocks come in order when the state budget forces blocks, and every valid one
 * when {@link PropertyOrder#ANY_REPEATABLE} lets optional properties repeat past the budget (then
 * a document that repeats an optional property is undecided, and one that repeats a required
 * property is still invalid).
 */
class PropertyOrderTest {
    private static final List<String> DECLARED_KEYS = List.of("a", "b", "c");
    /** Keys outside the declared ones: "x1" matches the pattern {@code ^x}, "y" does not. */
    private static final List<String> OTHER_KEYS = List.of("x1", "y");
    private static final int LONGEST = 4;
    private static final JsonSchemaOptions ANY = JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.ANY);

    enum Others {
        NONE, ANY, PATTERN
    }

    record Case(int required, Others others, int min, int max) {
        String schema() {
            StringBuilder s = new StringBuilder("{\"type\":\"object\",\"properties\":{");
            for (int i = 0; i < DECLARED_KEYS.size(); i++) {
                s.append(i > 0 ? "," : "").append('"').append(DECLARED_KEYS.get(i)).append("\":{\"type\":\"integer\"}");
            }
            s.append("},\"required\":[");
            String sep = "";
            for (int i = 0; i < DECLARED_KEYS.size(); i++) {
                if ((required & (1 << i)) != 0) {
                    s.append(sep).append('"').append(DECLARED_KEYS.get(i)).append('"');
                    sep = ",";
                }
            }
            s.append(']');
            switch (others) {
                case NONE -> s.append(",\"additionalProperties\":false");
                case ANY -> s.append(",\"additionalProperties\":{\"type\":\"integer\"}");
                case PATTERN -> s.append(",\"patternProperties\":{\"^x\":{\"type\":\"integer\"}},"
                        + "\"additionalProperties\":false");
            }
            if (min > 0) {
                s.append(",\"minProperties\":").append(min);
            }
            if (max >= 0) {
                s.append(",\"maxProperties\":").append(max);
            }
            return s.append('}').toString();
        }

        boolean allowed(String key) {
            return DECLARED_KEYS.contains(key) || others == Others.ANY || (others == Others.PATTERN
                    && key.startsWith("x"));
        }
    }

    /** What a brute-force reading says of one document. */
    enum Verdict {
        VALID, INVALID, UNDECIDED
    }

    /**
     * The schema's verdict on an object with these keys in this order. A document that repeats a
     * declared key is invalid (a parser would keep one value, but the grammar must never write one
     * twice), unless the key is optional and {@code optionalMayRepeat}; one that repeats only other
     * keys (or such optional ones) is undecided (the grammar cannot make other keys
     * distinct and says so), and so is a valid one that needs two or more other keys to reach
     * {@code minProperties} (only the first other key counts, documented).
     */
    static Verdict verdict(Case c, List<String> keys, boolean optionalMayRepeat) {
        Set<String> seen = new HashSet<>();
        boolean repeatsOther = false;
        for (String k : keys) {
            if (!c.allowed(k)) {
                return Verdict.INVALID;
            }
            if (!seen.add(k)) {
                int declared = DECLARED_KEYS.indexOf(k);
                if (declared >= 0 && !(optionalMayRepeat && (c.required() & (1 << declared)) == 0)) {
                    return Verdict.INVALID;
                }
                repeatsOther = true; // an other key, or an optional one that may repeat: a parser keeps one
            }
        }
        for (int i = 0; i < DECLARED_KEYS.size(); i++) {
            if ((c.required() & (1 << i)) != 0 && !seen.contains(DECLARED_KEYS.get(i))) {
                return Verdict.INVALID;
            }
        }
        if (c.max() >= 0 && keys.size() > c.max()) {
            return repeatsOther && seen.size() <= c.max() ? Verdict.UNDECIDED : Verdict.INVALID;
        }
        if (repeatsOther) {
            return Verdict.UNDECIDED;
        }
        if (seen.size() < c.min()) {
            return Verdict.INVALID;
        }
        long declared = keys.stream().filter(DECLARED_KEYS::contains).count();
        return declared + 1 < c.min() ? Verdict.UNDECIDED : Verdict.VALID;
    }

    /** Whether the declared keys come in blocks of {@code size} in order (other keys anywhere). */
    static boolean blocksInOrder(List<String> keys, int size) {
        int block = 0;
        for (String k : keys) {
            int i = DECLARED_KEYS.indexOf(k);
            if (i >= 0) {
                if (i / size < block) {
                    return false;
                }
                block = i / size;
            }
        }
        return true;
    }

    /** Whether the declared keys come in declared order and before every other key. */
    static boolean declaredOrder(List<String> keys) {
        int last = -1;
        boolean other = false;
        for (String k : keys) {
            int i = DECLARED_KEYS.indexOf(k);
            if (i < 0) {
                other = true;
            } else if (other || i < last) {
                return false;
            } else {
                last = i;
            }
        }
        return true;
    }

    static List<Case> cases() {
        List<Case> out = new ArrayList<>();
        int[][] counts = {{0, -1}, {2, -1}, {0, 2}, {1, 3}};
        for (int required : new int[] {0, 2, 5, 7}) { // none; b; a and c; all
            for (Others o : Others.values()) {
                for (int[] mm : counts) {
                    out.add(new Case(required, o, mm[0], mm[1]));
                }
            }
        }
        return out;
    }

    static List<List<String>> documents() {
        List<String> universe = new ArrayList<>(DECLARED_KEYS);
        universe.addAll(OTHER_KEYS);
        List<List<String>> out = new ArrayList<>();
        out.add(List.of());
        for (int from = 0; from < out.size(); from++) {
            List<String> d = out.get(from);
            if (d.size() < LONGEST) {
                for (String k : universe) {
                    List<String> e = new ArrayList<>(d);
                    e.add(k);
                    out.add(e);
                }
            }
        }
        return out;
    }

    static String text(List<String> keys, int variant) {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < keys.size(); i++) {
            s.append(i > 0 ? (variant % 2 == 0 ? "," : " , ") : (variant % 2 == 0 ? "" : "\n "));
            s.append('"').append(keys.get(i)).append("\":").append(i);
        }
        return s.append(variant % 2 == 0 ? "}" : " }").toString();
    }

    private static final Pattern BLOCKS = Pattern.compile("within blocks of (\\d+) consecutive");
    private static final String REPEATS = "but an optional one may repeat";
    /** In the sizes {@link #check} returns: a case whose optional properties may repeat. */
    private static final int REPEATABLE = 0;

    /**
     * Checks every case and document; returns the block sizes the budget led to ({@link #REPEATABLE}
     * for optional properties that may repeat).
     */
    private static Set<Integer> check(PropertyOrder order, int budget) {
        List<List<String>> docs = documents();
        int checked = 0;
        Set<Integer> sizes = new TreeSet<>();
        for (Case c : cases()) {
            CompiledGrammar g;
            try {
                g = JsonSchemaGrammar.compile(c.schema(), JsonSchemaOptions.DEFAULT.withPropertyOrder(order)
                        .withMaxOrderStates(budget));
            } catch (JsonSchemaException e) {
                // Refused as having no instance (three required keys, at most two properties): so it is.
                assertTrue(e.getMessage().contains("can never consume a byte"), e::getMessage);
                assertTrue(docs.stream().noneMatch(d -> verdict(c, d, false) == Verdict.VALID), c::schema);
                continue;
            }
            int blockSize = order == PropertyOrder.DECLARED ? 1 : DECLARED_KEYS.size();
            boolean repeatable = false;
            for (var w : g.warnings()) {
                Matcher m = BLOCKS.matcher(w.message());
                if (m.find()) {
                    blockSize = Integer.parseInt(m.group(1));
                }
                repeatable |= w.message().contains(REPEATS);
            }
            assertTrue(!repeatable || order == PropertyOrder.ANY_REPEATABLE, c::schema);
            sizes.add(repeatable ? REPEATABLE : blockSize);
            int size = repeatable ? DECLARED_KEYS.size() : blockSize; // repeatable: any order
            Recognizer r = new Recognizer(g);
            for (int i = 0; i < docs.size(); i++) {
                List<String> keys = docs.get(i);
                Verdict v = verdict(c, keys, repeatable);
                boolean accepted = reads(r, text(keys, i));
                if (accepted) {
                    assertTrue(v != Verdict.INVALID, () -> c.schema() + " accepts the invalid " + keys);
                }
                if (v == Verdict.VALID) {
                    boolean expected = order == PropertyOrder.DECLARED ? declaredOrder(keys)
                            : blocksInOrder(keys, size);
                    assertEquals(expected, accepted, () -> c.schema() + " on " + keys + " (" + order + ", blocks of "
                            + size + ")");
                    checked++;
                }
            }
        }
        assertTrue(checked > 1_000, "valid documents checked: " + checked);
        return sizes;
    }

    private static boolean reads(Recognizer r, String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        r.reset();
        return r.push(b, 0, b.length) == b.length && r.isAccepting();
    }

    @Test
    void anyOrderAcceptsExactlyTheValidObjects() {
        assertEquals(Set.of(3), check(PropertyOrder.ANY, JsonSchemaOptions.DEFAULT_MAX_ORDER_STATES));
    }

    @Test
    void declaredOrderAcceptsTheValidObjectsInDeclaredOrder() {
        check(PropertyOrder.DECLARED, JsonSchemaOptions.DEFAULT_MAX_ORDER_STATES);
    }

    @Test
    void pastTheStateBudgetBlocksOfPropertiesComeInDeclaredOrder() {
        // 3 properties in one block need up to 8 subsets (times the counts); blocks of 2 ({a, b}, {c})
        // fewer; the cases whose counts allow fewer subsets stay in one block.
        Set<Integer> sizes = new TreeSet<>();
        for (int budget : new int[] {6, 7, 9}) {
            sizes.addAll(check(PropertyOrder.ANY, budget));
        }
        assertTrue(sizes.contains(2), sizes::toString);
        assertEquals(Set.of(1), check(PropertyOrder.ANY, 1));
    }

    @Test
    void anyRepeatableIsExactWithinTheBudget() {
        assertEquals(Set.of(3), check(PropertyOrder.ANY_REPEATABLE, JsonSchemaOptions.DEFAULT_MAX_ORDER_STATES));
    }

    @Test
    void pastTheStateBudgetOptionalPropertiesMayRepeatInAnyOrder() {
        // With 6 states, the cases without required properties (and minProperties at most 1) fit
        // when optional properties may repeat; those with more required ones, or minProperties 2
        // with none required, fall back to blocks. Every valid document is accepted in the first.
        Set<Integer> sizes = new TreeSet<>();
        for (int budget : new int[] {2, 6, 7, 9}) {
            sizes.addAll(check(PropertyOrder.ANY_REPEATABLE, budget));
        }
        assertTrue(sizes.contains(REPEATABLE), sizes::toString);
        assertTrue(sizes.contains(2) || sizes.contains(1), sizes::toString);
    }

    @Test
    void theOptionsSayWhatIsWrong() {
        assertEquals(PropertyOrder.ANY, JsonSchemaOptions.DEFAULT.propertyOrder());
        assertEquals(PropertyOrder.ANY, ANY.propertyOrder());
        assertEquals(7, ANY.withMaxOrderStates(7).maxOrderStates());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JsonSchemaOptions.DEFAULT.withMaxOrderStates(0));
        assertEquals("maxOrderStates must be positive, was 0", e.getMessage());
    }

    @Test
    void constAndEnumObjectsMatchInAnyOrder() {
        CompiledGrammar g = JsonSchemaGrammar.compile("{\"const\":{\"a\":1,\"b\":[2],\"c\":{\"d\":3,\"e\":4}}}",
                ANY);
        for (String doc : List.of("{\"a\":1,\"b\":[2],\"c\":{\"d\":3,\"e\":4}}", "{\"c\":{\"e\":4,\"d\":3},\"a\":1,\"b\":[2]}",
                "{\"b\":[2],\"c\":{\"d\":3,\"e\":4},\"a\":1}", "{ \"b\" : [ 2 ] , \"a\" : 1.0 , \"c\" : { \"e\" : 4 , \"d\" : 3 } }")) {
            assertTrue(accepts(g, doc), doc);
        }
        for (String doc : List.of("{\"a\":1,\"b\":[2]}", "{\"a\":1,\"b\":[2],\"c\":{\"d\":3,\"e\":4},\"a\":1}",
                "{\"a\":1,\"a\":1,\"c\":{\"d\":3,\"e\":4}}", "{\"c\":{\"e\":4,\"d\":3,\"e\":4},\"a\":1,\"b\":[2]}",
                "{\"a\":1,\"b\":[2],\"c\":{\"d\":3}}")) {
            assertFalse(accepts(g, doc), doc);
        }
        CompiledGrammar e = JsonSchemaGrammar.compile("{\"enum\":[{\"k\":\"x\",\"v\":1},{\"k\":\"y\"}]}",
                ANY);
        assertTrue(accepts(e, "{\"v\":1,\"k\":\"x\"}"));
        assertTrue(accepts(e, "{\"k\":\"y\"}"));
        assertFalse(accepts(e, "{\"v\":1,\"k\":\"y\"}"));
        assertFalse(accepts(e, "{\"k\":\"x\"}"));
        CompiledGrammar declared = JsonSchemaGrammar.compile("{\"enum\":[{\"k\":\"x\",\"v\":1}]}",
                JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.DECLARED));
        assertTrue(accepts(declared, "{\"k\":\"x\",\"v\":1}"));
        assertFalse(accepts(declared, "{\"v\":1,\"k\":\"x\"}"));
    }

    @Test
    void aDeclaredKeyIsNeverAnOtherKeyInAnySpelling() {
        CompiledGrammar g = JsonSchemaGrammar.compile("{\"properties\":{\"name\":{\"type\":\"string\"}},"
                + "\"additionalProperties\":{\"type\":\"integer\"}}", ANY);
        assertTrue(accepts(g, "{\"x\":1,\"name\":\"n\",\"y\":2}"));
        assertFalse(accepts(g, "{\"x\":1,\"name\":\"n\",\"n\\u0061me\":\"m\"}"));
        assertFalse(accepts(g, "{\"name\":1}"));
    }

    @Test
    void manyPropertiesFallBackToBlocksWithAWarning() {
        String s = integerProperties(40, ",\"required\":[\"p0\",\"p39\"],\"additionalProperties\":false}");
        // 2^40 subsets are out of reach; 200 states allow blocks of 4 (10 blocks of 16 subsets, and
        // the moves between them), not of 5 (8 blocks of 32).
        CompiledGrammar g = JsonSchemaGrammar.compile(s, ANY.withMaxOrderStates(200));
        assertWarns(g, "40 properties in any order need more "
                + "than 200 grammar states: they may come in any order within blocks of 4 consecutive");
        assertTrue(accepts(g, "{\"p0\":1,\"p39\":2}"));
        assertTrue(accepts(g, "{\"p3\":1,\"p1\":1,\"p0\":1,\"p5\":1,\"p4\":1,\"p39\":2}"), "p0 to p3 are the first block");
        assertFalse(accepts(g, "{\"p39\":2,\"p0\":1}"), "p39 is in the last block");
        assertFalse(accepts(g, "{\"p0\":1,\"p39\":2,\"p0\":1}"));
        assertFalse(accepts(g, "{\"p0\":1}"));
        assertFalse(accepts(g, "{\"p4\":1,\"p0\":1,\"p39\":2}"), "p4 is in the second block");
        // With the default budget, 40 properties have blocks of one: the declared order.
        CompiledGrammar declared = JsonSchemaGrammar.compile(s, ANY);
        assertWarns(declared, "within blocks of 1 ");
        assertFalse(accepts(declared, "{\"p1\":1,\"p0\":1,\"p39\":2}"));
        assertTrue(accepts(declared, "{\"p0\":1,\"p1\":1,\"p39\":2}"));
    }

    @Test
    void manyOptionalPropertiesMayRepeatInAnyOrderWithAWarning() {
        String s = integerProperties(40,
                ",\"required\":[\"p0\",\"p39\"],\"additionalProperties\":false,\"maxProperties\":4}");
        CompiledGrammar g = JsonSchemaGrammar.compile(s,
                JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.ANY_REPEATABLE));
        assertWarns(g, "40 properties in any order need more "
                + "than 64 grammar states: they may come in any order, each required one once, but an optional one "
                + "may repeat");
        assertTrue(accepts(g, "{\"p39\":2,\"p0\":1}"), "any order");
        assertTrue(accepts(g, "{\"p20\":1,\"p39\":2,\"p3\":1,\"p0\":1}"));
        assertTrue(accepts(g, "{\"p5\":1,\"p39\":2,\"p5\":3,\"p0\":1}"), "an optional property may repeat");
        assertFalse(accepts(g, "{\"p0\":1,\"p39\":2,\"p0\":1}"), "a required one may not");
        assertFalse(accepts(g, "{\"p0\":1,\"p5\":1}"), "p39 is required");
        assertFalse(accepts(g, "{\"p0\":1,\"p5\":\"x\",\"p39\":2}"), "each occurrence is checked");
        assertFalse(accepts(g, "{\"p0\":1,\"p1\":1,\"p2\":1,\"p3\":1,\"p39\":2}"), "five properties");
        assertFalse(accepts(g, "{\"p0\":1,\"p5\":1,\"p5\":1,\"p5\":1,\"p39\":2}"),
                "maxProperties counts every occurrence (never too few)");
        assertFalse(accepts(g, "{\"p0\":1,\"q\":1,\"p39\":2}"), "no other keys");
        // Plain ANY keeps blocks (here of one: the declared order) and never repeats a property.
        CompiledGrammar any = JsonSchemaGrammar.compile(s, ANY);
        assertWarns(any, "within blocks of");
        assertFalse(accepts(any, "{\"p39\":2,\"p0\":1}"));
        assertFalse(accepts(any, "{\"p0\":1,\"p5\":1,\"p5\":3,\"p39\":2}"));
        // Too many required properties for the budget: blocks, as with ANY.
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            names.append(i > 0 ? "," : "").append("\"p").append(i).append('"');
        }
        String allRequired = s.replace("\"required\":[\"p0\",\"p39\"]", "\"required\":[" + names + "]")
                .replace(",\"maxProperties\":4", "");
        CompiledGrammar blocks = JsonSchemaGrammar.compile(allRequired,
                JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.ANY_REPEATABLE));
        assertWarns(blocks, "within blocks of 1 ");
    }

    @Test
    void aRepeatableObjectIsNotTakenWhereMinPropertiesWouldCountARepetition() {
        // minProperties 3 with one required property: a repeated optional property must not count
        // twice, so the object keeps blocks.
        String s = integerProperties(12, ",\"required\":[\"p0\"],\"minProperties\":3}");
        CompiledGrammar g = JsonSchemaGrammar.compile(s,
                JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.ANY_REPEATABLE));
        assertWarns(g, "within blocks of");
        assertFalse(accepts(g, "{\"p0\":1,\"p1\":1,\"p1\":1}"));
        assertTrue(accepts(g, "{\"p0\":1,\"p1\":1,\"p2\":1}"));
    }

    @Test
    void declaredOrderRulesReadTheClosingBraceInsteadOfDerivingTheEmptyString() {
        // As in any order: each rule of an object's members ends with its "}", so the alternatives
        // that skip an optional key are not written twice by nullable elimination.
        String schema = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},"
                + "\"b\":{\"type\":\"integer\"},\"c\":{\"type\":\"integer\"}},\"required\":[\"b\"],"
                + "\"maxProperties\":3}";
        JsonSchemaOptions declared = JsonSchemaOptions.DEFAULT.withPropertyOrder(PropertyOrder.DECLARED);
        String kbnf = JsonSchemaGrammar.toKbnf("s.json", JsonSchemaGrammar.parse("s.json", schema), declared);
        assertTrue(rulesWithoutEmptyAlternatives(kbnf, "o\\d+_\\d+_\\d+(_unmet)?") >= 4, kbnf);
        CompiledGrammar g = JsonSchemaGrammar.compile(schema, declared);
        assertTrue(accepts(g, "{\"b\":1}"));
        assertTrue(accepts(g, "{ \"a\" : 2 , \"b\" : 1 , \"x\" : [] }"));
        assertFalse(accepts(g, "{\"a\":2,\"b\":1,\"c\":3,\"x\":[]}"), "maxProperties");
        assertFalse(accepts(g, "{\"b\":1,\"a\":2}"), "declared order");
        assertFalse(accepts(g, "{}"));
    }

    @Test
    void anyOrderStatesReadTheClosingBraceInsteadOfDerivingTheEmptyString() {
        // A state after which the object may end reads its "}": with an empty alternative instead,
        // nullable elimination would write every step into such a state twice (with the state and
        // without), a quarter to a third more productions over MaskBench's schemas.
        String schema = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},"
                + "\"b\":{\"type\":\"integer\"},\"c\":{\"type\":\"integer\"}},\"required\":[\"a\"]}";
        String kbnf = JsonSchemaGrammar.toKbnf("s.json", JsonSchemaGrammar.parse("s.json", schema), ANY);
        // every subset of {a, b, c}, and nothing written yet after an other key (the next needs a comma)
        assertEquals(9, rulesWithoutEmptyAlternatives(kbnf, "o\\d+_\\d+"), kbnf);
        CompiledGrammar g = JsonSchemaGrammar.compile(schema, ANY);
        assertTrue(accepts(g, "{\"c\":1,\"a\":2}"));
        assertTrue(accepts(g, "{ \"a\" : 2 , \"x\" : [] }"));
        assertFalse(accepts(g, "{\"c\":1}"));
        assertFalse(accepts(g, "{}"));
    }

    /**
     * The number of rules of {@code kbnf} whose names match {@code name}, asserting that none of
     * them has an empty alternative.
     */
    private static int rulesWithoutEmptyAlternatives(String kbnf, String name) {
        Matcher rule = Pattern.compile("(?m)^(" + name + ") ::=([^;]*);").matcher(kbnf);
        int rules = 0;
        while (rule.find()) {
            rules++;
            String body = rule.group(rule.groupCount());
            assertFalse(body.contains("\"\""), () -> body + " in\n" + kbnf);
        }
        return rules;
    }

    /**
     * An object schema of {@code n} integer properties p0, p1, ...; {@code rest} goes after the
     * properties' closing brace (required keys, other keywords) and must close the object.
     */
    private static String integerProperties(int n, String rest) {
        StringBuilder s = new StringBuilder("{\"type\":\"object\",\"properties\":{");
        for (int i = 0; i < n; i++) {
            s.append(i > 0 ? "," : "").append("\"p").append(i).append("\":{\"type\":\"integer\"}");
        }
        return s.append('}').append(rest).toString();
    }

    private static void assertWarns(CompiledGrammar g, String text) {
        assertTrue(g.warnings().stream().anyMatch(w -> w.message().contains(text)), g.warnings()::toString);
    }
}
