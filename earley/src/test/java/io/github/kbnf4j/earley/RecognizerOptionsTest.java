package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link RecognizerOptions}: the exact bounds of each setting (the smallest and largest values
 * allowed, and one past them refused), the two-argument constructor's default work bound, and
 * the copies that change one setting and keep the other two.
 */
class RecognizerOptionsTest {

    @Test
    void eachSettingAcceptsItsBoundsAndRefusesOnePast() {
        RecognizerOptions smallest = new RecognizerOptions(1, 4096, 1);
        assertEquals(1, smallest.maxItemsPerSet());
        assertEquals(4096, smallest.maxChartBytes());
        assertEquals(1, smallest.maxWorkPerByte());
        assertEquals(RecognizerOptions.MAX_CHART_BYTES,
                new RecognizerOptions(1, RecognizerOptions.MAX_CHART_BYTES, 1).maxChartBytes());
        assertEquals(4L << 30, RecognizerOptions.MAX_CHART_BYTES);

        assertThrows(IllegalArgumentException.class, () -> new RecognizerOptions(0, 4096, 1));
        assertThrows(IllegalArgumentException.class, () -> new RecognizerOptions(-1, 4096, 1));
        assertThrows(IllegalArgumentException.class, () -> new RecognizerOptions(1, 4095, 1));
        assertThrows(IllegalArgumentException.class,
                () -> new RecognizerOptions(1, RecognizerOptions.MAX_CHART_BYTES + 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new RecognizerOptions(1, 4096, 0));
        assertThrows(IllegalArgumentException.class, () -> new RecognizerOptions(1, 4096, -5));
    }

    @Test
    void theTwoArgumentConstructorTakesTheDefaultWorkBound() {
        RecognizerOptions o = new RecognizerOptions(7, 8192);
        assertEquals(new RecognizerOptions(7, 8192, RecognizerOptions.DEFAULT_MAX_WORK_PER_BYTE), o);
        assertEquals(50_000, RecognizerOptions.DEFAULT.maxWorkPerByte());
        assertEquals(1_000_000, RecognizerOptions.DEFAULT.maxItemsPerSet());
    }

    @Test
    void eachCopyChangesOneSettingAndKeepsTheOthers() {
        RecognizerOptions o = new RecognizerOptions(7, 8192, 9);
        assertEquals(new RecognizerOptions(8, 8192, 9), o.withMaxItemsPerSet(8));
        assertEquals(new RecognizerOptions(7, 10_000, 9), o.withMaxChartBytes(10_000));
        assertEquals(new RecognizerOptions(7, 8192, 10), o.withMaxWorkPerByte(10));
        assertThrows(IllegalArgumentException.class, () -> o.withMaxItemsPerSet(0));
        assertThrows(IllegalArgumentException.class, () -> o.withMaxChartBytes(4095));
    }

    @Test
    void theDefaultChartBoundAtItsTurningPoints() {
        // a quarter of the heap until that passes 1 GiB, and never below 4096 bytes
        assertEquals(1L << 30, RecognizerOptions.defaultMaxChartBytes(4L << 30));
        assertEquals((1L << 30) - 1, RecognizerOptions.defaultMaxChartBytes((4L << 30) - 4));
        assertEquals(1L << 30, RecognizerOptions.defaultMaxChartBytes((4L << 30) + 4));
        assertEquals(4096, RecognizerOptions.defaultMaxChartBytes(4 * 4096));
        assertEquals(4097, RecognizerOptions.defaultMaxChartBytes(4 * 4097));
        assertEquals(4096, RecognizerOptions.defaultMaxChartBytes(4 * 4095));
        assertEquals(1L << 30, RecognizerOptions.defaultMaxChartBytes(Long.MAX_VALUE - 1));
    }
}
