package io.github.kbnf4j.jqwik.internal;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Grammars and schemas named by text, built-in name or file, compiled once per JVM and prepared
 * for generation: properties that name the same grammar share its tables.
 *
 * <p>A file is looked up as a class path resource first (through the context class loader, then
 * this library's), then as a path relative to the working directory.
 *
 * <p>Thread-safe: a concurrent map; the cache keeps at most {@value #MAX_ENTRIES} grammars and is
 * emptied when full (test suites name few grammars).
 */
public final class Grammars {
    private static final int MAX_ENTRIES = 64;
    private static final Map<String, PreparedGrammar> CACHE = new ConcurrentHashMap<>();

    private Grammars() {
    }

    /**
     * The built-in grammar {@code name} if there is one ({@code json}, {@code json:K}), else
     * {@code text} compiled as KBNF.
     *
     * @throws io.github.kbnf4j.grammar.GrammarException if the text has errors
     * @throws IllegalArgumentException if the grammar has no finite sentence
     */
    public static PreparedGrammar builtinOrKbnf(String text) {
        Objects.requireNonNull(text, "grammar");
        if (Grammar.isBuiltin(text)) {
            return builtin(text, null);
        }
        return cached("text:" + text, k -> Grammar.compile("grammar.kbnf", text));
    }

    /**
     * KBNF {@code text} with start rule {@code start}.
     *
     * @throws io.github.kbnf4j.grammar.GrammarException if the text has errors
     */
    public static PreparedGrammar kbnf(String text, String start) {
        return cached("text:" + start + ":" + text,
                k -> Grammar.compile("grammar.kbnf", text, GrammarOptions.DEFAULT.withStartSymbol(start)));
    }

    /**
     * Built-in grammar {@code name} with start rule {@code start} (null: the grammar's own).
     *
     * @throws IllegalArgumentException if there is no such built-in grammar
     */
    public static PreparedGrammar builtin(String name, String start) {
        GrammarOptions options = start == null ? GrammarOptions.DEFAULT : GrammarOptions.DEFAULT.withStartSymbol(start);
        return cached("builtin:" + name + ":" + start, k -> Grammar.builtin(name, options));
    }

    /**
     * The grammar in {@code file} (class path resource first, then a path relative to the working
     * directory), in {@code dialect} (null: by the file name's extension), with start rule
     * {@code start} (null: the dialect's default).
     *
     * @throws IllegalArgumentException if no such resource or file exists
     * @throws UncheckedIOException if it cannot be read
     * @throws io.github.kbnf4j.grammar.GrammarException if the grammar has errors
     */
    public static PreparedGrammar file(String file, Dialect dialect, String start) {
        Dialect d = dialect != null ? dialect : Dialect.forFileName(file);
        GrammarOptions options = start == null ? GrammarOptions.DEFAULT : GrammarOptions.DEFAULT.withStartSymbol(start);
        return cached("file:" + file + ":" + d + ":" + start, k -> {
            byte[] bytes = read(file);
            String name = Path.of(file).getFileName().toString();
            return Grammar.compile(name, bytes, d, options);
        });
    }

    /**
     * The JSON Schema in {@code file} (looked up like a grammar file) compiled with {@code options}.
     *
     * @throws io.github.kbnf4j.jsonschema.JsonSchemaException if the schema is refused
     */
    public static PreparedGrammar schemaFile(String file, JsonSchemaOptions options) {
        return cached("schema:" + file + ":" + options, k -> {
            String text = new String(read(file), java.nio.charset.StandardCharsets.UTF_8);
            String name = Path.of(file).getFileName().toString();
            return JsonSchemaGrammar.compile(name, JsonSchemaGrammar.parse(name, text), options);
        });
    }

    /** The text of {@code file}, looked up as a class path resource, then relative to the working directory. */
    public static String readText(String file) {
        return new String(read(file), java.nio.charset.StandardCharsets.UTF_8);
    }

    private static PreparedGrammar cached(String key, Function<String, CompiledGrammar> compile) {
        PreparedGrammar p = CACHE.get(key);
        if (p != null) {
            return p;
        }
        p = new PreparedGrammar(compile.apply(key));
        if (CACHE.size() >= MAX_ENTRIES) {
            CACHE.clear();
        }
        CACHE.putIfAbsent(key, p);
        return p;
    }

    private static byte[] read(String file) {
        String resource = file.startsWith("/") ? file.substring(1) : file;
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        try {
            for (ClassLoader loader : new ClassLoader[] {context, Grammars.class.getClassLoader()}) {
                if (loader == null) {
                    continue;
                }
                try (InputStream in = loader.getResourceAsStream(resource)) {
                    if (in != null) {
                        return in.readAllBytes();
                    }
                }
            }
            Path path = Path.of(file);
            if (Files.isRegularFile(path)) {
                return Files.readAllBytes(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("no class path resource and no file '" + file + "' (working directory "
                + Path.of("").toAbsolutePath() + ")");
    }
}
