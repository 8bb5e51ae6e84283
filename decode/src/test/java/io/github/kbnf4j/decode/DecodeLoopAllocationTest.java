package io.github.kbnf4j.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.kbnf4j.decode.scripted.RandomLogitsModel;
import io.github.kbnf4j.decode.scripted.TestVocabularies;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The loop allocates nothing per step: the bytes allocated by a generation grow with its tokens only
 * by what the result holds (token ids, bytes, their copies), not by per-step garbage such as a task
 * per append or a boxed token.
 */
class DecodeLoopAllocationTest {
    private static final int SHORT = 500;
    private static final int LONG = 2500;

    private static long allocatedBy(Runnable r) {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = bean.getCurrentThreadAllocatedBytes();
        r.run();
        return bean.getCurrentThreadAllocatedBytes() - before;
    }

    @Test
    void bytesPerTokenAreThoseOfTheResult() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        // Never EOS: every generation runs to its token limit. Unconstrained, so that only the loop is
        // measured (a matcher's recognizer grows its chart with the bytes it reads).
        RandomLogitsModel model = new RandomLogitsModel(TestVocabularies.byteLevel(), 1, 4f, -100f);
        ConstrainedDecoder decoder = new ConstrainedDecoder(model);
        for (boolean overlap : new boolean[] {false, true}) {
            GenerationOptions shortRun = new GenerationOptions(SHORT, SamplingOptions.DEFAULT, overlap);
            GenerationOptions longRun = shortRun.withMaxTokens(LONG);
            int[] prompt = {'p'};
            for (int i = 0; i < 10; i++) {  // warm-up: JIT and the constraint's mask cache
                decoder.generateUnconstrained(prompt, longRun);
            }
            long perToken = Long.MAX_VALUE;
            for (int i = 0; i < 3; i++) {  // the least of a few tries: a GC or JIT event adds noise
                long a = allocatedBy(() -> assertEquals(SHORT, decoder.generateUnconstrained(prompt, shortRun).tokenCount()));
                long b = allocatedBy(() -> assertEquals(LONG, decoder.generateUnconstrained(prompt, longRun).tokenCount()));
                perToken = Math.min(perToken, (b - a) / (LONG - SHORT));
            }
            // The result: ids (the buffer, its trimmed copy and the Generation's copy, 12 bytes), the
            // bytes (a copy per token of 1 to 4 bytes, 24 bytes unless the JIT removes it, and copies of
            // the text), and the scripted session's own list of tokens. Handing each append to an
            // executor instead would add about 80 (a task, its callable, a queue node). Measured: 14 without overlap, 51 with (the JIT keeps the per-token copies there).
            assertTrue(perToken <= 64, perToken + " bytes per token (overlap " + overlap + ")");
        }
    }
}
