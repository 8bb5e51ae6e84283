package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/** {@link QuickProperties}: it caps the tries only when its system property is set. */
class QuickPropertiesTest {

    /** Run only through {@link #tries}: surefire skips nested classes. */
    static class CountedProperty {
        static final AtomicInteger CALLS = new AtomicInteger();
        static final java.util.List<Integer> VALUES = new java.util.ArrayList<>();

        @Property(tries = 40)
        void counted(@ForAll int any) {
            CALLS.incrementAndGet();
            VALUES.add(any);
        }
    }

    /** Capped runs start from the same seed: the same cases every time. */
    @Test
    void cappedRunsMeetTheSameCases() {
        CountedProperty.VALUES.clear();
        tries("15");
        java.util.List<Integer> first = new java.util.ArrayList<>(CountedProperty.VALUES);
        CountedProperty.VALUES.clear();
        tries("15");
        assertEquals(first, CountedProperty.VALUES);
        assertEquals(15, first.size());
    }

    @Test
    void withoutThePropertyEveryTryRuns() {
        assertEquals(40, tries(null));
    }

    @Test
    void thePropertyCapsTheTries() {
        assertEquals(7, tries("7"));
    }

    @Test
    void aCapAboveAPropertysTriesLeavesThemAlone() {
        assertEquals(40, tries("100"));
    }

    @Test
    void aCapThatIsNoPositiveNumberIsAClearError() {
        assertEquals("-Dkbnf4j.maxTries=x is not a number of tries",
                assertThrows(IllegalArgumentException.class, () -> QuickProperties.cap("x")).getMessage());
        assertEquals("-Dkbnf4j.maxTries=0 must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> QuickProperties.cap("0")).getMessage());
    }

    /** Runs {@link CountedProperty} on the JUnit Platform with the cap set to {@code cap} (null: unset). */
    private static int tries(String cap) {
        String before = System.getProperty(QuickProperties.PROPERTY);
        if (cap == null) {
            System.clearProperty(QuickProperties.PROPERTY);
        } else {
            System.setProperty(QuickProperties.PROPERTY, cap);
        }
        try {
            CountedProperty.CALLS.set(0);
            SummaryGeneratingListener summary = new SummaryGeneratingListener();
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(selectClass(CountedProperty.class)).build(), summary);
            assertEquals(1, summary.getSummary().getTestsSucceededCount(), "the property ran and passed");
            return CountedProperty.CALLS.get();
        } finally {
            if (before == null) {
                System.clearProperty(QuickProperties.PROPERTY);
            } else {
                System.setProperty(QuickProperties.PROPERTY, before);
            }
        }
    }
}
