package io.github.kbnf4j.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.cli.GrammarArguments.UsageException;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.jsonschema.FormatMode;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.PropertyOrder;
import io.github.kbnf4j.jsonschema.SchemaDraft;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The options that apply only when GRAMMAR is a JSON Schema ({@code --ref-map}, {@code --formats},
 * {@code --lenient}, {@code --max-whitespace}, {@code --max-exponent-digits}, {@code --draft}, {@code --property-order},
 * {@code --max-order-states}, {@code --max-rules}), part of {@link GrammarArguments}.
 * Each field is null (or false) when its option is absent, so that {@link #given()} can name the
 * options a non-schema grammar must not be given.
 */
final class SchemaArguments {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Option(names = "--ref-map", paramLabel = "FILE",
            description = "JSON Schema: a JSON object mapping absolute URLs to the schema documents that remote $refs "
                    + "load (a value is the document, or a string naming the file that holds it, relative to FILE's "
                    + "folder). Nothing is fetched from the network.")
    Path refMap;

    @Option(names = "--formats", paramLabel = "MODE", converter = FormatConverter.class,
            description = "JSON Schema: assert (default: a known format restricts the string) or annotate (format "
                    + "is ignored).")
    FormatMode formats;

    @Option(names = "--lenient",
            description = "JSON Schema: drop a keyword that cannot be compiled exactly, with a warning, instead of "
                    + "refusing the schema (the grammar then accepts more than the schema does).")
    boolean lenient;

    @Option(names = "--max-whitespace", paramLabel = "N",
            description = "JSON Schema: the most whitespace bytes between two JSON tokens (default: unbounded; "
                    + "0: compact JSON).")
    Integer maxWhitespace;

    @Option(names = "--max-exponent-digits", paramLabel = "N",
            description = "JSON Schema: the most digits in a number's exponent (default: any; 0: no exponent).")
    Integer maxExponentDigits;

    @Option(names = "--draft", paramLabel = "DRAFT", converter = DraftConverter.class,
            description = "JSON Schema: the draft of a schema without $schema: 4, 6, 7, 2019-09 or 2020-12 "
                    + "(default: 2020-12).")
    SchemaDraft draft;

    @Option(names = "--property-order", paramLabel = "ORDER", converter = PropertyOrderConverter.class,
            description = "JSON Schema: any (default: an object's properties in any order, each at most once, as "
                    + "JSON Schema means it), any-repeatable (any order; past --max-order-states an optional "
                    + "property may repeat instead of the properties coming in blocks: for checking documents) or "
                    + "declared (in the order the schema lists them, other keys last).")
    PropertyOrder propertyOrder;

    @Option(names = "--max-order-states", paramLabel = "N",
            description = "JSON Schema: with --property-order any, the most grammar states one object's properties "
                    + "may take (2^n for n properties; default: " + JsonSchemaOptions.DEFAULT_MAX_ORDER_STATES
                    + "); past it, any order within blocks of consecutive declared properties (with any-repeatable, "
                    + "first any order with optional properties that may repeat, if that fits).")
    Integer maxOrderStates;

    @Option(names = "--max-rules", paramLabel = "N",
            description = "JSON Schema: the most grammar rules one schema may produce; a larger schema is refused "
                    + "(default: " + JsonSchemaOptions.DEFAULT_MAX_RULES + ").")
    Integer maxRules;

    /**
     * Whether a schema's regular rules are inlined: {@code option} (the command's
     * {@code --[no-]inline-regular-rules}, null if absent), else the JSON Schema default.
     */
    static boolean inlineRegularRules(Boolean option) {
        return option != null ? option : JsonSchemaOptions.DEFAULT.grammarOptions().inlineRegularRules();
    }

    /** The schema-only options on the command line, as spelled there (empty if none). */
    List<String> given() {
        List<String> names = new ArrayList<>();
        if (refMap != null) {
            names.add("--ref-map");
        }
        if (formats != null) {
            names.add("--formats");
        }
        if (lenient) {
            names.add("--lenient");
        }
        if (maxWhitespace != null) {
            names.add("--max-whitespace");
        }
        if (maxExponentDigits != null) {
            names.add("--max-exponent-digits");
        }
        if (draft != null) {
            names.add("--draft");
        }
        if (propertyOrder != null) {
            names.add("--property-order");
        }
        if (maxOrderStates != null) {
            names.add("--max-order-states");
        }
        if (maxRules != null) {
            names.add("--max-rules");
        }
        return names;
    }

    /**
     * The schema compiler's options, with {@code grammar} as its grammar options; reads the
     * {@code --ref-map} file.
     *
     * @throws UsageException if an option's value is invalid or the ref map cannot be read
     */
    JsonSchemaOptions options(GrammarOptions grammar) {
        JsonSchemaOptions o = JsonSchemaOptions.DEFAULT.withGrammarOptions(grammar).withLenient(lenient);
        if (formats != null) {
            o = o.withFormats(formats);
        }
        if (draft != null) {
            o = o.withDefaultDraft(draft);
        }
        if (maxWhitespace != null) {
            if (maxWhitespace < 0) {
                throw new UsageException("--max-whitespace must be 0 or more (leave it out for any amount): "
                        + maxWhitespace);
            }
            o = o.withMaxWhitespace(maxWhitespace);
        }
        if (maxExponentDigits != null) {
            if (maxExponentDigits < 0 || maxExponentDigits > JsonSchemaOptions.MAX_EXPONENT_DIGITS) {
                throw new UsageException("--max-exponent-digits must be 0.." + JsonSchemaOptions.MAX_EXPONENT_DIGITS
                        + " (leave it out for any): " + maxExponentDigits);
            }
            o = o.withMaxExponentDigits(maxExponentDigits);
        }
        if (propertyOrder != null) {
            o = o.withPropertyOrder(propertyOrder);
        }
        if (maxOrderStates != null) {
            if (maxOrderStates < 1) {
                throw new UsageException("--max-order-states must be 1 or more: " + maxOrderStates);
            }
            o = o.withMaxOrderStates(maxOrderStates);
        }
        if (maxRules != null) {
            if (maxRules < 1) {
                throw new UsageException("--max-rules must be 1 or more: " + maxRules);
            }
            o = o.withMaxRules(maxRules);
        }
        if (refMap != null) {
            o = o.withRemoteSchemas(readRefMap(refMap));
        }
        return o;
    }

    /**
     * The documents of a ref map file: a JSON object whose keys are absolute URIs (an empty
     * fragment {@code #} is dropped; any other fragment is refused) and whose values are schema
     * documents (objects or booleans) or strings naming a file that holds one, relative to the
     * ref map's folder.
     *
     * @throws UsageException naming the file and the entry at fault
     */
    static Map<String, JsonNode> readRefMap(Path file) {
        JsonNode map = readJson(file, "--ref-map " + file);
        if (!map.isObject()) {
            throw new UsageException("--ref-map " + file + ": expected a JSON object mapping absolute URLs to schema "
                    + "documents, found " + kind(map));
        }
        Path folder = file.toAbsolutePath().getParent();
        Map<String, JsonNode> documents = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : map.properties()) {
            String where = "--ref-map " + file + ": entry \"" + e.getKey() + "\"";
            String uri = absoluteUri(e.getKey(), where);
            JsonNode doc = e.getValue();
            if (doc.isTextual()) {
                Path target = folder == null ? Path.of(doc.textValue()) : folder.resolve(doc.textValue());
                doc = readJson(target, where + ": " + target);
            }
            if (!doc.isObject() && !doc.isBoolean()) {
                throw new UsageException(where + ": a schema document is an object or a boolean, or a string naming "
                        + "its file; found " + kind(doc));
            }
            if (documents.put(uri, doc) != null) {
                throw new UsageException(where + ": " + uri + " is mapped twice");
            }
        }
        return documents;
    }

    /** {@code key} as an absolute URI without fragment. */
    private static String absoluteUri(String key, String where) {
        URI uri;
        try {
            uri = new URI(key);
        } catch (URISyntaxException e) {
            throw new UsageException(where + ": not a URI: " + e.getMessage());
        }
        if (!uri.isAbsolute()) {
            throw new UsageException(where + ": not an absolute URI (it needs a scheme, such as https:)");
        }
        if (uri.getRawFragment() != null) {
            if (!uri.getRawFragment().isEmpty()) {
                throw new UsageException(where + ": a document's URI has no fragment (#"
                        + uri.getRawFragment() + "); $refs into the document resolve against it");
            }
            return key.substring(0, key.length() - 1);
        }
        return key;
    }

    private static JsonNode readJson(Path file, String what) {
        try {
            JsonNode node = MAPPER.readTree(Files.readAllBytes(file));
            if (node == null || node.isMissingNode()) {
                throw new UsageException(what + ": the file is empty");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new UsageException(what + ": not JSON: " + e.getOriginalMessage() + " at line "
                    + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr());
        } catch (NoSuchFileException e) {
            throw new UsageException(what + ": no such file");
        } catch (IOException e) {
            throw new UsageException(what + ": cannot read: " + e.getMessage());
        }
    }

    private static String kind(JsonNode n) {
        return n.getNodeType().name().toLowerCase(Locale.ROOT);
    }

    /** {@code --formats}: assert or annotate, any case. */
    static final class FormatConverter implements ITypeConverter<FormatMode> {
        @Override
        public FormatMode convert(String value) {
            switch (value.toLowerCase(Locale.ROOT)) {
                case "assert":
                    return FormatMode.ASSERT;
                case "annotate":
                    return FormatMode.ANNOTATE;
                default:
                    throw new TypeConversionException("expected assert or annotate, not '" + value + "'");
            }
        }
    }

    /** {@code --property-order}: any, any-repeatable or declared, any case. */
    static final class PropertyOrderConverter implements ITypeConverter<PropertyOrder> {
        @Override
        public PropertyOrder convert(String value) {
            switch (value.toLowerCase(Locale.ROOT)) {
                case "any":
                    return PropertyOrder.ANY;
                case "any-repeatable":
                    return PropertyOrder.ANY_REPEATABLE;
                case "declared":
                    return PropertyOrder.DECLARED;
                default:
                    throw new TypeConversionException("expected any, any-repeatable or declared, not '" + value + "'");
            }
        }
    }

    /** {@code --draft}: 4, 6, 7, 2019-09 or 2020-12 (also 04, 06, 07, and with a {@code draft-} prefix). */
    static final class DraftConverter implements ITypeConverter<SchemaDraft> {
        @Override
        public SchemaDraft convert(String value) {
            String v = value.toLowerCase(Locale.ROOT);
            if (v.startsWith("draft-")) {
                v = v.substring("draft-".length());
            }
            switch (v) {
                case "4":
                case "04":
                    return SchemaDraft.DRAFT_4;
                case "6":
                case "06":
                    return SchemaDraft.DRAFT_6;
                case "7":
                case "07":
                    return SchemaDraft.DRAFT_7;
                case "2019-09":
                    return SchemaDraft.DRAFT_2019_09;
                case "2020-12":
                    return SchemaDraft.DRAFT_2020_12;
                default:
                    throw new TypeConversionException("expected 4, 6, 7, 2019-09 or 2020-12, not '" + value + "'");
            }
        }
    }
}
