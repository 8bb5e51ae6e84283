package io.github.kbnf4j.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A modular application ({@code src/test/consumer}: {@code requires io.github.kbnf4j.runtime},
 * {@code io.github.kbnf4j.jsonschema} and {@code io.github.kbnf4j.decode}) compiled with {@code javac --module-path} and run with
 * {@code java --module-path} against the packaged jars of this build: it loads a grammar with a
 * regex terminal, builds a {@code Constraint} over the cl100k vocabulary, checks masks, and
 * compiles a JSON Schema, and generates through the decode loop. Neither dk.brics.automaton nor jtokkit is on its module path, as for a
 * Maven user: the jars carry what they need of them.
 *
 * <p>The module path is written by the dependency plugin ({@code target/consumer-module-path.txt}).
 * It holds jars only when the library modules were packaged in the same build ({@code mvn verify});
 * after {@code mvn test} it holds their {@code target/classes} directories, which are not the
 * shipped form, and the test is skipped.
 */
class ModularConsumerTest {
    private static final Path BASEDIR = Path.of(System.getProperty("basedir", "."));

    @Test
    void modularApplicationCompilesAndRunsOnTheModulePath() throws Exception {
        Path listing = BASEDIR.resolve("target/consumer-module-path.txt");
        assertTrue(Files.isRegularFile(listing), listing + " is written by the dependency plugin");
        List<String> modulePath = List.of(Files.readString(listing).trim().split(File.pathSeparator));
        for (String entry : modulePath) {
            Assumptions.assumeTrue(entry.endsWith(".jar"),
                    () -> "needs the packaged jars (mvn verify), but the module path has " + entry);
            String name = Path.of(entry).getFileName().toString();
            assertFalse(name.startsWith("automaton-") || name.startsWith("jtokkit-"),
                    () -> "a Maven user of kbnf4j does not get " + name);
        }
        assertTrue(modulePath.stream().anyMatch(e -> e.contains("kbnf4j-grammar")), modulePath::toString);

        Path sources = BASEDIR.resolve("src/test/consumer");
        Path classes = BASEDIR.resolve("target/consumer-classes");
        List<String> javac = new ArrayList<>(List.of("-d", classes.toString(), "-Xlint:all,-path", "-Werror",
                "--module-path", String.join(File.pathSeparator, modulePath)));
        try (Stream<Path> files = Files.walk(sources)) {
            javac.addAll(files.filter(p -> p.toString().endsWith(".java")).map(Path::toString)
                    .collect(Collectors.toList()));
        }
        ByteArrayOutputStream javacOut = new ByteArrayOutputStream();
        int rc;
        try (PrintWriter w = new PrintWriter(javacOut, true, StandardCharsets.UTF_8)) {
            rc = ToolProvider.findFirst("javac").orElseThrow().run(w, w, javac.toArray(new String[0]));
        }
        assertEquals(0, rc, () -> "javac " + javac + "\n" + javacOut.toString(StandardCharsets.UTF_8));

        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = List.of(java.toString(), "-Xmx512m",
                "--module-path", classes + File.pathSeparator + String.join(File.pathSeparator, modulePath),
                "--module", "example.consumer/example.consumer.Main");
        String output = run(command);
        assertTrue(output.contains("modules: io.github.kbnf4j.runtime, io.github.kbnf4j.grammar, example.consumer"),
                output);
        assertTrue(output.contains("internal packages exported: false, false"), output);
        assertTrue(output.contains("kbnf allowed at start: "), output);
        assertTrue(output.contains("typed: Answer[word=yes, count=2, note=Optional.empty]"), output);
        assertTrue(output.contains("generated: GRAMMAR_COMPLETE"), output);
        assertTrue(output.endsWith("OK"), output);
    }

    /** Runs {@code command}, expects exit code 0 within two minutes, and returns its output (stderr too). */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out;
        try {
            out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                throw new AssertionError("no exit within 120 s: " + command);
            }
        } finally {
            p.destroyForcibly();
        }
        String text = new String(out, StandardCharsets.UTF_8).trim();
        assertEquals(0, p.exitValue(), () -> String.join(" ", command) + "\n" + text);
        return text;
    }
}
