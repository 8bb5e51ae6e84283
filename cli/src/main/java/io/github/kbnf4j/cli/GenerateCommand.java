package io.github.kbnf4j.cli;

import io.github.kbnf4j.earley.RecognizerLimitException;
import io.github.kbnf4j.runtime.Constraint;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code kbnf4j generate GRAMMAR --vocab V [-n N] [--seed S] [--max-tokens M] [--jsonl]}: random
 * sentences of the grammar, sampled token by token from the masks (see {@link Generator}: uniform
 * among the allowed tokens, steered toward completion as the budget runs out).
 *
 * <p>Output: one line per sentence, in order, cut ones included: the sentence's raw bytes then a
 * newline, or with {@code --jsonl} the sentence as one JSON string literal then a newline (the
 * bytes decoded as UTF-8; if they are not valid UTF-8, which only a grammar over raw bytes allows,
 * each invalid sequence becomes U+FFFD and stderr says so). A sentence cut by the budget, or
 * stopped because no token continues it, is reported on stderr as
 * {@code kbnf4j generate: sentence K cut at M tokens: no complete sentence within the budget (...)}.
 *
 * <p>Exit 0 when every sentence is complete and printed exactly; 1 when some sentence was cut,
 * stopped, or printed with U+FFFD; 2 for a grammar, vocabulary or usage error. The same seed gives
 * the same sentences (on any Java version); sentence K does not depend on {@code -n}.
 */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = {"Print random sentences of the grammar, sampled token by token: uniformly among the "
                + "allowed tokens, steered toward a complete sentence as --max-tokens runs out.",
            "One line per sentence: its raw bytes, or with --jsonl one JSON string literal. A sentence that "
                + "cannot be completed within the budget is still printed, and reported on stderr."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every sentence complete",
            "1:some sentence cut by --max-tokens (or, with --jsonl, not valid UTF-8); see stderr",
            "2:grammar, vocabulary or usage error"})
final class GenerateCommand extends Subcommand {
    @Mixin
    GrammarArguments grammar;

    @Mixin
    VocabularyArguments vocabulary;

    @Mixin
    RecognizerArguments limits;

    @Option(names = {"-n", "--count"}, paramLabel = "N", description = "The number of sentences (default: ${DEFAULT-VALUE}).")
    int count = 1;

    @Option(names = "--seed", paramLabel = "S",
            description = "The random seed (default: ${DEFAULT-VALUE}); the same seed prints the same sentences.")
    long seed;

    @Option(names = "--max-tokens", paramLabel = "M",
            description = "The most text tokens of one sentence; end-of-sequence is not counted (default: ${DEFAULT-VALUE}).")
    int maxTokens = 64;

    @Option(names = "--jsonl", description = "Print each sentence as one JSON string literal per line.")
    boolean jsonl;

    @ParentCommand
    Main parent;

    @Override
    protected int run(PrintWriter text, PrintWriter err) {
        // Sentences are bytes: they go to the raw standard output below, not to the text writer.
        if (count < 0) {
            err.println("kbnf4j generate: -n must be 0 or more: " + count);
            return Main.EXIT_GRAMMAR_ERROR;
        }
        if (maxTokens < 1) {
            err.println("kbnf4j generate: --max-tokens must be at least 1: " + maxTokens);
            return Main.EXIT_GRAMMAR_ERROR;
        }
        Constraint constraint = ConstraintLoader.loadReporting(grammar, limits, vocabulary, err, "generate", true);
        if (constraint == null) {
            return Main.EXIT_GRAMMAR_ERROR;
        }
        Generator generator = new Generator(constraint, maxTokens);
        SplitMix64 seeds = new SplitMix64(seed);
        OutputStream target = parent == null ? System.out : parent.stdout();
        OutputStream out = new BufferedOutputStream(target, 1 << 16);
        int exit = 0;
        try {
            for (int k = 1; k <= count; k++) {
                Generator.Sentence s = generator.generate(seeds.nextLong());
                if (s.outcome() != Generator.Outcome.COMPLETE) {
                    exit = Main.EXIT_REJECTED;
                    err.println("kbnf4j generate: " + problem(k, s));
                    err.flush();
                }
                if (jsonl) {
                    String literal = jsonString(s.bytes());
                    if (literal == null) {
                        exit = Main.EXIT_REJECTED;
                        err.println("kbnf4j generate: sentence " + k + " is not valid UTF-8; its JSON string has "
                                + "U+FFFD in place of each invalid byte sequence");
                        err.flush();
                        literal = quote(new String(s.bytes(), StandardCharsets.UTF_8));
                    }
                    out.write(literal.getBytes(StandardCharsets.UTF_8));
                } else {
                    out.write(s.bytes());
                }
                out.write('\n');
                out.flush();
                if (target instanceof PrintStream && ((PrintStream) target).checkError()) {
                    break;  // stdout was closed (generate | head): stop quietly, as Unix tools do
                }
            }
        } catch (RecognizerLimitException e) {
            err.println("kbnf4j generate: recognizer limit: " + RecognizerArguments.describe(e));
            return Main.EXIT_GRAMMAR_ERROR;
        } catch (IOException e) {
            err.println("kbnf4j generate: cannot write: " + e.getMessage());
            return Main.EXIT_GRAMMAR_ERROR;
        }
        return exit;
    }

    private String problem(int k, Generator.Sentence s) {
        String why = s.bytesMissing() > 0 ? s.bytesMissing() + " more bytes needed"
                : "no continuation completes it";
        if (s.outcome() == Generator.Outcome.CUT) {
            return "sentence " + k + " cut at " + s.tokens() + " tokens: no complete sentence within the budget ("
                    + why + ")";
        }
        return "sentence " + k + " stopped after " + s.tokens() + " tokens: no token of the vocabulary continues it ("
                + why + ")";
    }

    /** The bytes as a JSON string literal if they are valid UTF-8, else null. */
    static String jsonString(byte[] bytes) {
        CharBuffer chars;
        try {
            chars = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            return null;
        }
        return quote(chars.toString());
    }

    /** {@code s} as a JSON string literal (RFC 8259): quote, backslash and control characters escaped. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                case '\r':
                    sb.append("\\r");
                    break;
                case '\t':
                    sb.append("\\t");
                    break;
                case '\b':
                    sb.append("\\b");
                    break;
                case '\f':
                    sb.append("\\f");
                    break;
                default:
                    if (c < 0x20) {
                        sb.append('\\').append('u').append("00")
                                .append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.append('"').toString();
    }
}
