package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kbnf4j run} over the scripted model runtime of the test resources. */
class RunCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private Path modelDir;
    private ByteArrayOutputStream out;
    private final StringWriter err = new StringWriter();
    /** Null: the class path's providers; else where the command looks for them. */
    private ClassLoader providerLoader;

    @BeforeEach
    void model() throws Exception {
        modelDir = Files.createDirectories(dir.resolve("model"));
        Files.writeString(modelDir.resolve("scripted.txt"), "7");
    }

    private int run(String... args) {
        out = new ByteArrayOutputStream();
        err.getBuffer().setLength(0);
        CommandLine cl = Main.commandLine(new Main(out));
        cl.setErr(new PrintWriter(err));
        if (providerLoader != null) {
            ((RunCommand) cl.getSubcommands().get("run").getCommand()).providerLoader = providerLoader;
        }
        return cl.execute(args);
    }

    private String output() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void generatesValidJsonForASchemaAndPrintsOneLineOfStats() throws Exception {
        Path schema = Files.writeString(dir.resolve("point.json"), "{\"type\":\"object\",\"properties\":{"
                + "\"x\":{\"type\":\"integer\"},\"label\":{\"enum\":[\"a\",\"b\"]}},\"required\":[\"x\",\"label\"],"
                + "\"additionalProperties\":false}");
        int complete = 0;
        for (int seed = 0; seed < 10; seed++) {
            int exit = run("run", "--model", modelDir.toString(), "--schema", schema.toString(), "--prompt", "A point",
                    "--seed", String.valueOf(seed), "--max-tokens", "200");
            String stderr = err.toString();
            assertEquals(1, stderr.split("\n").length, stderr);
            assertTrue(stderr.matches("kbnf4j run: \\d+ tokens, [0-9.]+ tokens/s, mask [0-9.]+ % of the time, "
                    + "stopped by .*\n"), stderr);
            if (exit == 0) {
                JsonNode node = JSON.readTree(output());
                // JSON Schema's integer is a mathematical integer: 12.0 is one too.
                JsonNode x = node.get("x");
                assertTrue(x.isNumber() && x.asDouble() == Math.rint(x.asDouble()), output());
                assertTrue(node.get("label").asText().matches("[ab]"), output());
                assertEquals(2, node.size(), output());
                complete++;
            } else {
                assertEquals(1, exit, stderr);
                assertTrue(stderr.contains("stopped by --max-tokens"), stderr);
            }
        }
        assertTrue(complete >= 8, complete + " of 10 complete");
    }

    @Test
    void compactSchemaOutputWithTopK() throws Exception {
        Path schema = Files.writeString(dir.resolve("pair.json"), "{\"type\":\"object\",\"properties\":{"
                + "\"a\":{\"type\":\"boolean\"},\"b\":{\"type\":\"boolean\"}},\"required\":[\"a\",\"b\"],"
                + "\"additionalProperties\":false}");
        for (int seed = 0; seed < 5; seed++) {
            assertEquals(0, run("run", "--model", modelDir.toString(), "--schema", schema.toString(), "--prompt", "p",
                    "--seed", String.valueOf(seed), "--top-k", "3", "--max-whitespace", "0"), err.toString());
            // Compact: no whitespace at all (the keys may be spelled with escapes, such as "\\u0061").
            String text = output();
            assertTrue(text.endsWith("\n") && text.substring(0, text.length() - 1).chars().noneMatch(
                    c -> c == ' ' || c == '\t' || c == '\r' || c == '\n'), text);
            JsonNode node = JSON.readTree(text);
            assertTrue(node.get("a").isBoolean() && node.get("b").isBoolean() && node.size() == 2, text);
        }
        Path other = Files.writeString(dir.resolve("other.json"), "{\"type\":\"integer\"}");
        assertEquals(2, run("run", "--model", modelDir.toString(), "--schema", other.toString(), "--prompt", "p",
                "--max-whitespace", "-1"));
        assertEquals("kbnf4j run: --max-whitespace must be 0 or more (leave it out for any amount): -1\n",
                err.toString());
    }

    @Test
    void grammarFileAndBuiltinGrammarsWork() throws Exception {
        Path grammar = Files.writeString(dir.resolve("yes.gbnf"), "root ::= \"yes\" | \"no\"\n");
        assertEquals(0, run("run", "--model", modelDir.toString(), "--grammar", grammar.toString(), "--prompt", "ok?"),
                err.toString());
        assertTrue(output().equals("yes\n") || output().equals("no\n"), output());
        assertTrue(err.toString().contains("stopped by the grammar"), err.toString());
        assertEquals(0, run("run", "--model", modelDir.toString(), "--grammar", "json:0", "--prompt", "json",
                "--temperature", "0.5", "--top-p", "0.9", "--raw-prompt"), err.toString());
        JSON.readTree(output());
    }

    /** As in every other command, a GRAMMAR file ending in .json is a JSON Schema, not KBNF text. */
    @Test
    void aGrammarFileEndingInJsonIsASchemaAsInTheOtherCommands() throws Exception {
        Path schema = Files.writeString(dir.resolve("flag.json"), "{\"type\":\"object\",\"properties\":{"
                + "\"on\":{\"type\":\"boolean\"}},\"required\":[\"on\"],\"additionalProperties\":false}");
        assertEquals(0, run("run", "--model", modelDir.toString(), "--grammar", schema.toString(), "--prompt", "p",
                "--max-whitespace", "0", "--max-tokens", "50"), err.toString());
        JsonNode flag = JSON.readTree(output());
        assertTrue(flag.size() == 1 && flag.get("on").isBoolean(), output());
        assertTrue(!output().contains(" "), "--max-whitespace 0 applies: " + output());
        Path invalid = Files.writeString(dir.resolve("broken.json"), "{\"type\": 12}");
        assertEquals(2, run("run", "--model", modelDir.toString(), "--grammar", invalid.toString(), "--prompt", "p"));
        assertTrue(err.toString().startsWith("broken.json"), err.toString());
    }

    @Test
    void theSameSeedGivesTheSameOutput() {
        run("run", "--model", modelDir.toString(), "--grammar", "json:1", "--prompt", "p", "--seed", "3");
        String first = output();
        run("run", "--model", modelDir.toString(), "--grammar", "json:1", "--prompt", "p", "--seed", "3");
        assertEquals(first, output());
    }

    @Test
    void cutOutputExitsOne() {
        assertEquals(1, run("run", "--model", modelDir.toString(), "--grammar", "json", "--prompt", "p",
                "--max-tokens", "1"));
        assertTrue(err.toString().startsWith("kbnf4j run: 1 tokens, "), err.toString());
        assertTrue(err.toString().contains("stopped by --max-tokens (the output is cut)"), err.toString());
    }

    @Test
    void withoutAModelRuntimeItSaysWhichModuleProvidesOne() {
        providerLoader = new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader());
        assertEquals(2, run("run", "--model", modelDir.toString(), "--grammar", "json", "--prompt", "p"));
        assertEquals("kbnf4j run: " + RunCommand.NO_PROVIDER + "\n", err.toString());
        assertTrue(RunCommand.NO_PROVIDER.contains("kbnf4j-jlama") && RunCommand.NO_PROVIDER.contains("JDK 21"));
    }

    @Test
    void badOptionsAreOneLineErrors() throws Exception {
        String model = modelDir.toString();
        assertEquals(2, run("run", "--model", model, "--grammar", "json", "--prompt", "p", "--temperature", "-1"));
        assertEquals("kbnf4j run: --temperature must be 0 (greedy) or a finite positive number: -1.0\n", err.toString());
        assertEquals(2, run("run", "--model", model, "--grammar", "json", "--prompt", "p", "--top-p", "0"));
        assertEquals("kbnf4j run: --top-p must be in (0, 1]: 0.0\n", err.toString());
        assertEquals(2, run("run", "--model", model, "--grammar", "json", "--prompt", "p", "--top-k", "-1"));
        assertEquals("kbnf4j run: --top-k must be 0 (no limit) or positive: -1\n", err.toString());
        assertEquals(2, run("run", "--model", model, "--grammar", "json", "--prompt", "p", "--max-whitespace", "0"));
        assertEquals("kbnf4j run: --max-whitespace applies only to a JSON Schema (--schema, or a --grammar file "
                + "ending in .json)\n", err.toString());
        assertEquals(2, run("run", "--model", model, "--schema", dir.resolve("none.json").toString(), "--prompt", "p"));
        assertEquals("kbnf4j run: no schema file '" + dir.resolve("none.json") + "'\n", err.toString());
        assertEquals(2, run("run", "--model", model, "--grammar", "json", "--prompt", "p", "--max-tokens", "0"));
        assertEquals("kbnf4j run: --max-tokens must be at least 1: 0\n", err.toString());
        assertEquals(2, run("run", "--model", dir.resolve("nope").toString(), "--grammar", "json", "--prompt", "p"));
        assertEquals("kbnf4j run: no model directory '" + dir.resolve("nope") + "'\n", err.toString());
        assertEquals(2, run("run", "--model", model, "--grammar", "nope.kbnf", "--prompt", "p"));
        assertTrue(err.toString().startsWith("kbnf4j run: no grammar file 'nope.kbnf'"), err.toString());
        Path bad = Files.writeString(dir.resolve("bad.kbnf"), "start ::= undefined ;");
        assertEquals(2, run("run", "--model", model, "--grammar", bad.toString(), "--prompt", "p"));
        assertTrue(err.toString().startsWith("bad.kbnf:1:"), err.toString());
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertEquals(2, run("run", "--model", empty.toString(), "--grammar", "json", "--prompt", "p"));
        assertTrue(err.toString().startsWith("kbnf4j run: cannot load the model in " + empty + " (scripted): "),
                err.toString());
        // picocli's own checks: both or neither of --grammar and --schema, a missing --prompt.
        assertEquals(2, run("run", "--model", model, "--grammar", "json", "--schema", "s.json", "--prompt", "p"));
        assertEquals(2, run("run", "--model", model, "--prompt", "p"));
        assertEquals(2, run("run", "--model", model, "--grammar", "json"));
    }
}
