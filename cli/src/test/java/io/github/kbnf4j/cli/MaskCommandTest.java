package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Matcher;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kbnf4j mask}: the one-line JSON object of the README's "Command line" and the exit codes. */
class MaskCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** {@code <|endoftext|>} of cl100k. */
    private static final int CL100K_EOS = 100257;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = Main.commandLine(new Main(new ByteArrayOutputStream()));
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    /** The output, checked to be one line holding one object with exactly the four fields. */
    private JsonNode output() throws Exception {
        String text = out.toString();
        assertTrue(text.endsWith("\n") && text.indexOf('\n') == text.length() - 1, "one line: " + text);
        JsonNode node = JSON.readTree(text);
        assertEquals(4, node.size(), text);
        assertTrue(node.get("viable").isBoolean() && node.get("accepting").isBoolean(), text);
        assertEquals(node.get("count").intValue(), node.get("ids").size(), "count is the number of ids");
        return node;
    }

    private static int[] ids(JsonNode node) {
        int[] ids = new int[node.get("ids").size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = node.get("ids").get(i).intValue();
        }
        return ids;
    }

    private static int[] directMask(String prefix) {
        Matcher m = Constraint.of(Grammar.builtin("json", GrammarOptions.DEFAULT), Vocabulary.jtokkit("cl100k"))
                .newMatcher();
        assertTrue(m.acceptBytes(prefix.getBytes(StandardCharsets.UTF_8)));
        return java.util.BitSet.valueOf(m.mask()).stream().toArray();
    }

    private static int cl100kId(String token) {
        Vocabulary v = Vocabulary.jtokkit("cl100k");
        byte[] bytes = token.getBytes(StandardCharsets.UTF_8);
        for (int id = 0; id < v.size(); id++) {
            if (Arrays.equals(v.tokenBytes(id), bytes)) {
                return id;
            }
        }
        throw new AssertionError("no cl100k token " + token);
    }

    @Test
    void afterAnObjectKeyAQuoteIsAllowedAndABraceIsNot() throws Exception {
        String prefix = "{\"a\": ";
        assertEquals(0, run("mask", "json", "--vocab", "cl100k", "--prefix", prefix), err.toString());
        assertTrue(out.toString().startsWith("{\"viable\": true, \"accepting\": false, \"count\": "), out.toString());
        JsonNode node = output();
        int[] ids = ids(node);
        int[] sorted = ids.clone();
        Arrays.sort(sorted);
        assertArrayEquals(sorted, ids, "ids are sorted");
        assertTrue(Arrays.binarySearch(ids, cl100kId("\"")) >= 0, "\" is allowed");
        assertTrue(Arrays.binarySearch(ids, cl100kId("}")) < 0, "} is not");
        assertTrue(Arrays.binarySearch(ids, CL100K_EOS) < 0, "no EOS before the sentence is complete");
        assertArrayEquals(directMask(prefix), ids, "the same ids as Matcher.mask()");
    }

    @Test
    void aGbnfGrammar(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("braces.gbnf");
        Files.writeString(file, "root ::= \"{\" [a-z]+ \"}\"\n");
        assertEquals(0, run("mask", file.toString(), "--vocab", "cl100k", "--prefix", "{ab"), err.toString());
        JsonNode node = output();
        assertFalse(node.get("accepting").booleanValue());
        int[] ids = ids(node);
        assertTrue(Arrays.binarySearch(ids, cl100kId("}")) >= 0, "} is allowed");
        assertTrue(Arrays.binarySearch(ids, cl100kId("{")) < 0, "{ is not");
    }

    @Test
    void noPrefixIsTheMaskAtTheStart() throws Exception {
        assertEquals(0, run("mask", "json", "--vocab", "cl100k"), err.toString());
        assertArrayEquals(directMask(""), ids(output()));
    }

    @Test
    void anAcceptingPrefixIncludesEos() throws Exception {
        assertEquals(0, run("mask", "json", "--vocab", "cl100k", "--prefix", "[1]"), err.toString());
        JsonNode node = output();
        assertTrue(node.get("viable").booleanValue());
        assertTrue(node.get("accepting").booleanValue());
        int[] ids = ids(node);
        assertTrue(Arrays.binarySearch(ids, CL100K_EOS) >= 0, "EOS is allowed");
        assertTrue(Arrays.binarySearch(ids, cl100kId(" ")) >= 0, "whitespace may follow");
        assertTrue(Arrays.binarySearch(ids, cl100kId("1")) < 0, "a value may not");
    }

    @Test
    void aDeadPrefixIsNotViableAndExitsOne() throws Exception {
        assertEquals(1, run("mask", "json", "--vocab", "cl100k", "--prefix", "{\"a\": }"));
        assertEquals("{\"viable\": false, \"accepting\": false, \"count\": 0, \"ids\": []}\n",
                out.toString().replace("\r", ""));
        output();
        assertTrue(err.toString().contains("the prefix is dead at byte offset 6"), err.toString());
    }

    @Test
    void aPrefixFileIsRawBytes(@TempDir Path dir) throws Exception {
        Path half = dir.resolve("half");
        Files.write(half, new byte[] {'"', (byte) 0xC3});  // a string, then half of a two-byte character
        assertEquals(0, run("mask", "json", "--vocab", "cl100k", "--prefix-file", half.toString()), err.toString());
        JsonNode node = output();
        assertTrue(node.get("viable").booleanValue());
        assertTrue(Arrays.binarySearch(ids(node), cl100kId("\"")) < 0, "the character must be finished first");

        Path invalid = dir.resolve("invalid");
        Files.write(invalid, new byte[] {'"', (byte) 0xFF});
        out.getBuffer().setLength(0);
        assertEquals(1, run("mask", "json", "--vocab", "cl100k", "--prefix-file", invalid.toString()));
        assertFalse(output().get("viable").booleanValue());
        assertTrue(err.toString().contains("dead at byte offset 1"), err.toString());
    }

    @Test
    void eosOverride() throws Exception {
        assertEquals(0, run("mask", "json", "--vocab", "cl100k", "--eos", "7,5", "--prefix", "1"), err.toString());
        int[] ids = ids(output());
        assertTrue(Arrays.binarySearch(ids, 5) >= 0 && Arrays.binarySearch(ids, 7) >= 0, "the new EOS ids");
        assertTrue(Arrays.binarySearch(ids, CL100K_EOS) < 0, "the old one is gone");

        assertEquals(2, run("mask", "json", "--vocab", "cl100k", "--eos", "100277"));
        assertTrue(err.toString().contains("kbnf4j mask: --eos: EOS id 100277 is out of range"), err.toString());
    }

    @Test
    void aVocabularyWithoutEosIsFineForMask(@TempDir Path dir) throws Exception {
        Path tiny = TinyVocabulary.write(dir);
        assertEquals(0, run("mask", "json", "--vocab", tiny.toString(), "--prefix", "12"), err.toString());
        JsonNode node = output();
        assertTrue(node.get("accepting").booleanValue());
        assertEquals(10 + 4 + 3, node.get("count").intValue(), "digits, whitespace, . e E: " + out);
    }

    @Test
    void usageErrorsExitTwo(@TempDir Path dir) {
        assertEquals(2, run("mask", "json", "--vocab", "cl100k", "--prefix", "1", "--prefix-file", "x"));
        assertTrue(err.toString().contains("mutually exclusive"), err.toString());
        assertEquals(2, run("mask", "json"));
        assertTrue(err.toString().contains("Missing required option: '--vocab=V'"), err.toString());
        assertEquals(2, run("mask", "json", "--vocab", dir.resolve("nothing.json").toString()));
        assertTrue(err.toString().contains("kbnf4j mask: cannot load vocabulary"), err.toString());
        assertEquals(2, run("mask", "no-such-grammar", "--vocab", "cl100k"));
        assertEquals(2, run("mask", "json", "--vocab", "cl100k", "--prefix-file", dir.resolve("none").toString()));
        assertTrue(err.toString().contains("cannot read prefix file"), err.toString());
        assertEquals("", out.toString());
    }

    /** A recognizer limit is reported with the option that raises it, and the option works. */
    @Test
    void recognizerLimitsAreOptions() throws Exception {
        assertEquals(Main.EXIT_GRAMMAR_ERROR, run("mask", "json", "--vocab", "cl100k", "--prefix", "[[[[", "--max-items-per-set", "3"));
        assertTrue(err.toString().contains("--max-items-per-set"), err.toString());
        assertEquals(Main.EXIT_GRAMMAR_ERROR, run("mask", "json", "--vocab", "cl100k", "--max-chart-bytes", "12"));
        assertTrue(err.toString().contains("invalid recognizer limit"), err.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, run("mask", "json", "--vocab", "cl100k", "--prefix", "[[[[", "--max-items-per-set", "100000"));
        assertTrue(output().get("viable").booleanValue());
    }

    /** {@code --show-text}: each id's text, printable characters as they are and every other byte as \xHH. */
    @Test
    void showTextEscapesWhatDoesNotPrint(@TempDir Path dir) throws Exception {
        Path tiny = TinyVocabulary.write(dir);
        Path grammar = dir.resolve("g.kbnf");
        Files.writeString(grammar, "start ::= \"\\\\\" | \"\\x1b\" | \"\\u00e9\" | \"a\" | \"\\u202e\" ;\n");
        assertEquals(0, run("mask", grammar.toString(), "--vocab", tiny.toString(), "--eos", "0", "--show-text"),
                err.toString());
        JsonNode node = JSON.readTree(out.toString());
        assertArrayEquals(new int[] {27, 92, 97, 195, 226}, ids(node), out.toString());
        assertEquals("[\"\\\\x1b\",\"\\\\\\\\\",\"a\",\"\\\\xc3\",\"\\\\xe2\"]", node.get("texts").toString());
        out.getBuffer().setLength(0);
        assertEquals(0, run("mask", grammar.toString(), "--vocab", tiny.toString(), "--eos", "0", "--show-text",
                "--prefix", "a"));
        node = JSON.readTree(out.toString());
        assertArrayEquals(new int[] {0}, ids(node));
        assertTrue(node.get("texts").get(0).isNull(), "an end-of-sequence id has no text: " + out);
        out.getBuffer().setLength(0);
        assertEquals(1, run("mask", grammar.toString(), "--vocab", tiny.toString(), "--eos", "0", "--show-text",
                "--prefix", "b"));
        assertEquals("{\"viable\": false, \"accepting\": false, \"count\": 0, \"ids\": [], \"texts\": []}\n",
                out.toString().replace("\r\n", "\n"));
    }

    @Test
    void showTextWithARealVocabulary() throws Exception {
        assertEquals(0, run("mask", "json:0", "--vocab", "cl100k", "--prefix", "[1,2", "--show-text"));
        JsonNode node = JSON.readTree(out.toString());
        Vocabulary v = Vocabulary.jtokkit("cl100k");
        assertEquals(node.get("ids").size(), node.get("texts").size());
        for (int i = 0; i < node.get("ids").size(); i++) {
            int id = node.get("ids").get(i).intValue();
            assertEquals(TokenText.of(v.tokenBytes(id)), node.get("texts").get(i).textValue());
        }
        assertTrue(node.toString().contains("\"]\""), "] closes the array: " + out);
    }
}
