package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.github.kbnf4j.grammar.CompiledGrammar;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every example grammar compiles, accepts its accept samples and rejects its reject samples. */
class ExampleGrammarsTest {

    @TestFactory
    Stream<DynamicTest> samples() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : ExampleGrammars.names()) {
            tests.add(dynamicTest(name + " compiles without warnings", () ->
                    assertEquals(List.of(), ExampleGrammars.compile(name).warnings())));
            for (Map.Entry<String, byte[]> sample : ExampleGrammars.acceptSamples(name).entrySet()) {
                tests.add(dynamicTest(name + " accepts " + sample.getKey(), () -> {
                    ReferenceRecognizer r = new ReferenceRecognizer(ExampleGrammars.compile(name));
                    byte[] input = sample.getValue();
                    assertEquals(input.length, r.viableLength(input), "offset of the first byte that cannot be consumed");
                    assertTrue(r.accepts(input), "all bytes consumed, but not a complete sentence");
                }));
            }
            for (Map.Entry<String, byte[]> sample : ExampleGrammars.rejectSamples(name).entrySet()) {
                tests.add(dynamicTest(name + " rejects " + sample.getKey(), () ->
                        assertTrue(!new ReferenceRecognizer(ExampleGrammars.compile(name)).accepts(sample.getValue()))));
            }
        }
        return tests.stream();
    }

    @Test
    void everyExampleHasEnoughSamples() {
        for (String name : ExampleGrammars.names()) {
            assertTrue(ExampleGrammars.acceptSamples(name).size() >= 5, name + " accept samples");
            assertTrue(ExampleGrammars.rejectSamples(name).size() >= 5, name + " reject samples");
        }
    }

    @Test
    void indexListsEverySampleFile() throws IOException, URISyntaxException {
        URL index = ExampleGrammars.class.getResource("grammars/index.txt");
        Assumptions.assumeTrue(index != null && index.getProtocol().equals("file"), "resources are in a directory");
        Path root = Path.of(index.toURI()).getParent();
        TreeSet<String> onDisk = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".txt") && !p.getFileName().toString().equals("index.txt"))
                    .forEach(p -> onDisk.add(root.relativize(p).toString().replace('\\', '/')));
        }
        assertEquals(onDisk, new TreeSet<>(ExampleGrammars.indexedSampleFiles()));
    }

    @Test
    void examplesCompileToSomething() {
        for (String name : ExampleGrammars.names()) {
            CompiledGrammar g = ExampleGrammars.compile(name);
            assertTrue(g.productionCount() > 0 && g.terminalCount() > 0, name);
        }
    }
}
