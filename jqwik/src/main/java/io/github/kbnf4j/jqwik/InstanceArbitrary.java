package io.github.kbnf4j.jqwik;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.kbnf4j.jqwik.internal.Json;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.arbitraries.ArbitraryDecorator;

/**
 * Random instances of a JSON Schema as JSON text: the value of
 * {@link JsonSchemaArbitraries#instances}. Each is a sentence of the schema's compiled grammar
 * (exact, so every instance is valid), written compact by Jackson by default,
 * {@link #pretty() pretty-printed}, {@link #asGenerated() as the grammar spells it} (escapes and
 * number forms included), or as a Jackson tree ({@link #asJsonNode()}). Bounds, edge cases and shrinking are those of
 * {@link SentenceArbitrary}: a failing instance shrinks toward the shortest valid one.
 *
 * <p>Instances of more than {@code maxLength} bytes can come out of pretty-printing; the bound is on
 * the grammar's spelling. Numbers are kept exactly: the tree form holds {@code BigDecimal}/{@code BigInteger} values
 * where a {@code double} or {@code long} would round; the tree, compact and pretty forms skip the rare
 * instance with a number whose exponent does not fit an {@code int} (such as {@code 1e99999999999}). Object properties come in the order the
 * schema declares them.
 *
 * <p>Thread-safe: immutable.
 */
public final class InstanceArbitrary extends ArbitraryDecorator<String> {
    /** How an instance is written. */
    private enum Form { COMPACT, PRETTY, AS_GENERATED }

    private final SentenceArbitrary<byte[]> sentences;
    private final Form form;

    InstanceArbitrary(SentenceArbitrary<byte[]> sentences) {
        this(sentences, Form.COMPACT);
    }

    private InstanceArbitrary(SentenceArbitrary<byte[]> sentences, Form form) {
        this.sentences = sentences;
        this.form = form;
    }

    /** The instances pretty-printed (Jackson's default printer: two-space indentation, one property a line). */
    public InstanceArbitrary pretty() {
        return new InstanceArbitrary(sentences, Form.PRETTY);
    }

    /** The instances as compact JSON text, written by Jackson (the default). */
    public InstanceArbitrary compact() {
        return new InstanceArbitrary(sentences, Form.COMPACT);
    }

    /**
     * The instances exactly as the schema's grammar spells them: compact, but with every spelling
     * JSON allows, such as <code>"&#92;u0069d"</code> for {@code "id"} and {@code 5E+0} for {@code 5}:
     * what a parser under test should read like the plain form.
     */
    public InstanceArbitrary asGenerated() {
        return new InstanceArbitrary(sentences, Form.AS_GENERATED);
    }

    /**
     * Instances of at most {@code maxLength} bytes of compact JSON when the schema has instances
     * that short (default {@value SentenceArbitrary#DEFAULT_MAX_LENGTH}).
     *
     * @throws IllegalArgumentException if {@code maxLength < 0}
     */
    public InstanceArbitrary ofMaxLength(int maxLength) {
        return new InstanceArbitrary(sentences.ofMaxLength(maxLength), form);
    }

    /**
     * Instances whose derivations in the schema's grammar are at most {@code maxDepth} rules high
     * (default {@value SentenceArbitrary#DEFAULT_MAX_DEPTH}).
     *
     * @throws IllegalArgumentException if {@code maxDepth < 1}
     */
    public InstanceArbitrary ofMaxDepth(int maxDepth) {
        return new InstanceArbitrary(sentences.ofMaxDepth(maxDepth), form);
    }

    /** The instances as Jackson trees (exact numbers). */
    public Arbitrary<JsonNode> asJsonNode() {
        return trees();
    }

    /** The sentences as trees, without those whose numbers a tree cannot hold exactly (exponents beyond an int). */
    private Arbitrary<JsonNode> trees() {
        return sentences.map(Json::tryRead).filter(java.util.Optional::isPresent).map(java.util.Optional::get);
    }

    SentenceArbitrary<byte[]> sentences() {
        return sentences;
    }

    @Override
    protected Arbitrary<String> arbitrary() {
        return switch (form) {
            case COMPACT -> trees().map(Json::compact);
            case PRETTY -> trees().map(Json::pretty);
            case AS_GENERATED -> sentences.map(Json::text);
        };
    }
}
