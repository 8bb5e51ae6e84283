package io.github.kbnf4j.cli;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.function.Function;
import picocli.CommandLine.Option;

/** The vocabulary options of the subcommands that work on tokens: {@code --vocab} and {@code --eos}. */
final class VocabularyArguments {
    @Option(names = "--vocab", required = true, paramLabel = "V",
            description = {"The vocabulary: cl100k, o200k, r50k or p50k (shipped, no download), or a path: "
                    + "a Hugging Face tokenizer.json, a folder holding one, or a *.tiktoken file."})
    String vocab;

    @Option(names = "--eos", split = ",", paramLabel = "ID",
            description = "End-of-sequence ids, comma-separated, replacing the vocabulary's own.")
    int[] eos;

    /**
     * Loads the vocabulary and applies {@code --eos}, reporting a problem on {@code err} as
     * {@code kbnf4j COMMAND: message}.
     *
     * @param command the subcommand's name, for messages
     * @param needEos whether a vocabulary without end-of-sequence ids is an error
     * @return the vocabulary, or null after an error was printed (the caller exits with
     *     {@link Main#EXIT_GRAMMAR_ERROR})
     */
    Vocabulary loadReporting(PrintWriter err, String command, boolean needEos) {
        Vocabulary v;
        try {
            v = Vocabulary.load(vocab);
        } catch (IOException | IllegalArgumentException e) {
            err.println("kbnf4j " + command + ": cannot load vocabulary " + vocab + ": " + e.getMessage());
            err.flush();
            return null;
        }
        if (eos != null) {
            try {
                v = v.withEos(eos);
            } catch (IllegalArgumentException e) {
                err.println("kbnf4j " + command + ": --eos: " + e.getMessage());
                err.flush();
                return null;
            }
        }
        if (needEos && v.eosIds().length == 0) {
            err.println("kbnf4j " + command + ": the vocabulary has no end-of-sequence id; pass --eos");
            err.flush();
            return null;
        }
        return v;
    }

    /**
     * jtokkit's encoder (ordinary text, no special tokens) when {@code --vocab} names a vocabulary
     * shipped in jtokkit, else null: the only vocabularies that can tokenize text here.
     */
    Function<String, int[]> encoder(Vocabulary v) {
        try {
            Vocabulary.jtokkit(vocab); // throws for anything but a jtokkit name, the way Vocabulary.load decides
        } catch (IllegalArgumentException e) {
            return null;
        }
        Encoding encoding = Encodings.newLazyEncodingRegistry().getEncoding(v.name()).orElse(null);
        return encoding == null ? null : text -> encoding.encodeOrdinary(text).toArray();
    }
}
