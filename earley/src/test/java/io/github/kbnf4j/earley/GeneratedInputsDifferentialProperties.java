package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.testdata.GrammarAndInput;
import io.github.kbnf4j.testdata.ReferenceRecognizer;
import io.github.kbnf4j.testdata.Sentences;
import java.util.BitSet;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The recognizer against {@link ReferenceRecognizer} on realistic inputs: generated sentences of
 * random grammars and of the example grammars, and near-miss mutations of them. At every byte the
 * verdict (viable / complete / dead) is equal; the next-byte set is equal at every byte for random
 * grammars and at sampled bytes for the (longer) example inputs. Plus chunk invariance: fed one
 * byte at a time, three at a time or all at once, the answers are the same.
 */
class GeneratedInputsDifferentialProperties {

    @Provide
    Arbitrary<GrammarAndInput> randomGrammarInputs() {
        return Sentences.grammarsWithInputs();
    }

    @Provide
    Arbitrary<GrammarAndInput> exampleInputs() {
        return Sentences.examplesWithInputs();
    }

    @Property(tries = 300)
    void randomGrammarsAgreeAtEveryByte(@ForAll("randomGrammarInputs") GrammarAndInput gi) {
        compare(gi, 1);
    }

    @Property(tries = 150)
    void exampleGrammarsAgreeAtEveryByte(@ForAll("exampleInputs") GrammarAndInput gi) {
        compare(gi, Math.max(1, gi.length() / 6));
    }

    /** Compares verdicts at every byte and next-byte sets every {@code stride} bytes (and at the end). */
    static void compare(GrammarAndInput gi, int stride) {
        byte[] input = gi.input();
        Recognizer fast = new Recognizer(gi.grammar(), DifferentialOptions.RECOGNIZER);
        ReferenceRecognizer.State ref = new ReferenceRecognizer(gi.grammar()).newState();
        int i = 0;
        for (; ; i++) {
            assertEquals(ref.accepting(), fast.isAccepting(), "accepting after " + i + " bytes");
            if (i % stride == 0 || i == input.length) {
                assertEquals(ref.nextBytes(), BitSet.valueOf(fast.nextBytes()), "next bytes after " + i + " bytes");
            }
            if (i == input.length) {
                break;
            }
            boolean ok = fast.push(input[i]);
            assertEquals(ref.push(input[i]), ok, "push of byte " + i);
            if (!ok) {
                break;
            }
        }
        Statistics.label("verdict").collect(i < input.length ? "rejected" : fast.isAccepting() ? "complete" : "prefix");
    }

    @Property(tries = 200)
    void chunkSizeDoesNotMatter(@ForAll("exampleInputs") GrammarAndInput gi) {
        byte[] input = gi.input();
        Recognizer all = new Recognizer(gi.grammar(), DifferentialOptions.RECOGNIZER);
        int consumed = all.push(input, 0, input.length);
        for (int chunk : new int[] {1, 3, 100}) {
            Recognizer r = new Recognizer(gi.grammar(), DifferentialOptions.RECOGNIZER);
            int n = 0;
            for (int off = 0; off < input.length && n == off; off += chunk) {
                n += r.push(input, off, Math.min(chunk, input.length - off));
            }
            assertEquals(consumed, n, "bytes consumed in chunks of " + chunk);
            assertEquals(all.isAccepting(), r.isAccepting(), "accepting in chunks of " + chunk);
            assertArrayEquals(all.nextBytes(), r.nextBytes(), "next bytes in chunks of " + chunk);
        }
        Recognizer atomic = new Recognizer(gi.grammar(), DifferentialOptions.RECOGNIZER);
        assertEquals(consumed == input.length, atomic.pushAll(input));
        assertEquals(consumed == input.length ? input.length : 0, atomic.length());
    }
}
