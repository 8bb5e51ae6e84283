package io.github.kbnf4j.jlama;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.jlama.SafetensorsWriter.DType;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code target/kbnf4j-jlama.jar} as a user runs it, in a JVM of its own: {@code java --add-modules
 * jdk.incubator.vector -jar kbnf4j-jlama.jar run --model DIR --schema S.json --prompt ...}. Run by
 * the build after packaging (the {@code runnable-jar} execution of the module's pom).
 */
class RunnableJarIT {
    @TempDir
    Path tmp;

    private record Result(int exit, byte[] stdout, String stderr) {}

    private static Result java(List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("kbnf4j.runnableJar", "target/kbnf4j-jlama.jar"));
        assertTrue(Files.isRegularFile(jar), "no runnable jar at " + jar.toAbsolutePath());
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(command).start();
        p.getOutputStream().close();
        // both pipes are small here (a short answer, one line of statistics)
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the jar did not finish");
        return new Result(p.exitValue(), out, err);
    }

    @Test
    void runGeneratesWithTheJarAlone() throws Exception {
        Path model = TinyLlama.TINY.write(tmp.resolve("model"), TestTokenizer.smallByteLevel(), DType.F32, 7);
        Path schema = Files.writeString(tmp.resolve("s.json"), RunCommandWithJlamaTest.SCHEMA);
        Result r = java(List.of("--add-modules", "jdk.incubator.vector"), "run", "--model", model.toString(),
                "--schema", schema.toString(), "--prompt", "Is it ok?", "--max-tokens", "400", "--seed", "1");
        assertTrue(r.exit() == 0 || r.exit() == 1, r.stderr());
        // the JVM's own line first ("WARNING: Using incubator modules"), then the command's statistics
        String stats = r.stderr().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(stats.startsWith("kbnf4j run: ") && stats.contains("tokens/s"), r.stderr());
        byte[] answer = Arrays.copyOf(r.stdout(), r.stdout().length - 1);
        CompiledGrammar grammar = JsonSchemaGrammar.compile(schema, JsonSchemaOptions.DEFAULT);
        Recognizer rec = new Recognizer(grammar);
        assertEquals(answer.length, rec.push(answer, 0, answer.length), r.stderr());
        assertEquals(r.exit() == 0, rec.isAccepting(), r.stderr());
    }

    @Test
    void withoutTheVectorModuleTheJarSaysWhatToAdd() throws Exception {
        Path model = TinyLlama.TINY.write(tmp.resolve("model"), TestTokenizer.smallByteLevel(), DType.F32, 7);
        Path schema = Files.writeString(tmp.resolve("s.json"), RunCommandWithJlamaTest.SCHEMA);
        Result r = java(List.of(), "run", "--model", model.toString(), "--schema", schema.toString(), "--prompt", "x");
        assertEquals(2, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("--add-modules jdk.incubator.vector"), r.stderr());
        assertEquals(1, r.stderr().strip().lines().count(), "one line, no stack trace: " + r.stderr());
    }
}
