package io.github.kbnf4j.decode;

import io.github.kbnf4j.decode.scripted.RandomLogitsModel;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.TypedGrammar;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Vocabulary;
import java.util.List;
import java.util.Locale;

/**
 * Not a test: the measurement behind the README's numbers on the decode loop's own cost. Over cl100k
 * and a JSON Schema of a record, a scripted model whose append only copies precomputed logits (the
 * loop's overhead) and one whose append also spins a fixed time (a model's forward pass), each with
 * overlap off and on; prints per-token times, the mask's share of the wall time, and what overlap
 * saved. Run: {@code java -cp <test class path> io.github.kbnf4j.decode.DecodeLoopTiming [appendMillis]}.
 */
public final class DecodeLoopTiming {
    enum Status { ACTIVE, SUSPENDED, CLOSED }

    record Item(String sku, int quantity, double price) {}

    record Order(String id, Status status, String customer, List<Item> items, List<String> notes) {}

    private DecodeLoopTiming() {}

    public static void main(String[] args) {
        double appendMillis = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        Vocabulary v = Vocabulary.jtokkit("cl100k_base");
        TypedGrammar<Order> order = TypedGrammar.of(Order.class, JsonSchemaOptions.DEFAULT.withMaxWhitespace(1));
        RandomLogitsModel model = new RandomLogitsModel(v, 100_352, 1, 4f, 8f).favouring("\"}],", 5f).precomputed(64);
        ConstrainedDecoder decoder = new ConstrainedDecoder(model);
        Constraint constraint = decoder.constraint(order.grammar());
        int[] prompt = model.encode("An order, as JSON:");
        // Warm-up: JIT, and the constraint's tables and mask cache (as in a long-running service).
        for (int i = 0; i < 60; i++) {
            decoder.generate(prompt, constraint, options(i, i % 2 == 0));
        }
        for (long cost : new long[] {0, (long) (appendMillis * 1e6)}) {
            model.withAppendCost(cost);
            for (boolean cold : new boolean[] {false, true}) {
                for (boolean overlap : new boolean[] {false, true}) {
                    measure(decoder, model, order, constraint, prompt, cost, cold, overlap);
                }
            }
        }
    }

    private static void measure(ConstrainedDecoder decoder, RandomLogitsModel model, TypedGrammar<Order> order,
            Constraint warm, int[] prompt, long cost, boolean cold, boolean overlap) {
        int runs = cost == 0 ? 40 : 8;
        long tokens = 0;
        long wall = 0;
        long prompts = 0;
        long modelNs = 0;
        long mask = 0;
        long sample = 0;
        long saved = 0;
        for (int i = 0; i < runs; i++) {
            // Cold: a constraint of its own per generation, so its masks are computed, not cached (the
            // vocabulary's tables stay shared, as in a service that meets a new schema).
            Constraint c = cold ? Constraint.of(order.grammar(), model.vocabulary()) : warm;
            Generation g = decoder.generate(prompt, c, options(1000 + i, overlap));
            GenerationTiming t = g.timing();
            tokens += g.tokenCount();
            wall += t.wallNanos();
            prompts += t.promptNanos();
            modelNs += t.modelNanos();
            mask += t.maskNanos();
            sample += t.sampleNanos();
            saved += t.overlapSavedNanos();
        }
        double perToken = (wall - prompts) / 1e3 / tokens;
        System.out.printf(Locale.ROOT, "append cost %.1f ms, %s masks, overlap %-3s: %d tokens, %.1f µs/token "
                + "(%.0f tokens/s); per token: model %.1f µs, mask %.1f µs, sample %.1f µs, saved %.1f µs; "
                + "mask share of wall %.1f %%%n", cost / 1e6, cold ? "cold" : "warm", overlap ? "on" : "off", tokens,
                perToken, 1e6 / perToken, modelNs / 1e3 / tokens, mask / 1e3 / tokens, sample / 1e3 / tokens,
                saved / 1e3 / tokens, 100.0 * mask / (wall - prompts));
    }

    private static GenerationOptions options(long seed, boolean overlap) {
        return new GenerationOptions(200, SamplingOptions.DEFAULT.withSeed(seed), overlap);
    }
}
