package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import io.github.kbnf4j.grammar.internal.sentences.SentenceGenerator;
import net.jqwik.api.Shrinkable;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * {@link Sentences} generates sentences (judged by {@link ReferenceRecognizer}, and for short
 * ones of random grammars by {@link AstReferenceMatcher} too), viable prefixes, and near misses
 * of which a healthy share is rejected and some are accepted; it handles endless nonterminals,
 * the empty sentence and deep recursion, keeps its bounds, and shrinks to simple sentences.
 */
class SentencesProperties {
    private static final Map<String, CompiledGrammar> EXAMPLES = new ConcurrentHashMap<>();

    private static CompiledGrammar example(String name) {
        return EXAMPLES.computeIfAbsent(name, ExampleGrammars::compile);
    }

    private static CompiledGrammar compile(String text) {
        return Grammar.compile("t.kbnf", text);
    }

    private static String show(byte[] input) {
        return "\"" + GrammarAndInput.escape(input) + "\" [" + HexFormat.ofDelimiter(" ").formatHex(input) + "]";
    }

    private static List<byte[]> samples(Arbitrary<byte[]> arbitrary, int count) {
        // A fixed seed: plain JUnit examples must not be flaky.
        Random random = new Random(42);
        return arbitrary.generator(1000).stream(random).limit(count).map(Shrinkable::value).toList();
    }

    private static Set<String> texts(List<byte[]> inputs) {
        return inputs.stream().map(b -> new String(b, StandardCharsets.UTF_8)).collect(Collectors.toCollection(TreeSet::new));
    }

    // ---- sentences are sentences

    @Provide
    Arbitrary<GrammarAndInput> exampleSentences() {
        return Arbitraries.of(ExampleGrammars.names()).flatMap(name -> {
            CompiledGrammar g = example(name);
            return Sentences.of(g).map(in -> new GrammarAndInput(name, "", g, in));
        });
    }

    @Property(tries = 250)
    void sentencesOfExamplesAreAccepted(@ForAll("exampleSentences") GrammarAndInput gi) {
        byte[] input = gi.input();
        assertTrue(new ReferenceRecognizer(gi.grammar()).accepts(input), () -> gi.sourceName() + ": " + show(input));
        assertTrue(input.length <= Sentences.DEFAULT_MAX_LENGTH, () -> "longer than the length bound: " + show(input));
        Statistics.label("length").collect(input.length == 0 ? "0" : input.length < 8 ? "1-7"
                : input.length < 64 ? "8-63" : "64-256");
        Statistics.label("length").coverage(c -> c.check("8-63").percentage(p -> p >= 10.0));
    }

    @Provide
    Arbitrary<GrammarAndInput> shortExampleSentences() {
        List<String> names = ExampleGrammars.names().stream()
                .filter(name -> new SentenceGenerator(example(name)).minLength(example(name).startNonterminal()) <= 6)
                .toList();
        return Arbitraries.of(names).flatMap(name -> {
            CompiledGrammar g = example(name);
            return Sentences.of(g, 12, 6).map(in -> new GrammarAndInput(name, ExampleGrammars.text(name), g, in));
        });
    }

    @Property(tries = 30)
    void shortSentencesOfExamplesMatchTheAst(@ForAll("shortExampleSentences") GrammarAndInput gi) {
        Statistics.label("checked").collect(gi.length() <= 6);
        Statistics.label("checked").coverage(c -> c.check(true).percentage(p -> p >= 80.0));
        if (gi.length() <= 6) {
            AstReferenceMatcher ast = AstReferenceMatcher.parse(gi.sourceName(), gi.text());
            assertTrue(ast.matches(gi.input()), () -> gi.sourceName() + ": " + show(gi.input()));
        }
    }

    @Provide
    Arbitrary<GrammarAndInput> randomSentences() {
        return Sentences.grammarsWithSentences();
    }

    @Property(tries = 300)
    void sentencesOfRandomGrammarsAreAccepted(@ForAll("randomSentences") GrammarAndInput gi) {
        assertTrue(new ReferenceRecognizer(gi.grammar()).accepts(gi.input()), gi::toString);
        Statistics.label("empty").collect(gi.length() == 0);
    }

    @Provide
    Arbitrary<GrammarAndInput> shortRandomSentences() {
        return Sentences.grammarsWith(g -> Sentences.of(g, 12, 5));
    }

    @Property(tries = 150)
    void shortSentencesOfRandomGrammarsMatchTheAst(@ForAll("shortRandomSentences") GrammarAndInput gi) {
        Statistics.label("checked").collect(gi.length() <= 7);
        Statistics.label("checked").coverage(c -> c.check(true).percentage(p -> p >= 70.0));
        if (gi.length() <= 7) {
            assertTrue(AstReferenceMatcher.parse(gi.sourceName(), gi.text()).matches(gi.input()), gi::toString);
        }
    }

    @Provide
    Arbitrary<GrammarAndInput> examplePrefixes() {
        return Arbitraries.of(ExampleGrammars.names()).flatMap(name -> {
            CompiledGrammar g = example(name);
            return Sentences.prefixesOf(g).map(in -> new GrammarAndInput(name, "", g, in));
        });
    }

    @Property(tries = 100)
    void prefixesAreViable(@ForAll("examplePrefixes") GrammarAndInput gi) {
        assertTrue(new ReferenceRecognizer(gi.grammar()).isViablePrefix(gi.input()),
                () -> gi.sourceName() + ": " + show(gi.input()));
    }

    @Provide
    Arbitrary<GrammarAndInput> randomPrefixes() {
        return Sentences.grammarsWith(g -> Sentences.prefixesOf(Sentences.of(g, 24, 32)));
    }

    @Property(tries = 100)
    void prefixesOfRandomGrammarsAreViable(@ForAll("randomPrefixes") GrammarAndInput gi) {
        assertTrue(new ReferenceRecognizer(gi.grammar()).isViablePrefix(gi.input()), gi::toString);
    }

    @Property(tries = 60)
    void lengthBoundIsKeptWhenTheGrammarAllowsIt(@ForAll("exampleNames") String name, @ForAll @IntRange(max = 80) int maxLength) {
        CompiledGrammar g = example(name);
        SentenceGenerator generator = new SentenceGenerator(g);
        long shortest = generator.minLength(g.startNonterminal());
        for (byte[] s : samples(Sentences.of(g, Sentences.DEFAULT_MAX_DEPTH, maxLength), 20)) {
            assertTrue(s.length <= Math.max(maxLength, shortest), () -> show(s) + " longer than " + maxLength);
        }
    }

    @Provide
    Arbitrary<String> exampleNames() {
        return Arbitraries.of(ExampleGrammars.names());
    }

    // ---- near misses

    @Provide
    Arbitrary<GrammarAndInput> exampleMutations() {
        return Arbitraries.of(ExampleGrammars.names()).flatMap(name -> {
            CompiledGrammar g = example(name);
            return Sentences.mutationsOf(g).map(in -> new GrammarAndInput(name, "", g, in));
        });
    }

    @Property(tries = 300)
    void mutationsOfExamplesAreMostlyRejected(@ForAll("exampleMutations") GrammarAndInput gi) {
        boolean accepted = new ReferenceRecognizer(gi.grammar()).accepts(gi.input());
        Statistics.label("accepted").collect(accepted);
        Statistics.label("accepted").coverage(c -> {
            c.check(true).percentage(p -> p >= 3.0);
            c.check(false).percentage(p -> p >= 50.0);
        });
    }

    @Provide
    Arbitrary<GrammarAndInput> randomInputs() {
        return Sentences.grammarsWithInputs();
    }

    @Property(tries = 300)
    void inputsOfRandomGrammarsAreSentencesOrNot(@ForAll("randomInputs") GrammarAndInput gi) {
        boolean accepted = new ReferenceRecognizer(gi.grammar()).accepts(gi.input());
        Statistics.label("accepted").collect(accepted);
        Statistics.label("accepted").coverage(c -> {
            c.check(true).percentage(p -> p >= 40.0);
            c.check(false).percentage(p -> p >= 15.0);
        });
    }

    @Example
    void examplesWithInputsCoverEveryExample() {
        Set<String> seen = new TreeSet<>();
        Sentences.examplesWithInputs().generator(1000).stream(new Random(7)).limit(200)
                .forEach(s -> seen.add(s.value().sourceName()));
        assertEquals(ExampleGrammars.names().stream().map(ExampleGrammars::sourceName).collect(Collectors.toCollection(TreeSet::new)), seen);
    }

    @Example
    void mutationsEditTheSentence() {
        CompiledGrammar g = compile("start ::= \"abcdefgh\";");
        List<byte[]> mutations = samples(Sentences.mutationsOf(g), 200);
        long unchanged = mutations.stream().filter(m -> new String(m, StandardCharsets.UTF_8).equals("abcdefgh")).count();
        // Only an insert next to an equal byte or a replace by the same byte leaves it as it was.
        assertTrue(unchanged < 20, () -> unchanged + " of 200 unchanged");
        assertTrue(mutations.stream().anyMatch(m -> m.length > 8), "some insert");
        assertTrue(mutations.stream().anyMatch(m -> m.length < 7), "some delete or truncate");
        assertTrue(mutations.stream().anyMatch(m -> m.length == 8 && !new String(m, StandardCharsets.UTF_8).equals("abcdefgh")),
                "some replace");
    }

    // ---- exact languages: would fail if the generator were broken

    @Example
    void aCountedRepetitionGivesExactlyItsSentence() {
        assertEquals(Set.of("aaab"), texts(samples(Sentences.of(compile("start ::= \"a\"{3} \"b\";")), 100)));
    }

    @Example
    void everyAlternativeAndNothingElse() {
        CompiledGrammar g = compile("start ::= \"x\" | \"y\" \"z\" | \"(\" start \")\";");
        Set<String> seen = texts(samples(Sentences.of(g, 3), 300));
        assertEquals(Set.of("x", "yz", "(x)", "(yz)", "((x))", "((yz))"), seen);
    }

    @Example
    void aRegexTerminalGivesEveryLength() {
        CompiledGrammar g = compile("start ::= #\"[0-9]{1,3}\";");
        Set<String> seen = texts(samples(Sentences.of(g), 300));
        assertTrue(seen.stream().allMatch(s -> s.matches("[0-9]{1,3}")), seen::toString);
        assertEquals(Set.of(1, 2, 3), seen.stream().map(String::length).collect(Collectors.toSet()));
    }

    @Example
    void multiByteCharactersAreWholeAndValid() {
        CompiledGrammar g = compile("start ::= #\"[é日😀a]+\";");
        for (byte[] s : samples(Sentences.of(g), 200)) {
            String text = new String(s, StandardCharsets.UTF_8);
            assertArrayEquals(s, text.getBytes(StandardCharsets.UTF_8), () -> show(s));
            assertTrue(text.matches("[é日😀a]+"), () -> show(s));
        }
    }

    // ---- endless nonterminals, the empty sentence

    @Example
    void endlessNonterminalsAreNeverEntered() {
        CompiledGrammar g = compile("start ::= \"x\" | b; b ::= \"y\" b;");
        assertEquals(Set.of("x"), texts(samples(Sentences.of(g), 50)));
    }

    @Example
    void aGrammarWithoutSentencesIsRefused() {
        CompiledGrammar g = compile("start ::= \"a\" start;");
        assertTrue(!Sentences.hasSentences(g));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sentences.of(g));
        assertTrue(e.getMessage().startsWith("grammar has no finite sentences"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Sentences.mutationsOf(g));
    }

    @Example
    void anEndlessStartThatAcceptsEmptyHasOnlyTheEmptySentence() {
        CompiledGrammar g = compile("start ::= [s]; s ::= \"a\" s;");
        assertTrue(g.acceptsEmpty());
        assertEquals(Set.of(""), texts(samples(Sentences.of(g), 20)));
    }

    @Example
    void theEmptySentenceComesWhenAccepted() {
        Set<String> seen = texts(samples(Sentences.of(compile("start ::= [\"a\"];")), 100));
        assertEquals(Set.of("", "a"), seen);
        Set<String> never = texts(samples(Sentences.of(compile("start ::= \"a\";")), 100));
        assertEquals(Set.of("a"), never);
    }

    @Example
    void aGrammarWithAnAstronomicallyLongShortestSentenceIsRefused() {
        StringBuilder text = new StringBuilder("start ::= a0;\n");
        for (int i = 0; i < 30; i++) {
            text.append("a").append(i).append(" ::= a").append(i + 1).append(" a").append(i + 1).append(";\n");
        }
        text.append("a30 ::= \"x\";\n");
        CompiledGrammar g = compile(text.toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sentences.of(g));
        assertTrue(e.getMessage().contains("shortest sentence"), e.getMessage());
    }

    @Example
    void aLengthBoundOfZeroGivesTheEmptySentenceWhenAccepted() {
        assertEquals(Set.of(""), texts(samples(Sentences.of(compile("start ::= [\"a\"];"), 5, 0), 30)));
        assertEquals(Set.of("a"), texts(samples(Sentences.of(compile("start ::= \"a\";"), 5, 0), 30)));
    }

    @Example
    void badBoundsAreRefused() {
        CompiledGrammar g = compile("start ::= \"a\";");
        assertThrows(IllegalArgumentException.class, () -> Sentences.of(g, 0));
        assertThrows(IllegalArgumentException.class, () -> Sentences.of(g, 5, -1));
    }

    // ---- depth

    @Example
    void deepRecursionUsesNoJavaStack() {
        CompiledGrammar g = compile("start ::= \"(\" start \")\" | \"x\";");
        SentenceGenerator generator = new SentenceGenerator(g);
        // The largest choice everywhere: the deepest mode, and in it the deepest production.
        int depth = 200_000;
        int[] choices = new int[depth + 10];
        java.util.Arrays.fill(choices, SentenceGenerator.CHOICE_RANGE - 1);
        byte[] s = generator.generate(choices, depth, 1_000_000);
        String expected = "(".repeat(depth - 1) + "x" + ")".repeat(depth - 1);
        assertEquals(expected, new String(s, StandardCharsets.US_ASCII));
        // And through the arbitrary, with a large bound: no StackOverflowError, all balanced.
        for (byte[] t : samples(Sentences.of(g, 1_000_000, 100_000), 20)) {
            String text = new String(t, StandardCharsets.US_ASCII);
            int open = text.indexOf('x');
            assertEquals("(".repeat(open) + "x" + ")".repeat(open), text);
        }
    }

    @Example
    void theDepthBoundIsRaisedToTheStartsMinimumHeight() {
        int n = 200;
        StringBuilder text = new StringBuilder("start ::= n0;\n");
        for (int i = 0; i < n; i++) {
            text.append("n").append(i).append(" ::= \"(\" n").append(i + 1).append(" \")\";\n");
        }
        text.append("n").append(n).append(" ::= \"x\";\n");
        CompiledGrammar g = compile(text.toString());
        String expected = "(".repeat(n) + "x" + ")".repeat(n);
        assertEquals(Set.of(expected), texts(samples(Sentences.of(g, 3), 5)));
    }

    @Example
    void theDepthBoundIsKept() {
        CompiledGrammar g = compile("start ::= \"(\" start \")\" | \"x\";");
        for (byte[] s : samples(Sentences.of(g, 5), 200)) {
            assertTrue(s.length <= 9, () -> show(s));
        }
        assertTrue(texts(samples(Sentences.of(g, 5), 200)).contains("((((x))))"), "the bound is reached");
    }

    // ---- shrinking

    @Example
    void shrinkingGivesASimpleSentence() {
        CompiledGrammar g = example(Grammar.JSON);
        Predicate<byte[]> failing = s -> new String(s, StandardCharsets.UTF_8).contains("[");
        Shrinkable<byte[]> current = Sentences.of(g).generator(1000).stream(new Random(3))
                .filter(s -> failing.test(s.value()) && s.value().length > 30).findFirst().orElseThrow();
        for (int step = 0; step < 10_000; step++) {
            Shrinkable<byte[]> from = current;
            Shrinkable<byte[]> smaller = from.shrink().filter(s -> failing.test(s.value()))
                    .filter(s -> s.compareTo(from) < 0).findFirst().orElse(null);
            if (smaller == null) {
                break;
            }
            current = smaller;
        }
        // Greedy shrinking finds a local minimum; jqwik's shrinker does about the same.
        String shrunk = new String(current.value(), StandardCharsets.UTF_8);
        assertTrue(shrunk.length() <= 4, shrunk);
    }

    @Example
    void grammarAndInputCopiesItsInput() {
        byte[] in = {'a'};
        GrammarAndInput gi = new GrammarAndInput("t.kbnf", "start ::= \"a\";", compile("start ::= \"a\";"), in);
        in[0] = 'b';
        assertEquals('a', gi.input()[0]);
        gi.input()[0] = 'c';
        assertEquals('a', gi.input()[0]);
        assertEquals(gi, gi.withInput(new byte[] {'a'}));
        assertTrue(gi.toString().contains("input \"a\" [61]"), gi.toString());
    }
}
