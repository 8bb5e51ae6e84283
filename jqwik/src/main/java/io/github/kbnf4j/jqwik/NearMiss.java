package io.github.kbnf4j.jqwik;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * An input made by editing a few bytes of a sentence, with the recognizer's verdict on it: the
 * value of {@link GrammarArbitraries#nearMisses}. Some near misses are still sentences; most are
 * not, and for those {@link #failOffset()} says where the recognizer gave up.
 *
 * <p>Immutable: the byte arrays are copied in and out. Two near misses are equal when their bytes,
 * verdicts and offsets are.
 *
 * @param input the edited bytes
 * @param sentence the sentence they were edited from
 * @param verdict what the recognizer says about {@code input}
 * @param failOffset {@code -1} for a {@link Verdict#SENTENCE}; {@code input.length} for an
 *     {@link Verdict#INCOMPLETE} input (more bytes were needed); for a {@link Verdict#REJECTED} one,
 *     the offset of the first byte no sentence can have there
 */
public record NearMiss(byte[] input, byte[] sentence, Verdict verdict, int failOffset) {
    /** The recognizer's verdict on an input. */
    public enum Verdict {
        /** A complete sentence of the grammar. */
        SENTENCE,
        /** Not a sentence, but a prefix of one: the input ends too early. */
        INCOMPLETE,
        /** Not a prefix of any sentence: the byte at {@link NearMiss#failOffset()} cannot come there. */
        REJECTED
    }

    /**
     * Copies the arrays and checks that the offset fits the verdict.
     *
     * @throws IllegalArgumentException if it does not
     */
    public NearMiss {
        Objects.requireNonNull(verdict, "verdict");
        input = input.clone();
        sentence = sentence.clone();
        boolean fits = switch (verdict) {
            case SENTENCE -> failOffset == -1;
            case INCOMPLETE -> failOffset == input.length;
            case REJECTED -> failOffset >= 0 && failOffset < input.length;
        };
        if (!fits) {
            throw new IllegalArgumentException("offset " + failOffset + " does not fit verdict " + verdict
                    + " on " + input.length + " bytes");
        }
    }

    /** The recognizer's judgement of {@code input} as a near miss of {@code sentence}, from {@code failOffset} as {@link io.github.kbnf4j.jqwik.internal.PreparedGrammar#failOffset} reports it. */
    static NearMiss judged(byte[] input, byte[] sentence, int failOffset) {
        Verdict v = failOffset < 0 ? Verdict.SENTENCE : failOffset == input.length ? Verdict.INCOMPLETE : Verdict.REJECTED;
        return new NearMiss(input, sentence, v, failOffset);
    }

    @Override
    public byte[] input() {
        return input.clone();
    }

    @Override
    public byte[] sentence() {
        return sentence.clone();
    }

    /** Whether the input is not a sentence ({@link Verdict#INCOMPLETE} or {@link Verdict#REJECTED}). */
    public boolean isRejected() {
        return verdict != Verdict.SENTENCE;
    }

    /** The input decoded as UTF-8 (malformed bytes become U+FFFD): for messages. */
    public String inputText() {
        return new String(input, StandardCharsets.UTF_8);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NearMiss m && Arrays.equals(input, m.input) && Arrays.equals(sentence, m.sentence)
                && verdict == m.verdict && failOffset == m.failOffset;
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(input), Arrays.hashCode(sentence), verdict, failOffset);
    }

    @Override
    public String toString() {
        return verdict + (verdict == Verdict.REJECTED ? " at " + failOffset : "") + ": " + Texts.show(input)
                + " (from " + Texts.show(sentence) + ")";
    }
}
