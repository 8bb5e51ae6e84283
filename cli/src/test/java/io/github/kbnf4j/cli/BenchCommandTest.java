package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kbnf4j bench}: the replay benchmark of the README's "Replay benchmark" on tiny corpora with cl100k. */
class BenchCommandTest {
    private static final Encoding CL100K = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<String> SENTENCES = List.of("{\"a\": [1, 2.5e3, true, null], \"b\": \"x\"}",
            "[\"caf\u00e9\", {\"k\": -0.25}]", "\"hello world\"", "  42 ");

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path dir;

    private int run(String... args) {
        CommandLine cl = Main.commandLine(new Main());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    private String err() {
        return err.toString().replace("\r", "");
    }

    /** Runs bench on json and cl100k with {@code extra} arguments; expects exit 0 and one JSON line. */
    private JsonNode bench(Path corpus, String... extra) throws Exception {
        String[] args = {"bench", "json", "--vocab", "cl100k", "--corpus", corpus.toString()};
        String[] all = Arrays.copyOf(args, args.length + extra.length);
        System.arraycopy(extra, 0, all, args.length, extra.length);
        assertEquals(0, run(all), err());
        String o = out.toString();
        assertTrue(o.endsWith("\n") && o.indexOf('\n') == o.length() - 1, "one line: " + o);
        return MAPPER.readTree(o);
    }

    private Path corpus(String name, String... lines) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        return p;
    }

    private static String textLine(String text) throws Exception {
        return "{\"text\": " + MAPPER.writeValueAsString(text) + ", \"source\": \"test\"}";
    }

    private static String idsLine(int... ids) {
        return "{\"token_ids\": " + Arrays.toString(ids) + "}";
    }

    private static int[] encode(String text) {
        return CL100K.encodeOrdinary(text).toArray();
    }

    private static int tokens(List<String> texts) {
        return texts.stream().mapToInt(t -> encode(t).length).sum();
    }

    private static void assertLatency(JsonNode latency) {
        List<String> names = List.of("mean_us", "p50_us", "p90_us", "p99_us", "p999_us", "max_us");
        for (String n : names) {
            assertTrue(latency.get(n).isNumber() && latency.get(n).asDouble() > 0, n + " in " + latency);
        }
        assertTrue(latency.get("p50_us").asDouble() <= latency.get("p90_us").asDouble(), latency.toString());
        assertTrue(latency.get("p90_us").asDouble() <= latency.get("p99_us").asDouble(), latency.toString());
        assertTrue(latency.get("p99_us").asDouble() <= latency.get("p999_us").asDouble(), latency.toString());
        assertTrue(latency.get("p999_us").asDouble() <= latency.get("max_us").asDouble(), latency.toString());
        assertTrue(latency.get("mean_us").asDouble() <= latency.get("max_us").asDouble(), latency.toString());
    }

    @Test
    void textsAreTokenizedWithJtokkitAndReplayCleanly() throws Exception {
        String[] lines = new String[SENTENCES.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = textLine(SENTENCES.get(i));
        }
        JsonNode r = bench(corpus("c.jsonl", lines));
        assertEquals(4, r.get("documents").asInt(), r.toString());
        assertEquals(tokens(SENTENCES), r.get("steps").asLong(), r.toString());
        assertEquals(0, r.get("violations").asInt());
        assertEquals(0, r.get("not_accepting_at_end").asInt());
        assertEquals(0, r.get("documents_failed").asInt());
        assertEquals(0, r.get("documents_skipped").asInt());
        assertEquals(0, r.get("accept_mismatches").asInt());
        assertEquals(0, r.get("limit_errors").asInt());
        assertEquals(2, r.get("passes").asInt());
        assertTrue(r.get("passes_agree").asBoolean());
        assertEquals("cl100k_base", r.get("vocab").asText());
        assertEquals("[100257]", r.get("eos").toString());
        // the vocabulary and its trie may already be loaded in this JVM (by an earlier test): 0.0 ms then
        for (String ms : List.of("compile_ms", "vocab_ms", "constraint_ms", "corpus_ms")) {
            assertTrue(r.get(ms).isNumber() && r.get(ms).asDouble() >= 0, ms + " in " + r);
        }
        for (String mb : List.of("peak_heap_mb", "heap_after_gc_mb")) {
            assertTrue(r.get(mb).isNumber() && r.get(mb).asDouble() > 0, mb + " in " + r);
        }
        assertLatency(r.get("cold"));
        assertLatency(r.get("warm"));
        for (String gc : List.of("gc_count_cold", "gc_ms_cold", "gc_count_warm", "gc_ms_warm")) {
            assertTrue(r.get(gc).isIntegralNumber() && r.get(gc).asLong() >= 0, gc + " in " + r);
        }
        double cold = r.get("cache_hit_rate_cold").asDouble();
        assertTrue(cold >= 0 && cold < 1, "the cold pass misses at least its first mask: " + r);
        assertEquals(1.0, r.get("cache_hit_rate_warm").asDouble(), "every mask of the warm pass was seen: " + r);
        assertEquals((cold + 1) / 2, r.get("cache_hit_rate").asDouble(), 1e-3, r.toString());
        assertEquals(64.0, r.get("cache_bound_mb").asDouble());
        assertTrue(r.get("cache_entries").asLong() > 0 && r.get("cache_mb").asDouble() >= 0, r.toString());
        assertEquals(0, r.get("cache_evictions").asLong());
        assertFalse(r.has("oracle_checks"), "no oracle fields without --oracle-rate: " + r);
        assertTrue(r.get("jvm").asText().startsWith(Runtime.version().feature() + ""), r.toString());
        assertJvmSettings(r);
        assertEquals("", err());
    }

    /** The collector and the JVM's options, as this very JVM has them. */
    static void assertJvmSettings(JsonNode r) {
        assertEquals(String.join(", ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).toList()), r.get("gc").asText(), r.toString());
        List<String> options = new ArrayList<>();
        r.get("jvm_options").forEach(o -> options.add(o.asText()));
        assertEquals(ManagementFactory.getRuntimeMXBean().getInputArguments(), options, r.toString());
    }

    @Test
    void aGbnfGrammarWithTheDialectOption() throws Exception {
        Path grammar = dir.resolve("pairs.grammar");
        Files.writeString(grammar, "root ::= pair (\",\" pair)*\npair ::= [a-c] \"=\" [0-9]+\n");
        Path corpus = corpus("pairs.jsonl", textLine("a=1,b=22"), textLine("c=333"));
        assertEquals(0, run("bench", "--dialect", "gbnf", grammar.toString(), "--vocab", "cl100k", "--corpus",
                corpus.toString(), "--passes", "1"), err());
        JsonNode r = MAPPER.readTree(out.toString());
        assertEquals(2, r.get("documents").asInt(), r.toString());
        assertEquals(0, r.get("violations").asInt(), r.toString());
        assertEquals(0, r.get("not_accepting_at_end").asInt(), r.toString());
    }

    @Test
    void givenTokenIdsAreReplayedAsIs() throws Exception {
        String[] lines = new String[SENTENCES.size()];
        for (int i = 0; i < lines.length; i++) {
            // token_ids win over the text, and other fields are ignored
            lines[i] = "{\"file\": \"x.json\", \"text\": \"ignored\", \"token_ids\": "
                    + Arrays.toString(encode(SENTENCES.get(i))) + ", \"valid\": true}";
        }
        JsonNode r = bench(corpus("ids.jsonl", lines), "--passes", "1");
        assertEquals(tokens(SENTENCES), r.get("steps").asLong());
        assertEquals(0, r.get("violations").asInt());
        assertEquals(0, r.get("not_accepting_at_end").asInt());
        assertTrue(r.get("warm").isNull(), "one pass: no warm latencies: " + r);
        assertTrue(r.get("gc_count_warm").isNull() && r.get("gc_ms_warm").isNull(), r.toString());
        assertLatency(r.get("cold"));
    }

    @Test
    void withoutMaskCacheTheHitRatesAreNull() throws Exception {
        JsonNode r = bench(corpus("n.jsonl", textLine("{\"a\": [1, 2]}")), "--mask-cache-mb", "0");
        assertEquals(0, r.get("violations").asInt());
        for (String rate : List.of("cache_hit_rate", "cache_hit_rate_cold", "cache_hit_rate_warm")) {
            assertTrue(r.get(rate).isNull(), rate + " in " + r);
        }
        assertEquals(0, r.get("cache_entries").asLong());
        assertEquals(0.0, r.get("cache_bound_mb").asDouble());
    }

    @Test
    void aTokenOutsideTheMaskIsAViolationAndEndsItsDocument() throws Exception {
        int[] ids = encode("[1, 2, 3]");
        int[] wrong = ids.clone();
        wrong[2] = encode("}")[0]; // "[1," then "}": not JSON
        JsonNode r = bench(corpus("v.jsonl", idsLine(wrong), idsLine(ids)), "--passes", "3");
        assertEquals(2, r.get("documents").asInt());
        assertEquals(1, r.get("violations").asInt(), r.toString());
        assertEquals(1, r.get("documents_failed").asInt());
        assertEquals(0, r.get("not_accepting_at_end").asInt(), "a failed document is not checked at its end");
        assertEquals(3 + ids.length, r.get("steps").asLong(), "the violating step counts, the rest of its document not");
        assertTrue(r.get("passes_agree").asBoolean());
        String e = err();
        assertTrue(e.contains("v.jsonl:1: violation: token 2 " + wrong[2] + " \"}\" is not in the mask"), e);
        assertEquals(1, e.split("\n").length, "reported once, not once per pass: " + e);
    }

    @Test
    void aDocumentThatEndsIncompleteIsNotAccepting() throws Exception {
        JsonNode r = bench(corpus("i.jsonl", textLine("{\"a\": [1, 2"), textLine("[1, 2]")));
        assertEquals(1, r.get("not_accepting_at_end").asInt(), r.toString());
        assertEquals(0, r.get("violations").asInt());
        assertEquals(0, r.get("documents_failed").asInt());
        assertTrue(err().contains("i.jsonl:1: the matcher is not accepting after the document's"), err());
    }

    @Test
    void oracleAtRateOneChecksEveryStepWithoutMismatch() throws Exception {
        List<String> texts = List.of("{\"k\": [1, \"\u00e9\\n\", false]}", "-1.5e-3");
        JsonNode r = bench(corpus("o.jsonl", textLine(texts.get(0)), textLine(texts.get(1))), "--oracle-rate", "1.0",
                "--passes", "1");
        assertEquals(tokens(texts), r.get("steps").asLong());
        assertEquals(r.get("steps").asLong(), r.get("oracle_checks").asLong(), r.toString());
        assertEquals(0, r.get("oracle_mismatches").asLong(), err());
        assertEquals(1.0, r.get("oracle_rate").asDouble());
    }

    @Test
    void theOracleSampleDependsOnTheSeedOnly() throws Exception {
        String[] lines = new String[SENTENCES.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = textLine(SENTENCES.get(i));
        }
        Path c = corpus("s.jsonl", lines);
        JsonNode a = bench(c, "--oracle-rate", "0.5", "--oracle-seed", "7", "--passes", "1");
        out.getBuffer().setLength(0);
        JsonNode b = bench(c, "--oracle-rate", "0.5", "--oracle-seed", "7", "--passes", "1");
        assertEquals(a.get("oracle_checks"), b.get("oracle_checks"));
        assertTrue(a.get("oracle_checks").asLong() > 0 && a.get("oracle_checks").asLong() < a.get("steps").asLong(),
                a.toString());
        assertEquals(7, a.get("oracle_seed").asLong());
    }

    @Test
    void aDirectoryIsReadInNameOrderAndLimitCountsDocuments() throws Exception {
        Path d = Files.createDirectory(dir.resolve("corpus"));
        Files.writeString(d.resolve("b.jsonl"), textLine("[1, 2") + "\n");         // incomplete: read last
        Files.writeString(d.resolve("a.jsonl"), textLine("[1]") + "\n\n" + textLine("") + "\n" + textLine("2") + "\n");
        Files.writeString(d.resolve("notes.txt"), "not a corpus");
        JsonNode all = bench(d);
        assertEquals(3, all.get("documents").asInt(), all.toString());
        assertEquals(1, all.get("documents_skipped").asInt(), "the empty text has no token");
        assertEquals(1, all.get("not_accepting_at_end").asInt());
        assertEquals(2, all.get("corpus_files").asInt());
        assertTrue(err().contains(d.resolve("b.jsonl") + ":1: the matcher is not accepting"), err());

        out.getBuffer().setLength(0);
        JsonNode limited = bench(d, "--limit-documents", "3"); // [1], "", 2: blank lines are no documents
        assertEquals(2, limited.get("documents").asInt(), limited.toString());
        assertEquals(1, limited.get("documents_skipped").asInt());
        assertEquals(0, limited.get("not_accepting_at_end").asInt());
    }

    @Test
    void severalCorpusOptionsAreReadInTurn() throws Exception {
        Path a = corpus("one.jsonl", textLine("[1]"));
        Path b = corpus("two.jsonl", textLine("{}"), textLine("null"));
        JsonNode r = bench(a, "--corpus", b.toString());
        assertEquals(3, r.get("documents").asInt(), r.toString());
        assertEquals(2, r.get("corpus_files").asInt());
    }

    // ------------------------------------------------------------------ errors: exit 2

    private String fails(String... args) {
        assertEquals(2, run(args), "exit 2 expected; stdout " + out + " stderr " + err());
        assertEquals("", out.toString(), "nothing on stdout after an error");
        return err();
    }

    @Test
    void aMissingCorpusIsAnError() {
        Path missing = dir.resolve("missing.jsonl");
        String e = fails("bench", "json", "--vocab", "cl100k", "--corpus", missing.toString());
        assertTrue(e.startsWith("kbnf4j bench: cannot read corpus " + missing + ": no such file"), e);
    }

    @Test
    void aMalformedLineIsNamed() throws Exception {
        Path c = corpus("m.jsonl", textLine("[]"), "{\"text\": \"[1]\", \"token_ids\": [1, 2,}");
        String e = fails("bench", "json", "--vocab", "cl100k", "--corpus", c.toString());
        assertTrue(e.startsWith("kbnf4j bench: " + c + ":2: malformed JSON: "), e);
        assertEquals(1, e.split("\n").length, e);
    }

    @Test
    void linesThatAreNotDocumentsAreNamed() throws Exception {
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus", corpus("a.jsonl", "[1, 2]").toString())
                .contains("a.jsonl:1: not a JSON object"), err());
        err.getBuffer().setLength(0);
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus",
                corpus("b.jsonl", "{\"token_ids\": [1, \"2\"]}").toString())
                .contains("b.jsonl:1: \"token_ids\"[1] is not an integer"), err());
        err.getBuffer().setLength(0);
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus",
                corpus("c.jsonl", "{\"valid\": true}").toString())
                .contains("c.jsonl:1: neither \"token_ids\" nor \"text\""), err());
        err.getBuffer().setLength(0);
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus",
                corpus("d.jsonl", "{\"text\": \"1\"} {\"text\": \"2\"}").toString())
                .contains("d.jsonl:1: more than one JSON value on the line"), err());
    }

    @Test
    void anIdOutsideTheVocabularyIsNamedWithItsLine() throws Exception {
        Path c = corpus("r.jsonl", idsLine(encode("[1]")), idsLine(16, 200000), idsLine(-1));
        String e = fails("bench", "json", "--vocab", "cl100k", "--corpus", c.toString());
        assertTrue(e.startsWith("kbnf4j bench: " + c + ":2: token id 200000 (position 1) is out of range: the vocabulary "
                + "cl100k_base has ids 0..100276"), e);
        err.getBuffer().setLength(0);
        Path big = corpus("big.jsonl", "{\"token_ids\": [99999999999]}");
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus", big.toString())
                .contains("big.jsonl:1: token id beyond int range (position 0) is out of range"), err());
    }

    @Test
    void textWithoutIdsNeedsAJtokkitVocabulary() throws Exception {
        Path tokenizer = dir.resolve("tokenizer.json");
        Files.writeString(tokenizer, "{\"version\": \"1.0\", \"added_tokens\": [], \"normalizer\": null,"
                + " \"decoder\": {\"type\": \"ByteLevel\"}, \"model\": {\"type\": \"BPE\", \"vocab\": "
                + "{\"[\": 0, \"]\": 1, \"1\": 2}, \"merges\": []}}");
        Path c = corpus("t.jsonl", idsLine(0, 2, 1), textLine("[1]"));
        String e = fails("bench", "json", "--vocab", tokenizer.toString(), "--corpus", c.toString());
        assertTrue(e.contains("t.jsonl:2: no \"token_ids\", and the text can only be tokenized with a vocabulary "
                + "shipped in jtokkit"), e);

        // with ids only, the same vocabulary replays
        err.getBuffer().setLength(0);
        Path ok = corpus("ok.jsonl", idsLine(0, 2, 1), idsLine(2, 2));
        assertEquals(0, run("bench", "json", "--vocab", tokenizer.toString(), "--corpus", ok.toString()), err());
        JsonNode r = MAPPER.readTree(out.toString());
        assertEquals(5, r.get("steps").asLong());
        assertEquals(0, r.get("violations").asInt());
        assertEquals(3, r.get("vocab_size").asInt());
    }

    @Test
    void badOptionsAreUsageErrors() throws Exception {
        Path c = corpus("c.jsonl", textLine("1"));
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus", c.toString(), "--passes", "0")
                .contains("--passes must be at least 1"), err());
        err.getBuffer().setLength(0);
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus", c.toString(), "--oracle-rate", "1.5")
                .contains("--oracle-rate must be between 0 and 1"), err());
        err.getBuffer().setLength(0);
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus", c.toString(), "--jit-warmup", "-1")
                .contains("--jit-warmup must be between 0 and 3600 seconds"), err());
        err.getBuffer().setLength(0);
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus", c.toString(), "--mask-cache-mb", "-1")
                .contains("--mask-cache-mb must not be negative"), err());
        err.getBuffer().setLength(0);
        assertTrue(fails("bench", "json", "--vocab", "nope", "--corpus", c.toString())
                .startsWith("kbnf4j bench: cannot load vocabulary nope: "), err());
        err.getBuffer().setLength(0);
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus", c.toString(), "--eos", "100277")
                .startsWith("kbnf4j bench: --eos: "), err());
        err.getBuffer().setLength(0);
        assertTrue(fails("bench", "nogrammar", "--vocab", "cl100k", "--corpus", c.toString())
                .startsWith("kbnf4j bench: no grammar file 'nogrammar'"), err());
        err.getBuffer().setLength(0);
        fails("bench", "json", "--vocab", "cl100k"); // --corpus is required
        err.getBuffer().setLength(0);
        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus", empty.toString())
                .contains("a directory without *.jsonl files"), err());
        err.getBuffer().setLength(0);
        assertTrue(fails("bench", "json", "--vocab", "cl100k", "--corpus", c.toString(), "--max-items-per-set", "3")
                .contains("--max-items-per-set"), err());
    }

    @Test
    void jitWarmupLeavesTheMeasuredConstraintCold() throws Exception {
        JsonNode r = bench(corpus("w.jsonl", textLine(SENTENCES.get(0))), "--jit-warmup", "0.2", "--passes", "1");
        assertTrue(r.get("jit_warmup_rounds").asInt() >= 1 && r.get("jit_warmup_steps").asLong() > 0, r.toString());
        assertTrue(r.get("jit_warmup_s").asDouble() >= 0.2, r.toString());
        assertTrue(r.get("cache_hit_rate_cold").asDouble() < 1, "the measured constraint starts empty: " + r);
        assertEquals(0, r.get("violations").asInt());
        out.getBuffer().setLength(0);
        JsonNode none = bench(corpus("w2.jsonl", textLine(SENTENCES.get(0))), "--passes", "1");
        assertFalse(none.has("jit_warmup_rounds"), none.toString());
    }

    @Test
    void theSteadyWarmMaximumNeedsTwoWarmPasses() throws Exception {
        Path c = corpus("m.jsonl", textLine(SENTENCES.get(0)), textLine(SENTENCES.get(1)));
        JsonNode two = bench(c, "--passes", "2");
        assertTrue(two.get("warm_max_of_step_min_us").isNull(), two.toString());
        out.getBuffer().setLength(0);
        JsonNode three = bench(c, "--passes", "3");
        double steady = three.get("warm_max_of_step_min_us").asDouble();
        assertTrue(steady > 0 && steady <= three.get("warm").get("max_us").asDouble(), three.toString());
    }

    @Test
    void maxOfStepMinimumTakesEachStepsFastestPass() {
        // two passes of three steps: step 1 was delayed in pass 1 only, step 2 is slow in both
        long[] nanos = {10, 9000, 50, 12, 11, 40};
        assertEquals(40, ReplayBenchmark.maxOfStepMinimum(nanos, 3, 2));
        assertEquals(9000, ReplayBenchmark.maxOfStepMinimum(nanos, 3, 1));
    }

    @Test
    void eosOptionReplacesTheVocabularysIds() throws Exception {
        JsonNode r = bench(corpus("e.jsonl", textLine("[]")), "--eos", "100257,100276", "--passes", "1");
        assertEquals("[100257,100276]", r.get("eos").toString());
    }

    @Test
    void progressGoesToStderrOnly() throws Exception {
        JsonNode r = bench(corpus("p.jsonl", textLine("[1]")), "--progress");
        assertEquals(1, r.get("documents").asInt());
        List<String> progress = Arrays.stream(err().split("\n")).filter(l -> !l.isEmpty()).collect(Collectors.toList());
        assertEquals(2, progress.size(), err());
        assertTrue(progress.get(0).startsWith("kbnf4j bench: pass 1 (cold): 1/1 documents, "), err());
        assertTrue(progress.get(1).startsWith("kbnf4j bench: pass 2 (warm): 1/1 documents, "), err());
    }
}
