package io.github.kbnf4j.jqwik;

import io.github.kbnf4j.grammar.Dialect;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Generates a {@code @ForAll} parameter as a sentence of a grammar: a {@code String} (sentences
 * that are valid UTF-8), a {@code byte[]}, or a Jackson {@code JsonNode} (for grammars whose
 * sentences are JSON, such as the built-in {@code json}).
 *
 * <pre>{@code
 * @Property
 * void parses(@ForAll @FromGrammar(builtin = "json") String json) { ... }
 *
 * @Property
 * void evaluates(@ForAll @FromGrammar(file = "grammars/arithmetic.gbnf", start = "root") String expr) { ... }
 * }</pre>
 *
 * <p>Exactly one of {@link #file()}, {@link #builtin()} and {@link #kbnf()} names the grammar. A
 * file is looked up as a class path resource first, then as a path relative to the working
 * directory. Grammars are compiled once per JVM and shared by the properties that name them.
 * Everything else is as {@link GrammarArbitraries#sentences(io.github.kbnf4j.grammar.CompiledGrammar)}:
 * edge cases, shrinking toward the shortest derivation.
 *
 * <p>Registered with jqwik through its service loader; nothing else is needed.
 */
@Target({ElementType.PARAMETER, ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface FromGrammar {
    /** A grammar file: a class path resource, else a path relative to the working directory. */
    String file() default "";

    /** A built-in grammar: {@code json}, or {@code json:K} (at most K whitespace bytes per run). */
    String builtin() default "";

    /** The grammar itself, as KBNF text. */
    String kbnf() default "";

    /** The start rule; empty for the dialect's default ({@code start} in KBNF, {@code root} in GBNF). */
    String start() default "";

    /** The file's dialect; empty (the default) to go by its extension ({@code .gbnf} is GBNF, anything else KBNF). */
    Dialect[] dialect() default {};

    /** The length bound in bytes (see {@link SentenceArbitrary#ofMaxLength}). */
    int maxLength() default SentenceArbitrary.DEFAULT_MAX_LENGTH;

    /** The depth bound (see {@link SentenceArbitrary#ofMaxDepth}). */
    int maxDepth() default SentenceArbitrary.DEFAULT_MAX_DEPTH;
}
