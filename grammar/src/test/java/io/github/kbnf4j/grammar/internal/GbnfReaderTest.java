package io.github.kbnf4j.grammar.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Literal;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.Expr.Regex;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The GBNF reader: what it makes of each construct (shown as a compact rendering of the AST), the
 * line rules, every escape, and its errors with their exact {@code line:col}. The languages the
 * constructs denote are checked in {@code hir.GbnfLanguageTest}, and llama.cpp's own cases in the
 * earley module's {@code LlamaCppGrammarConformanceTest}.
 */
class GbnfReaderTest {

    /** The rules of {@code text}, one per line as {@code name = body}; fails on any error. */
    static String read(String text) {
        Diagnostics d = new Diagnostics();
        GrammarAst ast = GbnfReader.read("t.gbnf", text, GrammarOptions.DEFAULT, d);
        assertFalse(d.hasErrors(), () -> {
            try {
                d.throwIfErrors();
            } catch (GrammarException e) {
                return e.getMessage();
            }
            return "";
        });
        return ast.rules().stream().map(r -> r.name() + " = " + show(r.body())).collect(Collectors.joining("\n"));
    }

    /** The first rule's body. */
    static String body(String text) {
        String rules = read(text);
        return rules.substring(rules.indexOf(" = ") + 3, rules.contains("\n") ? rules.indexOf('\n') : rules.length());
    }

    /** Literals in quotes (non-ASCII and controls as U+ escapes), regexes as #pattern, groups in parentheses. */
    static String show(Expr e) {
        if (e instanceof Literal lit) {
            StringBuilder sb = new StringBuilder("\"");
            lit.text().codePoints().forEach(c -> sb.append(c >= 0x20 && c < 0x7F ? Character.toString(c)
                    : String.format("<U+%04X>", c)));
            return sb.append('"').toString();
        }
        if (e instanceof Regex rx) {
            return "#" + rx.text();
        }
        if (e instanceof Ref ref) {
            return ref.name();
        }
        if (e instanceof Seq seq) {
            return seq.items().stream().map(GbnfReaderTest::show).collect(Collectors.joining(" ", "(", ")"));
        }
        if (e instanceof Alt alt) {
            return alt.alternatives().stream().map(GbnfReaderTest::show).collect(Collectors.joining(" | ", "(", ")"));
        }
        Repeat r = (Repeat) e;
        return show(r.inner()) + "{" + r.min() + "," + (r.unbounded() ? "" : r.max()) + "}";
    }

    /** The message of the GrammarException that compiling {@code text} as GBNF throws. */
    static String errors(String text) {
        return assertThrows(GrammarException.class, () -> compile(text), text).getMessage();
    }

    static CompiledGrammar compile(String text) {
        return Grammar.compile("t.gbnf", text, Dialect.GBNF, GrammarOptions.DEFAULT);
    }

    @Test
    void anUnfinishedCountIsASyntaxErrorNotACrash() {
        // found by fuzzing: ANTLR's recovery left a bare postfix context, which the AST builder
        // took for an unknown postfix kind (AssertionError)
        String message = errors("root ::= \"a\"{\"\n");
        assertTrue(message.startsWith("t.gbnf:1:"), message);
        String kbnf = assertThrows(GrammarException.class,
                () -> Grammar.compile("t.kbnf", "start ::= \"a\"{\";\n")).getMessage();
        assertTrue(kbnf.startsWith("t.kbnf:1:"), kbnf);
    }

    // ---------------------------------------------------------------- rules and lines

    @Test
    void oneRulePerLineWithCommentsAndBlankLines() {
        assertEquals("root = (\"a\" b)\nb = \"b\"", read("# a comment\n\nroot ::= \"a\" b   # trailing\n\n\nb ::= \"b\"\n"));
        assertEquals("root = \"a\"\nb = \"b\"", read("root ::= \"a\"\r\nb ::= \"b\"\r\n"));
        assertEquals("root = \"a\"\nb = \"b\"", read("root ::= \"a\"\rb ::= \"b\""));
        assertEquals("root = \"a\"", read("  root  ::=\t\"a\"  "));
    }

    @Test
    void namesAreLettersDigitsDashesAndUnderscores() {
        assertEquals("root = (en-char my_rule x2 3d)\nen-char = \"e\"\nmy_rule = \"m\"\nx2 = \"x\"\n3d = \"3\"",
                read("root ::= en-char my_rule x2 3d\nen-char ::= \"e\"\nmy_rule ::= \"m\"\nx2 ::= \"x\"\n3d ::= \"3\""));
    }

    @Test
    void aRuleGoesOnInsideParenthesesAndAfterDefineOrBar() {
        // llama.cpp's c.gbnf: the body starts on the next line and each line ends with '|'.
        assertEquals("((a \";\") | (b \";\") | c)", body("statement ::=\n    ( a \";\" ) |\n    ( b \";\" ) |\n"
                + "    c\na ::= \"a\"\nb ::= \"b\"\nc ::= \"c\""));
        // json.gbnf: a group spans lines; a comment inside it is fine.
        assertEquals("(\"{\" (\"x\" (\",\" \"x\"){0,}){0,1} \"}\")",
                body("object ::=\n  \"{\" (\n    \"x\"   # first\n    (\",\" \"x\")*\n  )? \"}\"\n"));
    }

    @Test
    void emptyAlternativesGroupsAndLiteralsAreTheEmptyString() {
        assertEquals("(\"\" | \" \" | \"<U+000A>\")", body("ws ::= | \" \" | \"\\n\""));
        assertEquals("(\"a\" | \"\")", body("empty ::= \"a\" | "));
        assertEquals("(\"\" \"a\")", body("root ::= () \"a\""));
        assertEquals("(\"\" | \"a\")", body("root ::= \"\" | \"a\""));
    }

    @Test
    void aLineThatStartsWithBarIsAnErrorAsInLlamaCpp() {
        assertEquals("t.gbnf:2:3: a line cannot start with '|': the rule ended at the line break before; to go on with"
                + " the alternatives, end the previous line with '|'",
                errors("root ::= \"a\"\n  | \"b\""));
        assertEquals(1, errors("root ::= \"a\"\n\n# comment\n| \"b\"").lines().count(), "blank lines make no second error");
    }

    @Test
    void aRuleMustStartOnItsOwnLine() {
        assertEquals("t.gbnf:1:16: syntax error: unexpected '::=': a rule starts on a new line (and a line that ends"
                + " with '|' goes on with the rule before)", errors("root ::= \"a\" b ::= \"c\""));
        // A line break right after '|' continues the rule, so the next rule's name becomes a reference.
        assertTrue(errors("root ::= \"a\" |\nb ::= \"c\"").startsWith("t.gbnf:2:3: syntax error: unexpected '::='"));
        assertTrue(errors("root\n::= \"a\"").startsWith("t.gbnf:1:5: syntax error: extraneous input line break"));
    }

    @Test
    void aSecondDefinitionOfARuleIsAnError() {
        assertEquals("t.gbnf:2:1: rule 'root' is already defined at line 1 (GBNF allows one definition per rule:"
                + " llama.cpp would keep only the last one; join them with '|')", errors("root ::= \"a\"\nroot ::= \"b\""));
    }

    @Test
    void literalsAndClassesMayRunOverALineBreakAsInLlamaCpp() {
        assertEquals("\"a<U+000A>b\"", body("root ::= \"a\nb\""));
        assertEquals("#[a\\u{A}]", body("root ::= [a\n]"));
        // Error places inside count the lines.
        assertEquals("t.gbnf:2:2: unknown escape '\\q' (GBNF escapes: " + GbnfCharacters.VALID_ESCAPES + ")",
                errors("root ::= \"a\nb\\q\""));
        assertTrue(errors("root ::= \"a\\\nb\"").startsWith("t.gbnf:1:12: unknown escape '\\<U+000A>'"));
    }

    // ---------------------------------------------------------------- terminals

    @Test
    void everyEscapeInALiteral() {
        assertEquals("\"A<U+00E9><U+1F600><U+0009><U+000A><U+000D>\\\"[]-\"",
                body("root ::= \"\\x41\\u00e9\\U0001F600\\t\\n\\r\\\\\\\"\\[\\]\\-\""));
        assertEquals("\"<U+00FF>\"", body("root ::= \"\\xFF\""), "\\xHH is the code point U+00HH");
        // XGrammar's additions, which llama.cpp rejects.
        assertEquals("\"<U+0008><U+000C><U+0007><U+000B><U+0000><U+001B>/'?^$.*+(){}|\"",
                body("root ::= \"\\b\\f\\a\\v\\0\\e\\/\\'\\?\\^\\$\\.\\*\\+\\(\\)\\{\\}\\|\""));
        assertEquals("\"\"", body("root ::= \"\""));
    }

    @Test
    void everyEscapeInAClass() {
        assertEquals("#[\\\"\\\\\\]\\[\\-\\u{9}\\u{A}\\u{D}A]",
                body("root ::= [\"\\\\\\]\\[\\-\\t\\n\\r\\x41]"));
        assertEquals("#[\\u{E9}-\\u{1F600}]", body("root ::= [\\u00e9-\\U0001F600]"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "root ::= \"\\q\"            | 1:11: unknown escape '\\q' (GBNF escapes: ",
        "root ::= \"ab\\x4\"         | 1:13: \\x must be followed by exactly 2 hex digits",
        "root ::= \"\\u12G4\"        | 1:11: \\u must be followed by exactly 4 hex digits",
        "root ::= \"\\U0011000\"     | 1:11: \\U must be followed by exactly 8 hex digits",
        "root ::= \"\\U00110000\"    | 1:11: escape \\U00110000 is above U+10FFFF",
        "root ::= \"\\uD800\"        | 1:11: escape \\uD800 is a surrogate, not a Unicode scalar value",
        "root ::= [a\\d]            | 1:12: unknown escape '\\d'",
        "root ::= [z-a]             | 1:11: invalid range 'z-a' in a character class: its start is greater than its end",
        "root ::= \"x\" [\\x7F-\\x00] | 1:15: invalid range '\\x7F-\\x00' in a character class",
        "root ::= []                | 1:10: empty character class '[]' matches nothing",
    })
    void badTerminalsAreReportedAtTheirPlace(String grammar, String expected) {
        String message = errors(grammar);
        assertTrue(message.startsWith("t.gbnf:" + expected), message);
        assertEquals(1, message.lines().count(), message);
    }

    @Test
    void classesFollowLlamaCpp() {
        assertEquals("#[a-z0-9_]", body("root ::= [a-z0-9_]"));
        assertEquals("#[^x]", body("root ::= [^x]"));
        assertEquals("#[a\\-]", body("root ::= [a-]"), "a dash before ']' is itself");
        assertEquals("#[\\-a]", body("root ::= [-a]"), "a leading dash is itself");
        assertEquals("#[\\--\\/]", body("root ::= [--/]"), "a dash can start a range");
        assertEquals("#[\\[\\^]", body("root ::= [[^]"), "'[' needs no escape; '^' is itself after the first place");
        assertEquals("#[\\!\\\"\\#]", body("root ::= [!\"#]"), "'#' inside a class starts no comment");
        assertEquals("\"x\"", body("root ::= [x]"), "a one-character class is a literal");
        assertEquals("#" + GbnfCharacters.ANY_PATTERN, body("root ::= [^]"), "[^] is any character, as in XGrammar");
        assertEquals("#" + GbnfCharacters.ANY_PATTERN, body("root ::= ."));
        assertEquals("#[\\u{3041}-\\u{309F}]", body("root ::= [ぁ-ゟ]"));
    }

    // ---------------------------------------------------------------- operators

    @Test
    void postfixOperatorsAndCountedRepetitions() {
        assertEquals("(a{0,1} b{0,} c{1,})", body("root ::= a? b* c+\na ::= \"a\"\nb ::= \"b\"\nc ::= \"c\""));
        assertEquals("(\"a\"{4,4} \"b\"{2,} \"c\"{2,3} \"d\"{2,3} \"e\"{0,0})",
                body("root ::= \"a\"{ 4} \"b\"{2,} \"c\"{2,3} \"d\"{ 2 , 3 } \"e\"{0}"));
        assertEquals("\"a\"{0,}{0,}", body("root ::= \"a\"**"));
    }

    @Test
    void repetitionsOfRepetitionsAreReadAsWritten() {
        // Folded later, for both dialects alike (hir.FoldRepetitions).
        assertEquals("\"x\"{0,}{0,}", body("root ::= ( [x]* )*"));
        assertEquals("\"a\"{1,}{3,5}", body("root ::= (\"a\"+){3,5}"));
        assertEquals("\"a\"{0,}{3,2}", body("root ::= (\"a\"*){3,2}"));
    }

    @Test
    void badCountsAreErrors() {
        assertEquals("t.gbnf:1:13: repetition '{,10}' has no minimum: write {0,10} (llama.cpp requires the minimum)",
                errors("root ::= \"a\"{,10}"));
        assertEquals("t.gbnf:1:15: expected a number in a repetition {m,n}, found 'x'", errors("root ::= \"a\"{ x}"));
        assertEquals("t.gbnf:1:14: number 99999999999 is too large", errors("root ::= \"a\"{99999999999}"));
        assertEquals("t.gbnf:1:13: repetition {3,2}: the minimum 3 is greater than the maximum 2",
                errors("root ::= \"a\"{3,2}"));
        assertEquals("t.gbnf:1:11: repetition bound 10001 exceeds the maximum allowed (10000, from"
                + " GrammarOptions.maxRepetition, CLI --max-repetition): a repetition of a rule that is not regular"
                + " (recursive, or too large to be one automaton) is written out as that many copies",
                errors("root ::= x{10001}\nx ::= \"(\" root \")\" | \"b\""));
    }

    @Test
    void llamaCppsFailingCasesFailWithEveryErrorReported() {
        // test-grammar-parser.cpp: both have an unbalanced quote after the bad count.
        assertEquals("t.gbnf:2:21: repetition '{,}' has no minimum: write {0,} (llama.cpp requires the minimum)\n"
                + "t.gbnf:2:24: unterminated literal: no closing '\"'", errors("\n        root ::= \"a\"{,}\"\n    "));
        assertEquals("t.gbnf:2:21: repetition '{,10}' has no minimum: write {0,10} (llama.cpp requires the minimum)\n"
                + "t.gbnf:2:26: unterminated literal: no closing '\"'", errors("\n        root ::= \"a\"{,10}\"\n    "));
    }

    @Test
    void leftRecursionIsAccepted() {
        CompiledGrammar g = compile("root ::= root \"a\" | \"a\"");
        assertTrue(g.warnings().isEmpty(), g.warnings().toString());
    }

    // ---------------------------------------------------------------- what is rejected

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '`', value = {
        "root ::= <[123]>          ; 1:10 ; <[123]>",
        "root ::= \"a\" <|eot_id|>  ; 1:14 ; <|eot_id|>",
        "root ::= (!<[11]>)*       ; 1:11 ; !<[11]>",
        "root ::= <think> \"a\"     ; 1:10 ; <think>",
        "root ::= \"a\" <unclosed   ; 1:14 ; <unclosed",
    })
    void tokenReferencesAreRejectedAtTheirPlace(String grammar, String at, String token) {
        assertEquals("t.gbnf:" + at + ": token references (<[...]>, <|...|>, !<...>) are not supported: kbnf4j grammars"
                + " are over bytes, not over the tokens of one vocabulary; write the token's text as a literal instead"
                + " (found '" + token + "')", errors(grammar));
    }

    @Test
    void everyTokenReferenceIsReportedWithTheOtherErrors() {
        String message = errors("root ::= <[10]> content <[11]>\ncontent ::= (!<[11]>)* \"\\q\" undefined");
        assertEquals(5, message.lines().count(), message);
        assertTrue(message.contains("t.gbnf:1:10: token references"), message);
        assertTrue(message.contains("t.gbnf:1:25: token references"), message);
        assertTrue(message.contains("t.gbnf:2:14: token references"), message);
        assertTrue(message.contains("t.gbnf:2:25: unknown escape"), message);
        assertTrue(message.contains("t.gbnf:2:29: undefined rule 'undefined'"), message);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "root ::= \"a\";            | 1:13: unexpected character ';' (a GBNF rule ends at the end of its line, without ';')",
        "root = \"a\"               | 1:6: unexpected character '=' (rules are written name ::= body)",
        "root ::= 'a'               | 1:10: unexpected character ''' (GBNF literals are written in double quotes)",
        "root ::= \"a\" ! \"b\"     | 1:14: unexpected character '!' (token references such as !<[id]> are not supported)",
        "root ::= (\"a\"            | 1:14: syntax error: missing ')' at '<EOF>'",
        "root ::= \"a\")            | 1:13: syntax error: extraneous input ')' expecting {<EOF>, line break}",
        "root ::= * \"a\"           | 1:10: syntax error: mismatched input '*' expecting {<EOF>, line break}",
        "root ::= [abc             | 1:10: unterminated character class: no closing ']' (write '\\]' for a bracket inside)",
        "root ::= \"abc            | 1:10: unterminated literal: no closing '\"'",
    })
    void syntaxErrorsHaveTheirPlace(String grammar, String expected) {
        String message = errors(grammar);
        assertTrue(message.startsWith("t.gbnf:" + expected), message);
    }

    @Test
    void allSyntaxErrorsAtOnce() {
        String message = errors("root ::= \"a\";\nb ::= \"b\" )\nc ::= ( \"c\"\nd ::= \"d\"");
        assertTrue(message.lines().count() >= 3, message);
        assertTrue(message.startsWith("t.gbnf:1:13: unexpected character ';'"), message);
        assertTrue(message.contains("t.gbnf:2:11: syntax error"), message);
    }

    @Test
    void missingStartRuleAndUndefinedRules() {
        assertEquals("t.gbnf:1:1: no rule named 'root' to start from (did you mean 'rot'?); the start rule is the"
                + " dialect's ('start' in KBNF, 'root' in GBNF) unless another is chosen (GrammarOptions.startSymbol,"
                + " CLI --start)", errors("rot ::= \"a\""));
        assertEquals("t.gbnf:3:10: undefined rule 'numero' (did you mean 'number'?)",
                errors("root ::= term\nnumber ::= [0-9]+\nterm ::= numero"));
        CompiledGrammar g = Grammar.compile("t.gbnf", "top ::= \"a\"", Dialect.GBNF, GrammarOptions.DEFAULT.withStartSymbol("top"));
        assertEquals(1, g.terminalCount());
    }

    // ---------------------------------------------------------------- lookahead assertions

    /*
     * Decision (see GbnfReader's javadoc): XGrammar's lookahead assertion "(= ...)" after a rule
     * body is parsed and checked, then ignored. XGrammar uses it only as a hint when precomputing
     * token masks, and its own optimizer adds such assertions only where the grammar already
     * implies them; so in a grammar where the assertion holds, the language is the same without it.
     * The languages with and without are compared in hir.GbnfLanguageTest.
     */
    @Test
    void aLookaheadAssertionEndingARuleIsParsedAndLeftOut() {
        assertEquals("root = (key \":\" \"1\")\nkey = \"k\"{1,}", read("root ::= key \":\" \"1\"\nkey ::= [k]+ (= \":\")"));
        assertEquals("key = (\"a\" | \"b\")", read("key ::= \"a\" | \"b\" (= [:,] \" \"*)"));
        assertEquals("key = \"a\"", read("key ::= \"a\"\n    (= \":\")"), "it may start on the next line, as in XGrammar");
        assertEquals("key = \"a\"\nx = \"x\"", read("key ::= \"a\" (= x)\nx ::= \"x\""));
    }

    @Test
    void lookaheadContentsAreChecked() {
        assertEquals("t.gbnf:1:17: undefined rule 'nowhere' in a lookahead assertion", errors("root ::= \"a\" (= nowhere)"));
        assertTrue(errors("root ::= \"a\" (= \"\\q\")").startsWith("t.gbnf:1:18: unknown escape '\\q'"));
        assertTrue(errors("root ::= \"a\" (= <[1]>)").startsWith("t.gbnf:1:17: token references"));
    }

    @Test
    void aLookaheadAnywhereElseIsAnError() {
        String expected = "a lookahead assertion '(= ...)' may only end a rule, after its body (XGrammar syntax:"
                + " name ::= body (= lookahead))";
        assertEquals("t.gbnf:1:10: " + expected, errors("root ::= (= \"b\") \"a\""));
        assertEquals("t.gbnf:1:14: " + expected, errors("root ::= \"a\" (= \"b\")*"));
        assertEquals("t.gbnf:1:15: " + expected, errors("root ::= (\"a\" (= \"b\"))"));
    }

    // ---------------------------------------------------------------- limits

    @Test
    @Timeout(10)
    void deepNestingIsALimitNotAStackOverflow() {
        String text = "root ::= " + "(".repeat(10_000) + "\"a\"" + ")".repeat(10_000);
        assertEquals("t.gbnf:1:266: brackets nested deeper than 256 (limit GrammarOptions.maxNestingDepth,"
                + " CLI --max-nesting-depth)", errors(text));
        assertTrue(errors("root ::= \"a\"" + "?".repeat(100_000)).contains("expression nested deeper than 256"));
        assertEquals(1, compile("root ::= " + "(".repeat(200) + "\"a\"" + ")".repeat(200)).terminalCount());
    }

    @Test
    @Timeout(10)
    void manyErrorsAreCapped() {
        GrammarException e = assertThrows(GrammarException.class, () -> compile("root ::= \"a\"\n" + "x ::= ;\n".repeat(1000)));
        assertTrue(e.errors().size() <= Diagnostics.MAX_ERRORS + 1, "errors: " + e.errors().size());
    }

    @Test
    @Timeout(10)
    void nestedRepetitionRegressionsCompileQuickly() {
        for (String text : new String[] {"root ::= ( [x]* )*",
            "root ::= (((((([^x]*){0,99}){0,99}){0,99}){0,99}){0,99}){0,99}",
            // Not foldable: the expansion stays linear in the bounds (6 x 99 chain rules, not 99^6).
            "root ::= ((((((\"a\" [^x]*){0,99} \"b\"){0,99} \"c\"){0,99} \"d\"){0,99} \"e\"){0,99} \"f\"){0,99}"}) {
            long start = System.nanoTime();
            CompiledGrammar g = compile(text);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertTrue(millis < 2_000, millis + " ms for " + text);
            assertTrue(g.productionCount() < 2_000, g.productionCount() + " productions for " + text);
        }
    }

    @Test
    void theRulesKeepTheirSourcePlaces() {
        Diagnostics d = new Diagnostics();
        GrammarAst ast = GbnfReader.read("t.gbnf", "\n  root ::= a\na ::= \"x\" [y-z]", GrammarOptions.DEFAULT, d);
        Rule root = ast.rules().get(0);
        assertEquals("t.gbnf:2:3", root.span().toString());
        assertEquals("t.gbnf:2:12", root.body().span().toString());
        Seq seq = (Seq) ast.rules().get(1).body();
        assertEquals("t.gbnf:3:11", seq.items().get(1).span().toString());
    }
}
