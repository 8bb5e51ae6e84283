package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.GrammarCompiler;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every simplification pass keeps the language: after each pass, the strings up to a small
 * length over the grammar's own bytes that the HIR accepts are exactly those it accepted right
 * after flattening (where the grammar is still a direct transcription of the source). Each
 * grammar targets one pass; the structural post-conditions of the passes are checked too.
 */
class PassesTest {

    @ParameterizedTest
    @ValueSource(strings = {
        // merge terminals, deduplicate
        "start ::= \"a\" \"b\" \"c\" | \"ab\" \"c\" | \"a\" #\"[bc]\";",
        // flatten and expand repetitions
        "start ::= (\"a\" | \"b\")* \"c\"{2,3};",
        "start ::= (\"a\" \"b\"?)+ | [\"c\"] {\"a\"} \"b\"{1,};",
        "start ::= ( [\"x\"]* )* \"y\";",
        "start ::= (\"a\"{0,2}){0,2} \"b\"{0} \"c\";",
        // fold nested repetitions: stars, counts, a recursive item, through a unit rule, a nullable item
        "start ::= { {\"x\"} } \"y\" | [ (\"x\"+)? ];",
        "start ::= ( (\"(\" start \")\")* )* | \"x\";",
        "start ::= ((\"x\"{1,2}){0,2}){1,2} \"y\" | ((\"x\"{2,3})*){1,2};",
        "start ::= a* \"y\"; a ::= b+; b ::= \"x\" | \"\";",
        "start ::= ((\"x\" | \"\"){0,2}){0,2} \"y\" | ((\"(\" start \")\"){1,2}){0,2};",
        // a rule whose only alternative is a repetition that cannot be empty, repeated: not nullable
        "start ::= a{0,2} \"y\" | b{2} \"z\"; a ::= \"x\"{2,3}; b ::= \"x\"{0,1};",
        // a repetition behind a rule that is not a unit rule (two alternatives; one of two symbols) is not folded
        "start ::= a* \"y\" | c* \"w\"; a ::= \"x\"+ | \"z\"; c ::= \"x\"+ \"z\";",
        // unit rules, with a cycle
        "start ::= a; a ::= b | \"z\"; b ::= \"x\" | a \"y\" | c; c ::= a;",
        // identical nonterminals
        "start ::= x \"c\" | y \"d\"; x ::= \"a\" x | \"b\"; y ::= \"a\" y | \"b\";",
        // nullable symbols, long alternatives, nullable terminals, the empty sentence
        "start ::= a b c d e \"z\"; a ::= \"a\" | \"\"; b ::= \"b\"?; c ::= \"c\"*; d ::= [\"d\"]; e ::= #\"e*\";",
        "start ::= #\"a*\" \"b\" | \"\" | \"c\";",
        "start ::= s s s s s; s ::= \"a\" | \"\";",
        // useless rules and endless branches
        "start ::= \"a\" | \"b\" dead | \"c\" loop; dead ::= dead \"x\"; loop ::= \"l\" loop;",
        // recursion: left, right, middle, doubled, indirect
        "start ::= l \"|\" r; l ::= l \"a\" | \"a\"; r ::= \"b\" r | \"b\";",
        "start ::= \"a\" | \"(\" start \")\";",
        "start ::= start start | \"a\";",
        "start ::= a; a ::= b \"x\" | \"y\"; b ::= a \"z\" | \"w\";",
        // multi-byte characters and regex forms
        "start ::= \"\u00e9\" #\"[^a]\" | \"\u65e5\"{1,2};",
        "start ::= #e\"ab|a\" \"!\" | #ex\"bb\" \"?\" | #substrs\"abc\";",
        "start ::= except!(\"ab\") \";\" | except!(x, 2) \".\"; x ::= \"b\" | #\"c+\";",
        // inline regular rules: nested regular rules inside a recursive one, shared by two users
        "start ::= id | \"(\" start ws \")\" | id ws \"=\" ws start; id ::= l (l | d)*; l ::= #\"[a-b]\"; d ::= \"1\"; ws ::= \" \"*;",
    })
    void everyPassKeepsTheLanguage(String grammar) {
        everyPassKeepsTheLanguage(grammar, GrammarOptions.DEFAULT);
        // without inlining, the later passes see the regular rules too
        everyPassKeepsTheLanguage(grammar, GrammarOptions.DEFAULT.withInlineRegularRules(false));
    }

    private static void everyPassKeepsTheLanguage(String grammar, GrammarOptions options) {
        Map<String, Hir> stages = new LinkedHashMap<>();
        GrammarCompiler.simplify("t.kbnf", grammar.getBytes(StandardCharsets.UTF_8), Dialect.KBNF, options,
                new Diagnostics(), stages::put);
        Hir reference = stages.get("flatten");
        byte[] alphabet = alphabet(grammar);
        int maxLength = alphabet.length > 7 ? 3 : 4;
        List<byte[]> inputs = HirMatcher.allStrings(alphabet, maxLength);
        List<String> expected = accepted(reference, inputs);
        for (Map.Entry<String, Hir> stage : stages.entrySet()) {
            assertEquals(expected, accepted(stage.getValue(), inputs),
                    () -> "pass " + stage.getKey() + " changed the language of " + grammar + "\n" + stage.getValue());
        }
        checkPostconditions(stages);
    }

    private static void checkPostconditions(Map<String, Hir> stages) {
        Hir expanded = stages.get("expand-repetitions");
        for (int n = 0; n < expanded.nonterminalCount(); n++) {
            assertNull(expanded.repetition(n), "repetitions are expanded");
        }
        Hir noNullable = stages.get("eliminate-nullable");
        for (int n = 0; n < noNullable.nonterminalCount(); n++) {
            for (int[] alt : noNullable.alternatives(n)) {
                assertTrue(alt.length > 0, "no empty alternatives after nullable elimination");
                for (int s : alt) {
                    assertFalse(Hir.isTerminal(s) && noNullable.terminal(Hir.terminalOf(s)).dfa().acceptsEmpty(),
                            "no terminal matches the empty string");
                }
            }
        }
        Hir last = stages.get("remove-useless");
        for (int n = 0; n < last.nonterminalCount(); n++) {
            assertFalse(last.alternatives(n).isEmpty(), "every kept nonterminal has alternatives: " + last.name(n));
        }
    }

    private static List<String> accepted(Hir hir, List<byte[]> inputs) {
        List<String> out = new ArrayList<>();
        for (byte[] input : inputs) {
            if (HirMatcher.matches(hir, input)) {
                out.add(java.util.HexFormat.of().formatHex(input));
            }
        }
        return out;
    }

    /** The bytes of the grammar's quoted texts (a rough but sufficient alphabet), plus one foreign byte. */
    private static byte[] alphabet(String grammar) {
        TreeSet<Integer> bytes = new TreeSet<>();
        boolean quoted = false;
        for (byte b : grammar.getBytes(StandardCharsets.UTF_8)) {
            if (b == '"') {
                quoted = !quoted;
            } else if (quoted && b != '[' && b != ']' && b != '^' && b != '*' && b != '+' && b != '|') {
                bytes.add(b & 0xFF);
            }
        }
        bytes.add((int) 'q');
        byte[] out = new byte[bytes.size()];
        int i = 0;
        for (int b : bytes) {
            out[i++] = (byte) b;
        }
        return out;
    }
}
