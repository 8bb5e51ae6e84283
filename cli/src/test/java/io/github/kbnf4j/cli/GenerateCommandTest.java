package io.github.kbnf4j.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Matcher;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code kbnf4j generate}: valid, reproducible sentences within the budget, and the reports of cut ones. */
class GenerateCommandTest {
    /** Strict: one value, nothing after it but whitespace. */
    private static final ObjectMapper STRICT = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final ObjectMapper JSON = new ObjectMapper();

    private ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        out = new ByteArrayOutputStream();
        err.getBuffer().setLength(0);
        CommandLine cl = Main.commandLine(new Main(out));
        cl.setErr(new PrintWriter(err));
        return cl.execute(args);
    }

    private String output() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The sentences of {@code --jsonl} output. */
    private List<String> sentences() throws Exception {
        List<String> result = new ArrayList<>();
        for (String line : output().split("\n", -1)) {
            if (!line.isEmpty()) {
                result.add(JSON.readTree(line).textValue());
            }
        }
        return result;
    }

    /** Every sentence is JSON for Jackson and a complete sentence for the recognizer. */
    private static void assertJson(List<String> sentences, Matcher matcher) {
        for (int i = 0; i < sentences.size(); i++) {
            String s = sentences.get(i);
            try {
                STRICT.readTree(s);
            } catch (Exception e) {
                fail("sentence " + (i + 1) + " is not JSON for Jackson: " + e.getMessage() + "\n" + s);
            }
            matcher.reset();
            assertTrue(matcher.acceptBytes(s.getBytes(StandardCharsets.UTF_8)) && matcher.isAccepting(),
                    "sentence " + (i + 1) + " is not a sentence of json:\n" + s);
        }
    }

    private static Matcher jsonMatcher() {
        return Constraint.of(Grammar.builtin("json", GrammarOptions.DEFAULT), Vocabulary.jtokkit("cl100k")).newMatcher();
    }

    @Test
    void aThousandJsonSentencesParseAndCheck(@TempDir Path dir) throws Exception {
        Matcher matcher = jsonMatcher();
        int total = 0;
        long generating = 0;
        long checking = 0;
        for (long seed : new long[] {1, 2, 3, 4}) {
            long t0 = System.nanoTime();
            assertEquals(0, run("generate", "json", "--vocab", "cl100k", "-n", "250", "--seed", Long.toString(seed),
                    "--max-tokens", "64", "--jsonl"), err.toString());
            generating += System.nanoTime() - t0;
            List<String> sentences = sentences();
            assertEquals(250, sentences.size());
            assertJson(sentences, matcher);
            t0 = System.nanoTime();
            for (int i = 0; i < sentences.size(); i++) {
                Path file = dir.resolve("s" + seed + "-" + i + ".json");
                Files.writeString(file, sentences.get(i), StandardCharsets.UTF_8);
                assertEquals(0, Main.run("check", "-q", "json", file.toString()),
                        "kbnf4j check of sentence " + (i + 1) + " of seed " + seed + ":\n" + sentences.get(i));
            }
            checking += System.nanoTime() - t0;
            total += sentences.size();
        }
        System.out.printf("generate json: %d sentences of at most 64 cl100k tokens in %.1f s (kbnf4j check: %.1f s)%n",
                total, generating / 1e9, checking / 1e9);
    }

    @Test
    void smallBudgetsStillComplete() throws Exception {
        Matcher matcher = jsonMatcher();
        assertEquals(0, run("generate", "json", "--vocab", "cl100k", "-n", "300", "--seed", "12", "--max-tokens", "12",
                "--jsonl"), err.toString());
        List<String> sentences = sentences();
        assertEquals(300, sentences.size());
        assertJson(sentences, matcher);
        for (int budget = 1; budget <= 4; budget++) {
            assertEquals(0, run("generate", "json", "--vocab", "cl100k", "-n", "50", "--seed", "5", "--max-tokens",
                    Integer.toString(budget), "--jsonl"), err.toString());
            assertJson(sentences(), matcher);
        }
        // Nested brackets need many closing bytes: json:0 keeps whitespace from using the budget.
        Path dir = Files.createTempDirectory("nested");
        Path g = dir.resolve("nested.kbnf");
        Files.writeString(g, "start ::= \"[\" start \"]\" | \"{\\\"k\\\":\" start \"}\" | \"0\";\n");
        for (int budget = 1; budget <= 10; budget++) {
            assertEquals(0, run("generate", g.toString(), "--vocab", "cl100k", "-n", "30", "--max-tokens",
                    Integer.toString(budget), "--jsonl"), budget + ": " + err.toString());
            assertJson(sentences(), Constraint.of(Grammar.compileFile(g, GrammarOptions.DEFAULT),
                    Vocabulary.jtokkit("cl100k")).newMatcher());
        }
    }

    @Test
    void theSameSeedGivesTheSameSentences() {
        String[] args = {"generate", "json", "--vocab", "cl100k", "-n", "20", "--seed", "42", "--max-tokens", "32"};
        assertEquals(0, run(args), err.toString());
        String first = output();
        assertEquals(0, run(args));
        assertEquals(first, output());
        assertEquals(0, run("generate", "json", "--vocab", "cl100k", "-n", "20", "--seed", "43", "--max-tokens", "32"));
        assertNotEquals(first, output());
    }

    @Test
    void theReadmeExampleIsReproduced() {
        // Fixed by SplitMix64 and the sampler, not by the JDK: a change here changes every user's sentences.
        assertEquals(0, run("generate", "json:1", "--vocab", "cl100k", "-n", "3", "--max-tokens", "24", "--seed", "6",
                "--jsonl"), err.toString());
        assertEquals("\"297164336704231646923062928749482137102276390319\"\n"
                + "\"[\\\"_esis fetching CONNECT-settings \u0432\u0438\u0434 ullamLinkedIn Had(cloneoverflowweigh a,q\\\"]\"\n"
                + "\"59441875422141983911561556023889247082682047339\"\n", output());
    }

    @Test
    void sentenceKDependsOnlyOnTheSeed() throws Exception {
        assertEquals(0, run("generate", "json", "--vocab", "cl100k", "-n", "5", "--seed", "9", "--max-tokens", "16",
                "--jsonl"));
        List<String> five = sentences();
        assertEquals(0, run("generate", "json", "--vocab", "cl100k", "-n", "3", "--seed", "9", "--max-tokens", "16",
                "--jsonl"));
        assertEquals(five.subList(0, 3), sentences());
    }

    @Test
    void aBudgetTooSmallIsReported(@TempDir Path dir) throws Exception {
        Path g = dir.resolve("digits.kbnf");
        Files.writeString(g, "start ::= #\"[0-9]{40}\";\n");  // cl100k digit tokens have at most 3 digits
        assertEquals(1, run("generate", g.toString(), "--vocab", "cl100k", "-n", "2", "--max-tokens", "5"));
        String e = err.toString();
        assertTrue(e.contains("kbnf4j generate: sentence 1 cut at 5 tokens: no complete sentence within the budget ("),
                e);
        assertTrue(e.contains("sentence 2 cut at 5 tokens"), e);
        String[] lines = output().split("\n");
        assertEquals(2, lines.length, "cut sentences are printed too");
        assertTrue(lines[0].matches("[0-9]{5,15}"), lines[0]);
        // With enough tokens the same grammar completes.
        assertEquals(0, run("generate", g.toString(), "--vocab", "cl100k", "-n", "5", "--max-tokens", "14"), err.toString());
        for (String line : output().split("\n")) {
            assertTrue(line.matches("[0-9]{40}"), line);
        }
    }

    @Test
    void anEndlessGrammarIsCut(@TempDir Path dir) throws Exception {
        Path g = dir.resolve("stream.kbnf");
        Files.writeString(g, "start ::= \"a\" start;\n");
        assertEquals(1, run("generate", g.toString(), "--vocab", "cl100k", "--max-tokens", "7"));
        assertTrue(err.toString().contains("sentence 1 cut at 7 tokens: no complete sentence within the budget "
                + "(no continuation completes it)"), err.toString());
        assertTrue(output().matches("a+\n"), output());
    }

    @Test
    void aGbnfGrammar(@TempDir Path dir) throws Exception {
        Path g = dir.resolve("pairs.gbnf");
        Files.writeString(g, "root ::= pair (\",\" pair)*\npair ::= [a-c] \"=\" [0-9]{1,3}\n");
        assertEquals(0, run("generate", g.toString(), "--vocab", "cl100k", "-n", "20", "--max-tokens", "30"),
                err.toString());
        String[] lines = output().split("\n", -1);
        assertEquals(21, lines.length);
        for (int i = 0; i < 20; i++) {
            assertTrue(lines[i].matches("[a-c]=[0-9]{1,3}(,[a-c]=[0-9]{1,3})*"), lines[i]);
        }
    }

    @Test
    void rawOutputIsTheBytes(@TempDir Path dir) throws Exception {
        Path g = dir.resolve("words.kbnf");
        Files.writeString(g, "start ::= (\"caf\u00e9\" | \"\u65e5\u672c\" | \"\\\"q\\\"\") {\" \" (\"x\" | \"y\")};\n");
        assertEquals(0, run("generate", g.toString(), "--vocab", "cl100k", "-n", "50", "--max-tokens", "10"),
                err.toString());
        String[] lines = output().split("\n", -1);
        assertEquals(51, lines.length);
        for (int i = 0; i < 50; i++) {
            assertTrue(lines[i].matches("(caf\u00e9|\u65e5\u672c|\"q\")( [xy])*"), lines[i]);
        }
        assertEquals(0, run("generate", g.toString(), "--vocab", "cl100k", "-n", "50", "--max-tokens", "10", "--jsonl"));
        List<String> literals = sentences();
        for (int i = 0; i < 50; i++) {
            assertEquals(lines[i], literals.get(i), "--jsonl has the same sentences");
        }
    }

    @Test
    void jsonlReplacesInvalidUtf8AndSaysSo(@TempDir Path dir) throws Exception {
        Path tiny = TinyVocabulary.write(dir);
        Path g = dir.resolve("e.kbnf");
        Files.writeString(g, "start ::= \"\u00e9\u00e9\";\n");
        // One single-byte token: half of the first character.
        assertEquals(1, run("generate", g.toString(), "--vocab", tiny.toString(), "--eos", "0", "--max-tokens", "1",
                "--jsonl"));
        assertEquals("\"\uFFFD\"\n", output());
        assertTrue(err.toString().contains("sentence 1 cut at 1 tokens: no complete sentence within the budget "
                + "(3 more bytes needed)"), err.toString());
        assertTrue(err.toString().contains("sentence 1 is not valid UTF-8"), err.toString());
        assertEquals(0, run("generate", g.toString(), "--vocab", tiny.toString(), "--eos", "0", "--max-tokens", "4",
                "--jsonl"), err.toString());
        assertEquals("\"\u00e9\u00e9\"\n", output());
    }

    @Test
    void theVocabularyNeedsAnEndOfSequenceId(@TempDir Path dir) throws Exception {
        Path tiny = TinyVocabulary.write(dir);
        assertEquals(2, run("generate", "json", "--vocab", tiny.toString()));
        assertTrue(err.toString().contains("kbnf4j generate: the vocabulary has no end-of-sequence id; pass --eos"),
                err.toString());
        assertEquals(0, run("generate", "json:0", "--vocab", tiny.toString(), "--eos", "0", "-n", "3", "--max-tokens",
                "20", "--jsonl"), err.toString());
        assertJson(sentences(), jsonMatcher());
        assertEquals(2, run("generate", "json", "--vocab", tiny.toString(), "--eos", "256"));
        assertTrue(err.toString().contains("--eos: EOS id 256 is out of range"), err.toString());
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, run("generate", "json"));
        assertEquals(2, run("generate", "json", "--vocab", "cl100k", "--max-tokens", "0"));
        assertTrue(err.toString().contains("--max-tokens must be at least 1"), err.toString());
        assertEquals(2, run("generate", "json", "--vocab", "cl100k", "-n", "-1"));
        assertEquals(2, run("generate", "json", "--vocab", "cl100k", "--eos", "x"));
        assertEquals("", output());
    }

    @Test
    void zeroSentencesPrintNothing() {
        assertEquals(0, run("generate", "json", "--vocab", "cl100k", "-n", "0"));
        assertEquals("", output());
    }

    /** A recognizer limit exits 2 and names the option that raises it. */
    @Test
    void recognizerLimitsAreOptions() {
        assertEquals(Main.EXIT_GRAMMAR_ERROR, run("generate", "json", "--vocab", "cl100k", "--max-items-per-set", "3"));
        assertTrue(err.toString().contains("--max-items-per-set"), err.toString());
    }
}
