package io.github.kbnf4j.earley.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.RecognizerLimitException;
import org.junit.jupiter.api.Test;

/**
 * {@link ChartMemory}, the account of a chart's bytes against {@code maxChartBytes}: a
 * reservation up to the bound exactly is allowed, one byte past it is refused without being
 * counted, and the refusal names the setting and the bytes the chart would have held.
 */
class ChartMemoryTest {

    @Test
    void theBoundItselfMayBeReachedButNotPassed() {
        ChartMemory memory = new ChartMemory(1_000);
        memory.reserve(600, "a first page");
        memory.reserve(400, "the rest"); // exactly the bound
        assertEquals(1_000, memory.used());
        assertEquals(0, memory.room());
        RecognizerLimitException e = assertThrows(RecognizerLimitException.class,
                () -> memory.reserve(1, "one byte more"));
        assertEquals("maxChartBytes", e.setting());
        assertEquals(1_000, e.limit());
        assertTrue(e.getMessage().contains("one byte more (1001 bytes)"), e.getMessage());
        assertEquals(1_000, memory.used(), "a refused reservation is not counted");
    }

    @Test
    void theRefusalNamesTheBytesTheChartWouldHaveHeld() {
        ChartMemory memory = new ChartMemory(100);
        memory.reserve(70, "a page");
        RecognizerLimitException e = assertThrows(RecognizerLimitException.class,
                () -> memory.reserve(50, "the set table"));
        assertTrue(e.getMessage().contains("the set table (120 bytes)"), e.getMessage());
        memory.release(70);
        memory.reserve(100, "after a release");
        assertEquals(100, memory.used());
    }
}
