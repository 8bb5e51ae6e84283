package io.github.kbnf4j.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SamplingOptionsTest {

    @Test
    void badValuesAreRefusedWithTheirName() {
        assertEquals("temperature must be 0 (greedy) or a finite positive number: -0.5",
                assertThrows(IllegalArgumentException.class, () -> SamplingOptions.DEFAULT.withTemperature(-0.5))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> SamplingOptions.DEFAULT.withTemperature(Double.NaN));
        assertThrows(IllegalArgumentException.class,
                () -> SamplingOptions.DEFAULT.withTemperature(Double.POSITIVE_INFINITY));
        assertEquals("top-p must be in (0, 1]: 0.0",
                assertThrows(IllegalArgumentException.class, () -> SamplingOptions.DEFAULT.withTopP(0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> SamplingOptions.DEFAULT.withTopP(1.01));
        assertEquals("top-k must be 0 (no limit) or positive: -1",
                assertThrows(IllegalArgumentException.class, () -> SamplingOptions.DEFAULT.withTopK(-1)).getMessage());
        assertEquals("maxTokens must be at least 1: 0",
                assertThrows(IllegalArgumentException.class, () -> GenerationOptions.DEFAULT.withMaxTokens(0))
                        .getMessage());
    }

    @Test
    void greedyIsTemperatureZero() {
        assertTrue(SamplingOptions.greedy().isGreedy());
        assertEquals(0.0, SamplingOptions.greedy().temperature());
        assertEquals(new SamplingOptions(0.5, 0.9, 40, 7),
                SamplingOptions.DEFAULT.withTemperature(0.5).withTopP(0.9).withTopK(40).withSeed(7));
    }
}
