package example.consumer;

import io.github.kbnf4j.decode.ChatMessage;
import io.github.kbnf4j.decode.ConstrainedDecoder;
import io.github.kbnf4j.decode.Generation;
import io.github.kbnf4j.decode.GenerationOptions;
import io.github.kbnf4j.decode.LanguageModel;
import io.github.kbnf4j.decode.LogitsSession;
import io.github.kbnf4j.decode.SamplingOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.jsonschema.JsonSchemaGrammar;
import io.github.kbnf4j.jsonschema.JsonSchemaOptions;
import io.github.kbnf4j.jsonschema.TypedGrammar;
import io.github.kbnf4j.runtime.Constraint;
import io.github.kbnf4j.runtime.Matcher;
import io.github.kbnf4j.runtime.Vocabulary;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Compiles a KBNF grammar with a regex terminal (so the automaton library inside the grammar
 * module runs) and a JSON Schema, joins each with the cl100k vocabulary shipped in the runtime
 * module, and checks masks; reads a typed answer into a record of this module. Prints facts for the test to compare; exits 1 on any surprise.
 */
public final class Main {
    /** The type of a typed answer. */
    public record Answer(String word, int count, Optional<String> note) {
    }

    public static void main(String[] args) throws Exception {
        Vocabulary cl100k = Vocabulary.jtokkit("cl100k");

        CompiledGrammar answer = Grammar.compile("answer.kbnf",
                "start ::= \"answer: \" #\"[a-z]+\" \"!\" ;", GrammarOptions.DEFAULT);
        Matcher m = Constraint.of(answer, cl100k).newMatcher();
        check(m.isAllowed(id(cl100k, "answer")), "'answer' allowed at the start");
        check(!m.isAllowed(id(cl100k, "!")), "'!' refused at the start");
        System.out.println("kbnf allowed at start: " + count(m.mask()));
        check(m.acceptBytes("answer: yes".getBytes(StandardCharsets.UTF_8)), "'answer: yes' accepted");
        check(m.isAllowed(id(cl100k, "!")), "'!' allowed after a word");
        check(!m.isAllowed(cl100k.eosIds()[0]), "EOS refused before '!'");
        check(m.acceptToken(id(cl100k, "!")), "'!' accepted");
        check(m.isAccepting(), "accepting after '!'");

        CompiledGrammar bool = JsonSchemaGrammar.compile("{\"type\": \"boolean\"}", JsonSchemaOptions.DEFAULT);
        Matcher j = Constraint.of(bool, cl100k).newMatcher();
        check(j.isAllowed(id(cl100k, "true")), "'true' allowed by the schema");
        check(!j.isAllowed(id(cl100k, "\"")), "'\"' refused by the schema");
        System.out.println("schema allowed at start: " + count(j.mask()));

        TypedGrammar<Answer> typed = TypedGrammar.of(Answer.class, JsonSchemaOptions.DEFAULT.withMaxWhitespace(0));
        Matcher t = Constraint.of(typed.grammar(), cl100k).newMatcher();
        check(t.acceptBytes("{\"word\":\"yes\",\"count\":2}".getBytes(StandardCharsets.UTF_8)), "typed answer accepted");
        check(t.isAccepting(), "typed answer complete");
        Answer a = typed.parse("{\"word\":\"yes\",\"count\":2}");
        check(a.equals(new Answer("yes", 2, Optional.empty())), "typed answer read back: " + a);
        System.out.println("typed: " + a);

        // the decode loop, over a model of this module that gives every token the same logit
        CompiledGrammar shortAnswer = Grammar.compile("short.kbnf",
                "start ::= \"answer: \" #\"[a-z]{1,3}\" \"!\" ;", GrammarOptions.DEFAULT);
        Generation g = new ConstrainedDecoder(new FlatModel(cl100k)).generate(new int[] {0}, shortAnswer,
                new GenerationOptions(40, new SamplingOptions(1.0, 1.0, 0, 7L), true));
        check(g.text().matches("answer: [a-z]{1,3}!"), "generated text follows the grammar: " + g.text());
        System.out.println("generated: " + g.stopReason());

        Module grammarModule = CompiledGrammar.class.getModule();
        System.out.println("modules: " + Constraint.class.getModule().getName() + ", " + grammarModule.getName()
                + ", " + Main.class.getModule().getName());
        System.out.println("internal packages exported: "
                + grammarModule.isExported("io.github.kbnf4j.grammar.internal.brics") + ", "
                + Constraint.class.getModule().isExported("io.github.kbnf4j.runtime.internal"));
        System.out.println("OK");
    }

    /** A language model whose logits are all zero: the decode loop's choice is the grammar's alone. */
    private static final class FlatModel implements LanguageModel {
        private final Vocabulary vocabulary;

        FlatModel(Vocabulary vocabulary) {
            this.vocabulary = vocabulary;
        }

        @Override
        public Vocabulary vocabulary() {
            return vocabulary;
        }

        @Override
        public int logitsSize() {
            return vocabulary.size();
        }

        @Override
        public int[] encode(String text) {
            return new int[] {0};
        }

        @Override
        public int[] encodeConversation(List<ChatMessage> conversation) {
            return new int[] {0};
        }

        @Override
        public LogitsSession newSession() {
            return new LogitsSession() {
                private int length;

                @Override
                public void append(int[] tokens, int from, int to, float[] logits) {
                    length += to - from;
                    Arrays.fill(logits, 0f);
                }

                @Override
                public int length() {
                    return length;
                }

                @Override
                public void close() {
                }
            };
        }
    }

    /** The id of the token whose bytes are exactly {@code text}. */
    private static int id(Vocabulary v, String text) {
        byte[] wanted = text.getBytes(StandardCharsets.UTF_8);
        for (int id = 0; id < v.size(); id++) {
            if (v.hasBytes(id) && !v.isSpecial(id) && Arrays.equals(v.tokenBytes(id), wanted)) {
                return id;
            }
        }
        throw new IllegalStateException("no token '" + text + "' in " + v.name());
    }

    private static int count(long[] mask) {
        int n = 0;
        for (long w : mask) {
            n += Long.bitCount(w);
        }
        return n;
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            System.out.println("FAILED: " + what);
            System.exit(1);
        }
    }
}
