package io.github.kbnf4j.grammar.internal.hir;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.GrammarCompiler;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Grammars written for other engines (kbnf, XGrammar, llama.cpp) that kbnf4j used to refuse or
 * read differently (issue 16), and the hints for a GBNF grammar read as KBNF (issue 17).
 * Languages are checked on the simplified HIR with {@link HirMatcher}.
 */
class CompatibilityTest {

    private static Hir compile(String grammar, Dialect dialect) {
        return GrammarCompiler.simplify(dialect == Dialect.KBNF ? "t.kbnf" : "t.gbnf", grammar.getBytes(UTF_8),
                dialect, GrammarOptions.DEFAULT, new Diagnostics(), null);
    }

    private static Hir kbnf(String grammar) {
        return compile(grammar, Dialect.KBNF);
    }

    private static boolean accepts(Hir hir, String input) {
        return HirMatcher.matches(hir, input.getBytes(UTF_8));
    }

    private static String errors(String grammar) {
        return assertThrows(GrammarException.class, () -> Grammar.compile("t.kbnf", grammar)).getMessage();
    }

    private static List<String> warnings(CompiledGrammar g) {
        return g.warnings().stream().map(Diagnostic::toString).toList();
    }

    // ---- 1. raw line breaks in literals ----------------------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"\"a\nb\"", "'a\nb'", "#\"a\nb\"", "#'a\nb'", "#e\"a\nb\"", "#substrs\"a\nb\""})
    void aLiteralMayHoldARawLineBreakThatStandsForItself(String literal) {
        Hir hir = kbnf("start ::= " + literal + " ;");
        assertTrue(accepts(hir, "a\nb"), literal);
        assertFalse(accepts(hir, "ab"), literal);
        assertFalse(accepts(hir, "a\\nb"), literal);
    }

    @Test
    void excludingRegexAndCrLfOverLineBreaks() {
        Hir ex = kbnf("start ::= #ex\"x\ny\" ;");
        assertTrue(accepts(ex, "x\nz"));
        assertFalse(accepts(ex, "ax\nyb"));
        Hir crlf = kbnf("start ::= \"a\r\nb\" ;");
        assertTrue(accepts(crlf, "a\r\nb"));
    }

    @Test
    void errorsAfterALineBreakInsideALiteralPointAtTheirLine() {
        // The bad escape is on line 2, column 3 of the file, inside a literal that began on line 1.
        assertEquals("t.kbnf:2:3: invalid escape '\\q' (valid: \\n \\t \\r \\b \\f \\v \\0 \\\\ \\' \\\" \\xHH \\uHHHH"
                + " \\u{H...})", errors("start ::= \"a\nbc\\q\" ;"));
        // And inside a regex: the unclosed group is on line 3, column 2.
        assertEquals("t.kbnf:3:2: invalid regex: unbalanced parenthesis: '(' is never closed",
                errors("start ::= #\"a\nb\nc(d\" ;"));
    }

    @Test
    void anUnterminatedLiteralSaysItRunsToTheEnd() {
        String e = errors("start ::= \"abc ;\n");
        assertTrue(e.startsWith("t.kbnf:1:11: unterminated literal: its closing quote is missing"), e);
        assertEquals(1, e.lines().count(), e);
    }

    // ---- 2. a start rule whose only sentence is empty ---------------------------------------

    @ParameterizedTest
    @ValueSource(strings = {"start ::= \"\" ;", "start ::= e e ; e ::= \"\" | [\"\"] ;", "start ::= #\"\" ;",
        "start ::= {\"\"} ;", "start ::= #\"(|)*\" ;"})
    void kbnfStartRuleOfOnlyTheEmptyStringIsAWarning(String text) {
        CompiledGrammar g = Grammar.compile("t.kbnf", text);
        assertTrue(g.acceptsEmpty());
        assertEquals(g.firstProduction(g.startNonterminal()), g.firstProduction(g.startNonterminal() + 1),
                "the start nonterminal has no production");
        assertEquals(0, g.terminalCount());
        assertEquals(List.of("t.kbnf:1:1: warning: start rule 'start' matches only the empty string: the one"
                + " sentence is empty (a decoder can only end at once)"), warnings(g).stream()
                        .filter(w -> w.contains("start rule")).toList());
    }

    @Test
    void gbnfRootOfOnlyTheEmptyStringIsAWarning() {
        CompiledGrammar g = Grammar.compile("t.gbnf", "root ::= \"\"\n", Dialect.GBNF, GrammarOptions.DEFAULT);
        assertTrue(g.acceptsEmpty());
        assertEquals(0, g.terminalCount());
        assertTrue(warnings(g).get(0).contains("start rule 'root' matches only the empty string"), warnings(g).toString());
        CompiledGrammar alt = Grammar.compile("t.gbnf", "root ::= x x\nx ::= \"\" | ( )\n", Dialect.GBNF,
                GrammarOptions.DEFAULT);
        assertTrue(alt.acceptsEmpty());
    }

    @Test
    void aStartRuleThatDerivesNothingAtAllIsStillAnError() {
        assertEquals("t.kbnf:1:1: start rule 'start' can never consume a byte (it only refers to itself or to rules"
                + " that match nothing)", errors("start ::= start ;"));
    }

    // ---- 4. kbnf's doubled backslashes in regexes --------------------------------------------

    @Test
    void aDoubledBackslashBeforeAnEscapeLetterIsAWarningWithItsPlace() {
        CompiledGrammar g = Grammar.compile("t.kbnf", "start ::= #\"-?(0|[1-9]\\\\d*)\" ;");
        assertEquals(List.of("t.kbnf:1:23: warning: regex contains '\\\\d', which kbnf4j reads as a backslash"
                + " followed by 'd' (kbnf unescapes a regex literal as a string first and reads the escape '\\d');"
                + " for kbnf4j write '\\d' for that escape, or keep '\\\\d' if a literal backslash is meant"),
                warnings(g));
        // One warning per place, each with its own column and letter.
        CompiledGrammar two = Grammar.compile("t.kbnf", "start ::= #\"\\\\w+\\\\s\" | #'\\\\n' ;");
        assertEquals(1, warnings(Grammar.compile("t.kbnf", "start ::= #\"\\\\u00e9\" ;")).size());
        List<String> w = warnings(two);
        assertEquals(3, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("t.kbnf:1:13: warning: regex contains '\\\\w'"), w.toString());
        assertTrue(w.get(1).startsWith("t.kbnf:1:17: warning: regex contains '\\\\s'"), w.toString());
        assertTrue(w.get(2).startsWith("t.kbnf:1:26: warning: regex contains '\\\\n'"), w.toString());
    }

    @Test
    void noWarningForAnEscapedBackslashBeforeOtherCharactersOrASingleEscape() {
        for (String text : List.of("start ::= #\"\\\\\\\\\" ;", "start ::= #\"\\d+\" ;", "start ::= #\"\\\\\\d\" ;",
                "start ::= #\"\\\\.\" ;", "start ::= #\"\\\\\\\\ \" ;", "start ::= \"\\\\d\" ;",
                "start ::= #substrs\"\\\\d\" ;", "start ::= #\"\\\\u[0-9a-f]{4}\" ;",
                "start ::= #\"\\\\x\" ;")) {
            assertEquals(List.of(), warnings(Grammar.compile("t.kbnf", text)), text);
        }
        // What the warning is about: as written, the regex is a backslash and a 'd'.
        Hir hir = kbnf("start ::= #\"[1-9]\\\\d*\" ;");
        assertTrue(accepts(hir, "1\\ddd"));
        assertFalse(accepts(hir, "12"));
    }

    // ---- issue 17: a GBNF grammar read as KBNF ----------------------------------------------

    @Test
    void aMissingSemicolonIsReportedAtTheEndOfItsRule() {
        String text = "start ::= a b ;\na ::= \"x\" \"y\"\n\nb ::= \"z\" ;\n";
        String e = errors(text);
        assertTrue(e.startsWith("t.kbnf:2:14: missing ';' at the end of rule 'a' (rule 'b' starts after it)"), e);
        assertEquals(1, e.lines().count(), e);
        // Columns count code points, as ANTLR does: the emoji before the rule is one column.
        String wide = errors("(* \ud83d\ude00 *) start ::= \"x\" \"\ud83d\ude00\"\nb ::= \"y\" ;");
        assertTrue(wide.startsWith("t.kbnf:1:26: missing ';' at the end of rule 'start'"), wide);
        // At the end of the text too, after a literal that runs over a line break.
        String end = errors("start ::= \"x\ny\"");
        assertTrue(end.startsWith("t.kbnf:2:3: missing ';' at the end of rule 'start'"), end);
        assertEquals(1, end.lines().count(), end);
    }

    @Test
    void aGbnfGrammarReadAsKbnfGetsAHintNamingTheDialect() {
        String e = errors("root ::= [a-z]+ ws\nws ::= [ \\t]*\n");
        assertTrue(e.startsWith("t.kbnf:1:19: missing ';' at the end of rule 'root' (rule 'ws' starts after it);"
                + " if this is a GBNF grammar"), e);
        assertTrue(e.contains("Dialect.GBNF"), e);
        assertTrue(e.contains("--dialect gbnf"), e);
        assertEquals(1, e.split("Dialect.GBNF", -1).length - 1, "the hint is given once: " + e);
        String comment = errors("# a comment\nstart ::= \"a\" ;\n");
        assertTrue(comment.startsWith("t.kbnf:1:1: unexpected character '#"), comment);
        assertTrue(comment.contains("Dialect.GBNF"), comment);
        // A KBNF grammar with an unrelated error gets no hint.
        assertFalse(errors("start ::= ( \"a\" ;").contains("GBNF"));
    }

    // ---- 6. GBNF leniencies that llama.cpp has ------------------------------------------------

    @Test
    void gbnfClassesOverALineBreakAndEmptyAlternativesAreKept() {
        Hir cls = compile("root ::= [a\n]+\n", Dialect.GBNF);
        assertTrue(accepts(cls, "a\na"));
        assertFalse(accepts(cls, "b"));
        Hir empty = compile("root ::= \"a\" ( | \"b\" )\n", Dialect.GBNF);
        assertTrue(accepts(empty, "a"));
        assertTrue(accepts(empty, "ab"));
        Hir trailing = compile("root ::= \"x\" |\n", Dialect.GBNF);
        assertTrue(accepts(trailing, "x"));
        assertTrue(accepts(trailing, ""));
    }
}
