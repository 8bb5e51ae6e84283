package io.github.kbnf4j.jsonschema;

import static io.github.kbnf4j.jsonschema.Schemas.accepts;
import static io.github.kbnf4j.jsonschema.Schemas.compile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.internal.ProgramGrammars;
import io.github.kbnf4j.jsonschema.internal.SchemaGrammar;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonSchemaGrammarTest {
    @Test
    void objectWithDeclaredPropertiesInOrder() {
        CompiledGrammar g = compile("""
            {"type":"object","properties":{"a":{"type":"string"},"b":{"type":"boolean"}},"required":["a"],
             "additionalProperties":false}
            """);
        assertTrue(accepts(g, "{\"a\":\"x\"}"));
        assertTrue(accepts(g, "{\"a\": \"x\", \"b\": true}"));
        assertTrue(accepts(g, "{\n  \"a\": \"x\",\n  \"b\": false\n}"));
        assertFalse(accepts(g, "{\"b\":true}"));
        assertFalse(accepts(g, "{\"a\":\"x\",\"c\":1}"));
        assertFalse(accepts(g, "{\"a\":\"x\",\"a\":\"y\"}"));
        assertTrue(accepts(g, "{\"\\u0061\":\"x\"}"), "an escaped key is the same key");
    }

    @Test
    void aStringWithALoneSurrogateIsNoValueADocumentCanHold() {
        // Regression: such a key or enum string used to stand for "?" (what Java's UTF-8 encoder
        // writes for a lone surrogate), so {"?": 1} took the declared key's schema.
        CompiledGrammar g = compile("""
            {"type":"object","properties":{"\\ud800":{"type":"integer"}},"additionalProperties":{"type":"string"}}
            """);
        assertTrue(accepts(g, "{\"?\":\"x\"}"));
        assertFalse(accepts(g, "{\"?\":1}"));
        assertFalse(accepts(g, "{\"\\ud800\":1}"), "a lone surrogate escape is no JSON string kbnf4j reads");
        CompiledGrammar e = compile("""
            {"enum":["\\ud800","a"]}
            """);
        assertTrue(accepts(e, "\"a\""));
        assertFalse(accepts(e, "\"?\""));
        CompiledGrammar c = compile("""
            {"enum":[{"\\ud800":1},{"b":2}]}
            """);
        assertTrue(accepts(c, "{\"b\":2}"));
        assertFalse(accepts(c, "{\"?\":1}"));
        assertThrows(JsonSchemaException.class, () -> compile("""
            {"type":"object","required":["\\ud800"]}
            """), "a required key no document holds: no value satisfies the schema");
    }

    @Test
    void keywordsConstrainOnlyTheirOwnType() {
        CompiledGrammar g = compile("{\"minItems\": 2}");
        assertTrue(accepts(g, "\"abc\""));
        assertTrue(accepts(g, "[1, 2]"));
        assertFalse(accepts(g, "[1]"));
        assertTrue(accepts(g, "{\"x\":null}"));
    }

    @Test
    void stringLengthCountsCodePoints() {
        CompiledGrammar g = compile("{\"type\":\"string\",\"minLength\":2,\"maxLength\":2}");
        assertTrue(accepts(g, "\"ab\""));
        assertTrue(accepts(g, "\"\\u00e9\\n\""));
        assertTrue(accepts(g, "\"\uD83D\uDE00x\""));
        assertTrue(accepts(g, "\"\\uD83D\\uDE00x\""));
        assertFalse(accepts(g, "\"abc\""));
        assertFalse(accepts(g, "\"a\""));
    }

    @Test
    void enumOfStringsFilteredByType() {
        CompiledGrammar g = compile("{\"type\":\"string\",\"enum\":[\"red\",\"green\",null]}");
        assertTrue(accepts(g, "\"red\""));
        assertFalse(accepts(g, "null"));
        assertFalse(accepts(g, "\"blue\""));
    }

    @Test
    void arraysWithPrefixItems() {
        CompiledGrammar g = compile("{\"prefixItems\":[{\"type\":\"string\"},{\"type\":\"boolean\"}],"
                + "\"items\":false}");
        assertTrue(accepts(g, "[]"));
        assertTrue(accepts(g, "[\"a\"]"));
        assertTrue(accepts(g, "[\"a\", true]"));
        assertFalse(accepts(g, "[\"a\", true, null]"));
        assertFalse(accepts(g, "[true]"));
    }

    @Test
    void recursiveRefs() {
        CompiledGrammar g = compile("""
            {"$defs":{"node":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/node"}}},
             "additionalProperties":false}},"$ref":"#/$defs/node"}
            """);
        assertTrue(accepts(g, "{\"kids\":[{},{\"kids\":[]}]}"));
        assertFalse(accepts(g, "{\"kids\":[1]}"));
    }

    @Test
    void anyOfAndNot() {
        CompiledGrammar g = compile("{\"anyOf\":[{\"type\":\"string\"},{\"type\":\"null\"}],\"not\":{\"const\":\"x\"}}");
        assertTrue(accepts(g, "\"y\""));
        assertTrue(accepts(g, "null"));
        assertFalse(accepts(g, "\"x\""));
        assertFalse(accepts(g, "true"));
    }

    /**
     * Regression: an enum value 12 was spelled 12.0 too, which draft 4's integer type refuses
     * (found by the networknt oracle on a MaskBench schema).
     */
    @Test
    void draft4IntegerEnumIsSpelledAsAnInteger() {
        CompiledGrammar g = compile("""
            {"$schema":"http://json-schema.org/draft-04/schema#","type":"integer","enum":[6,12]}
            """);
        assertTrue(accepts(g, "12"));
        assertFalse(accepts(g, "12.0"));
        CompiledGrammar nested = compile("""
            {"$schema":"http://json-schema.org/draft-04/schema#","items":{"type":"integer"},"enum":[[12]]}
            """);
        assertTrue(accepts(nested, "[12]"));
        assertFalse(accepts(nested, "[12.0]"), "the item schema's integer type is checked on the spelling");
        CompiledGrammar untyped = compile("""
            {"$schema":"http://json-schema.org/draft-04/schema#","enum":[[12]]}
            """);
        assertTrue(accepts(untyped, "[12.0]"), "enum compares values: 12.0 equals 12");
        CompiledGrammar modern = compile("{\"type\":\"integer\",\"enum\":[6,12]}");
        assertTrue(accepts(modern, "12.0"), "since draft 6, 12.0 is the integer 12");
    }

    @Test
    void numbersAndMultiples() {
        CompiledGrammar g = compile("{\"type\":\"number\",\"exclusiveMinimum\":0.5,\"maximum\":10,"
                + "\"multipleOf\":0.25}");
        assertTrue(accepts(g, "0.75"));
        assertTrue(accepts(g, "10"));
        assertTrue(accepts(g, "10.00"));
        assertFalse(accepts(g, "0.5"));
        assertFalse(accepts(g, "0.8"));
        assertFalse(accepts(g, "10.25"));
    }

    @Test
    void oneOfWithOverlappingBranchesIsExactThroughComplements() {
        CompiledGrammar g = compile("{\"oneOf\":[{\"type\":\"integer\"},{\"minimum\":2}]}");
        assertTrue(accepts(g, "1"));
        assertTrue(accepts(g, "2.5"));
        assertFalse(accepts(g, "3"), "3 matches both branches");
        assertTrue(accepts(g, "\"x\""), "a string matches the second branch only (minimum constrains numbers)");
    }

    /** Regression: format "regex" was an unknown format (any string), so invalid regexes passed (MaskBench o66309). */
    @Test
    void formatRegexIsRefusedWhenAsserted() {
        JsonSchemaException e = assertThrows(JsonSchemaException.class,
                () -> compile("{\"type\":\"string\",\"format\":\"regex\"}"));
        assertEquals("/format", e.pointer());
        CompiledGrammar g = JsonSchemaGrammar.compile("{\"type\":\"string\",\"format\":\"regex\"}",
                JsonSchemaOptions.DEFAULT.withFormats(FormatMode.ANNOTATE));
        assertTrue(accepts(g, "\"*\""));
    }

    @Test
    void refusalsNameTheKeywordAndLenientModeWarns() {
        String schema = "{\"properties\":{\"tags\":{\"type\":\"array\",\"uniqueItems\":true}}}";
        JsonSchemaException e = assertThrows(JsonSchemaException.class, () -> compile(schema));
        assertEquals("/properties/tags/uniqueItems", e.pointer());
        assertTrue(e.getMessage().startsWith("schema.json#/properties/tags/uniqueItems: "), e.getMessage());
        CompiledGrammar g = JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT.withLenient(true));
        assertTrue(accepts(g, "{\"tags\":[1,1]}"), "lenient: the keyword is dropped");
        assertTrue(g.warnings().stream().anyMatch(w -> w.message().contains("uniqueItems")), g.warnings()::toString);
    }

    @Test
    void budgetsNameTheirSetting() {
        JsonSchemaException e = assertThrows(JsonSchemaException.class, () -> JsonSchemaGrammar.compile(
                "{\"type\":\"array\",\"minItems\":500}", JsonSchemaOptions.DEFAULT.withMaxRules(100)));
        assertTrue(e.getMessage().contains("JsonSchemaOptions.maxRules"), e.getMessage());
        JsonSchemaException big = assertThrows(JsonSchemaException.class, () -> compile(
                "{\"type\":\"string\",\"pattern\":\"^[a-z]*$\",\"maxLength\":100000}"));
        assertTrue(big.getMessage().contains("GrammarOptions.maxDfaStates"), big.getMessage());
    }

    @Test
    void remoteReferencesComeOnlyFromTheGivenMap() throws Exception {
        String schema = "{\"$ref\":\"https://example.com/name.json\"}";
        JsonSchemaException e = assertThrows(JsonSchemaException.class, () -> compile(schema));
        assertTrue(e.getMessage().contains("nothing is fetched from the network"), e.getMessage());
        CompiledGrammar g = JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT.withRemoteSchemas(
                java.util.Map.of("https://example.com/name.json",
                        new com.fasterxml.jackson.databind.ObjectMapper().readTree("{\"type\":\"string\"}"))));
        assertTrue(accepts(g, "\"x\""));
        assertFalse(accepts(g, "1"));
    }

    @Test
    void draft4BooleanExclusiveBounds() {
        CompiledGrammar g = compile("{\"$schema\":\"http://json-schema.org/draft-04/schema#\",\"minimum\":1,"
                + "\"exclusiveMinimum\":true}");
        assertFalse(accepts(g, "1"));
        assertTrue(accepts(g, "1.5"));
    }

    @Test
    void unevaluatedPropertiesSeesOnlyItsSubtree() {
        CompiledGrammar g = compile("""
            {"allOf":[{"properties":{"a":{"type":"string"}}}],"properties":{"b":{"type":"boolean"}},
             "unevaluatedProperties":false}
            """);
        assertTrue(accepts(g, "{\"b\":true,\"a\":\"x\"}"));
        assertFalse(accepts(g, "{\"b\":true,\"c\":1}"));
    }

    @Test
    void whitespaceBoundAndCompactOutput() {
        CompiledGrammar compact = JsonSchemaGrammar.compile("{\"type\":\"array\",\"items\":{\"type\":\"null\"}}",
                JsonSchemaOptions.DEFAULT.withMaxWhitespace(0));
        assertTrue(accepts(compact, "[null,null]"));
        assertFalse(accepts(compact, "[null, null]"));
        CompiledGrammar two = JsonSchemaGrammar.compile("{\"type\":\"array\"}",
                JsonSchemaOptions.DEFAULT.withMaxWhitespace(2));
        assertTrue(accepts(two, "[  1,  2  ]"));
        assertFalse(accepts(two, "[   1]"));
    }

    /**
     * The whitespace rule's automaton comes from the shared automata, not from compiling its regex
     * in every grammar; a KBNF listing still shows it as that regex, and the listing compiles to
     * a grammar of the same sentences.
     */
    @Test
    void theWhitespaceRuleIsListedAsItsRegex() {
        String schema = "{\"type\":\"array\",\"items\":{\"type\":\"null\"}}";
        String unbounded = JsonSchemaGrammar.toKbnf("s.json", JsonSchemaGrammar.parse("s.json", schema),
                JsonSchemaOptions.DEFAULT);
        assertTrue(unbounded.contains("ws ::= #\"[ \\t\\n\\r]*\" ;"), unbounded);
        String two = JsonSchemaGrammar.toKbnf("s.json", JsonSchemaGrammar.parse("s.json", schema),
                JsonSchemaOptions.DEFAULT.withMaxWhitespace(2));
        assertTrue(two.contains("ws ::= #\"[ \\t\\n\\r]{0,2}\" ;"), two);
        CompiledGrammar listed = io.github.kbnf4j.grammar.Grammar.compile("s.kbnf", two);
        for (String text : new String[] {"[null,null]", "  [  null  ]  ", "[   null]", "[null]   ", "[nul]"}) {
            assertEquals(accepts(JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT.withMaxWhitespace(2)), text),
                    accepts(listed, text), text);
        }
    }

    /**
     * The whitespace around punctuation is part of the punctuation's terminal ({@code ws "," ws}
     * is one): each run still has the bound, at every place whitespace may go, in objects of
     * either property order, arrays, empty ones and const values.
     */
    @Test
    void whitespaceFusedWithPunctuationKeepsItsBound() {
        String schema = """
            {"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"array"},
             "c":{"const":{"x":[1,{}]}}},"required":["a"]}""";
        for (PropertyOrder order : PropertyOrder.values()) {
            CompiledGrammar g = JsonSchemaGrammar.compile(schema,
                    JsonSchemaOptions.DEFAULT.withMaxWhitespace(2).withPropertyOrder(order));
            assertTrue(accepts(g, "  {  \"a\"  :  1  ,  \"b\"  :  [  ]  ,  \"c\"  :  {  \"x\"  :  [  1  ,  {  }  ]  }  }  "),
                    order.toString());
            assertTrue(accepts(g, "{\"a\":1,\"b\":[],\"c\":{\"x\":[1,{}]}}"), order.toString());
            String[] tooMuch = {"{   \"a\":1}", "{\"a\"   :1}", "{\"a\":   1}", "{\"a\":1   }", "{\"a\":1   ,\"b\":[]}",
                "{\"a\":1,   \"b\":[]}", "{\"a\":1,\"b\":[   ]}", "{\"a\":1,\"c\":{\"x\":[1,{   }]}}",
                "{\"a\":1,\"c\":{\"x\":[1   ,{}]}}", "{\"a\":1,\"c\":{\"x\"   :[1,{}]}}"};
            for (String text : tooMuch) {
                assertFalse(accepts(g, text), order + ": " + text);
                assertTrue(accepts(g, text.replace("   ", "  ")), order + ": " + text.replace("   ", "  "));
            }
        }
        CompiledGrammar compact = JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT.withMaxWhitespace(0));
        assertTrue(accepts(compact, "{\"a\":1,\"b\":[],\"c\":{\"x\":[1,{}]}}"));
        assertFalse(accepts(compact, "{\"a\":1, \"b\":[]}"));
        assertFalse(accepts(compact, "{\"a\" :1}"));
        assertFalse(accepts(compact, "{\"a\":1,\"b\":[ ]}"));
    }

    /**
     * Regression: fusing whitespace with punctuation turned a whitespace bound over the regex
     * repetition limit into an internal error, and a bound of thousands into an automaton over
     * the state limit. Long bounds keep whitespace a symbol of its own, as before.
     */
    @Test
    void longWhitespaceBoundsCompileAsBefore() {
        String schema = "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"array\"}}}";
        CompiledGrammar g = JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT.withMaxWhitespace(5000));
        String run = " ".repeat(5000);
        assertTrue(accepts(g, "{" + run + "\"a\"" + run + ":" + run + "[" + run + "1" + run + "," + run + "2" + run
                + "]" + run + "}"));
        assertFalse(accepts(g, "{\"a\":[1," + run + " 2]}"));
        JsonSchemaException e = assertThrows(JsonSchemaException.class,
                () -> JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT.withMaxWhitespace(100_000)));
        assertTrue(e.getMessage().contains("maxRepetition"), e.getMessage());
    }

    /** maxExponentDigits bounds how numbers are spelled, everywhere a number is written; values stay writable. */
    @Test
    void maxExponentDigitsBoundsTheExponentOfEveryNumber() throws Exception {
        JsonSchemaOptions two = JsonSchemaOptions.DEFAULT.withMaxExponentDigits(2);
        CompiledGrammar integers = JsonSchemaGrammar.compile("{\"type\":\"integer\",\"minimum\":1}", two);
        assertTrue(accepts(integers, "1e99"));
        assertTrue(accepts(integers, "1E+05"));
        assertFalse(accepts(integers, "1e100"));
        assertFalse(accepts(integers, "1e005"));
        assertTrue(accepts(integers, "1" + "0".repeat(100)));
        CompiledGrammar any = JsonSchemaGrammar.compile("{\"type\":\"array\",\"items\":true}", two);
        assertTrue(accepts(any, "[{\"a\":[2.5e-10]}]"));
        assertFalse(accepts(any, "[{\"a\":[2.5e-100]}]"));
        CompiledGrammar constant = JsonSchemaGrammar.compile("{\"const\":1000}", two);
        assertTrue(accepts(constant, "1000E+00"));
        assertTrue(accepts(constant, "1000"));
        assertFalse(accepts(constant, "1000e000"));
        CompiledGrammar none = JsonSchemaGrammar.compile("{\"type\":\"number\"}",
                JsonSchemaOptions.DEFAULT.withMaxExponentDigits(0));
        assertTrue(accepts(none, "-12.5"));
        assertFalse(accepts(none, "1e1"));
        CompiledGrammar unbounded = JsonSchemaGrammar.compile("{\"type\":\"number\"}", JsonSchemaOptions.DEFAULT);
        assertTrue(accepts(unbounded, "1e1000000"));
        assertThrows(IllegalArgumentException.class, () -> JsonSchemaOptions.DEFAULT.withMaxExponentDigits(-2));
        assertThrows(IllegalArgumentException.class,
                () -> JsonSchemaOptions.DEFAULT.withMaxExponentDigits(JsonSchemaOptions.MAX_EXPONENT_DIGITS + 1));
    }

    /**
     * Regression: an object's member rules were built by recursion over its properties, so an
     * object with thousands of properties overflowed a default-size stack (a MaskBench schema did).
     */
    @Test
    void wideObjectsNeedNoDeepStack() throws Exception {
        StringBuilder schema = new StringBuilder("{\"type\":\"object\",\"properties\":{");
        for (int i = 0; i < 1000; i++) {
            schema.append(i == 0 ? "" : ",").append("\"p").append(i).append("\":{\"type\":\"integer\"}");
        }
        schema.append("},\"maxProperties\":3}");
        CompiledGrammar[] out = new CompiledGrammar[1];
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                out[0] = compile(schema.toString());
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "small-stack", 256 * 1024);
        t.start();
        t.join();
        assertEquals(null, failure[0], () -> String.valueOf(failure[0]));
        assertTrue(accepts(out[0], "{\"p1\":1,\"p999\":2}"));
        assertFalse(accepts(out[0], "{\"p1\":1,\"p2\":2,\"p3\":3,\"p4\":4}"));
    }

    /**
     * Regression: maxLength 1024 and beyond needed a count automaton over the 20,000-state limit,
     * which refused 264 MaskBench schemas; such strings are now blocks of characters.
     */
    @Test
    void longLengthBoundsAreExact() {
        CompiledGrammar g = compile("{\"type\":\"string\",\"minLength\":300,\"maxLength\":1000}");
        assertTrue(accepts(g, "\"" + "a".repeat(300) + "\""));
        assertTrue(accepts(g, "\"" + "\\u00e9".repeat(1000) + "\""));
        assertTrue(accepts(g, "\"" + "\uD83D\uDE00".repeat(999) + "\\n\""));
        assertFalse(accepts(g, "\"" + "a".repeat(299) + "\""));
        assertFalse(accepts(g, "\"" + "a".repeat(1001) + "\""));
        assertFalse(accepts(g, "\"" + "\\\"".repeat(1001) + "\""));
        for (int n = 0; n <= 1100; n += 1) {
            boolean in = n >= 300 && n <= 1000;
            assertEquals(in, accepts(g, "\"" + "b".repeat(n) + "\""), "length " + n);
        }
        CompiledGrammar atLeast = compile("{\"type\":\"string\",\"minLength\":700}");
        assertFalse(accepts(atLeast, "\"" + "a".repeat(699) + "\""));
        assertTrue(accepts(atLeast, "\"" + "a".repeat(700) + "\""));
        assertTrue(accepts(atLeast, "\"" + "a".repeat(5000) + "\""));
        // a bound of thousands of characters: blocks of 256 (19 full blocks and 136 to 180 more)
        CompiledGrammar longBlocks = compile("{\"type\":\"string\",\"minLength\":5000,\"maxLength\":5300}");
        for (int n : new int[] {4863, 4864, 4999, 5000, 5001, 5119, 5120, 5121, 5299, 5300, 5301, 5376}) {
            boolean in = n >= 5000 && n <= 5300;
            assertEquals(in, accepts(longBlocks, "\"" + "b".repeat(n) + "\""), "length " + n);
            assertEquals(in, accepts(longBlocks, "\"" + "é".repeat(n) + "\""), "length " + n + ", two bytes each");
        }
        CompiledGrammar huge = compile("{\"type\":\"string\",\"maxLength\":1000000}");
        assertTrue(accepts(huge, "\"" + "a".repeat(20000) + "\""));
    }

    /**
     * Regression (MaskBench Github_hard o9794, a valid document rejected): a string whose length
     * bound made it blocks of characters lost the escaped quote {@code \"}, because the blocks were
     * cut from the quoted automaton by dropping every quote byte, the escaped ones too.
     */
    @Test
    void longStringsKeepTheirEscapedQuotes() {
        CompiledGrammar json = compile("{\"type\":\"string\",\"minLength\":1,\"maxLength\":32767}");
        assertTrue(accepts(json, "\"{\\\"example\\\":\\\"value\\\"}\""));
        assertTrue(accepts(json, "\"\\\"\""));
        assertFalse(accepts(json, "\"\\\""), "a backslash and the closing quote leave the string open");
        assertFalse(accepts(json, "\"\""), "minLength 1");
        CompiledGrammar g = compile("{\"type\":\"string\",\"minLength\":300,\"maxLength\":1000}");
        for (int n : new int[] {299, 300, 301, 999, 1000, 1001}) {
            boolean in = n >= 300 && n <= 1000;
            assertEquals(in, accepts(g, "\"" + "\\\"".repeat(n) + "\""), n + " escaped quotes");
            assertEquals(in, accepts(g, "\"" + "x\\\"".repeat(n / 2) + "y".repeat(n % 2) + "\""),
                    n + " characters, half of them escaped quotes");
        }
        CompiledGrammar atLeast = compile("{\"type\":\"string\",\"minLength\":700}");
        assertTrue(accepts(atLeast, "\"" + "\\\"".repeat(700) + "\""));
        assertFalse(accepts(atLeast, "\"" + "\\\"".repeat(699) + "\""));
    }

    /**
     * Regression (networknt oracle): {"":0,"":0,"":0} counted as three properties toward
     * minProperties, but a parser keeps one. Only the first key outside the declared ones counts
     * toward minProperties now (they may repeat; a grammar cannot make them distinct).
     */
    @Test
    void repeatedOtherKeysDoNotSatisfyMinProperties() {
        CompiledGrammar g = compile("{\"properties\":{\"a\":{}},\"minProperties\":2}");
        assertFalse(accepts(g, "{\"x\":0,\"x\":0}"));
        assertTrue(accepts(g, "{\"a\":0,\"x\":0}"));
        assertTrue(accepts(g, "{\"a\":0,\"x\":0,\"x\":1}"));
        CompiledGrammar one = compile("{\"type\":\"object\",\"minProperties\":1}");
        assertTrue(accepts(one, "{\"x\":0}"));
        assertFalse(accepts(one, "{}"));
        JsonSchemaException e = assertThrows(JsonSchemaException.class,
                () -> compile("{\"type\":\"object\",\"minProperties\":3}"));
        assertTrue(e.pointer().endsWith("/minProperties"), e.getMessage());
    }

    /** Regression: object member states built bottom-up left unreachable rules, each reported as unused. */
    @Test
    void noUnusedRuleWarnings() {
        for (String schema : new String[] {
            "{\"properties\":{\"a\":{},\"b\":{}},\"required\":[\"a\"],\"minProperties\":2,\"maxProperties\":3}",
            "{\"type\":\"object\",\"minProperties\":1}",
            "{\"properties\":{\"a\":{}},\"dependentRequired\":{\"a\":[\"b\"]}}",
            "{\"type\":\"array\",\"contains\":{\"type\":\"null\"},\"minContains\":2,\"maxItems\":4}",
            "{\"prefixItems\":[{},{}],\"minItems\":3,\"maxItems\":5}"}) {
            CompiledGrammar g = compile(schema);
            assertTrue(g.warnings().isEmpty(), () -> schema + ": " + g.warnings());
            // A schema's grammar leaves out the lint of its rules; the rules themselves are checked here.
            SchemaGrammar rules = JsonSchemaGrammar.translate(JsonSchemaGrammar.DEFAULT_SOURCE,
                    JsonSchemaGrammar.parse(JsonSchemaGrammar.DEFAULT_SOURCE, schema), JsonSchemaOptions.DEFAULT);
            List<Diagnostic> lint = ProgramGrammars.lint(rules.ast(), rules.start(),
                    JsonSchemaOptions.DEFAULT.grammarOptions());
            assertTrue(lint.isEmpty(), () -> schema + ": " + lint);
        }
        // From MaskBench (Github_easy): every declared key required and maxProperties their number.
        String unusedSchema = "{\"type\":\"object\",\"properties\":{\"i\":{\"type\":\"string\"},"
                + "\"v\":{\"type\":\"string\"},\"o\":{\"type\":\"string\"},\"m\":{\"type\":\"string\"},"
                + "\"l\":{\"type\":\"string\"}},\"required\":[\"i\",\"v\",\"o\",\"m\",\"l\"],\"maxProperties\":5}";
        SchemaGrammar unused = JsonSchemaGrammar.translate(JsonSchemaGrammar.DEFAULT_SOURCE,
                JsonSchemaGrammar.parse(JsonSchemaGrammar.DEFAULT_SOURCE, unusedSchema), JsonSchemaOptions.DEFAULT);
        assertFalse(ProgramGrammars.lint(unused.ast(), unused.start(), JsonSchemaOptions.DEFAULT.grammarOptions())
                .isEmpty(), "the lint finds something to say: here an unused rule (left as it is, see the issue note)");
        CompiledGrammar g = compile(unusedSchema);
        assertTrue(g.warnings().stream().noneMatch(w -> w.message().contains("never used")),
                () -> "which the schema's user does not see: " + g.warnings());
    }

    /** Regression: a relative $id ("limits") could not resolve against the default base, refusing 65 MaskBench schemas. */
    @Test
    void relativeIdWithoutAnAbsoluteBase() {
        CompiledGrammar g = compile("{\"$id\":\"limits\",\"$defs\":{\"n\":{\"$id\":\"n.json\",\"type\":\"null\"}},"
                + "\"properties\":{\"a\":{\"$ref\":\"n.json\"}}}");
        assertTrue(accepts(g, "{\"a\":null}"));
        assertFalse(accepts(g, "{\"a\":1}"));
    }

    @Test
    void theAutomatonCacheCountsItsLookups() {
        // A pattern no other test compiles: built on the first compilation, found on the second.
        String schema = "{\"type\":\"string\",\"pattern\":\"^cache-stats-" + System.nanoTime() + "[a-f]{3}$\"}";
        AutomatonCacheStats before = JsonSchemaGrammar.automatonCacheStats();
        JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT);
        AutomatonCacheStats once = JsonSchemaGrammar.automatonCacheStats();
        JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT);
        AutomatonCacheStats twice = JsonSchemaGrammar.automatonCacheStats();
        assertTrue(once.misses() > before.misses(), once + " after " + before);
        assertTrue(twice.hits() > once.hits(), twice + " after " + once);
        assertEquals(64L << 20, twice.maximumBytes());
        assertTrue(twice.weightedBytes() > 0 && twice.weightedBytes() <= twice.maximumBytes(), twice::toString);
    }
}
