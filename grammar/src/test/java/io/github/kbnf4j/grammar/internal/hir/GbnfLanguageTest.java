package io.github.kbnf4j.grammar.internal.hir;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.GrammarCompiler;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The languages GBNF constructs denote once compiled (checked on the simplified HIR with
 * {@link HirMatcher}): classes and {@code .} over code points as llama.cpp matches them, escapes
 * as UTF-8 bytes, lookahead assertions that change nothing, and folded repetitions that keep the
 * language of the unfolded ones.
 */
class GbnfLanguageTest {

    static Hir compile(String grammar) {
        return GrammarCompiler.simplify("t.gbnf", grammar.getBytes(UTF_8), Dialect.GBNF, GrammarOptions.DEFAULT,
                new Diagnostics(), null);
    }

    static boolean accepts(Hir hir, String input) {
        return HirMatcher.matches(hir, input.getBytes(UTF_8));
    }

    @Test
    void aNegatedClassIsEveryCodePointNotListedTheLineFeedIncluded() {
        Hir hir = compile("root ::= [^x]");
        for (String s : List.of("a", "\n", "\u0000", "\u00e9", "\u65e5", "\ud83d\ude00", "\uffff", "\udbff\udfff")) {
            assertTrue(accepts(hir, s), s);
        }
        for (String s : List.of("x", "", "ab", "\u00e9a")) {
            assertFalse(accepts(hir, s), s);
        }
        assertFalse(HirMatcher.matches(hir, new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}), "no surrogate");
        assertFalse(HirMatcher.matches(hir, new byte[] {(byte) 0xC3}), "no partial character");
        assertFalse(accepts(compile("root ::= [^\\n]"), "\n"));
        assertFalse(accepts(compile("root ::= [^\\x00-\\x1F\"]"), "\""));
    }

    @Test
    void dotIsAnyCodePointAndClassesHaveRanges() {
        Hir dot = compile("root ::= .");
        for (String s : List.of("a", "\n", "\u00e9", "\ud83d\ude00")) {
            assertTrue(accepts(dot, s), s);
        }
        assertFalse(accepts(dot, ""));
        assertFalse(accepts(dot, "ab"));
        Hir range = compile("root ::= [a-cx\\u3041-\\u309F]+");
        assertTrue(accepts(range, "abcx\u3041\u309f"));
        assertFalse(accepts(range, "d"));
        assertFalse(accepts(range, "\u30a0"));
        // llama.cpp's "special characters" case: three code points, whatever their UTF-8 length.
        Hir special = compile("root ::= ... \"abc\" ...");
        assertTrue(accepts(special, "\ud83d\udd35\ud83d\udfe0\u2705abc\u274c\ud83d\udfe0\ud83d\udd35"));
        assertFalse(accepts(special, "\ud83d\udd35\ud83d\udfe0abc\ud83d\udfe0\ud83d\udd35"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "root ::= \"\\xFF\"            | c3bf",
        "root ::= \"\\x41\\x7f\"        | 417f",
        "root ::= \"\\u00e9\"          | c3a9",
        "root ::= \"\\U0001F600\"      | f09f9880",
        "root ::= \"\\t\\n\\r\\\\\\\"\"  | 090a0d5c22",
        "root ::= [\\xFF]             | c3bf",
        "root ::= \"\\0\\e\"            | 001b",
    })
    void escapesAreCodePointsInUtf8(String grammar, String hex) {
        Hir hir = compile(grammar);
        assertTrue(HirMatcher.matches(hir, HexFormat.of().parseHex(hex)), grammar);
    }

    /**
     * XGrammar's lookahead assertions are ignored: the grammar with them has the language of the
     * grammar without them (GbnfReader's javadoc gives the reasons). The assertions hold, as XGrammar
     * expects, except in the last grammar: a false assertion is ignored too.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "root ::= key \":\" val\\nkey ::= [ab]+ (= \":\")\\nval ::= \"b\"+",
        "root ::= (item \",\")+\\nitem ::= \"a\" | \"ab\" (= \",\")",
        "root ::= x \"b\"\\nx ::= \"a\"* (= \"b\" | \"c\")",
        "root ::= x \"b\"\\nx ::= \"a\"* (= \"c\")",
    })
    void lookaheadAssertionsLeaveTheLanguageAlone(String grammar) {
        String with = grammar.replace("\\n", "\n");
        String without = with.replaceAll(" \\(= [^)]*\\)", "");
        assertLanguagesEqual(with, without, "ab:,c".getBytes(UTF_8), 5);
    }

    /**
     * Folded repetitions (FoldRepetitions) against the same nests as written: the HIR right after
     * flattening, before any fold.
     */
    @ParameterizedTest
    @ValueSource(strings = {
        "root ::= ( [x]* )*",
        "root ::= ((\"x\"*){0,3}){2,3} \"y\"",
        "root ::= (\"x\"+){2,3}",
        "root ::= (\"x\"+)?",
        "root ::= (\"x\"+)*",
        "root ::= (\"x\"?){2,3} \"y\"",
        "root ::= (\"x\"?)+ \"y\"",
        "root ::= (((((([^x]*){0,99}){0,99}){0,99}){0,99}){0,99}){0,99}",
        "root ::= (\"x\"{2,3})* \"y\"",
        "root ::= in* \"y\"\nin ::= \"x\"{0,2}",
    })
    void foldedRepetitionsKeepTheLanguage(String grammar) {
        Map<String, Hir> stages = new LinkedHashMap<>();
        GrammarCompiler.simplify("t.gbnf", grammar.getBytes(UTF_8), Dialect.GBNF,
                GrammarOptions.DEFAULT.withInlineRegularRules(false), new Diagnostics(), stages::put);
        List<String> written = new ArrayList<>();
        List<String> folded = new ArrayList<>();
        for (byte[] input : HirMatcher.allStrings("xy".getBytes(UTF_8), 6)) {
            if (HirMatcher.matches(stages.get("flatten"), input)) {
                written.add(new String(input, UTF_8));
            }
            if (HirMatcher.matches(stages.get("remove-useless"), input)) {
                folded.add(new String(input, UTF_8));
            }
        }
        assertFalse(written.isEmpty(), grammar);
        assertEquals(written, folded, grammar + "\n" + stages.get("fold-repetitions"));
    }

    private static void assertLanguagesEqual(String a, String b, byte[] alphabet, int maxLength) {
        Hir ha = compile(a);
        Hir hb = compile(b);
        List<byte[]> inputs = HirMatcher.allStrings(alphabet, maxLength);
        List<String> inA = new ArrayList<>();
        List<String> inB = new ArrayList<>();
        for (byte[] input : inputs) {
            if (HirMatcher.matches(ha, input)) {
                inA.add(new String(input, UTF_8));
            }
            if (HirMatcher.matches(hb, input)) {
                inB.add(new String(input, UTF_8));
            }
        }
        assertFalse(inA.isEmpty(), "some string is in the language of " + a);
        assertEquals(inB, inA, a + "\nversus\n" + b);
    }
}
