package io.github.kbnf4j.jsonschema;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.util.Map;
import java.util.Objects;

/**
 * Settings for compiling a JSON Schema. Immutable; each {@code with…} method returns a copy.
 *
 * @param defaultDraft the draft of a schema without {@code $schema} (default 2020-12)
 * @param formats whether {@code format} is asserted (the default) or only an annotation
 * @param lenient if true, a keyword that cannot be compiled exactly is dropped with a warning instead
 *     of refused: the grammar then accepts a superset of the schema's instances (default false)
 * @param maxWhitespace the most whitespace bytes (space, tab, line feed, carriage return) in one run
 *     between two JSON tokens and around the value: {@link #UNBOUNDED_WHITESPACE} (the default) is
 *     RFC 8259's any amount, so that compact, {@code json.dumps}-style ({@code ", "}, {@code ": "}) and
 *     pretty-printed documents all pass; 0 is compact JSON; a small bound keeps a model from emitting
 *     whitespace forever
 * @param remoteSchemas documents that remote {@code $ref}s may load, by absolute URI (without
 *     fragment); nothing is ever fetched from the network (default none)
 * @param maxRules the budget on grammar rules the schema may produce; a larger schema is refused
 *     naming this setting (default 50,000)
 * @param grammarOptions the grammar compiler's own settings and limits (terminal automata size:
 *     {@link GrammarOptions#maxDfaStates()}, which also bounds each string and number automaton here);
 *     by default {@link #DEFAULT_GRAMMAR_OPTIONS}: the grammar defaults without
 *     {@link GrammarOptions#inlineRegularRules() inlining regular rules}
 * @param propertyOrder the order of an object's properties: {@link PropertyOrder#ANY} (the default,
 *     as JSON Schema means it), {@link PropertyOrder#ANY_REPEATABLE} (any order, and past
 *     {@code maxOrderStates} an optional property may repeat) or {@link PropertyOrder#DECLARED} (the
 *     order the schema lists them)
 * @param maxOrderStates with {@link PropertyOrder#ANY} or {@link PropertyOrder#ANY_REPEATABLE}, the
 *     most grammar states one object's members may take (one per reachable set of properties seen,
 *     so 2^n for n properties); an object that
 *     needs more has its properties in any order within blocks of consecutive declared properties,
 *     the blocks in declared order, or with {@link PropertyOrder#ANY_REPEATABLE} first any order with
 *     optional properties that may repeat, if that fits (default {@value #DEFAULT_MAX_ORDER_STATES}:
 *     any order of up to 6 properties)
 * @param maxExponentDigits the most digits in the exponent of a number ({@code 1e5}: one; the
 *     {@code e}/{@code E} part of RFC 8259's number), {@link #ANY_EXPONENT_DIGITS} (the default) for
 *     any; 0 allows no exponent. Like {@code maxWhitespace}, it restricts how numbers are spelled,
 *     not which values may be written (any value can be written without an exponent), except that
 *     a value too large to spell within the exponent bound needs as many digits as its magnitude.
 *     A reader that refuses huge exponents (Jackson binds no {@code BigInteger} whose scale
 *     exceeds 100,000) needs the bound; {@link TypedGrammar} sets it
 */
public record JsonSchemaOptions(SchemaDraft defaultDraft, FormatMode formats, boolean lenient, int maxWhitespace,
        Map<String, JsonNode> remoteSchemas, int maxRules, GrammarOptions grammarOptions, PropertyOrder propertyOrder,
        int maxOrderStates, int maxExponentDigits) {

    /** {@link #maxWhitespace()} for any amount of whitespace. */
    public static final int UNBOUNDED_WHITESPACE = -1;

    /** {@link #maxExponentDigits()} for exponents of any length. */
    public static final int ANY_EXPONENT_DIGITS = -1;

    /** The largest {@link #maxExponentDigits()} other than {@link #ANY_EXPONENT_DIGITS}. */
    public static final int MAX_EXPONENT_DIGITS = 1_000;

    /** {@link #maxOrderStates()} by default. */
    public static final int DEFAULT_MAX_ORDER_STATES = 64;

    /** The default budget of grammar rules one schema may produce ({@link #maxRules()}). */
    public static final int DEFAULT_MAX_RULES = 50_000;

    /**
     * The grammar options of {@link #DEFAULT}: {@link GrammarOptions#DEFAULT} with regular rules kept
     * as rules. A schema's grammar already writes strings, numbers and keys as automaton terminals, so
     * compiling its regular rules into yet larger terminals buys little at mask time and costs at
     * compile time, which a per-request schema pays every time: over a seeded sample of 3,000
     * MaskBench schemas, not inlining took the median time to a ready constraint from 3.8–4.8 ms to
     * 2.6–3.0 ms, and time per token from 30.7–30.8 to 27.0–28.6 µs mean and 385–473 to 309–336 µs
     * at the 99th percentile (2.2–2.5 to 2.8–3.1 µs median), with the same verdicts.
     */
    public static final GrammarOptions DEFAULT_GRAMMAR_OPTIONS = GrammarOptions.DEFAULT.withInlineRegularRules(false);

    /**
     * Draft 2020-12, formats asserted, strict, any whitespace, no remote schemas, 50,000 rules,
     * {@link #DEFAULT_GRAMMAR_OPTIONS}, properties in any order (at most
     * {@value #DEFAULT_MAX_ORDER_STATES} states per object), exponents of any length.
     */
    public static final JsonSchemaOptions DEFAULT = new JsonSchemaOptions(SchemaDraft.DRAFT_2020_12, FormatMode.ASSERT,
            false, UNBOUNDED_WHITESPACE, Map.of(), DEFAULT_MAX_RULES, DEFAULT_GRAMMAR_OPTIONS, PropertyOrder.ANY,
            DEFAULT_MAX_ORDER_STATES, ANY_EXPONENT_DIGITS);

    public JsonSchemaOptions {
        Objects.requireNonNull(defaultDraft, "defaultDraft");
        Objects.requireNonNull(formats, "formats");
        Objects.requireNonNull(grammarOptions, "grammarOptions");
        Objects.requireNonNull(propertyOrder, "propertyOrder");
        remoteSchemas = Map.copyOf(remoteSchemas);
        if (maxWhitespace < UNBOUNDED_WHITESPACE) {
            throw new IllegalArgumentException("maxWhitespace must be -1 (unbounded) or at least 0, was " + maxWhitespace);
        }
        if (maxRules < 1) {
            throw new IllegalArgumentException("maxRules must be positive, was " + maxRules);
        }
        if (maxOrderStates < 1) {
            throw new IllegalArgumentException("maxOrderStates must be positive, was " + maxOrderStates);
        }
        if (maxExponentDigits < ANY_EXPONENT_DIGITS || maxExponentDigits > MAX_EXPONENT_DIGITS) {
            throw new IllegalArgumentException("maxExponentDigits must be -1 (any) or 0.." + MAX_EXPONENT_DIGITS
                    + ", was " + maxExponentDigits);
        }
    }

    /** A copy with another default draft. */
    public JsonSchemaOptions withDefaultDraft(SchemaDraft draft) {
        return new JsonSchemaOptions(draft, formats, lenient, maxWhitespace, remoteSchemas, maxRules,
                grammarOptions, propertyOrder, maxOrderStates, maxExponentDigits);
    }

    /** A copy that asserts or ignores {@code format}. */
    public JsonSchemaOptions withFormats(FormatMode mode) {
        return new JsonSchemaOptions(defaultDraft, mode, lenient, maxWhitespace, remoteSchemas, maxRules,
                grammarOptions, propertyOrder, maxOrderStates, maxExponentDigits);
    }

    /** A copy that does or does not turn refusals into warnings. */
    public JsonSchemaOptions withLenient(boolean on) {
        return new JsonSchemaOptions(defaultDraft, formats, on, maxWhitespace, remoteSchemas, maxRules,
                grammarOptions, propertyOrder, maxOrderStates, maxExponentDigits);
    }

    /** A copy with another whitespace bound ({@link #UNBOUNDED_WHITESPACE}, or 0 for compact JSON). */
    public JsonSchemaOptions withMaxWhitespace(int bytes) {
        return new JsonSchemaOptions(defaultDraft, formats, lenient, bytes, remoteSchemas, maxRules,
                grammarOptions, propertyOrder, maxOrderStates, maxExponentDigits);
    }

    /** A copy whose remote {@code $ref}s resolve in {@code documents} (absolute URI to document). */
    public JsonSchemaOptions withRemoteSchemas(Map<String, JsonNode> documents) {
        return new JsonSchemaOptions(defaultDraft, formats, lenient, maxWhitespace, documents, maxRules,
                grammarOptions, propertyOrder, maxOrderStates, maxExponentDigits);
    }

    /** A copy with another rule budget. */
    public JsonSchemaOptions withMaxRules(int limit) {
        return new JsonSchemaOptions(defaultDraft, formats, lenient, maxWhitespace, remoteSchemas, limit,
                grammarOptions, propertyOrder, maxOrderStates, maxExponentDigits);
    }

    /** A copy with other grammar options. */
    public JsonSchemaOptions withGrammarOptions(GrammarOptions options) {
        return new JsonSchemaOptions(defaultDraft, formats, lenient, maxWhitespace, remoteSchemas, maxRules,
                options, propertyOrder, maxOrderStates, maxExponentDigits);
    }

    /** A copy with another property order. */
    public JsonSchemaOptions withPropertyOrder(PropertyOrder order) {
        return new JsonSchemaOptions(defaultDraft, formats, lenient, maxWhitespace, remoteSchemas, maxRules,
                grammarOptions, order, maxOrderStates, maxExponentDigits);
    }

    /** A copy with another state budget for properties in any order. */
    public JsonSchemaOptions withMaxOrderStates(int states) {
        return new JsonSchemaOptions(defaultDraft, formats, lenient, maxWhitespace, remoteSchemas, maxRules,
                grammarOptions, propertyOrder, states, maxExponentDigits);
    }

    /** A copy with another bound on the digits of a number's exponent ({@link #ANY_EXPONENT_DIGITS}: none). */
    public JsonSchemaOptions withMaxExponentDigits(int digits) {
        return new JsonSchemaOptions(defaultDraft, formats, lenient, maxWhitespace, remoteSchemas, maxRules,
                grammarOptions, propertyOrder, maxOrderStates, digits);
    }
}
