package io.github.kbnf4j.jqwik;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Objects;

/**
 * A JSON value that a schema rejects, with how it breaks the schema: the value of
 * {@link JsonSchemaArbitraries#invalidInstances}. It is made from a valid instance by one change at
 * {@link #pointer()}, where the schema's keyword (named by {@link #violation()}, detailed by
 * {@link #detail()}) certainly applies, and kept only if the schema's compiled grammar rejects it.
 *
 * <p>Immutable: the tree is copied in and out.
 *
 * @param json the value as compact JSON text
 * @param instance the value as a tree
 * @param violation the kind of keyword the change breaks
 * @param pointer the JSON pointer of the changed value (or of the object that lost or gained a
 *     property), {@code ""} for the whole instance
 * @param detail what was done, e.g. {@code minimum 5: -1} or {@code removed required "id"}
 */
public record InvalidInstance(String json, JsonNode instance, Violation violation, String pointer, String detail) {
    /** How an instance breaks its schema; {@link #keywords()} are the schema keywords of that kind. */
    public enum Violation {
        /** A value of a type the schema's {@code type} does not allow. */
        WRONG_TYPE("type"),
        /** An object without a property its {@code required} lists. */
        MISSING_REQUIRED("required"),
        /** An object with a property that {@code additionalProperties: false} forbids. */
        EXTRA_PROPERTY("additionalProperties"),
        /** A number outside {@code minimum}, {@code maximum} or their exclusive forms. */
        OUT_OF_RANGE("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"),
        /** A string shorter than {@code minLength} or longer than {@code maxLength} (in code points). */
        STRING_LENGTH("minLength", "maxLength"),
        /** A string that {@code pattern} does not match. */
        PATTERN_MISMATCH("pattern"),
        /** An array with fewer items than {@code minItems} or more than {@code maxItems}. */
        ARRAY_SIZE("minItems", "maxItems"),
        /** An object with fewer properties than {@code minProperties} or more than {@code maxProperties}. */
        PROPERTY_COUNT("minProperties", "maxProperties"),
        /** A value that is not one of {@code enum}, or not {@code const}. */
        NOT_IN_ENUM("enum", "const"),
        /**
         * A whole instance replaced by a value of another type or outside the schema's values,
         * where no keyword certainly applies (the constraints sit under {@code anyOf}, {@code oneOf},
         * {@code not} or conditionals): the schema's grammar rejects it, but no single keyword is
         * named.
         */
        OTHER();

        private final List<String> keywords;

        Violation(String... keywords) {
            this.keywords = List.of(keywords);
        }

        /** The schema keywords this kind of violation breaks (none for {@link #OTHER}). */
        public List<String> keywords() {
            return keywords;
        }
    }

    /** Copies the tree. */
    public InvalidInstance {
        Objects.requireNonNull(json, "json");
        Objects.requireNonNull(violation, "violation");
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(detail, "detail");
        instance = instance.deepCopy();
    }

    @Override
    public JsonNode instance() {
        return instance.deepCopy();
    }

    @Override
    public String toString() {
        return violation + " at '" + pointer + "' (" + detail + "): " + json;
    }
}
