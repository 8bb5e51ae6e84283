package io.github.kbnf4j.decode.internal;

import java.util.concurrent.locks.LockSupport;

/**
 * A thread of its own that runs one fixed task again and again on request, so that the caller can
 * do something else meanwhile: {@link #start} runs the task once, {@link #await} waits for it. One
 * per generation (the decoder's task: the next mask, while the caller's thread runs the model);
 * {@link #close()} waits for a run in flight and ends the thread.
 *
 * <p>The hand-off is a volatile state field and {@link LockSupport} park/unpark (after a short
 * spin): a step allocates nothing, unlike submitting a task to an executor. The volatile write of
 * the state after a run and its read in {@link #await} order everything the task wrote before the
 * caller reads it, and the write in {@link #start} orders the caller's writes before the run.
 *
 * <p>One caller thread only (the one that made it); the thread is a daemon, so an abandoned
 * generation does not keep the JVM alive.
 */
public final class StepThread implements AutoCloseable {
    private static final int IDLE = 0;
    private static final int REQUESTED = 1;
    private static final int DONE = 2;
    private static final int CLOSED = 3;
    /** Spins before parking: a short wait is cheaper spun than parked and unparked. */
    private static final int SPINS = 2_000;

    private final Runnable task;
    private final Thread thread;
    private final Thread caller;

    private volatile int state = IDLE;
    /**
     * Whether the caller forwarded an interrupt for the run requested last; written before the
     * interrupt itself. The thread may clear its interrupt flag while it wakes for a request (see
     * {@link #waitForRequest}), so it interrupts itself again from this before it runs the task.
     */
    private volatile boolean interruptForwarded;
    /** How long the last run took, written before {@link #DONE}. */
    private long runNanos;
    /** What the last run threw, written before {@link #DONE}. */
    private Throwable failure;

    /**
     * Starts the thread.
     *
     * @param task what each {@link #start} runs
     * @param name the thread's name
     */
    public StepThread(Runnable task, String name) {
        this.task = task;
        this.caller = Thread.currentThread();
        this.thread = new Thread(this::loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** The thread (for tests). */
    Thread thread() {
        return thread;
    }

    /** Starts a run of the task; what it reads must not change until {@link #await}. */
    public void start() {
        if (state != IDLE) {
            throw new IllegalStateException("a run is in flight (state " + state + ")");
        }
        interruptForwarded = false;
        state = REQUESTED;
        LockSupport.unpark(thread);
    }

    /**
     * Waits for the run started last and returns how long it took. An interrupt of the caller does
     * not cut the wait short (what the task works on must not be used by two threads), but it is
     * forwarded to this thread, so a task that stops on interrupt (a mask: {@code fillMask} throws
     * {@link java.util.concurrent.CancellationException}) ends early and {@code await} rethrows
     * what it threw; the caller's interrupt flag stays set.
     *
     * @throws RuntimeException what the run threw (an {@link Error} is rethrown as is)
     */
    public long await() {
        waitWhileRequested();
        if (state != DONE) {
            throw new IllegalStateException("no run was started");
        }
        Throwable t = failure;
        long nanos = runNanos;
        failure = null;
        state = IDLE;
        if (t != null) {
            if (t instanceof RuntimeException) {
                throw (RuntimeException) t;
            }
            if (t instanceof Error) {
                throw (Error) t;
            }
            throw new IllegalStateException("the step thread's task failed", t);
        }
        return nanos;
    }

    /** Waits for a run in flight (its result and failure are dropped) and ends the thread. */
    @Override
    public void close() {
        if (state == CLOSED) {
            return;
        }
        waitWhileRequested();
        failure = null;
        state = CLOSED;
        LockSupport.unpark(thread);
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void loop() {
        while (true) {
            // Until the next request: both IDLE and DONE (a result the caller has not taken yet) mean
            // wait. Spinning through DONE would burn a core for as long as the caller runs the model.
            int s = waitForRequest();
            if (s == CLOSED) {
                return;
            }
            if (s == REQUESTED) {
                if (interruptForwarded) {
                    Thread.currentThread().interrupt(); // in case waking for the request cleared it
                }
                long t0 = System.nanoTime();
                try {
                    task.run();
                } catch (Throwable e) {
                    failure = e;
                }
                Thread.interrupted(); // an interrupt forwarded for this run must not reach the next
                runNanos = System.nanoTime() - t0;
                state = DONE;
                LockSupport.unpark(caller);
            }
        }
    }

    /** Waits (spinning a little, then parked) until the state is {@link #REQUESTED} or {@link #CLOSED}. */
    private int waitForRequest() {
        int current;
        for (int i = 0; i < SPINS; i++) {
            current = state;
            if (current == REQUESTED || current == CLOSED) {
                return current;
            }
            Thread.onSpinWait();
        }
        while ((current = state) != REQUESTED && current != CLOSED) {
            LockSupport.park(this);
            Thread.interrupted(); // nobody interrupts this thread on purpose; do not let it spin the loop
        }
        return current;
    }

    /**
     * The caller waits while a run is in flight: spins a little, then parks (spurious wake-ups
     * loop). An interrupt of the caller, before or during the wait, is forwarded once to this
     * thread, whose task may then stop early, and restored on the caller afterwards.
     */
    private void waitWhileRequested() {
        assert Thread.currentThread() == caller;
        int s = REQUESTED;
        int current;
        for (int i = 0; i < SPINS; i++) {
            current = state;
            if (current != s) {
                return;
            }
            Thread.onSpinWait();
        }
        boolean interrupted = false;
        while ((current = state) == s) {
            if (Thread.interrupted()) { // cleared, or park would return at once
                if (!interrupted) {
                    interruptForwarded = true;
                    thread.interrupt();
                }
                interrupted = true;
            }
            LockSupport.park(this);
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
