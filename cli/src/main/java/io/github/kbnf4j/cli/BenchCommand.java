package io.github.kbnf4j.cli;

import io.github.kbnf4j.earley.RecognizerLimitException;
import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.runtime.Vocabulary;
import io.github.kbnf4j.runtime.internal.TokenTries;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code kbnf4j bench GRAMMAR --vocab V --corpus FILE.jsonl}: the replay benchmark of the
 * README's "Replay benchmark" ({@link ReplayBenchmark}), printing one JSON object on one line of stdout.
 *
 * <p>Exit 0 when the replay ran, whatever it found (violations, documents not accepting at the
 * end and oracle mismatches are counts in the JSON, and the first few are described on stderr);
 * exit 2 for a grammar, vocabulary, corpus or usage error, with a message on stderr (a corpus
 * line that cannot be replayed is named as {@code FILE:LINE}).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Replay benchmark: replay the token ids of a corpus (JSON Lines, one document per line: "
                + "{\"text\": ..., \"token_ids\": [...]}) through the grammar's token masks and print one JSON object: "
                + "counts, preparation times, and per-step latencies of a cold first pass and warm later passes.",
            "",
            "Each step is timed as fill mask + accept token; a token missing from the mask is a violation and "
                + "ends its document. Without token_ids the text is tokenized, for the jtokkit vocabularies only."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the replay ran (what it found is in the JSON)",
            "2:grammar, vocabulary, corpus or usage error"})
final class BenchCommand extends Subcommand {
    @Mixin
    GrammarArguments grammar;

    @Mixin
    VocabularyArguments vocabulary;

    @Option(names = "--corpus", required = true, paramLabel = "FILE|DIR",
            description = "A JSON Lines corpus, or a directory whose *.jsonl files are read in name order; "
                    + "may be given several times.")
    List<String> corpus;

    @Option(names = "--passes", paramLabel = "N",
            description = "Passes over the corpus: the first cold (a fresh constraint), the others warm "
                    + "(default: ${DEFAULT-VALUE}).")
    int passes = 2;

    @Option(names = "--jit-warmup", paramLabel = "SECONDS",
            description = "Before the cold pass, warm the JVM's JIT for about this long on random sentences of the "
                    + "grammar (not the corpus), each round on a throwaway constraint; the cold pass still runs on "
                    + "a fresh constraint with empty caches (default: ${DEFAULT-VALUE}, a cold JVM).")
    double jitWarmup = 0;

    @Mixin
    ReplayArguments replay;

    @Option(names = "--limit-documents", paramLabel = "N",
            description = "Replay only the first N documents (default: all).")
    int limitDocuments;

    @Mixin
    RecognizerArguments limits;

    @Option(names = "--progress", description = "Print progress lines on stderr.")
    boolean progress;

    @Override
    protected int run(PrintWriter out, PrintWriter err) {
        ReplayBenchmark.resetPeakHeap();
        RecognizerOptions recognizer = limits.optionsReporting(err, "bench");
        if (recognizer == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        ReplayBenchmark.Options options;
        try {
            if (replay.maskCacheMb > (Long.MAX_VALUE >> 20)) {
                throw new IllegalArgumentException("--mask-cache-mb is too large: " + replay.maskCacheMb);
            }
            options = new ReplayBenchmark.Options(passes, jitWarmup, replay.oracleRate, replay.oracleSeed,
                    replay.maskCacheMb << 20,
                    recognizer, progress ? err : null, err);
        } catch (IllegalArgumentException e) {
            err.println("kbnf4j bench: " + e.getMessage());
            return Main.EXIT_GRAMMAR_ERROR;
        }
        if (limitDocuments < 0) {
            err.println("kbnf4j bench: --limit-documents must not be negative, was " + limitDocuments);
            return Main.EXIT_GRAMMAR_ERROR;
        }
        List<Path> files;
        try {
            List<Path> args = new ArrayList<>();
            for (String c : corpus) {
                args.add(Path.of(c));
            }
            files = ReplayBenchmark.Corpus.files(args);
        } catch (InvalidPathException e) {
            err.println("kbnf4j bench: --corpus: not a path: " + e.getMessage());
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (IOException e) {
            err.println("kbnf4j bench: cannot read corpus " + ioMessage(e));
            return Main.EXIT_GRAMMAR_ERROR;
        }

        long t0 = System.nanoTime();
        CompiledGrammar g = grammar.compileReporting(err, "bench", true);
        if (g == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        double compileMs = (System.nanoTime() - t0) / 1e6;

        t0 = System.nanoTime();
        Vocabulary v = vocabulary.loadReporting(err, "bench", false);
        if (v == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        // Preparing the vocabulary is part of its cost: the token trie, built once per vocabulary
        // (Constraint.of would build it on first use; building it here keeps constraint_ms per grammar).
        TokenTries.of(v);
        double vocabMs = (System.nanoTime() - t0) / 1e6;

        t0 = System.nanoTime();
        ReplayBenchmark.Corpus c;
        try {
            c = ReplayBenchmark.Corpus.read(files, v, vocabulary.encoder(v), limitDocuments);
        } catch (ReplayBenchmark.CorpusException e) {
            err.println("kbnf4j bench: " + e.getMessage());
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (IOException e) {
            err.println("kbnf4j bench: cannot read corpus " + ioMessage(e));
            return Main.EXIT_GRAMMAR_ERROR;
        }
        double corpusMs = (System.nanoTime() - t0) / 1e6;

        ReplayBenchmark.Result r;
        try {
            r = ReplayBenchmark.run(grammar.grammar, g, v, c,
                    new ReplayBenchmark.Preparation(compileMs, vocabMs, corpusMs), options);
        } catch (IllegalArgumentException e) {
            err.println("kbnf4j bench: " + e.getMessage());
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (RecognizerLimitException e) {
            // hit while building the constraint; limits hit while replaying are counted as limit_errors
            err.println("kbnf4j bench: recognizer limit: " + RecognizerArguments.describe(e));
            return Main.EXIT_GRAMMAR_ERROR;
        }
        out.println(r.toJson());
        return 0;
    }

    private static String ioMessage(IOException e) {
        if (e instanceof NoSuchFileException) {
            return e.getMessage() == null || e.getMessage().equals(((NoSuchFileException) e).getFile())
                    ? ((NoSuchFileException) e).getFile() + ": no such file" : e.getMessage();
        }
        if (e instanceof AccessDeniedException) {
            return ((AccessDeniedException) e).getFile() + ": permission denied";
        }
        return e.getMessage();
    }
}
