package io.github.kbnf4j.jqwik.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** JSON text to trees and back, numbers kept exact (a bound like 0.1 or 1e400 must not go through a double). */
public final class Json {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();

    private Json() {
    }

    /**
     * Reads JSON text that a schema's grammar produced, or empty if a number in it has an
     * exponent beyond what {@code BigDecimal} holds (such as {@code 1e99999999999}: valid JSON, but
     * no tree can keep it exactly).
     */
    public static java.util.Optional<JsonNode> tryRead(byte[] utf8) {
        try {
            return java.util.Optional.of(MAPPER.readTree(utf8));
        } catch (NumberFormatException e) {
            return java.util.Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + new String(utf8, StandardCharsets.UTF_8), e);
        }
    }

    /** Reads JSON text. */
    public static JsonNode read(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** UTF-8 bytes as text. */
    public static String text(byte[] utf8) {
        return new String(utf8, StandardCharsets.UTF_8);
    }

    /** {@code node} as compact JSON text. */
    public static String compact(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code node} pretty-printed. */
    public static String pretty(JsonNode node) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
