package io.github.kbnf4j.testdata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * JSON values with every number in its shortest node form, for the networknt validator used as an
 * oracle: it compares {@code enum} and {@code const} values node by node, so the {@code 12.0} of
 * a document read exactly (as a {@link DecimalNode}) would miss an enum's {@code 12} unless it
 * becomes the int node {@code 12} first.
 */
public final class CanonicalNumbers {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /**
     * The largest power of ten in an integral value turned into an integer node; beyond it the
     * value stays decimal ({@code 1e99999999} as a {@link BigInteger} would take minutes to build).
     * Generated instances reach exponents of a few hundred (like {@code 100E400}), and those must
     * become integers: networknt misjudges {@code minimum} against a decimal node that large.
     */
    static final int MAX_INTEGER_EXPONENT = 100_000;

    private CanonicalNumbers() {
    }

    /**
     * {@code v} with each number replaced: an integral value (whatever its spelling: {@code 12.0},
     * {@code 1.2e1}) by an int, long or big-integer node, the smallest that holds it; any other by
     * a decimal node without trailing zeros. Arrays and objects are copied; other nodes returned
     * as they are.
     */
    public static JsonNode of(JsonNode v) {
        if (v.isNumber()) {
            BigDecimal d = v.decimalValue().stripTrailingZeros();
            if (d.scale() <= 0 && d.scale() > -MAX_INTEGER_EXPONENT) {
                BigInteger i = d.toBigIntegerExact();
                return i.bitLength() < 32 ? IntNode.valueOf(i.intValue())
                        : i.bitLength() < 64 ? LongNode.valueOf(i.longValue()) : BigIntegerNode.valueOf(i);
            }
            return DecimalNode.valueOf(d);
        }
        if (v.isArray()) {
            ArrayNode a = MAPPER.createArrayNode();
            v.forEach(x -> a.add(of(x)));
            return a;
        }
        if (v.isObject()) {
            ObjectNode o = MAPPER.createObjectNode();
            v.fields().forEachRemaining(e -> o.set(e.getKey(), of(e.getValue())));
            return o;
        }
        return v;
    }
}
