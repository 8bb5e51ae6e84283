package io.github.kbnf4j.jqwik;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Generates a {@code @ForAll} parameter as a valid instance of a JSON Schema: a {@code String}
 * (compact JSON, or pretty-printed), a {@code byte[]} (the same text in UTF-8) or a Jackson
 * {@code JsonNode}.
 *
 * <pre>{@code
 * @Property
 * void roundTrips(@ForAll @FromSchema(file = "schemas/order.json") String order) { ... }
 * }</pre>
 *
 * <p>Exactly one of {@link #file()} and {@link #json()} gives the schema. A file is looked up as a
 * class path resource first, then as a path relative to the working directory. Schemas are
 * compiled once per JVM (with the default options: draft 2020-12 unless {@code $schema} says
 * otherwise, formats asserted). Everything else is as {@link JsonSchemaArbitraries#instances(String)}.
 *
 * <p>Registered with jqwik through its service loader; nothing else is needed.
 */
@Target({ElementType.PARAMETER, ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface FromSchema {
    /** A schema file: a class path resource, else a path relative to the working directory. */
    String file() default "";

    /** The schema itself, as JSON text. */
    String json() default "";

    /** Whether {@code String} and {@code byte[]} values are pretty-printed (default: compact). */
    boolean pretty() default false;

    /** The length bound in bytes of compact JSON (see {@link InstanceArbitrary#ofMaxLength}). */
    int maxLength() default SentenceArbitrary.DEFAULT_MAX_LENGTH;

    /** The depth bound (see {@link InstanceArbitrary#ofMaxDepth}). */
    int maxDepth() default SentenceArbitrary.DEFAULT_MAX_DEPTH;
}
