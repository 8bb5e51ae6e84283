package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.github.kbnf4j.earley.GbnfRoundTrip.Route;
import io.github.kbnf4j.earley.RecognizerTest.Verdict;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.testdata.ExampleGrammars;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link io.github.kbnf4j.grammar.GbnfWriter} round trip on real grammars and inputs: the
 * built-in JSON grammar on strings with 2-, 3- and 4-byte characters, escapes and invalid
 * UTF-8; grammars with negated classes and {@code #ex}; and every example grammar on its
 * accept and reject samples. Each input gets the same verdict before and after the round trip,
 * after every byte, along both ways back ({@link Route}).
 */
class GbnfRoundTripTest {
    private static final List<String> JSON_ACCEPTED = List.of(
            "{\"k\": \"é日😀\", \"a\": [1, -2.5e+3, true, null, \"\\u00e9\\n\"]}",
            "\"\u0080\u07FF\u0800\uFFFF\"",
            "[\"\uD7FF\uE000\", \"\uD800\uDC00\", \"\uDBFF\uDFFF\"]",
            "  [ ]  ",
            "0");
    private static final List<byte[]> JSON_REJECTED = List.of(
            bytes("\"\u0001\""),
            bytes("{\"k\" \"v\"}"),
            new byte[] {'"', (byte) 0xC3, '"'},                                 // cut character
            new byte[] {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'},       // surrogate
            new byte[] {'"', (byte) 0xC0, (byte) 0xAF, '"'},                    // overlong
            new byte[] {'"', (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80, '"'}, // above U+10FFFF
            new byte[] {'"', (byte) 0x80, '"'});

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @TestFactory
    List<DynamicTest> builtinJson() {
        CompiledGrammar g = Grammar.builtin("json", GrammarOptions.DEFAULT);
        List<DynamicTest> tests = new ArrayList<>();
        for (Route route : Route.values()) {
            for (String s : JSON_ACCEPTED) {
                tests.add(DynamicTest.dynamicTest(route + " accepts " + s,
                        () -> assertEquals(Verdict.COMPLETE, agree(g, bytes(s), route))));
            }
            for (byte[] b : JSON_REJECTED) {
                tests.add(DynamicTest.dynamicTest(route + " rejects " + new String(b, StandardCharsets.UTF_8),
                        () -> assertEquals(Verdict.REJECTED, agree(g, b, route))));
            }
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> classesAndSpecialTerminals() {
        String text = """
                start ::= item ("," item)* ;
                item  ::= #"[^a-z,]+" | #"[é-ü日-本😀-😂]{2}" | #ex"ab" ";" | #substrs"aé😀" "!" | except!("--", 3) "?" ;
                """;
        CompiledGrammar g = Grammar.compile("classes.kbnf", text);
        Map<String, Verdict> cases = Map.ofEntries(
                Map.entry("X,\u00FF", Verdict.COMPLETE),
                Map.entry("éü,日😁", Verdict.COMPLETE),
                Map.entry("😀", Verdict.COMPLETE),
                Map.entry("a", Verdict.PREFIX),
                Map.entry("ba;,ó😀;", Verdict.COMPLETE),
                Map.entry("ab;", Verdict.PREFIX),
                Map.entry("é😀!,!", Verdict.COMPLETE),
                Map.entry("aé😀😀!", Verdict.PREFIX),
                Map.entry("-x-?", Verdict.COMPLETE),
                Map.entry("--?", Verdict.COMPLETE),
                Map.entry("abab;", Verdict.REJECTED),
                Map.entry("q", Verdict.PREFIX));
        List<DynamicTest> tests = new ArrayList<>();
        for (Route route : Route.values()) {
            for (Map.Entry<String, Verdict> e : cases.entrySet()) {
                tests.add(DynamicTest.dynamicTest(route + " " + e.getKey() + " is " + e.getValue(),
                        () -> assertEquals(e.getValue(), agree(g, bytes(e.getKey()), route))));
            }
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> exampleGrammarSamples() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : ExampleGrammars.names()) {
            CompiledGrammar g = ExampleGrammars.compile(name);
            for (Route route : Route.values()) {
                for (Map.Entry<String, byte[]> e : ExampleGrammars.acceptSamples(name).entrySet()) {
                    tests.add(DynamicTest.dynamicTest(route + " " + name + " accepts " + e.getKey(),
                            () -> assertEquals(Verdict.COMPLETE, agree(g, e.getValue(), route))));
                }
                for (Map.Entry<String, byte[]> e : ExampleGrammars.rejectSamples(name).entrySet()) {
                    tests.add(DynamicTest.dynamicTest(route + " " + name + " rejects " + e.getKey(),
                            () -> assertNotEquals(Verdict.COMPLETE, agree(g, e.getValue(), route))));
                }
            }
        }
        return tests;
    }

    private static Verdict agree(CompiledGrammar g, byte[] input, Route route) {
        String gbnf = GbnfRoundTrip.write(g);
        return GbnfRoundTrip.agree(g, GbnfRoundTrip.compileBack(gbnf, route), input, route + "\n" + gbnf);
    }
}
