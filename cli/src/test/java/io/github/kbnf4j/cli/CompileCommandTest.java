package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kbnf4j compile}: the exit codes and output forms of the README's "Command line". */
class CompileCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = Main.commandLine(new Main());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    @Test
    void builtinJsonCompiles() {
        assertEquals(0, run("compile", "json"));
        assertTrue(out.toString().matches("\\d+ nonterminals, \\d+ productions, \\d+ terminals, \\d+ automaton states\\R"),
                out.toString());
    }

    @Test
    void boundedWhitespaceJsonIsBuiltIn() {
        assertEquals(0, run("compile", "json:2"));
        assertEquals(0, run("compile", "--print", "json:0"));
        assertFalse(out.toString().contains("ws"), "json:0 has no whitespace rule left:\n" + out);
        assertEquals(2, run("compile", "json:65"));
        assertTrue(err.toString().contains("no grammar file 'json:65' and no built-in grammar 'json:65': json:K needs K in 0..64"),
                err.toString());
    }

    @Test
    void everyErrorGoesToStderrWithExitTwo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.kbnf");
        Files.writeString(file, "start ::= valeu;\nvalue ::= #\"(?=a)\";\n");
        assertEquals(2, run("compile", file.toString()));
        assertEquals("bad.kbnf:1:11: undefined rule 'valeu' (did you mean 'value'?)\n"
                + "bad.kbnf:2:13: invalid regex: lookahead ('(?=') is not supported\n", err.toString().replace("\r", ""));
        assertEquals("", out.toString());
    }

    @Test
    void warningsDoNotFail(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("stream.kbnf");
        Files.writeString(file, "start ::= \"a\" start;\n");
        assertEquals(0, run("compile", file.toString()));
        assertTrue(err.toString().startsWith("stream.kbnf:1:1: warning: start rule 'start' never completes"), err.toString());
    }

    @Test
    void startOptionAndLimits(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("g.kbnf");
        // A repetition of a recursive rule is written out, so --max-repetition bounds it (one of
        // a terminal would be built in the automaton instead).
        Files.writeString(file, "top ::= x{5}; x ::= \"(\" top \")\" | \"a\";\n");
        assertEquals(0, run("compile", "--start", "top", file.toString()));
        assertEquals(2, run("compile", "--start", "top", "--max-repetition", "4", file.toString()));
        assertTrue(err.toString().contains("from GrammarOptions.maxRepetition, CLI --max-repetition"), err.toString());
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, run("compile", "no-such-grammar"));
        assertTrue(err.toString().contains("no grammar file 'no-such-grammar'"), err.toString());
        assertEquals(2, run("compile"));
    }

    @Test
    void gbnfFilesAreReadAsGbnf(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("expr.gbnf");
        Files.writeString(file, "# sums\nroot ::= num (\"+\" num)*\nnum ::= [0-9]+\n");
        assertEquals(0, run("compile", file.toString()), err.toString());
        Path upper = dir.resolve("EXPR.GBNF");
        Files.writeString(upper, "root ::= [a-z]+\n");
        assertEquals(0, run("compile", upper.toString()), err.toString());
    }

    @Test
    void theDialectOptionWinsOverTheExtension(@TempDir Path dir) throws Exception {
        Path gbnfText = dir.resolve("expr.txt");
        Files.writeString(gbnfText, "root ::= num (\"+\" num)*\nnum ::= [0-9]+\n");
        assertEquals(0, run("compile", "--dialect", "gbnf", gbnfText.toString()), err.toString());
        assertEquals(2, run("compile", gbnfText.toString()), "read as KBNF without the option");
        Path kbnfText = dir.resolve("k.gbnf");
        Files.writeString(kbnfText, "start ::= \"a\" | \"b\";\n");
        assertEquals(0, run("compile", "--dialect", "kbnf", kbnfText.toString()), err.toString());
        assertEquals(2, run("compile", kbnfText.toString()), "read as GBNF without the option");
    }

    @Test
    void gbnfErrorsGiveTheFileLineAndColumn(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.gbnf");
        Files.writeString(file, "root ::= \"a\" <[5]>\nnum ::= [9-0] numbr\nnumber ::= \"1\"\n");
        err.getBuffer().setLength(0);
        assertEquals(2, run("compile", file.toString()));
        assertEquals("bad.gbnf:1:14: token references (<[...]>, <|...|>, !<...>) are not supported: kbnf4j grammars are"
                + " over bytes, not over the tokens of one vocabulary; write the token's text as a literal instead"
                + " (found '<[5]>')\n"
                + "bad.gbnf:2:10: invalid range '9-0' in a character class: its start is greater than its end\n"
                + "bad.gbnf:2:15: undefined rule 'numbr' (did you mean 'number'?)\n", err.toString().replace("\r", ""));
        assertEquals("", out.toString());
    }

    @Test
    void gbnfStartsAtRootUnlessToldOtherwise(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("top.gbnf");
        Files.writeString(file, "top ::= \"a\"\n");
        assertEquals(2, run("compile", file.toString()));
        assertTrue(err.toString().contains("top.gbnf:1:1: no rule named 'root' to start from"), err.toString());
        assertEquals(0, run("compile", "--start", "top", file.toString()), err.toString());
    }

    @Test
    void builtinGrammarsStayKbnf() {
        // --dialect names the dialect of a file; the built-in json is KBNF whatever it says.
        assertEquals(0, run("compile", "--dialect", "gbnf", "json"), err.toString());
    }

    @Test
    void emitGbnfPrintsTheGrammarInsteadOfTheSummary() {
        assertEquals(0, run("compile", "--emit", "gbnf", "json"));
        String gbnf = out.toString();
        assertTrue(gbnf.startsWith("# GBNF (llama.cpp) written by kbnf4j; start rule 'start'\nroot ::= start\n"), gbnf);
        assertTrue(gbnf.contains("\n# t0: #\"\\\"("), "the string terminal, one rule per automaton state:\n" + gbnf);
        assertFalse(gbnf.contains("nonterminals,"), "no summary:\n" + gbnf);
        assertEquals("", err.toString());
    }

    @Test
    void emitGbnfRemovesLeftRecursionAndKeepsWarningsOnStderr(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("list.kbnf");
        Files.writeString(file, "start ::= start \",\" item | item ;\nitem ::= #\"[a-zé]+\" ;\nunused ::= \"u\" ;\n");
        assertEquals(0, run("compile", "--emit=gbnf", file.toString()));
        assertEquals("""
                # GBNF (llama.cpp) written by kbnf4j; start rule 'start'
                root ::= start
                start ::= t1 start-tail
                start-tail ::= "," t1 start-tail | ""
                # t1: #"[a-z\\u00E9]+"
                t1 ::= [a-z\\u00E9] t1-s1
                t1-s1 ::= [a-z\\u00E9] t1-s1 | ""
                """, out.toString().replace("\r", ""));
        assertTrue(err.toString().contains("warning"), err.toString());
    }

    @Test
    void noInlineRegularRulesKeepsTheRulesAndTheirNames(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("list.kbnf");
        Files.writeString(file, "start ::= start \",\" item | item ;\nitem ::= #\"[a-z]+\" ;\n");
        assertEquals(0, run("compile", "--emit", "gbnf", "--no-inline-regular-rules", file.toString()), err.toString());
        String gbnf = out.toString();
        assertTrue(gbnf.contains("\nstart ::= item start-tail\n"), gbnf);
        assertTrue(gbnf.contains("\nitem ::= [a-z] item-s1\n"), gbnf);
    }

    @Test
    void gbnfThatLlamaCppRefusesComesOutWithoutLeftRecursion(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("left.gbnf");
        Files.writeString(file, "root ::= \"a\" | root \"a\"\n");
        assertEquals(0, run("compile", "--emit", "gbnf", file.toString()), err.toString());
        assertEquals("""
                # GBNF (llama.cpp) written by kbnf4j; start rule 'root'
                root ::= "a" root-tail
                root-tail ::= "a" root-tail | ""
                """, out.toString().replace("\r", ""));
    }

    @Test
    void emitUsageErrors() {
        assertEquals(2, run("compile", "--emit", "xml", "json"));
        assertTrue(err.toString().contains("--emit"), err.toString());
        assertEquals(2, run("compile", "--emit", "gbnf", "--print", "json"));
        assertTrue(err.toString().contains("--print and --emit cannot be combined"), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void helpOnTheSubcommand() {
        assertEquals(0, run("compile", "--help"));
        assertTrue(out.toString().contains("Usage: kbnf4j compile"), out.toString());
    }
}
