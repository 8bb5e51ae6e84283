package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.jsonschema.FormatMode;
import io.github.kbnf4j.jsonschema.SchemaDraft;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A JSON Schema wherever the commands take a grammar (a GRAMMAR ending in {@code .json}, or
 * {@code --dialect jsonschema}), and the schema-only options {@code --ref-map}, {@code --formats},
 * {@code --lenient}, {@code --max-whitespace}, {@code --max-exponent-digits}, {@code --draft}, {@code --property-order},
 * {@code --max-order-states}.
 */
class SchemaArgumentsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private ByteArrayOutputStream bytesOut = new ByteArrayOutputStream();
    private byte[] stdin = new byte[0];

    @TempDir
    Path dir;

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        bytesOut = new ByteArrayOutputStream();
        CommandLine cl = Main.commandLine(new Main(new ByteArrayInputStream(stdin), bytesOut));
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    private String err() {
        return err.toString().replace("\r", "");
    }

    private String out() {
        return out.toString().replace("\r", "");
    }

    private Path file(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        return p;
    }

    /** {@code check SCHEMA-ARGS... -} on {@code input}: the exit code. */
    private int check(String input, String... args) {
        stdin = input.getBytes(StandardCharsets.UTF_8);
        String[] all = new String[args.length + 3];
        all[0] = "check";
        all[1] = "-q";
        System.arraycopy(args, 0, all, 2, args.length);
        all[all.length - 1] = "-";
        return run(all);
    }

    @Test
    void aFileEndingInJsonIsASchema() throws Exception {
        Path s = file("flag.json", "{\"type\": \"boolean\"}");
        assertEquals(0, run("compile", s.toString()), err());
        assertTrue(out().matches("\\d+ nonterminals, \\d+ productions, \\d+ terminals, \\d+ automaton states\\n"), out());
        assertEquals(0, check("true", s.toString()), err());
        assertEquals(0, check(" false\n", s.toString()), err());
        assertEquals(1, check("1", s.toString()));
        assertEquals(3, check("tru", s.toString()));
        // Any case of the extension.
        Path upper = file("FLAG.JSON", "{\"enum\": [1, 2]}");
        assertEquals(0, check("2", upper.toString()), err());
        assertEquals(1, check("3", upper.toString()));
    }

    @Test
    void dialectJsonschemaReadsAnyFileAsASchema() throws Exception {
        Path s = file("flag.schema", "{\"enum\": [1, 2]}");
        assertEquals(0, check("1", "--dialect", "jsonschema", s.toString()), err());
        assertEquals(1, check("3", "--dialect", "jsonschema", s.toString()));
        // ... and --dialect kbnf reads a .json file as KBNF.
        Path g = file("g.json", "start ::= \"x\";");
        assertEquals(0, check("x", "--dialect", "kbnf", g.toString()), err());
        assertEquals(2, check("x", g.toString()));  // as a schema it is not JSON
        assertTrue(err().startsWith("g.json#: not JSON: "), err());
        // Built-in grammars are KBNF: --dialect jsonschema needs a file.
        assertEquals(2, run("compile", "--dialect", "jsonschema", "json"));
        assertEquals("kbnf4j compile: no schema file 'json' (--dialect jsonschema reads a file; the built-in grammars "
                + "are KBNF)\n", err());
    }

    @Test
    void aRefusedSchemaExitsTwoWithItsPointer() throws Exception {
        Path s = file("person.json", "{\"type\": \"object\", \"properties\": {\"tags\": {\"type\": \"array\", "
                + "\"uniqueItems\": true}}}");
        for (String command : new String[] {"compile", "check"}) {
            assertEquals(2, run(command, s.toString()), command);
            assertTrue(err().startsWith("person.json#/properties/tags/uniqueItems: uniqueItems is not supported"), err());
            assertEquals(1, err().split("\n").length, err());
            assertEquals("", out());
        }
        assertEquals(2, run("mask", s.toString(), "--vocab", "cl100k"));
        assertTrue(err().startsWith("person.json#/properties/tags/uniqueItems: "), err());
        // --lenient drops the keyword with a warning; the exit code is 0.
        assertEquals(0, run("compile", "--lenient", s.toString()), err());
        assertTrue(err().startsWith("person.json#/properties/tags/uniqueItems:1:1: warning: uniqueItems is not supported"),
                err());
        assertEquals(0, check("{\"tags\": [1, 1]}", "--lenient", s.toString()), err());
    }

    @Test
    void invalidSchemaTextExitsTwo() throws Exception {
        assertEquals(2, run("compile", file("broken.json", "{\"type\": ").toString()));
        assertTrue(err().startsWith("broken.json#: not JSON: "), err());
        assertEquals(2, run("compile", file("empty.json", "").toString()));
        assertTrue(err().startsWith("empty.json#: "), err());
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, new byte[] {'{', '"', 'e', 'n', 'u', 'm', '"', ':', '[', '"', (byte) 0xE9, '"', ']', '}'});
        assertEquals(2, run("compile", latin1.toString()));
        assertEquals("latin1.json#: not JSON: the file is not valid UTF-8\n", err());
    }

    @Test
    void refMapResolvesRemoteReferences() throws Exception {
        Path s = file("main.json", "{\"type\": \"array\", \"items\": {\"$ref\": \"https://example.com/schemas/flag.json\"}}");
        // Without the map, the reference is an error naming the option.
        assertEquals(2, run("compile", s.toString()));
        assertTrue(err().startsWith("main.json#/items/$ref: ") && err().contains("--ref-map"), err());
        // The document inline.
        Path inline = file("refs.json", "{\"https://example.com/schemas/flag.json\": {\"type\": \"boolean\"}}");
        assertEquals(0, check("[true, false]", "--ref-map", inline.toString(), s.toString()), err());
        assertEquals(1, check("[true, 1]", "--ref-map", inline.toString(), s.toString()));
        // A string names the document's file, relative to the map's folder; an empty fragment is dropped.
        file("remote/flag.json", "{\"enum\": [true]}");
        Path byFile = file("refs2.json", "{\"https://example.com/schemas/flag.json#\": \"remote/flag.json\"}");
        assertEquals(0, check("[true]", "--ref-map", byFile.toString(), s.toString()), err());
        assertEquals(1, check("[false]", "--ref-map", byFile.toString(), s.toString()));
    }

    @Test
    void badRefMapsAreUsageErrors() throws Exception {
        Path s = file("s.json", "{\"type\": \"boolean\"}");
        Path missing = dir.resolve("missing.json");
        assertEquals(2, run("compile", "--ref-map", missing.toString(), s.toString()));
        assertEquals("kbnf4j compile: --ref-map " + missing + ": no such file\n", err());
        Path array = file("array.json", "[]");
        assertEquals(2, run("compile", "--ref-map", array.toString(), s.toString()));
        assertEquals("kbnf4j compile: --ref-map " + array + ": expected a JSON object mapping absolute URLs to schema "
                + "documents, found array\n", err());
        Path relative = file("relative.json", "{\"flag.json\": true}");
        assertEquals(2, run("compile", "--ref-map", relative.toString(), s.toString()));
        assertTrue(err().contains("entry \"flag.json\": not an absolute URI"), err());
        Path fragment = file("fragment.json", "{\"https://x.org/a#/b\": true}");
        assertEquals(2, run("compile", "--ref-map", fragment.toString(), s.toString()));
        assertTrue(err().contains("entry \"https://x.org/a#/b\": a document's URI has no fragment"), err());
        Path number = file("number.json", "{\"https://x.org/a\": 3}");
        assertEquals(2, run("compile", "--ref-map", number.toString(), s.toString()));
        assertTrue(err().contains("a schema document is an object or a boolean, or a string naming its file; found number"),
                err());
        Path dangling = file("dangling.json", "{\"https://x.org/a\": \"nowhere.json\"}");
        assertEquals(2, run("compile", "--ref-map", dangling.toString(), s.toString()));
        assertTrue(err().contains(dir.resolve("nowhere.json") + ": no such file"), err());
    }

    @Test
    void refMapReading() throws Exception {
        Path target = file("docs/a.json", "{\"type\": \"string\"}");
        Path map = file("docs/map.json", "{\"https://x.org/a.json\": \"a.json\", \"urn:example:b\": false, "
                + "\"https://x.org/c#\": {\"type\": \"null\"}}");
        Map<String, JsonNode> docs = SchemaArguments.readRefMap(map);
        assertEquals(Map.of("https://x.org/a.json", JSON.readTree(target.toFile()), "urn:example:b",
                JSON.readTree("false"), "https://x.org/c", JSON.readTree("{\"type\": \"null\"}")), docs);
        Path twice = file("twice.json", "{\"https://x.org/a\": true, \"https://x.org/a#\": true}");
        assertThrows(GrammarArguments.UsageException.class, () -> SchemaArguments.readRefMap(twice));
    }

    @Test
    void formatsAssertOrAnnotate() throws Exception {
        Path s = file("date.json", "{\"type\": \"string\", \"format\": \"date\"}");
        assertEquals(0, check("\"2024-02-29\"", s.toString()), err());
        assertEquals(1, check("\"tomorrow\"", s.toString()));
        assertEquals(1, check("\"tomorrow\"", "--formats", "assert", s.toString()));
        assertEquals(0, check("\"tomorrow\"", "--formats", "annotate", s.toString()), err());
        assertEquals(0, check("\"tomorrow\"", "--formats", "ANNOTATE", s.toString()), err());
        assertEquals(2, run("compile", "--formats", "ignore", s.toString()));
        assertTrue(err().startsWith("kbnf4j compile: Invalid value for option '--formats': expected assert or annotate, not 'ignore'"),
                err());
    }

    @Test
    void maxWhitespace() throws Exception {
        Path s = file("ints.json", "{\"type\": \"array\", \"items\": {\"type\": \"integer\"}}");
        assertEquals(0, check("[1,2]", "--max-whitespace", "0", s.toString()), err());
        assertEquals(1, check("[1, 2]", "--max-whitespace", "0", s.toString()));
        assertEquals(0, check("[1, 2]", "--max-whitespace", "1", s.toString()), err());
        assertEquals(1, check("[1,  2]", "--max-whitespace", "1", s.toString()));
        assertEquals(0, check("[1,\n      2\n]\n", s.toString()), err());  // default: any amount
        assertEquals(2, run("compile", "--max-whitespace", "-1", s.toString()));
        assertEquals("kbnf4j compile: --max-whitespace must be 0 or more (leave it out for any amount): -1\n", err());
    }

    @Test
    void propertyOrder() throws Exception {
        Path s = file("pair.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"integer\"}, "
                + "\"b\": {\"type\": \"integer\"}, \"c\": {\"type\": \"integer\"}}, \"required\": [\"a\", \"b\"], "
                + "\"additionalProperties\": false}");
        assertEquals(0, check("{\"b\": 1, \"a\": 2}", s.toString()), err()); // default: any order
        assertEquals(0, check("{\"a\": 2, \"b\": 1}", s.toString()), err());
        assertEquals(1, check("{\"a\": 2, \"b\": 1, \"a\": 2}", s.toString())); // each at most once
        assertEquals(0, check("{\"b\": 1, \"c\": 3, \"a\": 2}", "--property-order", "any", s.toString()), err());
        assertEquals(1, check("{\"b\": 1, \"a\": 2, \"b\": 1}", "--property-order", "Any", s.toString()));
        assertEquals(1, check("{\"b\": 1, \"a\": 2}", "--property-order", "declared", s.toString()));
        assertEquals(0, check("{\"a\": 2, \"b\": 1}", "--property-order", "Declared", s.toString()), err());
        // A budget of 2 states: blocks of one property, i.e. declared order, with a warning.
        assertEquals(1, check("{\"b\": 1, \"a\": 2}", "--property-order", "any", "--max-order-states", "2",
                s.toString()));
        assertEquals(0, check("{\"a\": 2, \"b\": 1}", "--property-order", "any", "--max-order-states", "2",
                s.toString()), err());
        assertEquals(0, run("compile", "--property-order", "any", "--max-order-states", "2", s.toString()), err());
        assertTrue(err().contains("3 properties in any order need more than 2 grammar states"), err());
        assertTrue(err().contains("CLI --max-order-states"), err());
        assertEquals(2, run("compile", "--max-order-states", "0", s.toString()));
        assertEquals("kbnf4j compile: --max-order-states must be 1 or more: 0\n", err());
        assertEquals(2, run("compile", "--property-order", "sorted", s.toString()));
        assertTrue(err().startsWith("kbnf4j compile: Invalid value for option '--property-order': expected any, "
                + "any-repeatable or declared, not 'sorted'"), err());
        // 5 states: too few for any order exactly (8 subsets), enough when the optional c may repeat.
        String[] repeatable = {"--property-order", "any-repeatable", "--max-order-states", "5", s.toString()};
        assertEquals(1, check("{\"b\": 1, \"c\": 3, \"a\": 2}", "--property-order", "any", "--max-order-states", "5",
                s.toString())); // blocks {a, b}, {c}
        assertEquals(0, check("{\"b\": 1, \"c\": 3, \"a\": 2}", repeatable), err());
        assertEquals(0, check("{\"c\": 3, \"b\": 1, \"c\": 4, \"a\": 2}", repeatable), err());
        assertEquals(1, check("{\"a\": 2, \"b\": 1, \"a\": 2}", repeatable)); // required ones once
        assertEquals(0, run("compile", "--property-order", "any-repeatable", "--max-order-states", "5", s.toString()),
                err());
        assertTrue(err().contains("but an optional one may repeat"), err());
    }

    @Test
    void maxRulesIsTheOptionThatLimitMessagesName() throws Exception {
        Path s = file("rules.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"integer\"}, "
                + "\"b\": {\"type\": \"array\", \"items\": {\"type\": \"string\"}}}}");
        assertEquals(0, run("compile", s.toString()), err());
        assertEquals(2, run("compile", "--max-rules", "1", s.toString()));
        assertTrue(err().contains("CLI --max-rules"), err());
        assertEquals(2, run("compile", "--max-rules", "0", s.toString()));
        assertEquals("kbnf4j compile: --max-rules must be 1 or more: 0\n", err());
    }

    @Test
    void draftIsTheDefaultForSchemasWithoutDollarSchema() throws Exception {
        // $dynamicRef exists from 2019-09 on: draft 7 ignores it (any JSON passes), 2020-12 (the default) refuses it.
        Path s = file("d.json", "{\"$dynamicRef\": \"#node\"}");
        assertEquals(2, run("compile", s.toString()));
        assertTrue(err().startsWith("d.json#/$dynamicRef: "), err());
        assertEquals(2, run("compile", "--draft", "2019-09", s.toString()));
        assertEquals(0, run("compile", "--draft", "7", s.toString()), err());
        assertEquals(0, check("{\"a\": [1]}", "--draft", "7", s.toString()), err());
        assertEquals(0, run("compile", "--draft", "4", s.toString()), err());
        // $schema wins over --draft.
        Path declared = file("declared.json", "{\"$schema\": \"https://json-schema.org/draft/2020-12/schema\", "
                + "\"$dynamicRef\": \"#node\"}");
        assertEquals(2, run("compile", "--draft", "7", declared.toString()));
        assertEquals(2, run("compile", "--draft", "8", s.toString()));
        assertTrue(err().startsWith("kbnf4j compile: Invalid value for option '--draft': expected 4, 6, 7, 2019-09 or 2020-12, not '8'"),
                err());
    }

    @Test
    void optionConverters() {
        SchemaArguments.DraftConverter d = new SchemaArguments.DraftConverter();
        assertEquals(SchemaDraft.DRAFT_4, d.convert("4"));
        assertEquals(SchemaDraft.DRAFT_4, d.convert("draft-04"));
        assertEquals(SchemaDraft.DRAFT_6, d.convert("6"));
        assertEquals(SchemaDraft.DRAFT_7, d.convert("07"));
        assertEquals(SchemaDraft.DRAFT_2019_09, d.convert("2019-09"));
        assertEquals(SchemaDraft.DRAFT_2020_12, d.convert("Draft-2020-12"));
        assertThrows(CommandLine.TypeConversionException.class, () -> d.convert("5"));
        SchemaArguments.FormatConverter f = new SchemaArguments.FormatConverter();
        assertEquals(FormatMode.ASSERT, f.convert("assert"));
        assertEquals(FormatMode.ANNOTATE, f.convert("Annotate"));
    }

    @Test
    void schemaOptionsWithAGrammarAreUsageErrors() throws Exception {
        Path g = file("a.kbnf", "start ::= \"a\";");
        assertEquals(2, run("compile", "--lenient", g.toString()));
        assertEquals("kbnf4j compile: --lenient applies only to a JSON Schema (a GRAMMAR file ending in .json, or "
                + "--dialect jsonschema), not to '" + g + "', a KBNF grammar\n", err());
        assertEquals(2, run("check", "--max-whitespace", "0", "--draft", "7", "json", "-"));
        assertEquals("kbnf4j check: --max-whitespace, --draft apply only to a JSON Schema (a GRAMMAR file ending in "
                + ".json, or --dialect jsonschema), not to the built-in grammar 'json' (KBNF)\n", err());
        Path gbnf = file("a.gbnf", "root ::= \"a\"");
        assertEquals(2, run("compile", "--formats", "annotate", "--ref-map", "x.json", gbnf.toString()));
        assertTrue(err().startsWith("kbnf4j compile: --ref-map, --formats apply only to a JSON Schema"), err());
        assertTrue(err().endsWith("a GBNF grammar\n"), err());
        // --start is the grammar's, not the schema's.
        Path s = file("s.json", "{\"type\": \"null\"}");
        assertEquals(2, run("compile", "--start", "value", s.toString()));
        assertEquals("kbnf4j compile: --start does not apply to a JSON Schema (its grammar starts at the schema's "
                + "root)\n", err());
    }

    @Test
    void maxExponentDigits() throws Exception {
        Path s = file("ns.json", "{\"type\": \"array\", \"items\": {\"type\": \"number\"}}");
        assertEquals(0, check("[1e9,2E-1]", "--max-exponent-digits", "1", s.toString()), err());
        assertEquals(1, check("[1e10]", "--max-exponent-digits", "1", s.toString()));
        assertEquals(1, check("[1e1]", "--max-exponent-digits", "0", s.toString()));
        assertEquals(0, check("[1e100000]", s.toString()), err()); // default: any exponent
        assertEquals(2, run("compile", "--max-exponent-digits", "-1", s.toString()));
        assertEquals("kbnf4j compile: --max-exponent-digits must be 0..1000 (leave it out for any): -1\n", err());
    }

    /**
     * A schema's regular rules stay rules by default (JsonSchemaOptions.DEFAULT); a grammar's are
     * inlined by default; --[no-]inline-regular-rules says otherwise for either.
     */
    @Test
    void regularRulesAreInlinedForGrammarsAndNotForSchemas() throws Exception {
        Path s = file("o.json", "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"integer\"}, "
                + "\"b\": {\"type\": \"string\"}}, \"required\": [\"a\"]}");
        String kept = summary("compile", s.toString());
        assertEquals(kept, summary("compile", "--no-inline-regular-rules", s.toString()));
        String inlined = summary("compile", "--inline-regular-rules", s.toString());
        assertTrue(nonterminals(inlined) < nonterminals(kept), kept + " / " + inlined);
        Path g = file("list.kbnf", "start ::= item (\",\" item)* ;\nitem ::= #\"[a-z]\" #\"[a-z0-9]\"* ;\n");
        String grammarDefault = summary("compile", g.toString());
        assertEquals(grammarDefault, summary("compile", "--inline-regular-rules", g.toString()));
        assertTrue(nonterminals(grammarDefault) < nonterminals(summary("compile", "--no-inline-regular-rules",
                g.toString())), grammarDefault);
    }

    private String summary(String... args) {
        assertEquals(0, run(args), err());
        return out();
    }

    /** The nonterminal count of compile's summary ("37 nonterminals, 129 productions, ..."). */
    private static int nonterminals(String summary) {
        return Integer.parseInt(summary.substring(0, summary.indexOf(" nonterminals")).trim());
    }

    @Test
    void grammarLimitsApplyToTheSchemaGrammar() throws Exception {
        // A pattern's automaton is bounded by --max-dfa-states, like any terminal.
        Path s = file("p.json", "{\"type\": \"string\", \"pattern\": \"^[ab]*a[ab]{12}$\"}");
        assertEquals(2, run("compile", "--max-dfa-states", "100", s.toString()));
        assertTrue(err().contains("--max-dfa-states"), err());
        assertEquals(2, run("compile", "--max-dfa-states", "1", s.toString()));
        assertEquals("kbnf4j compile: invalid grammar option: --max-dfa-states must be at least 2, was 1\n", err());
    }

    @Test
    void emitKbnf() throws Exception {
        Path s = file("e.json", "{\"enum\": [1, 2]}");
        assertEquals(0, run("compile", "--emit", "kbnf", s.toString()), err());
        // The text is a grammar of the same language.
        Path text = file("e.kbnf", out());
        stdin = "2".getBytes(StandardCharsets.UTF_8);
        assertEquals(0, run("check", "-q", text.toString(), "-"), err());
        stdin = "2.0e0".getBytes(StandardCharsets.UTF_8);
        assertEquals(0, run("check", "-q", text.toString(), "-"), err());
        stdin = "3".getBytes(StandardCharsets.UTF_8);
        assertEquals(1, run("check", "-q", text.toString(), "-"));
        // A refused schema has no text: exit 2 with the pointer, nothing on stdout.
        Path refused = file("u.json", "{\"type\": \"array\", \"uniqueItems\": true}");
        assertEquals(2, run("compile", "--emit", "kbnf", refused.toString()));
        assertTrue(err().startsWith("u.json#/uniqueItems: "), err());
        assertEquals("", out());
        // A built-in grammar prints its text; a grammar file is a usage error.
        assertEquals(0, run("compile", "--emit", "kbnf", "json:0"), err());
        assertTrue(out().contains("start") && out().endsWith("\n"), out());
        Path g = file("a.kbnf", "start ::= \"a\";");
        assertEquals(2, run("compile", "--emit", "kbnf", g.toString()));
        assertTrue(err().startsWith("kbnf4j compile: --emit kbnf prints the grammar of a JSON Schema or of a built-in "
                + "grammar; '" + g + "' is a KBNF grammar file"), err());
        assertEquals("", out());
    }

    @Test
    void emitGbnf() throws Exception {
        Path s = file("e.json", "{\"enum\": [1, 2]}");
        assertEquals(0, run("compile", "--emit", "gbnf", "--max-whitespace", "0", s.toString()), err());
        Path gbnf = file("e.gbnf", out());
        stdin = "1".getBytes(StandardCharsets.UTF_8);
        assertEquals(0, run("check", "-q", gbnf.toString(), "-"), err());
        stdin = "12".getBytes(StandardCharsets.UTF_8);
        assertEquals(1, run("check", "-q", gbnf.toString(), "-"));
    }

    @Test
    void maskAndGenerateTakeASchema() throws Exception {
        Path s = file("e.json", "{\"enum\": [1, 2]}");
        Path tiny = TinyVocabulary.write(dir);
        assertEquals(0, run("mask", s.toString(), "--max-whitespace", "0", "--vocab", tiny.toString()), err());
        JsonNode mask = JSON.readTree(out());
        assertEquals(JSON.readTree("[49, 50]"), mask.get("ids"), out());
        Path flag = file("flag.json", "{\"type\": \"boolean\"}");
        assertEquals(0, run("generate", flag.toString(), "--max-whitespace", "0", "--vocab", tiny.toString(), "--eos",
                "0", "-n", "8", "--max-tokens", "8"), err());
        for (String sentence : bytesOut.toString(StandardCharsets.UTF_8).split("\n")) {
            assertTrue(sentence.equals("true") || sentence.equals("false"), sentence);
        }
    }

    @Test
    void benchTakesASchema() throws Exception {
        Path s = file("point.json", "{\"type\": \"object\", \"properties\": {\"x\": {\"type\": \"integer\"}}}");
        Path corpus = file("c.jsonl", "{\"text\": \"{\\\"x\\\": 12}\"}\n{\"text\": \"{}\"}\n");
        assertEquals(0, run("bench", s.toString(), "--vocab", "cl100k", "--corpus", corpus.toString(), "--passes", "1"),
                err());
        JsonNode r = JSON.readTree(out());
        assertEquals(2, r.get("documents").asInt(), r.toString());
        assertEquals(0, r.get("violations").asInt(), r.toString());
    }

    @Test
    void checkLinesWithASchema() throws Exception {
        Path s = file("flag.json", "{\"type\": \"boolean\"}");
        stdin = "true\nfals\n1\n".getBytes(StandardCharsets.UTF_8);
        assertEquals(1, run("check", s.toString(), "--lines", "-"));
        assertEquals("{\"line\":1,\"verdict\":\"accepted\",\"offset\":4}\n{\"line\":2,\"verdict\":\"prefix\",\"offset\":4}\n"
                + "{\"line\":3,\"verdict\":\"rejected\",\"offset\":0}\n", out());
    }

    @Test
    void helpNamesTheSchemaOptions() {
        for (String command : new String[] {"compile", "check", "mask", "generate", "bench"}) {
            assertEquals(0, run(command, "--help"));
            for (String option : new String[] {"--ref-map", "--formats", "--lenient", "--max-whitespace", "--draft"}) {
                assertTrue(out().contains(option), command + " --help lacks " + option);
            }
            assertTrue(out().contains("jsonschema"), out());
        }
        assertFalse(out().isEmpty());
    }
}
