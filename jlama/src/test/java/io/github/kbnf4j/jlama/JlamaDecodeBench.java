package io.github.kbnf4j.jlama;

import io.github.kbnf4j.decode.ChatMessage;
import io.github.kbnf4j.decode.ConstrainedDecoder;
import io.github.kbnf4j.decode.Generation;
import io.github.kbnf4j.decode.GenerationOptions;
import io.github.kbnf4j.decode.GenerationTiming;
import io.github.kbnf4j.decode.SamplingOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.jlama.SafetensorsWriter.DType;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.TypedGrammar;
import io.github.kbnf4j.testdata.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Measures decoding with Jlama: tokens per second unconstrained, constrained by a JSON Schema
 * without overlap, and constrained with the mask computed while the model computes the logits; the
 * time per token in the model and in the mask. The three modes run interleaved, round after
 * round, each round on its own seed and starting with another mode, so that the load of a shared
 * machine falls on all of them alike; the first round warms up and is not counted.
 *
 * <pre>
 * java --add-modules jdk.incubator.vector -cp TEST_CLASSPATH io.github.kbnf4j.jlama.JlamaDecodeBench \
 *     [tiny|smollm2] [rounds] [maxTokens] [dir]
 * </pre>
 *
 * {@code tiny} is {@link TinyLlama#TINY}, {@code smollm2} the shape of SmolLM2-360M with BF16
 * weights (about 0.9 GB with Llama-3's vocabulary); both with Llama-3's tokenizer from {@code
 * ../shared} when there is one, else the small tokenizer. The model is written to {@code dir}
 * (default: a temporary folder) and deleted afterwards.
 */
public final class JlamaDecodeBench {
    enum Colour { RED, GREEN, BLUE }

    record Address(String city, int zip) {}

    record Person(String name, int age, Address address, List<Colour> favourites, List<String> tags) {}

    private enum Mode { UNCONSTRAINED, CONSTRAINED_SERIAL, CONSTRAINED_OVERLAP }

    /** Sums over the counted rounds of one mode. */
    private static final class Totals {
        long tokens;
        long decodeNanos;
        long modelNanos;
        long maskNanos;
        long sampleNanos;
        long savedNanos;

        void add(Generation g) {
            GenerationTiming t = g.timing();
            tokens += g.tokenCount();
            decodeNanos += t.wallNanos() - t.promptNanos();
            modelNanos += t.modelNanos();
            maskNanos += t.maskNanos();
            sampleNanos += t.sampleNanos();
            savedNanos += t.overlapSavedNanos();
        }

        double tokensPerSecond() {
            return tokens * 1e9 / decodeNanos;
        }

        double perToken(long nanos) {
            return nanos / 1e6 / tokens;
        }
    }

    private JlamaDecodeBench() {
    }

    public static void main(String[] args) throws Exception {
        String shapeName = args.length > 0 ? args[0] : "tiny";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        int maxTokens = args.length > 2 ? Integer.parseInt(args[2]) : 128;
        Path dir = args.length > 3 ? Path.of(args[3]) : Files.createTempDirectory("kbnf4j-jlama-bench");
        TinyLlama shape = switch (shapeName) {
            case "tiny" -> TinyLlama.TINY;
            case "smollm2" -> TinyLlama.SMOLLM2_360M;
            default -> throw new IllegalArgumentException("shape: tiny or smollm2, not " + shapeName);
        };
        DType dtype = shape == TinyLlama.TINY ? DType.F32 : DType.BF16;
        Path llama3 = SharedFiles.locate("shared/vocab/llama3");
        TestTokenizer tokenizer = llama3 != null ? TestTokenizer.llama3(llama3) : TestTokenizer.smallByteLevel();
        Path modelDir = dir.resolve(shapeName);
        try {
            long w0 = System.nanoTime();
            shape.write(modelDir, tokenizer, dtype, 42);
            long w1 = System.nanoTime();
            try (JlamaLanguageModel model = JlamaLanguageModel.load(modelDir)) {
                long w2 = System.nanoTime();
                System.out.printf(Locale.ROOT, "%s: %s, vocabulary %d, %s weights; written in %.1f s, loaded in %.1f s;"
                        + " %d rounds (first not counted) of up to %d tokens, %d cores%n", shapeName, shape,
                        tokenizer.vocabSize(), dtype, (w1 - w0) / 1e9, (w2 - w1) / 1e9, rounds, maxTokens,
                        Runtime.getRuntime().availableProcessors());
                run(model, rounds, maxTokens);
            }
        } finally {
            TestModels.deleteRecursively(modelDir);
        }
    }

    private static void run(JlamaLanguageModel model, int rounds, int maxTokens) {
        ConstrainedDecoder decoder = new ConstrainedDecoder(model);
        CompiledGrammar grammar = TypedGrammar.of(Person.class, JsonSchemaOptions.DEFAULT.withMaxWhitespace(1))
                .grammar();
        int[] prompt = model.encodeConversation(List.of(ChatMessage.user("Describe a person as JSON.")));
        Totals[] totals = {new Totals(), new Totals(), new Totals()};
        // per counted round, each constrained mode's tokens/s over the unconstrained one's of that round
        double[][] ratios = new double[2][rounds - 1];
        for (int round = 0; round < rounds; round++) {
            // which mode runs first turns round by round, so that none always follows the same one
            Mode[] order = new Mode[3];
            for (int i = 0; i < 3; i++) {
                order[i] = Mode.values()[(round + i) % 3];
            }
            double[] perSecond = new double[3];
            for (Mode mode : order) {
                GenerationOptions options = new GenerationOptions(maxTokens, SamplingOptions.DEFAULT.withSeed(round),
                        mode == Mode.CONSTRAINED_OVERLAP);
                Generation g = mode == Mode.UNCONSTRAINED ? decoder.generateUnconstrained(prompt, options)
                        : decoder.generate(prompt, grammar, options);
                if (round > 0) {
                    totals[mode.ordinal()].add(g);
                    perSecond[mode.ordinal()] = g.tokensPerSecond();
                }
                System.out.printf(Locale.ROOT, "  round %d %-20s %4d tokens %7.1f tokens/s  %s%n", round, mode,
                        g.tokenCount(), g.tokensPerSecond(), g.stopReason());
            }
            if (round > 0) {
                ratios[0][round - 1] = perSecond[1] / perSecond[0];
                ratios[1][round - 1] = perSecond[2] / perSecond[0];
            }
        }
        double base = totals[0].tokensPerSecond();
        System.out.println();
        System.out.println("mode                  tokens  tokens/s  of unconstr.  model ms/tok  mask ms/tok  "
                + "sample ms/tok  mask share  overlap saved ms/tok");
        for (Mode mode : Mode.values()) {
            Totals t = totals[mode.ordinal()];
            System.out.printf(Locale.ROOT, "%-20s %7d %9.2f %12.1f %% %13.3f %12.3f %14.3f %10.1f %% %14.3f%n", mode,
                    t.tokens, t.tokensPerSecond(), 100 * t.tokensPerSecond() / base, t.perToken(t.modelNanos),
                    t.perToken(t.maskNanos), t.perToken(t.sampleNanos), 100.0 * t.maskNanos / t.decodeNanos,
                    t.perToken(t.savedNanos));
        }
        for (Mode mode : List.of(Mode.CONSTRAINED_SERIAL, Mode.CONSTRAINED_OVERLAP)) {
            double[] r = ratios[mode.ordinal() - 1].clone();
            Arrays.sort(r);
            System.out.printf(Locale.ROOT, "%s / UNCONSTRAINED, round by round: median %.1f %%, range %.1f-%.1f %%%n",
                    mode, 100 * r[r.length / 2], 100 * r[0], 100 * r[r.length - 1]);
        }
    }
}
