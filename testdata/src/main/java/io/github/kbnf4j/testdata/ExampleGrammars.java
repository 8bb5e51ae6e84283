package io.github.kbnf4j.testdata;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The example grammars shipped as resources, with sample documents each grammar must accept
 * and near misses it must reject.
 *
 * <p>Layout under {@code io/github/kbnf4j/testdata/grammars/}: {@code <name>.kbnf} is the grammar
 * (start symbol {@code start}); {@code <name>/accept/*.txt} and {@code <name>/reject/*.txt} are
 * the samples, read as raw bytes (they are UTF-8 text except where a sample is about invalid
 * UTF-8). {@code index.txt} lists every sample file, because a class path directory cannot be
 * listed portably inside a jar. The grammar {@code json} has no copy here: its text is the
 * built-in {@link Grammar#builtinText(String) Grammar.builtinText("json")}, so the samples test
 * the grammar users actually get.
 *
 * <p>Thread-safe: stateless; every call reads the resources again (they are small).
 */
public final class ExampleGrammars {
    /** The names of the example grammars. */
    public static final List<String> NAMES = List.of("arithmetic", "c_subset", "csv", "tool_call", Grammar.JSON);

    private static final String ROOT = "grammars/";

    private ExampleGrammars() {
    }

    /** The names of the example grammars, in a fixed order. */
    public static List<String> names() {
        return NAMES;
    }

    /**
     * The KBNF text of example grammar {@code name}.
     *
     * @throws IllegalArgumentException if there is no such example
     */
    public static String text(String name) {
        check(name);
        if (Grammar.isBuiltin(name)) {
            return Grammar.builtinText(name);
        }
        return new String(resource(ROOT + name + ".kbnf"), StandardCharsets.UTF_8);
    }

    /** The source name used when compiling example {@code name}: {@code <name>.kbnf}. */
    public static String sourceName(String name) {
        check(name);
        return name + ".kbnf";
    }

    /**
     * Compiles example grammar {@code name} with the default options.
     *
     * @throws io.github.kbnf4j.grammar.GrammarException if it does not compile (a bug)
     */
    public static CompiledGrammar compile(String name) {
        return Grammar.compile(sourceName(name), text(name));
    }

    /** The documents example {@code name} must accept, by file name (without {@code .txt}), in name order. */
    public static Map<String, byte[]> acceptSamples(String name) {
        return samples(name, "accept");
    }

    /** The near misses example {@code name} must reject, by file name (without {@code .txt}), in name order. */
    public static Map<String, byte[]> rejectSamples(String name) {
        return samples(name, "reject");
    }

    /** The sample files of the index, as paths relative to the grammars folder, e.g. {@code csv/accept/unicode.txt}. */
    public static List<String> indexedSampleFiles() {
        String index = new String(resource(ROOT + "index.txt"), StandardCharsets.UTF_8);
        List<String> files = new ArrayList<>();
        for (String line : index.split("\n")) {
            String l = line.strip();
            if (!l.isEmpty() && !l.startsWith("#")) {
                files.add(l);
            }
        }
        return files;
    }

    private static Map<String, byte[]> samples(String name, String kind) {
        check(name);
        String prefix = name + "/" + kind + "/";
        Map<String, byte[]> samples = new LinkedHashMap<>();
        for (String file : indexedSampleFiles()) {
            if (file.startsWith(prefix)) {
                String base = file.substring(prefix.length());
                samples.put(base.substring(0, base.length() - ".txt".length()), resource(ROOT + file));
            }
        }
        return samples;
    }

    private static void check(String name) {
        Objects.requireNonNull(name, "name");
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("no example grammar '" + name + "' (examples: " + NAMES + ")");
        }
    }

    private static byte[] resource(String path) {
        try (InputStream in = ExampleGrammars.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("test resource missing: " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
