package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CanonicalNumbersTest {
    private static final ObjectMapper EXACT = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private static JsonNode canonical(String json) throws Exception {
        return CanonicalNumbers.of(EXACT.readTree(json));
    }

    @Test
    void integralValuesBecomeTheSmallestIntegerNodeWhateverTheirSpelling() throws Exception {
        assertEquals(EXACT.readTree("[12, 12, 120, 3000000000, 100000000000000000000]"),
                canonical("[12.0, 1.2e1, 1.2E+2, 3e9, 1e20]"));
        assertTrue(canonical("12.0").isInt());
        assertTrue(canonical("3e9").isLong());
        assertTrue(canonical("1e20").isBigInteger());
        assertTrue(canonical("100E400").isBigInteger(), "generated instances have exponents like this");
    }

    @Test
    void otherNumbersStayDecimalWithoutTrailingZeros() throws Exception {
        JsonNode half = canonical("0.50");
        assertTrue(half.isBigDecimal(), half.getClass().getName());
        assertEquals("0.5", half.decimalValue().toPlainString());
    }

    @Test
    void objectsAndArraysAreCopiedDeep() throws Exception {
        assertEquals(EXACT.readTree("{\"a\": [1, {\"b\": 2}], \"s\": \"1.0\", \"n\": null}"),
                canonical("{\"a\": [1.0, {\"b\": 2.00}], \"s\": \"1.0\", \"n\": null}"));
    }

    /** A huge exponent stays a decimal node: as a BigInteger it would take minutes. */
    @Test
    void aHugeExponentIsNotExpanded() {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            JsonNode big = canonical("1e99999999");
            assertTrue(big.isBigDecimal(), big.getClass().getName());
            assertTrue(canonical("1e" + (CanonicalNumbers.MAX_INTEGER_EXPONENT - 1)).isBigInteger());
        });
    }
}
