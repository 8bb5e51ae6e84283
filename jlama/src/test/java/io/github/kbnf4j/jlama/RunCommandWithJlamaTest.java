package io.github.kbnf4j.jlama;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.cli.Main;
import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.jlama.SafetensorsWriter.DType;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's {@code run} with this module on the class path: it finds Jlama through
 * {@link java.util.ServiceLoader} and generates under a JSON Schema from a tiny model directory.
 * (The runnable jar itself is tested by {@code RunnableJarIT} after packaging.)
 */
class RunCommandWithJlamaTest {
    /** A schema whose answers a random model finishes in a few tokens. */
    static final String SCHEMA = """
            {"type": "object", "properties": {"ok": {"type": "boolean"}, "level": {"enum": ["low", "high"]}},
             "required": ["ok", "level"], "additionalProperties": false}
            """;

    @TempDir
    Path tmp;

    @Test
    void runGeneratesUnderASchemaWithTheJlamaProvider() throws Exception {
        Path model = TestModels.write("cli", TinyLlama.TINY, TestTokenizer.smallByteLevel(), DType.F32);
        Path schema = Files.writeString(tmp.resolve("s.json"), SCHEMA);
        CompiledGrammar grammar = JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT);
        int complete = 0;
        for (int seed = 0; seed < 4; seed++) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = capture(out, err, "run", "--model", model.toString(), "--schema", schema.toString(),
                    "--prompt", "Is it ok?", "--max-tokens", "160", "--seed", Integer.toString(seed));
            String stderr = err.toString(StandardCharsets.UTF_8);
            byte[] stdout = out.toByteArray();
            assertTrue(stdout.length > 0 && stdout[stdout.length - 1] == '\n', stderr);
            byte[] answer = java.util.Arrays.copyOf(stdout, stdout.length - 1);
            Recognizer r = new Recognizer(grammar);
            assertEquals(answer.length, r.push(answer, 0, answer.length), "a prefix of the schema's language");
            assertTrue(stderr.startsWith("kbnf4j run: "), stderr);
            if (exit == 0) {
                assertTrue(r.isAccepting(), new String(answer, StandardCharsets.UTF_8));
                complete++;
            } else {
                assertEquals(1, exit, stderr);
                assertTrue(stderr.contains("--max-tokens"), stderr);
            }
        }
        assertTrue(complete >= 2, complete + " of 4 complete");
    }

    @Test
    void aModelDirectoryJlamaCannotReadIsAnErrorNamingIt() throws Exception {
        Path model = Files.createDirectories(tmp.resolve("empty-model"));
        Path schema = Files.writeString(tmp.resolve("s.json"), SCHEMA);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = capture(out, err, "run", "--model", model.toString(), "--schema", schema.toString(),
                "--prompt", "x");
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, exit, stderr);
        assertTrue(stderr.contains("(jlama)") && stderr.contains("config.json"), stderr);
    }

    /** Runs the command line with System.out and System.err captured. */
    static int capture(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            return Main.run(args);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
