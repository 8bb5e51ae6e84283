package io.github.kbnf4j.decode.internal;

import io.github.kbnf4j.decode.LogitsSession;
import java.util.concurrent.locks.LockSupport;

/**
 * A thread of its own that runs a session's appends, so that the caller can compute a mask
 * meanwhile: {@link #start} hands it tokens, {@link #await} waits for the logits. One per
 * generation; {@link #close()} waits for an append in flight and ends the thread.
 *
 * <p>The hand-off is two volatile fields and {@link LockSupport} park/unpark (after a short spin):
 * a step allocates nothing, unlike submitting a task to an executor. The volatile write of the
 * state after the append and its read in {@link #await} order the logits written by this thread
 * before the caller reads them.
 *
 * <p>One caller thread only; the thread is a daemon, so an abandoned generation does not keep the
 * JVM alive.
 */
public final class ModelStepThread implements AutoCloseable {
    private static final int IDLE = 0;
    private static final int REQUESTED = 1;
    private static final int DONE = 2;
    private static final int CLOSED = 3;
    /** Spins before parking: a step of a fast model is shorter than a park and unpark. */
    private static final int SPINS = 2_000;

    private final LogitsSession session;
    private final float[] logits;
    private final Thread thread;
    private final Thread caller;

    private volatile int state = IDLE;
    private int[] tokens;
    private int from;
    private int to;
    /** How long the last append took, written before {@link #DONE}. */
    private long appendNanos;
    /** What the last append threw, written before {@link #DONE}. */
    private Throwable failure;

    /**
     * Starts the thread.
     *
     * @param session the session whose appends it runs
     * @param logits where the appends write
     * @param name the thread's name
     */
    public ModelStepThread(LogitsSession session, float[] logits, String name) {
        this.session = session;
        this.logits = logits;
        this.caller = Thread.currentThread();
        this.thread = new Thread(this::loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Starts appending {@code tokens[from..to)}; the array must not change until {@link #await}. */
    public void start(int[] tokens, int from, int to) {
        if (state != IDLE) {
            throw new IllegalStateException("an append is in flight (state " + state + ")");
        }
        this.tokens = tokens;
        this.from = from;
        this.to = to;
        state = REQUESTED;
        LockSupport.unpark(thread);
    }

    /**
     * Waits for the append started last and returns how long it took (the logits are then in the
     * array given to the constructor). An interrupt does not cut the wait short (the session must
     * not be used by two threads); it is kept in the caller's interrupt flag.
     *
     * @throws RuntimeException what the append threw (an {@link Error} is rethrown as is)
     */
    public long await() {
        waitWhile(REQUESTED, caller);
        if (state != DONE) {
            throw new IllegalStateException("no append was started");
        }
        Throwable t = failure;
        long nanos = appendNanos;
        failure = null;
        state = IDLE;
        if (t != null) {
            if (t instanceof RuntimeException) {
                throw (RuntimeException) t;
            }
            if (t instanceof Error) {
                throw (Error) t;
            }
            throw new IllegalStateException("the model's append failed", t);
        }
        return nanos;
    }

    /** Waits for an append in flight (its result is dropped) and ends the thread. */
    @Override
    public void close() {
        if (state == CLOSED) {
            return;
        }
        waitWhile(REQUESTED, caller);
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
            int s = waitWhile(IDLE, null);
            if (s == CLOSED) {
                return;
            }
            if (s == REQUESTED) {
                long t0 = System.nanoTime();
                try {
                    session.append(tokens, from, to, logits);
                } catch (Throwable e) {
                    failure = e;
                }
                appendNanos = System.nanoTime() - t0;
                state = DONE;
                LockSupport.unpark(caller);
            }
        }
    }

    /**
     * Waits while the state is {@code s}: spins a little, then parks (spurious wake-ups and
     * interrupts just loop; an interrupt of {@code caller} is restored afterwards).
     */
    private int waitWhile(int s, Thread restoreInterruptOf) {
        int current;
        for (int i = 0; i < SPINS; i++) {
            current = state;
            if (current != s) {
                return current;
            }
            Thread.onSpinWait();
        }
        boolean interrupted = false;
        while ((current = state) == s) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true;
            }
        }
        if (interrupted && restoreInterruptOf != null) {
            Thread.currentThread().interrupt();
        }
        return current;
    }
}
