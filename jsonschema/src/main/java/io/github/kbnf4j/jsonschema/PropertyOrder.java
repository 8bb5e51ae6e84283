package io.github.kbnf4j.jsonschema;

/**
 * In what order an object's properties may come. JSON Schema gives object members no order, so
 * {@link #ANY} (the default) is the schema's own language; {@link #DECLARED} is a narrower one that
 * generation users often want (a model then writes the properties in the order the schema lists
 * them, e.g. a "reasoning" property before an "answer"), and whose grammar is linear in the number
 * of properties where any order needs a state per set of properties seen.
 */
public enum PropertyOrder {
    /**
     * The order the schema declares them: first every key of {@code properties} (the schema's own,
     * then those reached through {@code allOf}, {@code $ref} and the other applicators), then required
     * keys that {@code properties} does not name, each optional one may be left out; then the other
     * keys ({@code additionalProperties}, {@code patternProperties}). {@code const}/{@code enum}
     * objects in the value's own order.
     */
    DECLARED,
    /**
     * Any order: each declared property at most once, the required ones all present, other keys
     * anywhere in between; {@code const}/{@code enum} objects with their members in any order. Exact
     * while an object's states stay within {@link JsonSchemaOptions#maxOrderStates()}; past it, any
     * order within blocks of consecutive declared properties, the blocks in declared order (a valid
     * object whose properties cross the blocks is refused; no object repeats a declared property).
     */
    ANY,
    /**
     * As {@link #ANY} while an object's states stay within {@link JsonSchemaOptions#maxOrderStates()};
     * past it, any order still, each required property once, but an optional declared property may
     * repeat, as other keys always may (a grammar that need not remember which optional properties
     * were written needs a state per set of required ones seen: 2^r for r required properties instead
     * of 2^n). So every valid object without a repeated key is accepted, in any order; what is let
     * through besides is an object that repeats an optional property, each occurrence valid (JSON
     * parsers keep the last; RFC 8259 says names SHOULD be unique). Taken only where
     * {@code minProperties} is at most the number of required properties (or 1), since a repeated
     * property must not count twice toward it, and where its states fit the budget; elsewhere blocks,
     * as with {@link #ANY}. For checking documents, where refusing a valid object is the error that
     * matters; for generation {@link #ANY} or {@link #DECLARED} keep a model from repeating a key.
     */
    ANY_REPEATABLE
}
