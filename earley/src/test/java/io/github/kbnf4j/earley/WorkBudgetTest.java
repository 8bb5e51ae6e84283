package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/**
 * The recognizer's work budget ({@link RecognizerOptions#maxWorkPerByte()}, {@link Recognizer#limitWork}),
 * its cancellation by interrupt, and the default chart bound derived from the heap.
 */
class WorkBudgetTest {
    /** Every split of the input between the two {@code start}s is a parse: the work per byte grows quadratically. */
    static final CompiledGrammar AMBIGUOUS = Grammar.compile("amb.kbnf", "start ::= start start | \"a\";");

    @Test
    void theDefaultBudgetStopsAHighlyAmbiguousGrammarWithinAFewHundredBytes() {
        Recognizer r = new Recognizer(AMBIGUOUS);
        RecognizerLimitException e = assertThrows(RecognizerLimitException.class, () -> {
            for (int i = 0; i < 5_000; i++) {
                r.push('a');
            }
        });
        assertEquals("maxWorkPerByte", e.setting());
        assertEquals(RecognizerOptions.DEFAULT_MAX_WORK_PER_BYTE, e.limit());
        assertTrue(e.getMessage().contains("RecognizerOptions.withMaxWorkPerByte"), e.getMessage());
        // quadratic work per byte: the limit of 50,000 units is met near sqrt(2 * 50,000) bytes
        assertTrue(r.length() > 200 && r.length() < 600, "stopped at byte " + r.length());
        int length = r.length();
        assertTrue(r.isAccepting(), "the state before the failing byte is intact");
        assertEquals(length, r.length());
        r.pop(10);
        assertTrue(r.push('a'), "a shorter input is within the budget again");
    }

    @Test
    void theWorkIsDeterministicAndAGrammarWithoutAmbiguityStaysFarBelowTheBudget() {
        CompiledGrammar g = Grammar.compile("list.kbnf", "start ::= \"[\" (item (\",\" item)*)? \"]\"; item ::= #\"[0-9]+\" | start;");
        byte[] input = "[1,[2,3],[[4]],5]".repeat(1).getBytes(StandardCharsets.UTF_8);
        long[] perByte = new long[input.length];
        long[] again = new long[input.length];
        Recognizer a = new Recognizer(g);
        Recognizer b = new Recognizer(g);
        for (int i = 0; i < input.length; i++) {
            long w = a.work();
            assertTrue(a.push(input[i]));
            perByte[i] = a.work() - w;
            w = b.work();
            assertTrue(b.push(input[i]));
            again[i] = b.work() - w;
            assertTrue(perByte[i] >= 1 && perByte[i] < 100, "byte " + i + " cost " + perByte[i]);
        }
        assertArrayEquals(perByte, again);
        assertTrue(a.isAccepting());
    }

    @Test
    void aSmallBudgetPerByteNamesTheSettingAndKeepsTheState() {
        Recognizer r = new Recognizer(AMBIGUOUS, RecognizerOptions.DEFAULT.withMaxWorkPerByte(200));
        assertThrows(RecognizerLimitException.class, () -> {
            for (int i = 0; i < 1_000; i++) {
                r.push('a');
            }
        });
        Recognizer replay = new Recognizer(AMBIGUOUS);
        for (int i = 0; i < r.length(); i++) {
            assertTrue(replay.push('a'));
        }
        assertEquals(replay.isAccepting(), r.isAccepting());
        assertArrayEquals(replay.nextBytes(), r.nextBytes());
        assertEquals(replay.itemCount(), r.itemCount(), "the failed push left no item behind");
    }

    @Test
    void aCallersBudgetBoundsSeveralPushesAndNamesTheCallersSetting() {
        Recognizer r = new Recognizer(AMBIGUOUS);
        for (int i = 0; i < 30; i++) {
            assertTrue(r.push('a'));
        }
        int mark = r.mark();
        r.limitWork(2_000, "maxWorkPerMask", "ConstraintOptions");
        RecognizerLimitException e = assertThrows(RecognizerLimitException.class, () -> {
            for (int i = 0; i < 100; i++) {
                r.push('a');
            }
        });
        assertEquals("maxWorkPerMask", e.setting());
        assertEquals(2_000, e.limit());
        assertTrue(e.getMessage().contains("ConstraintOptions.withMaxWorkPerMask"), e.getMessage());
        assertTrue(r.length() > mark && r.length() < mark + 100);
        r.popTo(mark);
        r.clearWorkLimit();
        for (int i = 0; i < 100; i++) {
            assertTrue(r.push('a'), "no bound after clearWorkLimit");
        }
        assertThrows(IllegalArgumentException.class, () -> r.limitWork(0, "x", "Y"));
    }

    @Test
    void theCallersBudgetAlsoCountsTheFastPath() {
        CompiledGrammar g = Grammar.compile("str.kbnf", "start ::= \"\\\"\" #\"[a-z]*\" \"\\\"\";");
        Recognizer r = new Recognizer(g);
        assertTrue(r.push('"'));
        r.limitWork(50, "maxWorkPerMask", "ConstraintOptions");
        assertThrows(RecognizerLimitException.class, () -> {
            for (int i = 0; i < 1_000; i++) {
                r.push('x');
            }
        });
    }

    @Test
    void anInterruptedThreadCancelsThePushAndKeepsTheFlagAndTheState() {
        Recognizer r = new Recognizer(AMBIGUOUS);
        assertTrue(r.push('a'));
        long items = r.itemCount();
        Thread.currentThread().interrupt();
        try {
            assertThrows(CancellationException.class, () -> r.push('a'));
            assertTrue(Thread.currentThread().isInterrupted(), "the interrupt flag is left set");
        } finally {
            Thread.interrupted();
        }
        assertEquals(1, r.length());
        assertEquals(items, r.itemCount());
        assertTrue(r.push('a'), "usable again once the flag is cleared");
    }

    @Test
    void aLongPushIsCancelledFromAnotherThread() throws Exception {
        // without an interrupt, this push would run to its (raised) budget: minutes
        Recognizer r = new Recognizer(AMBIGUOUS, RecognizerOptions.DEFAULT.withMaxWorkPerByte(Long.MAX_VALUE));
        Throwable[] thrown = new Throwable[1];
        Thread t = new Thread(() -> {
            try {
                for (int i = 0; i < 100_000; i++) {
                    r.push('a');
                }
            } catch (Throwable e) {
                thrown[0] = e;
            }
        });
        t.start();
        Thread.sleep(200);
        t.interrupt();
        t.join(30_000);
        assertFalse(t.isAlive(), "the push did not stop on interrupt");
        assertTrue(thrown[0] instanceof CancellationException, String.valueOf(thrown[0]));
    }

    @Test
    void theDefaultChartBoundIsAQuarterOfTheHeapAtMostOneGibibyte() {
        assertEquals(128L << 20, RecognizerOptions.defaultMaxChartBytes(512L << 20));
        assertEquals(1L << 30, RecognizerOptions.defaultMaxChartBytes(16L << 30));
        assertEquals(1L << 30, RecognizerOptions.defaultMaxChartBytes(Long.MAX_VALUE));
        assertEquals(4096, RecognizerOptions.defaultMaxChartBytes(1024));
        assertEquals(RecognizerOptions.defaultMaxChartBytes(Runtime.getRuntime().maxMemory()),
                RecognizerOptions.DEFAULT.maxChartBytes());
        assertThrows(IllegalArgumentException.class, () -> RecognizerOptions.DEFAULT.withMaxWorkPerByte(0));
    }
}
