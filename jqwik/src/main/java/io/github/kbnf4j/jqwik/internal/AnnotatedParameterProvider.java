package io.github.kbnf4j.jqwik.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.jqwik.FromGrammar;
import io.github.kbnf4j.jqwik.FromSchema;
import io.github.kbnf4j.jqwik.GrammarArbitraries;
import io.github.kbnf4j.jqwik.InstanceArbitrary;
import io.github.kbnf4j.jqwik.JsonSchemaArbitraries;
import io.github.kbnf4j.jqwik.SentenceArbitrary;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.providers.ArbitraryProvider;
import net.jqwik.api.providers.TypeUsage;

/**
 * jqwik's hook for {@link FromGrammar} and {@link FromSchema}: found through
 * {@code META-INF/services/net.jqwik.api.providers.ArbitraryProvider}, asked by jqwik for every
 * {@code @ForAll} parameter, it answers for {@code String}, {@code byte[]} and {@code JsonNode}
 * parameters that carry one of the two annotations. Its priority is above jqwik's own providers,
 * so an annotated {@code String} gets sentences, not arbitrary strings.
 *
 * <p>Thread-safe: stateless (the compiled grammars are cached in {@link Grammars}).
 */
public final class AnnotatedParameterProvider implements ArbitraryProvider {
    /** Above jqwik's default providers (priority 0). */
    private static final int PRIORITY = 10;

    @Override
    public boolean canProvideFor(TypeUsage targetType) {
        boolean annotated = targetType.isAnnotated(FromGrammar.class) || targetType.isAnnotated(FromSchema.class);
        return annotated && (targetType.isOfType(String.class) || targetType.isOfType(byte[].class)
                || targetType.isAssignableFrom(JsonNode.class) && !targetType.isOfType(Object.class));
    }

    @Override
    public Set<Arbitrary<?>> provideFor(TypeUsage targetType, SubtypeProvider subtypeProvider) {
        Optional<FromGrammar> grammar = targetType.findAnnotation(FromGrammar.class);
        Optional<FromSchema> schema = targetType.findAnnotation(FromSchema.class);
        if (grammar.isPresent() && schema.isPresent()) {
            throw new IllegalArgumentException("a parameter has both @FromGrammar and @FromSchema: keep one");
        }
        return Set.of(grammar.isPresent() ? fromGrammar(grammar.get(), targetType) : fromSchema(schema.get(), targetType));
    }

    @Override
    public int priority() {
        return PRIORITY;
    }

    /** The arbitrary for a parameter annotated with {@code a}, of type {@code type}. */
    static Arbitrary<?> fromGrammar(FromGrammar a, TypeUsage type) {
        int named = (a.file().isEmpty() ? 0 : 1) + (a.builtin().isEmpty() ? 0 : 1) + (a.kbnf().isEmpty() ? 0 : 1);
        if (named != 1) {
            throw new IllegalArgumentException("@FromGrammar needs exactly one of file, builtin and kbnf, got " + a);
        }
        if (a.dialect().length > 1) {
            throw new IllegalArgumentException("@FromGrammar: at most one dialect, got " + a);
        }
        String start = a.start().isEmpty() ? null : a.start();
        PreparedGrammar g;
        if (!a.file().isEmpty()) {
            g = Grammars.file(a.file(), a.dialect().length == 0 ? null : a.dialect()[0], start);
        } else if (!a.builtin().isEmpty()) {
            g = Grammars.builtin(a.builtin(), start);
        } else {
            if (a.dialect().length == 1 && a.dialect()[0] != Dialect.KBNF) {
                throw new IllegalArgumentException("@FromGrammar(kbnf = ...) is KBNF text; use a file for " + a.dialect()[0]);
            }
            g = start == null ? Grammars.builtinOrKbnf(a.kbnf()) : Grammars.kbnf(a.kbnf(), start);
        }
        SentenceArbitrary<byte[]> sentences = GrammarArbitraries.sentenceBytes(g.grammar())
                .ofMaxLength(a.maxLength()).ofMaxDepth(a.maxDepth());
        if (type.isOfType(byte[].class)) {
            return sentences;
        }
        if (type.isOfType(String.class)) {
            return GrammarArbitraries.sentences(g.grammar()).ofMaxLength(a.maxLength()).ofMaxDepth(a.maxDepth());
        }
        // Sentences whose numbers a tree cannot hold exactly (exponents beyond an int) are skipped.
        return sentences.map(b -> {
            try {
                return Json.tryRead(b);
            } catch (java.io.UncheckedIOException e) {
                throw new IllegalArgumentException("@FromGrammar on a JsonNode needs a grammar of JSON texts; a sentence is not JSON: "
                        + Json.text(b), e);
            }
        }).filter(Optional::isPresent).map(Optional::get);
    }

    /** The arbitrary for a parameter annotated with {@code a}, of type {@code type}. */
    static Arbitrary<?> fromSchema(FromSchema a, TypeUsage type) {
        if (a.file().isEmpty() == a.json().isEmpty()) {
            throw new IllegalArgumentException("@FromSchema needs exactly one of file and json, got " + a);
        }
        String text = a.file().isEmpty() ? a.json() : Grammars.readText(a.file());
        String source = a.file().isEmpty() ? JsonSchemaGrammar.DEFAULT_SOURCE : a.file();
        InstanceArbitrary instances = JsonSchemaArbitraries.instances(JsonSchemaGrammar.parse(source, text))
                .ofMaxLength(a.maxLength()).ofMaxDepth(a.maxDepth());
        if (a.pretty()) {
            instances = instances.pretty();
        }
        if (type.isOfType(String.class)) {
            return instances;
        }
        if (type.isOfType(byte[].class)) {
            return instances.map(s -> s.getBytes(StandardCharsets.UTF_8));
        }
        return instances.asJsonNode();
    }
}
