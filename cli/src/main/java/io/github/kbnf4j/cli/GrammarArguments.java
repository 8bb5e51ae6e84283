package io.github.kbnf4j.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The grammar argument and the options every subcommand that reads a grammar shares; the one
 * place where GRAMMAR becomes a {@link CompiledGrammar}.
 *
 * <p>What GRAMMAR is: an existing file is read in the dialect {@code --dialect} names, else by
 * its extension: a JSON Schema for a name ending in {@code .json}, GBNF for {@code .gbnf} (any
 * case), KBNF otherwise. A name that is not a file is a built-in grammar, always KBNF whatever
 * {@code --dialect} says ({@code --dialect jsonschema} needs a file). The schema-only options
 * ({@link SchemaArguments}) are a usage error with anything but a schema, and {@code --start}
 * with a schema.
 */
final class GrammarArguments {
    /** The extension of a JSON Schema file. */
    static final String SCHEMA_EXTENSION = ".json";

    /** The input languages, as spelled on the command line: the grammar dialects and JSON Schema. */
    enum DialectOption {
        kbnf(Dialect.KBNF),
        gbnf(Dialect.GBNF),
        jsonschema(null);

        /** The grammar dialect; null for a JSON Schema. */
        final Dialect dialect;

        DialectOption(Dialect dialect) {
            this.dialect = dialect;
        }
    }

    /** What GRAMMAR names. */
    enum Kind {
        /** A built-in grammar ({@code json}, {@code json:K}): KBNF. */
        BUILTIN,
        /** A KBNF or GBNF file. */
        GRAMMAR_FILE,
        /** A JSON Schema file. */
        SCHEMA_FILE
    }

    @Parameters(index = "0", paramLabel = "GRAMMAR",
            description = "A grammar file (KBNF; GBNF if it ends in .gbnf), a JSON Schema (a file ending in .json), "
                    + "or the name of a built-in grammar: json, or json:K (JSON with at most K whitespace bytes "
                    + "between tokens, K = 0.." + Grammar.MAX_JSON_WHITESPACE + "; json:0 is compact).")
    String grammar;

    @Option(names = "--start", paramLabel = "NAME",
            description = "The start rule (default: start in KBNF, root in GBNF; not for a JSON Schema).")
    String start;

    @Option(names = "--dialect", paramLabel = "DIALECT",
            description = "What the GRAMMAR file is: kbnf, gbnf (llama.cpp's) or jsonschema. Default: jsonschema for "
                    + "a file ending in .json, gbnf for .gbnf, kbnf otherwise; built-in grammars are always kbnf.")
    DialectOption dialect;

    @Option(names = "--max-repetition", paramLabel = "N",
            description = "Largest bound of a counted repetition {m,n} written out as rule copies, or inside a regex;"
                    + " a repetition of a terminal beyond it is built in the automaton (default: ${DEFAULT-VALUE}).")
    int maxRepetition = GrammarOptions.DEFAULT.maxRepetition();

    @Option(names = "--max-dfa-states", paramLabel = "N",
            description = "Most automaton states of one terminal (default: ${DEFAULT-VALUE}).")
    int maxDfaStates = GrammarOptions.DEFAULT.maxDfaStates();

    @Option(names = "--max-nesting-depth", paramLabel = "N",
            description = "Deepest bracket nesting (default: ${DEFAULT-VALUE}).")
    int maxNestingDepth = GrammarOptions.DEFAULT.maxNestingDepth();

    @Option(names = "--inline-regular-rules", negatable = true,
            description = "Compile each rule that describes a regular language into one terminal (same language). "
                    + "Default: on for a grammar (much faster masks), off for a JSON Schema (its grammar is made of "
                    + "terminals already, and inlining costs compile time); --no-inline-regular-rules to read "
                    + "compile --print or --emit gbnf rule by rule.")
    Boolean inlineRegularRules;

    @Mixin
    SchemaArguments schema;

    /** The schema file read by {@link #schemaNode}, its tree, and the options (so that each is read once). */
    private Path schemaFile;
    private JsonNode schemaTree;
    private JsonSchemaOptions schemaOptions;

    /**
     * The grammar options.
     *
     * @throws UsageException if a limit is out of its range
     */
    GrammarOptions options() {
        try {
            return new GrammarOptions(start, maxRepetition, maxDfaStates, maxNestingDepth,
                    inlineRegularRules != null ? inlineRegularRules : GrammarOptions.DEFAULT.inlineRegularRules());
        } catch (IllegalArgumentException e) {
            throw new UsageException("invalid grammar option: " + withOptionNames(e.getMessage()));
        }
    }

    /** {@code message} with {@link GrammarOptions}' component names replaced by the options that set them. */
    static String withOptionNames(String message) {
        return message.replace("maxRepetition", "--max-repetition")
                .replace("maxDfaStates", "--max-dfa-states")
                .replace("maxNestingDepth", "--max-nesting-depth");
    }

    /**
     * What {@link #grammar} names: an existing file (a schema or a grammar, by {@code --dialect}
     * or extension), else a built-in grammar.
     *
     * @throws UsageException if there is neither such a file nor such a built-in grammar
     */
    Kind kind() {
        Path file = pathOrNull(grammar);
        if (file != null && Files.exists(file)) {
            return isSchema(file) ? Kind.SCHEMA_FILE : Kind.GRAMMAR_FILE;
        }
        if (dialect == DialectOption.jsonschema) {
            throw new UsageException("no schema file '" + grammar + "' (--dialect jsonschema reads a file; the "
                    + "built-in grammars are KBNF)");
        }
        if (Grammar.isBuiltin(grammar)) {
            return Kind.BUILTIN;
        }
        throw noSuchGrammar();
    }

    /**
     * Reads and compiles the grammar that {@link #kind()} finds: a schema with the schema options,
     * a grammar file in the dialect {@link #dialectOf} picks, or the built-in grammar.
     *
     * @throws UsageException if there is no such grammar, or an option does not apply to it
     * @throws GrammarException if the grammar has errors or hits a limit
     * @throws JsonSchemaException if the schema is refused
     * @throws IOException if the file cannot be read
     */
    CompiledGrammar compile() throws IOException {
        Kind kind = kind();
        if (kind == Kind.SCHEMA_FILE) {
            JsonSchemaOptions o = schemaOptions();
            Path file = Path.of(grammar);
            return JsonSchemaGrammar.compile(sourceName(file), schemaNode(file), o);
        }
        rejectSchemaOptions(kind);
        if (kind == Kind.BUILTIN) {
            return Grammar.builtin(grammar, options());
        }
        try {
            return Grammar.compileFile(Path.of(grammar), dialectOf(Path.of(grammar)), options());
        } catch (NoSuchFileException e) {
            throw noSuchGrammar();
        }
    }

    /**
     * The KBNF text the grammar compiles from: for a schema, the grammar it translates to
     * ({@link JsonSchemaGrammar#toKbnf}); for a built-in grammar, its text.
     *
     * @throws UsageException for a grammar file (its text is the file), or as {@link #compile()}
     * @throws JsonSchemaException if the schema is refused
     * @throws UnsupportedOperationException if the schema module cannot write KBNF yet
     * @throws IOException if the schema cannot be read
     */
    String kbnfText() throws IOException {
        Kind kind = kind();
        if (kind == Kind.SCHEMA_FILE) {
            JsonSchemaOptions o = schemaOptions();
            Path file = Path.of(grammar);
            return JsonSchemaGrammar.toKbnf(sourceName(file), schemaNode(file), o);
        }
        rejectSchemaOptions(kind);
        if (kind == Kind.BUILTIN) {
            return Grammar.builtinText(grammar);
        }
        throw new UsageException("--emit kbnf prints the grammar of a JSON Schema or of a built-in grammar; '"
                + grammar + "' is a " + dialectOf(Path.of(grammar)) + " grammar file (use --emit gbnf, or read the file)");
    }

    /** The schema compiler's options: the schema options, the grammar limits (not --start); made once. */
    private JsonSchemaOptions schemaOptions() {
        if (start != null) {
            throw new UsageException("--start does not apply to a JSON Schema (its grammar starts at the schema's root)");
        }
        if (schemaOptions == null) {
            schemaOptions = schema.options(
                    options().withInlineRegularRules(SchemaArguments.inlineRegularRules(inlineRegularRules)));
        }
        return schemaOptions;
    }

    /** A usage error if a schema-only option was given for the grammar {@code kind} names. */
    private void rejectSchemaOptions(Kind kind) {
        List<String> given = schema.given();
        if (given.isEmpty()) {
            return;
        }
        String what = kind == Kind.BUILTIN ? "the built-in grammar '" + grammar + "' (KBNF)"
                : "'" + grammar + "', a " + dialectOf(Path.of(grammar)) + " grammar";
        throw new UsageException(String.join(", ", given) + (given.size() == 1 ? " applies" : " apply")
                + " only to a JSON Schema (a GRAMMAR file ending in .json, or --dialect jsonschema), not to " + what);
    }

    /** The schema in {@code file} as a tree (read once), named by its file name in messages. */
    private JsonNode schemaNode(Path file) throws IOException {
        if (!file.equals(schemaFile)) {
            byte[] bytes = Files.readAllBytes(file);
            String text;
            try {
                text = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                throw new JsonSchemaException(sourceName(file), "", "not JSON: the file is not valid UTF-8");
            }
            schemaTree = JsonSchemaGrammar.parse(sourceName(file), text);
            schemaFile = file;
        }
        return schemaTree;
    }

    /** A file's name in messages: its last path element, as for grammar files. */
    private static String sourceName(Path file) {
        Path name = file.getFileName();
        return name == null ? file.toString() : name.toString();
    }

    /** Whether the file is a JSON Schema: {@code --dialect jsonschema}, or else a name ending in {@code .json}. */
    boolean isSchema(Path file) {
        if (dialect != null) {
            return dialect == DialectOption.jsonschema;
        }
        return sourceName(file).toLowerCase(Locale.ROOT).endsWith(SCHEMA_EXTENSION);
    }

    /** The dialect of a grammar file: {@code --dialect}, else the one its extension names. */
    Dialect dialectOf(Path file) {
        if (dialect != null && dialect.dialect != null) {
            return dialect.dialect;
        }
        Path name = file.getFileName();
        return Dialect.forFileName(name == null ? file.toString() : name.toString());
    }

    private UsageException noSuchGrammar() {
        try {
            Grammar.builtinText(grammar);  // throws, naming the built-ins or the range of K in json:K
        } catch (IllegalArgumentException e) {
            return new UsageException("no grammar file '" + grammar + "' and " + e.getMessage());
        }
        return new UsageException("no grammar file '" + grammar + "'");
    }

    /** The path named {@code name}, or null if it cannot be a path here (a colon on Windows). */
    private static Path pathOrNull(String name) {
        try {
            return Path.of(name);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /**
     * Compiles the grammar as {@link #compile()} does, reporting on {@code err} instead of
     * throwing: every grammar error as {@code file:line:col: message}, a refused schema as
     * {@code file.json#/pointer: message}, a usage or read problem as {@code kbnf4j COMMAND: message},
     * and (unless {@code warnings} is false) the grammar's warnings.
     *
     * @param command the subcommand's name, for messages
     * @return the grammar, or null after an error was printed (the caller exits with
     *     {@link Main#EXIT_GRAMMAR_ERROR})
     */
    CompiledGrammar compileReporting(PrintWriter err, String command, boolean warnings) {
        CompiledGrammar g;
        try {
            g = compile();
        } catch (GrammarException | JsonSchemaException e) {
            err.println(e.getMessage());
            err.flush();
            return null;
        } catch (UsageException e) {
            err.println("kbnf4j " + command + ": " + e.getMessage());
            err.flush();
            return null;
        } catch (IOException e) {
            err.println("kbnf4j " + command + ": cannot read " + grammar + ": " + e.getMessage());
            err.flush();
            return null;
        }
        if (warnings) {
            for (Diagnostic w : g.warnings()) {
                err.println(w);
            }
            err.flush();
        }
        return g;
    }

    /** A problem with the command line's arguments, reported with exit code 2. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
