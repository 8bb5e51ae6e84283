package io.github.kbnf4j.decode.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class StepThreadTest {

    @Test
    void runsTheTaskOncePerStartAndEndsOnClose() {
        AtomicInteger runs = new AtomicInteger();
        StepThread t = new StepThread(runs::incrementAndGet, "test-step");
        try (t) {
            for (int i = 1; i <= 1000; i++) {
                t.start();
                t.await();
                assertEquals(i, runs.get());
            }
            assertTrue(t.thread().isDaemon());
        }
        assertFalse(t.thread().isAlive());
    }

    @Test
    void whatTheTaskThrowsIsRethrownByAwait() {
        IllegalStateException boom = new IllegalStateException("boom");
        try (StepThread t = new StepThread(() -> {
            throw boom;
        }, "test-step")) {
            t.start();
            assertSame(boom, assertThrows(IllegalStateException.class, t::await));
            t.start();  // still usable
            assertThrows(IllegalStateException.class, t::await);
        }
    }

    /**
     * Regression: an interrupt of the caller waiting in {@code await} is forwarded to the step
     * thread, so a task that stops on interrupt (a mask: {@code Matcher.fillMask} throws
     * CancellationException) ends at once instead of running to its end (tens of seconds for a
     * mask at the work bound). The caller's flag stays set; the thread stays usable.
     */
    @Test
    void anInterruptOfTheWaitingCallerReachesTheTask() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (StepThread t = new StepThread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.onSpinWait(); // a task that only an interrupt ends
                }
                throw new CancellationException("task interrupted");
            }, "test-step")) {
                Thread caller = Thread.currentThread();
                Thread interrupter = new Thread(() -> {
                    try {
                        Thread.sleep(200);
                    } catch (InterruptedException e) {
                        return;
                    }
                    caller.interrupt();
                });
                interrupter.start();
                t.start();
                CancellationException e = assertThrows(CancellationException.class, t::await);
                assertEquals("task interrupted", e.getMessage());
                assertTrue(Thread.interrupted(), "the caller's interrupt flag is kept");
                interrupter.join();
                // already interrupted before waiting: forwarded as well
                t.start();
                caller.interrupt();
                assertThrows(CancellationException.class, t::await);
                assertTrue(Thread.interrupted());
            }
        });
    }

    /**
     * Regression: the step thread, woken from its park, cleared its interrupt flag before it saw
     * the request, and with it an interrupt the caller had forwarded meanwhile; the task then ran
     * to its end (here: never, and the test timed out on a loaded machine). Many runs, each
     * interrupted at once, so that the forward often meets the thread between park and request.
     */
    @Test
    void anInterruptForwardedWhileTheThreadWakesIsNotLost() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (StepThread t = new StepThread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.onSpinWait();
                }
                throw new CancellationException("task interrupted");
            }, "test-step")) {
                for (int i = 0; i < 2_000; i++) {
                    if (i % 2 == 0) {
                        Thread.sleep(0, 100_000); // let the thread park now and then
                    }
                    t.start();
                    Thread.currentThread().interrupt();
                    assertThrows(CancellationException.class, t::await, "run " + i);
                    assertTrue(Thread.interrupted(), "run " + i);
                }
            }
        });
    }

    /** Regression: the thread spun while its result waited to be taken, burning a core during the model's append. */
    @Test
    void doesNotSpinWhileItsResultWaits() throws Exception {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean.isThreadCpuTimeSupported());
        try (StepThread t = new StepThread(() -> { }, "test-step")) {
            t.start();
            Thread.sleep(20);  // the run is done; its result waits for await
            long before = bean.getThreadCpuTime(t.thread().getId());
            Thread.sleep(500);
            long cpu = bean.getThreadCpuTime(t.thread().getId()) - before;
            t.await();
            assertTrue(cpu < 20_000_000, "the step thread used " + cpu / 1_000_000 + " ms of CPU in 500 ms");
        }
    }
}
