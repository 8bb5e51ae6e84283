package io.github.kbnf4j.earley;

import io.github.kbnf4j.grammar.CompiledGrammar;

/**
 * An incremental byte-level Earley recognizer for the sentences of a {@link CompiledGrammar}.
 *
 * <p>SKELETON: the API is fixed, the implementation lands in the next commit.
 */
public final class Recognizer {

    public Recognizer(CompiledGrammar grammar) {
        this(grammar, RecognizerOptions.DEFAULT);
    }

    public Recognizer(CompiledGrammar grammar, RecognizerOptions options) {
        throw new UnsupportedOperationException("Recognizer is not built yet");
    }

    /** The grammar. */
    public CompiledGrammar grammar() { throw new UnsupportedOperationException(); }

    /** The limits. */
    public RecognizerOptions options() { throw new UnsupportedOperationException(); }

    /** Consumes byte {@code b} (only its low 8 bits count). Returns false, leaving the state unchanged, if the bytes so far followed by {@code b} are not a viable prefix. */
    public boolean push(int b) { throw new UnsupportedOperationException(); }

    /** Consumes bytes until the first one that is rejected; returns how many were consumed ({@code length} when all were). */
    public int push(byte[] bytes, int offset, int length) { throw new UnsupportedOperationException(); }

    /** Consumes all of {@code bytes}, or none: returns false and leaves the state unchanged if any byte is rejected. */
    public boolean pushAll(byte[] bytes) { throw new UnsupportedOperationException(); }

    /** The number of bytes consumed since construction or the last reset. */
    public int length() { throw new UnsupportedOperationException(); }

    /** A mark for {@link #popTo(int)}: the current {@link #length()}. */
    public int mark() { throw new UnsupportedOperationException(); }

    /** Goes back to the state when {@code mark} was taken (forgets the bytes consumed since). */
    public void popTo(int mark) { throw new UnsupportedOperationException(); }

    /** Forgets the last {@code count} bytes. */
    public void pop(int count) { throw new UnsupportedOperationException(); }

    /** Forgets every byte: back to the state after construction. */
    public void reset() { throw new UnsupportedOperationException(); }

    /** Whether the bytes consumed are a complete sentence. */
    public boolean isAccepting() { throw new UnsupportedOperationException(); }

    /** Whether some byte may follow (false when the sentence is complete and cannot go on). */
    public boolean canContinue() { throw new UnsupportedOperationException(); }

    /** Whether {@link #push(int)} of {@code b} would succeed. */
    public boolean allows(int b) { throw new UnsupportedOperationException(); }

    /** Writes the set of bytes that may come next into {@code into[0..3]}: bit {@code b & 63} of {@code into[b >>> 6]}. */
    public void nextBytes(long[] into) { throw new UnsupportedOperationException(); }

    /** The set of bytes that may come next, as four longs (bit {@code b & 63} of word {@code b >>> 6}). */
    public long[] nextBytes() { throw new UnsupportedOperationException(); }

    /** An independent copy of this recognizer, in the same state. */
    public Recognizer copy() { throw new UnsupportedOperationException(); }

    /** The number of Earley items in the chart (all sets). */
    public long itemCount() { throw new UnsupportedOperationException(); }

    /** The bytes the chart's arrays occupy. */
    public long chartBytes() { throw new UnsupportedOperationException(); }
}
