package io.github.kbnf4j.cli;

import io.github.kbnf4j.earley.RecognizerLimitException;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Matcher;
import io.github.kbnf4j.runtime.Vocabulary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code kbnf4j mask GRAMMAR --vocab V [--prefix TEXT | --prefix-file FILE]}: the tokens allowed
 * after the prefix bytes, as one JSON object on one line:
 * <pre>{"viable": true, "accepting": false, "count": 1234, "ids": [..sorted ids..]}</pre>
 * {@code ids} are the allowed ids in increasing order, the end-of-sequence ids included when the
 * prefix is a complete sentence ({@code accepting}); {@code count} is their number. With
 * {@code --show-text}, {@code "texts"} follows: each id's text as {@link TokenText} writes it, null
 * for an id without text (end-of-sequence). Exit 0; exit 1 with {@code "viable": false}, count 0
 * and no ids when the prefix is already dead (stderr names the byte offset); exit 2 for a
 * grammar, vocabulary or usage error.
 */
@Command(name = "mask", mixinStandardHelpOptions = true,
        description = {"Print the tokens allowed after a prefix, as one JSON object on one line:",
            "{\"viable\": true, \"accepting\": false, \"count\": 1234, \"ids\": [...]}",
            "ids are sorted; the end-of-sequence ids are included when the prefix is a complete sentence."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the prefix is viable",
            "1:the prefix is dead (\"viable\": false; stderr gives the byte offset)",
            "2:grammar, vocabulary or usage error"})
final class MaskCommand extends Subcommand {
    @Mixin
    GrammarArguments grammar;

    @Mixin
    VocabularyArguments vocabulary;

    @Mixin
    RecognizerArguments limits;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Prefix prefix;

    @Option(names = "--show-text",
            description = "Also print each allowed token's text, as \"texts\" in the order of \"ids\": printable "
                    + "characters as they are, a backslash doubled, every other byte as \\xHH; null for an id "
                    + "without text (end-of-sequence).")
    boolean showText;

    /** The two ways to give the prefix (not both). */
    static final class Prefix {
        @Option(names = "--prefix", paramLabel = "TEXT", description = "The prefix: the UTF-8 bytes of TEXT.")
        String text;

        @Option(names = "--prefix-file", paramLabel = "FILE", description = "The prefix: the raw bytes of FILE.")
        Path file;
    }

    @Override
    protected int run(PrintWriter out, PrintWriter err) {
        byte[] bytes = new byte[0];
        if (prefix != null && prefix.text != null) {
            bytes = prefix.text.getBytes(StandardCharsets.UTF_8);
        } else if (prefix != null && prefix.file != null) {
            try {
                bytes = Files.readAllBytes(prefix.file);
            } catch (NoSuchFileException e) {
                err.println("kbnf4j mask: cannot read prefix file " + prefix.file + ": no such file");
                return Main.EXIT_GRAMMAR_ERROR;
            } catch (IOException e) {
                err.println("kbnf4j mask: cannot read prefix file " + prefix.file + ": " + e.getMessage());
                return Main.EXIT_GRAMMAR_ERROR;
            }
        }
        Constraint constraint = ConstraintLoader.loadReporting(grammar, limits, vocabulary, err, "mask", false);
        if (constraint == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        try {
            Matcher m = constraint.newMatcher();
            if (!m.acceptBytes(bytes)) {
                err.println("kbnf4j mask: the prefix is dead at byte offset " + deadOffset(m, bytes)
                        + " (the bytes before it are a viable prefix)");
                out.println("{\"viable\": false, \"accepting\": false, \"count\": 0, \"ids\": []"
                        + (showText ? ", \"texts\": []}" : "}"));
                return Main.EXIT_REJECTED;
            }
            long[] mask = m.mask();
            out.println(json(true, m.isAccepting(), mask, showText ? constraint.vocabulary() : null));
            return 0;
        } catch (RecognizerLimitException e) {
            err.println("kbnf4j mask: recognizer limit: " + RecognizerArguments.describe(e));
            return Main.EXIT_GRAMMAR_ERROR;
        }
    }

    /** The offset of the first byte that {@code m} (in its initial state) refuses. */
    private static int deadOffset(Matcher m, byte[] bytes) {
        byte[] one = new byte[1];
        for (int i = 0; i < bytes.length; i++) {
            one[0] = bytes[i];
            if (!m.acceptBytes(one)) {
                return i;
            }
        }
        throw new AssertionError("the whole prefix was accepted byte by byte");
    }

    /**
     * The output object: {@code {"viable": .., "accepting": .., "count": .., "ids": [..]}}, and
     * {@code "texts": [..]} after the ids when {@code textsOf} is not null.
     */
    static String json(boolean viable, boolean accepting, long[] mask, Vocabulary textsOf) {
        int count = 0;
        for (long w : mask) {
            count += Long.bitCount(w);
        }
        StringBuilder sb = new StringBuilder(64 + (textsOf == null ? 8 : 24) * count);
        sb.append("{\"viable\": ").append(viable)
                .append(", \"accepting\": ").append(accepting)
                .append(", \"count\": ").append(count)
                .append(", \"ids\": [");
        String sep = "";
        for (int w = 0; w < mask.length; w++) {
            for (long x = mask[w]; x != 0; x &= x - 1) {
                sb.append(sep).append(64 * w + Long.numberOfTrailingZeros(x));
                sep = ", ";
            }
        }
        sb.append(']');
        if (textsOf != null) {
            sb.append(", \"texts\": [");
            sep = "";
            for (int w = 0; w < mask.length; w++) {
                for (long x = mask[w]; x != 0; x &= x - 1) {
                    int id = 64 * w + Long.numberOfTrailingZeros(x);
                    sb.append(sep).append(textsOf.hasBytes(id)
                            ? GenerateCommand.quote(TokenText.of(textsOf.tokenBytes(id))) : "null");
                    sep = ", ";
                }
            }
            sb.append(']');
        }
        return sb.append('}').toString();
    }
}
