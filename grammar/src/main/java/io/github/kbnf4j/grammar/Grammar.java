package io.github.kbnf4j.grammar;

import io.github.kbnf4j.grammar.internal.GrammarCompiler;
import io.github.kbnf4j.grammar.internal.ProgramGrammars;
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
 * Compiles grammar text (KBNF, or GBNF: {@link Dialect}) into a {@link CompiledGrammar}: parse, validate, simplify, and
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
 *
 * <h2>Built-in grammars</h2>
 * <ul>
 *   <li>{@value #JSON}: schema-free JSON, exactly RFC 8259: any value at the top level, optional
 *       whitespace ({@code [ \t\n\r]*}) around it and between tokens, all string escapes
 *       (<code>&#92;u</code> escapes are any four hex digits, so surrogates are accepted as written), raw
 *       characters as valid UTF-8 only, numbers as in the RFC.
 *   <li>{@code json:K} for K in 0..{@value #MAX_JSON_WHITESPACE} (a family, not listed by
 *       {@link #builtinNames()}; see {@link #jsonWithWhitespace(int)}): the same language, except
 *       that every whitespace run, between two tokens or around the value, has at most K bytes;
 *       {@code json:0} is compact JSON. Made for generation, where an unbounded whitespace rule
 *       lets a model emit whitespace forever. K is written in decimal without leading zeros.
 * </ul>
 */
public final class Grammar {
    /** The name of the built-in schema-free JSON grammar (RFC 8259). */
    public static final String JSON = "json";

    /** The largest K of the built-in {@code json:K} (JSON with at most K whitespace bytes per run). */
    public static final int MAX_JSON_WHITESPACE = 64;

    private static final List<String> BUILTINS = List.of(JSON);

    private static final String JSON_WS_PREFIX = JSON + ":";

    /** The line of {@code json.kbnf} that {@code json:K} replaces. */
    private static final String JSON_WS_RULE = "ws      ::= #\"[ \\t\\n\\r]*\" ;";

    static {
        ProgramGrammars.installFactory(Grammar::of);
    }

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
        return compile(source, text, Dialect.KBNF, options);
    }

    /**
     * Compiles {@code text} written in {@code dialect}.
     *
     * @param source the name used in error messages, typically the file name
     * @throws GrammarException if the grammar has errors
     */
    public static CompiledGrammar compile(String source, String text, Dialect dialect, GrammarOptions options) {
        Objects.requireNonNull(text, "text");
        return compile(source, text.getBytes(StandardCharsets.UTF_8), dialect, options);
    }

    /**
     * Compiles grammar text given as UTF-8 bytes; malformed UTF-8 is reported with its line and
     * column.
     *
     * @throws GrammarException if the grammar has errors
     */
    public static CompiledGrammar compile(String source, byte[] utf8, GrammarOptions options) {
        return compile(source, utf8, Dialect.KBNF, options);
    }

    /**
     * Compiles grammar text in {@code dialect} given as UTF-8 bytes; malformed UTF-8 is reported
     * with its line and column.
     *
     * @throws GrammarException if the grammar has errors
     */
    public static CompiledGrammar compile(String source, byte[] utf8, Dialect dialect, GrammarOptions options) {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(utf8, "utf8");
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(options, "options");
        return of(GrammarCompiler.compile(source, utf8, dialect, options));
    }

    private static CompiledGrammar of(PackedGrammar p) {
        return new CompiledGrammar(p.nonterminalNames(), p.startNonterminal(), p.acceptsEmpty(),
                p.firstProduction(), p.productionLhs(), p.productionDot0(), p.rhs(), p.dotProduction(),
                p.terminalStartState(), p.dfaNext(), p.dfaAccepting(),
                p.terminalDescriptions(), p.warnings());
    }

    /**
     * Compiles the grammar in {@code file}, in the dialect its extension names
     * ({@link Dialect#forFileName}: {@code .gbnf} is GBNF, anything else KBNF); its file name is
     * the source name in messages.
     *
     * @throws IOException if the file cannot be read
     * @throws GrammarException if the grammar has errors
     */
    public static CompiledGrammar compileFile(Path file, GrammarOptions options) throws IOException {
        String name = file.getFileName().toString();
        return compileFile(file, Dialect.forFileName(name), options);
    }

    /**
     * Compiles the grammar in {@code file}, written in {@code dialect}; its file name is the
     * source name in messages.
     *
     * @throws IOException if the file cannot be read
     * @throws GrammarException if the grammar has errors
     */
    public static CompiledGrammar compileFile(Path file, Dialect dialect, GrammarOptions options) throws IOException {
        return compile(file.getFileName().toString(), Files.readAllBytes(file), dialect, options);
    }

    /**
     * The names of the built-in grammars: {@value #JSON}. The family {@code json:K}
     * ({@link #jsonWithWhitespace(int)}) is built in too but not listed.
     */
    public static List<String> builtinNames() {
        return BUILTINS;
    }

    /** Whether {@code name} is a built-in grammar: a listed name or {@code json:K} with K in range. */
    public static boolean isBuiltin(String name) {
        return BUILTINS.contains(name) || jsonWhitespaceBound(name) >= 0;
    }

    /**
     * The name of the built-in JSON grammar with at most {@code maxBytes} whitespace bytes in
     * every whitespace run: {@code "json:" + maxBytes}. {@code jsonWithWhitespace(0)} is compact
     * JSON. Compile it with {@link #builtin(String, GrammarOptions)}.
     *
     * @param maxBytes the most whitespace bytes between two tokens (and before or after the value)
     * @throws IllegalArgumentException if {@code maxBytes} is not in 0..{@value #MAX_JSON_WHITESPACE}
     */
    public static String jsonWithWhitespace(int maxBytes) {
        if (maxBytes < 0 || maxBytes > MAX_JSON_WHITESPACE) {
            throw new IllegalArgumentException("json:K: K (the most whitespace bytes between tokens) must be in 0.."
                    + MAX_JSON_WHITESPACE + ", got " + maxBytes);
        }
        return JSON_WS_PREFIX + maxBytes;
    }

    /**
     * The KBNF text of built-in grammar {@code name}.
     *
     * @throws IllegalArgumentException if there is no such built-in grammar
     */
    public static String builtinText(String name) {
        Objects.requireNonNull(name, "name");
        int maxWhitespace = jsonWhitespaceBound(name);
        if (maxWhitespace >= 0) {
            return boundWhitespace(resource(JSON), maxWhitespace);
        }
        if (name.startsWith(JSON_WS_PREFIX)) {
            throw new IllegalArgumentException("no built-in grammar '" + name + "': json:K needs K in 0.."
                    + MAX_JSON_WHITESPACE + ", in decimal without leading zeros");
        }
        if (!BUILTINS.contains(name)) {
            throw new IllegalArgumentException("no built-in grammar '" + name + "' (built-in: "
                    + String.join(", ", BUILTINS) + ", json:K for K in 0.." + MAX_JSON_WHITESPACE + ")");
        }
        return resource(name);
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

    /** K of {@code json:K} when {@code name} is one (K in range, no leading zeros), else -1. */
    private static int jsonWhitespaceBound(String name) {
        if (name == null || !name.startsWith(JSON_WS_PREFIX)) {
            return -1;
        }
        String k = name.substring(JSON_WS_PREFIX.length());
        if (k.isEmpty() || k.length() > 2 || (k.length() > 1 && k.charAt(0) == '0')) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < k.length(); i++) {
            char c = k.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value <= MAX_JSON_WHITESPACE ? value : -1;
    }

    /** The JSON grammar text with its one whitespace rule bounded to {@code k} bytes. */
    private static String boundWhitespace(String json, int k) {
        int at = json.indexOf(JSON_WS_RULE);
        if (at < 0 || json.indexOf(JSON_WS_RULE, at + 1) >= 0) {
            throw new IllegalStateException("built-in json.kbnf no longer has exactly one line " + JSON_WS_RULE);
        }
        // {0,0} would compile to the same grammar; the empty literal reads better.
        String bounded = k == 0 ? "ws      ::= \"\" ;" : "ws      ::= #\"[ \\t\\n\\r]{0," + k + "}\" ;";
        return json.substring(0, at) + bounded + " (* json:" + k + ": at most " + k + " whitespace bytes per run *)"
                + json.substring(at + JSON_WS_RULE.length());
    }

    private static String resource(String name) {
        try (InputStream in = Grammar.class.getResourceAsStream("builtin/" + name + ".kbnf")) {
            if (in == null) {
                throw new IllegalStateException("built-in grammar resource missing: " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
