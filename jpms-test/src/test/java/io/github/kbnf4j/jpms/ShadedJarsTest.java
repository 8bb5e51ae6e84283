package io.github.kbnf4j.jpms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The packaged grammar and runtime jars hold their copies of dk.brics.automaton and of jtokkit's rank
 * files under kbnf4j's own packages, with the licences beside them, nothing under the original
 * names, and module descriptors that list the relocated packages and require neither library.
 * Skipped, like {@link ModularConsumerTest}, unless the jars were packaged in the same build.
 */
class ShadedJarsTest {
    private static final Path BASEDIR = Path.of(System.getProperty("basedir", "."));

    @Test
    void grammarJarHoldsBricsUnderItsOwnPackage() throws IOException {
        Path jar = packagedJar("grammar");
        List<String> entries = entries(jar);
        assertTrue(entries.contains("io/github/kbnf4j/grammar/internal/brics/Automaton.class"), jar::toString);
        assertTrue(entries.contains("io/github/kbnf4j/grammar/internal/brics/LICENSE-dk.brics.automaton.txt"));
        assertFalse(entries.stream().anyMatch(e -> e.startsWith("dk/") || e.endsWith(".aut")), jar::toString);

        ModuleDescriptor d = descriptor(jar);
        assertEquals("io.github.kbnf4j.grammar", d.name());
        assertTrue(d.packages().contains("io.github.kbnf4j.grammar.internal.brics"), d::toString);
        assertFalse(requires(d).contains("automaton"), d::toString);
        assertFalse(d.exports().stream().anyMatch(e -> e.source().endsWith(".brics")), d::toString);
    }

    @Test
    void runtimeJarHoldsTheRankFilesUnderItsOwnPackage() throws IOException {
        Path jar = packagedJar("runtime");
        List<String> entries = entries(jar);
        for (String name : List.of("r50k_base", "p50k_base", "cl100k_base", "o200k_base")) {
            assertTrue(entries.contains("io/github/kbnf4j/runtime/internal/jtokkit/" + name + ".tiktoken"), name);
        }
        assertTrue(entries.contains("io/github/kbnf4j/runtime/internal/jtokkit/LICENSE-jtokkit.txt"));
        assertFalse(entries.stream().anyMatch(e -> e.startsWith("com/knuddels/")), jar::toString);

        ModuleDescriptor d = descriptor(jar);
        assertEquals("io.github.kbnf4j.runtime", d.name());
        assertEquals(Set.of("io.github.kbnf4j.runtime"),
                d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()));
        assertFalse(requires(d).contains("jtokkit"), d::toString);
    }

    /**
     * The entry of the module path for kbnf4j's {@code module} ("grammar"): its packaged jar, or its
     * {@code target/classes} when it was not packaged in this build, in which case the test is skipped.
     */
    private static Path packagedJar(String module) throws IOException {
        Path listing = BASEDIR.resolve("target/consumer-module-path.txt");
        for (String entry : Files.readString(listing).trim().split(File.pathSeparator)) {
            Path p = Path.of(entry);
            if (p.endsWith(Path.of(module, "target", "classes"))) {
                Assumptions.abort("needs the packaged jars (mvn verify), but the module path has " + entry);
            }
            if (p.getFileName().toString().startsWith("kbnf4j-" + module + "-")) {
                return p;
            }
        }
        throw new AssertionError("no kbnf4j-" + module + " on the module path in " + listing);
    }

    private static List<String> entries(Path jar) throws IOException {
        try (JarFile f = new JarFile(jar.toFile())) {
            return f.stream().map(e -> e.getName()).collect(Collectors.toList());
        }
    }

    private static ModuleDescriptor descriptor(Path jar) {
        Set<ModuleReference> refs = ModuleFinder.of(jar).findAll();
        assertEquals(1, refs.size());
        ModuleDescriptor d = refs.iterator().next().descriptor();
        assertNotNull(d);
        assertFalse(d.isAutomatic(), () -> jar + " has no module-info.class");
        return d;
    }

    private static Set<String> requires(ModuleDescriptor d) {
        return d.requires().stream().map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());
    }
}
