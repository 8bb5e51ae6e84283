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
     * order within blocks of consecutive declared properties, the blocks in declared order.
     */
    ANY
}
