package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.fail;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The compiled language equals the language of the syntax tree: for random grammars, every
 * string up to a small length over the grammar's alphabet is accepted by
 * {@link ReferenceRecognizer} on {@link Grammar#compile} exactly when {@link AstReferenceMatcher}
 * says it is a sentence. This checks validation, every HIR pass, the regex automata and the
 * packing at once. Viability is checked in the one direction that cannot false-alarm: a prefix
 * of an accepted string must be viable.
 */
class CompiledLanguageProperties {
    /** Enumerate at most about this many strings per grammar. */
    private static final int STRING_BUDGET = 1400;
    private static final int MAX_ALPHABET = 5;
    private static final int MAX_LENGTH = 5;

    @Provide
    Arbitrary<String> grammars() {
        return RandomGrammars.grammars();
    }

    @Property(tries = 200)
    void compiledLanguageEqualsAstLanguage(@ForAll("grammars") String text) {
        check(text, GrammarOptions.DEFAULT, 60.0);
    }

    /**
     * The same with automata of at most 5 states and repetition bounds of at most 2: counted
     * repetitions of terminals with larger bounds are then built in the automaton, whole or in
     * chunks (issue 16), and regular rules are inlined only when tiny, so the passes meet other
     * shapes than under the defaults.
     */
    @Property(tries = 80)
    void compiledLanguageEqualsAstLanguageWithTinyAutomata(@ForAll("grammars") String text) {
        check(text, GrammarOptions.DEFAULT.withMaxDfaStates(5).withMaxRepetition(2), 25.0);
    }

    private static void check(String text, GrammarOptions options, double minCompiling) {
        CompiledGrammar g;
        try {
            g = Grammar.compile("random.kbnf", text, options);
        } catch (GrammarException e) {
            String first = e.errors().get(0).message();
            Statistics.label("rejected because").collect(first.replaceAll("'[^']*'", "'…'"));
            Statistics.label("compiles").collect(false);
            Statistics.label("compiles").coverage(c -> c.check(true).percentage(p -> p >= minCompiling));
            return;
        }
        Statistics.label("compiles").collect(true);
        Statistics.label("compiles").coverage(c -> c.check(true).percentage(p -> p >= minCompiling));
        AstReferenceMatcher oracle = AstReferenceMatcher.parse("random.kbnf", text);
        ReferenceRecognizer recognizer = new ReferenceRecognizer(g);
        byte[] alphabet = RandomGrammars.alphabet(text, MAX_ALPHABET);
        int maxLength = maxLength(alphabet.length);
        List<String> problems = new ArrayList<>();
        boolean someSentence = enumerate(new byte[0], alphabet, maxLength, oracle, recognizer.newState(), problems);
        // Guards against a vacuous property: most compiled grammars must have short sentences.
        Statistics.label("a sentence among the enumerated strings").collect(someSentence);
        Statistics.label("a sentence among the enumerated strings").coverage(c -> c.check(true).percentage(p -> p >= 50.0));
        if (!problems.isEmpty()) {
            fail("grammar:\n" + text + "\ncompiled:\n" + g + "\nalphabet " + HexFormat.ofDelimiter(" ").formatHex(alphabet)
                    + "\n" + String.join("\n", problems.subList(0, Math.min(10, problems.size())))
                    + (problems.size() > 10 ? "\n... " + (problems.size() - 10) + " more" : ""));
        }
    }

    static int maxLength(int alphabetSize) {
        return RandomGrammars.enumerationLength(alphabetSize, STRING_BUDGET, MAX_LENGTH);
    }

    /**
     * Checks {@code prefix} and all its extensions up to {@code maxLength}; returns whether the
     * oracle accepts some string among them ({@code prefix} included).
     */
    private static boolean enumerate(byte[] prefix, byte[] alphabet, int maxLength, AstReferenceMatcher oracle,
            ReferenceRecognizer.State state, List<String> problems) {
        boolean expected = oracle.matches(prefix);
        boolean actual = state.accepting();
        if (expected != actual) {
            problems.add(describe(prefix) + ": AST says " + expected + ", compiled grammar says " + actual);
        }
        boolean someAccepted = expected;
        if (prefix.length < maxLength) {
            for (byte b : alphabet) {
                byte[] longer = java.util.Arrays.copyOf(prefix, prefix.length + 1);
                longer[prefix.length] = b;
                state.push(b);
                someAccepted |= enumerate(longer, alphabet, maxLength, oracle, state, problems);
                state.pop();
            }
        }
        if (someAccepted && !state.viable()) {
            problems.add(describe(prefix) + ": not viable, but an extension of it is a sentence");
        }
        return someAccepted;
    }

    private static String describe(byte[] input) {
        return "input \"" + new String(input, java.nio.charset.StandardCharsets.UTF_8).replace("\n", "\\n") + "\" ["
                + HexFormat.ofDelimiter(" ").formatHex(input) + "]";
    }
}
