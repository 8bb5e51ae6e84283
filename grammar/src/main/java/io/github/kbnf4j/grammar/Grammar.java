package io.github.kbnf4j.grammar;

import io.github.kbnf4j.grammar.internal.GrammarCompiler;
import io.github.kbnf4j.grammar.internal.hir.PackedGrammar;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Compiles KBNF grammar text into a {@link CompiledGrammar}: parse, validate, simplify, and
 * build the byte automata of the terminals.
 *
 * <pre>{@code
 * CompiledGrammar g = Grammar.compile("greeting.kbnf", """
 *     start ::= "hello" ws name ;
 *     ws    ::= #"[ \\t]+" ;
 *     name  ::= #"[A-Z][a-z]*" ;
 *     """);
 * }</pre>
 *
 * <p>Every error of a grammar is reported at once, as a {@link GrammarException} whose message
 * has one {@code source:line:col: message} line per error. Warnings are on the result,
 * {@link CompiledGrammar#warnings()}. Thread-safe: all methods are static and share nothing.
 */
public final class Grammar {
    /** The name of the built-in schema-free JSON grammar (RFC 8259). */
    public static final String JSON = "json";

    private static final List<String> BUILTINS = List.of(JSON);

    private Grammar() {
    }

    /**
     * Compiles {@code text} with the default options.
     *
     * @param source the name used in error messages, typically the file name
     * @throws GrammarException if the grammar has errors
     */
    public static CompiledGrammar compile(String source, String text) {
        return compile(source, text, GrammarOptions.DEFAULT);
    }

    /**
     * Compiles {@code text}.
     *
     * @param source the name used in error messages, typically the file name
     * @throws GrammarException if the grammar has errors
     */
    public static CompiledGrammar compile(String source, String text, GrammarOptions options) {
        Objects.requireNonNull(text, "text");
        return compile(source, text.getBytes(StandardCharsets.UTF_8), options);
    }

    /**
     * Compiles grammar text given as UTF-8 bytes; malformed UTF-8 is reported with its line and
     * column.
     *
     * @throws GrammarException if the grammar has errors
     */
    public static CompiledGrammar compile(String source, byte[] utf8, GrammarOptions options) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(utf8, "utf8");
        Objects.requireNonNull(options, "options");
        PackedGrammar p = GrammarCompiler.compile(source, utf8, options);
        return new CompiledGrammar(p.nonterminalNames(), p.startNonterminal(), p.acceptsEmpty(),
                p.firstProduction(), p.productionLhs(), p.productionDot0(), p.rhs(), p.dotProduction(),
                p.terminalStartState(), p.dfaNext(), p.dfaAccepting(), p.terminalDescriptions(), p.warnings());
    }

    /**
     * Compiles the grammar in {@code file}; its file name is the source name in messages.
     *
     * @throws IOException if the file cannot be read
     * @throws GrammarException if the grammar has errors
     */
    public static CompiledGrammar compileFile(Path file, GrammarOptions options) throws IOException {
        return compile(file.getFileName().toString(), Files.readAllBytes(file), options);
    }

    /** The names of the built-in grammars. */
    public static List<String> builtinNames() {
        return BUILTINS;
    }

    /** Whether {@code name} is a built-in grammar. */
    public static boolean isBuiltin(String name) {
        return BUILTINS.contains(name);
    }

    /**
     * The KBNF text of built-in grammar {@code name}.
     *
     * @throws IllegalArgumentException if there is no such built-in grammar
     */
    public static String builtinText(String name) {
        if (!isBuiltin(name)) {
            throw new IllegalArgumentException("no built-in grammar '" + name + "' (built-in: " + BUILTINS + ")");
        }
        try (InputStream in = Grammar.class.getResourceAsStream("builtin/" + name + ".kbnf")) {
            if (in == null) {
                throw new IllegalStateException("built-in grammar resource missing: " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Compiles built-in grammar {@code name} with {@code options}; its source name is
     * {@code name.kbnf}.
     *
     * @throws IllegalArgumentException if there is no such built-in grammar
     */
    public static CompiledGrammar builtin(String name, GrammarOptions options) {
        return compile(name + ".kbnf", builtinText(name), options);
    }
}
