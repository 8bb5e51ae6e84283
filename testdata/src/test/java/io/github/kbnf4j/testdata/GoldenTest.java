package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs the golden files under {@code src/test/resources/golden}. A golden file has sections,
 * each opened by a line that is exactly the section name:
 * <ul>
 *   <li>{@code [grammar]}: the KBNF text, compiled with the file name as source name;
 *   <li>{@code [input]}: one input, exactly the lines up to the next section joined by LF (so
 *       an empty last line means the input ends with LF); several inputs allowed, each followed by
 *   <li>{@code [accepts]}: {@code true} or {@code false}, what {@link ReferenceRecognizer} must say
 *       (inputs of at most 6 bytes are also checked against {@link AstReferenceMatcher});
 *   <li>{@code [errors]}: the exact {@code source:line:col: message} lines of the
 *       {@link GrammarException}; when present and non-empty, compiling must fail;
 *   <li>{@code [warnings]}: the exact warning lines ({@link Diagnostic#toString()}); absent
 *       means none.
 * </ul>
 * Blank lines are ignored except inside {@code [grammar]} and {@code [input]}.
 */
class GoldenTest {

    @TestFactory
    Stream<DynamicTest> goldenFiles() throws IOException, URISyntaxException {
        URL dir = GoldenTest.class.getResource("/golden");
        Path root = Path.of(dir.toURI());
        List<Path> files;
        try (Stream<Path> s = Files.list(root)) {
            files = s.filter(p -> p.toString().endsWith(".golden")).sorted().toList();
        }
        assertTrue(files.size() > 20, "golden files found: " + files.size());
        return files.stream().map(f -> dynamicTest(f.getFileName().toString(), () -> run(f)));
    }

    record Section(String name, String body) {
    }

    static List<Section> sections(String text) {
        List<Section> out = new ArrayList<>();
        String name = null;
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (line.matches("\\[(grammar|input|accepts|errors|warnings)\\]")) {
                if (name != null) {
                    out.add(new Section(name, String.join("\n", lines)));
                } else if (!String.join("", lines).isBlank()) {
                    throw new IllegalArgumentException("text before the first section");
                }
                name = line.substring(1, line.length() - 1);
                lines.clear();
            } else {
                lines.add(line);
            }
        }
        if (name != null) {
            // The file's final newline ends the last line, it is not part of the section.
            if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
                lines.remove(lines.size() - 1);
            }
            out.add(new Section(name, String.join("\n", lines)));
        }
        return out;
    }

    private static List<String> nonBlankLines(String body) {
        return body.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    private static void run(Path file) throws IOException {
        String source = file.getFileName().toString();
        List<Section> sections = sections(Files.readString(file, StandardCharsets.UTF_8));
        String grammar = null;
        List<String> inputs = new ArrayList<>();
        List<Boolean> accepts = new ArrayList<>();
        List<String> errors = List.of();
        List<String> warnings = List.of();
        for (Section s : sections) {
            switch (s.name()) {
                case "grammar" -> grammar = s.body();
                case "input" -> inputs.add(s.body());
                case "accepts" -> {
                    List<String> v = nonBlankLines(s.body());
                    assertTrue(v.size() == 1 && v.get(0).matches("true|false"), "[accepts] must be true or false");
                    accepts.add(Boolean.parseBoolean(v.get(0)));
                }
                case "errors" -> errors = nonBlankLines(s.body());
                case "warnings" -> warnings = nonBlankLines(s.body());
                default -> throw new AssertionError(s.name());
            }
        }
        assertTrue(grammar != null, "no [grammar] section");
        assertEquals(inputs.size(), accepts.size(), "each [input] needs its [accepts]");
        if (!errors.isEmpty()) {
            List<String> actual;
            try {
                CompiledGrammar g = Grammar.compile(source, grammar);
                actual = List.of("(compiled without errors: " + g.summary() + ")");
            } catch (GrammarException e) {
                actual = e.errors().stream().map(Diagnostic::toString).toList();
                assertEquals(e.getMessage(), String.join("\n", actual));
            }
            assertEquals(String.join("\n", errors), String.join("\n", actual));
            return;
        }
        CompiledGrammar g = Grammar.compile(source, grammar);
        assertEquals(String.join("\n", warnings),
                String.join("\n", g.warnings().stream().map(Diagnostic::toString).toList()), "warnings");
        ReferenceRecognizer r = new ReferenceRecognizer(g);
        AstReferenceMatcher oracle = AstReferenceMatcher.parse(source, grammar);
        for (int i = 0; i < inputs.size(); i++) {
            byte[] input = inputs.get(i).getBytes(StandardCharsets.UTF_8);
            String what = "input #" + (i + 1) + " \"" + inputs.get(i) + "\"";
            assertEquals(accepts.get(i), r.accepts(input), what + " (reference recognizer)");
            if (input.length <= 6) {
                assertEquals(accepts.get(i), oracle.matches(input), what + " (AST oracle)");
            }
        }
    }
}
