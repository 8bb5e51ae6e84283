package io.github.kbnf4j.jqwik;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.earley.Recognizer;
import io.github.kbnf4j.earley.RecognizerOptions;
import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.internal.sentences.SentenceGenerator;
import io.github.kbnf4j.jqwik.TestGrammars.Named;
import io.github.kbnf4j.testdata.RandomGrammars;
import io.github.kbnf4j.testdata.ReferenceRecognizer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Shrinkable;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.statistics.Statistics;

/**
 * The grammar arbitraries against kbnf4j's slow reference recognizer (an independent judge): every
 * sentence is accepted, every non-sentence rejected, every near miss's verdict and offset right, on
 * the example grammars, llama.cpp's grammars (when the shared folder is there) and random grammars;
 * edge cases, bounds, refusals, and shrinking to the shortest sentence that still fails.
 */
class GrammarArbitrariesProperties {
    /** Inputs for the reference on llama.cpp's grammars stay short: some are highly ambiguous. */
    private static final int LLAMA_MAX_LENGTH = 64;

    private static boolean earleyAccepts(CompiledGrammar g, byte[] input) {
        // no work budget: random and llama.cpp grammars include highly ambiguous ones
        Recognizer r = new Recognizer(g, RecognizerOptions.DEFAULT.withMaxWorkPerByte(Long.MAX_VALUE));
        return r.pushAll(input) && r.isAccepting();
    }

    private static String show(byte[] b) {
        return Texts.show(b);
    }

    // ---- sentences

    @Provide
    Arbitrary<Tuple2<Named, byte[]>> exampleSentences() {
        return Arbitraries.of(TestGrammars.examples())
                .flatMap(n -> GrammarArbitraries.sentences(n.grammar()).map(s -> Tuple.of(n,
                        s.getBytes(StandardCharsets.UTF_8))));
    }

    @Property(tries = 300)
    void sentencesOfExamplesAreAccepted(@ForAll("exampleSentences") Tuple2<Named, byte[]> t) {
        CompiledGrammar g = t.get1().grammar();
        byte[] s = t.get2();
        assertTrue(new ReferenceRecognizer(g).accepts(s), () -> t.get1() + ": " + show(s));
        assertTrue(earleyAccepts(g, s), () -> t.get1() + ": " + show(s));
        assertTrue(s.length <= SentenceArbitrary.DEFAULT_MAX_LENGTH, () -> "too long: " + show(s));
    }

    @Provide
    Arbitrary<Tuple2<Named, byte[]>> llamaCppSentences() {
        List<Named> all = TestGrammars.llamaCpp();
        if (all.isEmpty()) {
            return Arbitraries.just(null);
        }
        return Arbitraries.of(all).flatMap(n -> GrammarArbitraries.sentenceBytes(n.grammar())
                .ofMaxLength(LLAMA_MAX_LENGTH).map(s -> Tuple.of(n, s)));
    }

    @Property(tries = 400)
    void sentencesOfLlamaCppGrammarsAreAccepted(@ForAll("llamaCppSentences") Tuple2<Named, byte[]> t) {
        if (t == null) {
            return;
        }
        CompiledGrammar g = t.get1().grammar();
        byte[] s = t.get2();
        assertTrue(earleyAccepts(g, s), () -> t.get1() + ": " + show(s));
        assertTrue(new ReferenceRecognizer(g).accepts(s), () -> t.get1() + ": " + show(s));
    }

    @Provide
    Arbitrary<Tuple2<Named, byte[]>> randomGrammarSentences() {
        return randomGrammars().flatMap(n -> GrammarArbitraries.sentenceBytes(n.grammar()).ofMaxDepth(24)
                .ofMaxLength(32).map(s -> Tuple.of(n, s)));
    }

    @Property(tries = 150)
    void sentencesOfRandomGrammarsAreAccepted(@ForAll("randomGrammarSentences") Tuple2<Named, byte[]> t) {
        CompiledGrammar g = t.get1().grammar();
        byte[] s = t.get2();
        assertTrue(new ReferenceRecognizer(g).accepts(s), () -> t.get1() + ": " + show(s));
        assertTrue(earleyAccepts(g, s), () -> t.get1() + ": " + show(s));
    }

    private static Arbitrary<Named> randomGrammars() {
        return RandomGrammars.grammars().map(text -> {
            try {
                CompiledGrammar g = Grammar.compile("random.kbnf", text);
                return new SentenceGenerator(g).hasSentences() ? Optional.of(new Named(text, g)) : Optional.<Named>empty();
            } catch (GrammarException e) {
                return Optional.<Named>empty();
            }
        }).filter(Optional::isPresent).map(Optional::get);
    }

    // ---- non-sentences and near misses

    @Provide
    Arbitrary<Tuple2<Named, byte[]>> nonSentences() {
        List<Named> all = new ArrayList<>(TestGrammars.examples());
        all.addAll(TestGrammars.llamaCpp());
        return Arbitraries.of(all).flatMap(n -> GrammarArbitraries.nonSentences(GrammarArbitraries
                .sentenceBytes(n.grammar()).ofMaxLength(LLAMA_MAX_LENGTH)).map(s -> Tuple.of(n, s)));
    }

    @Property(tries = 400)
    void nonSentencesAreRejected(@ForAll("nonSentences") Tuple2<Named, byte[]> t) {
        CompiledGrammar g = t.get1().grammar();
        byte[] s = t.get2();
        assertFalse(new ReferenceRecognizer(g).accepts(s), () -> t.get1() + ": " + show(s));
        assertFalse(earleyAccepts(g, s), () -> t.get1() + ": " + show(s));
    }

    @Provide
    Arbitrary<Tuple2<Named, NearMiss>> nearMisses() {
        List<Named> all = new ArrayList<>(TestGrammars.examples());
        all.addAll(TestGrammars.llamaCpp());
        Arbitrary<Named> grammars = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of(all)), Tuple.of(1, randomGrammars()));
        return grammars.flatMap(n -> GrammarArbitraries.nearMisses(GrammarArbitraries.sentenceBytes(n.grammar())
                .ofMaxLength(32).ofMaxDepth(24)).map(m -> Tuple.of(n, m)));
    }

    @Property(tries = 200)
    void nearMissVerdictsAgreeWithTheReference(@ForAll("nearMisses") Tuple2<Named, NearMiss> t) {
        ReferenceRecognizer ref = new ReferenceRecognizer(t.get1().grammar());
        NearMiss m = t.get2();
        byte[] in = m.input();
        boolean accepted = ref.accepts(in);
        int viable = ref.viableLength(in);
        switch (m.verdict()) {
            case SENTENCE -> assertTrue(accepted, () -> t.get1() + ": " + m);
            case INCOMPLETE -> assertTrue(!accepted && viable == in.length, () -> t.get1() + ": " + m);
            case REJECTED -> assertEquals(viable, m.failOffset(), () -> t.get1() + ": " + m);
            default -> throw new AssertionError(m.verdict());
        }
        assertTrue(ref.accepts(m.sentence()), () -> "the source is a sentence: " + m);
        Statistics.label("verdict").collect(m.verdict());
    }

    @Provide
    Arbitrary<Tuple2<Named, byte[]>> examplePrefixes() {
        return Arbitraries.of(TestGrammars.examples())
                .flatMap(n -> GrammarArbitraries.prefixes(n.grammar()).map(s -> Tuple.of(n, s)));
    }

    @Property(tries = 200)
    void prefixesAreViable(@ForAll("examplePrefixes") Tuple2<Named, byte[]> t) {
        assertTrue(new ReferenceRecognizer(t.get1().grammar()).isViablePrefix(t.get2()), () -> t.get1() + ": "
                + show(t.get2()));
    }

    // ---- edge cases, bounds, refusals

    private static <T> List<T> edgeValues(Arbitrary<T> a) {
        List<T> out = new ArrayList<>();
        for (Shrinkable<T> s : a.edgeCases()) {
            out.add(s.value());
        }
        return out;
    }

    @Example
    void edgeCasesHoldTheShortestSentenceAndOnePerStartAlternative() {
        CompiledGrammar g = Grammar.compile("t.kbnf", "start ::= \"xyz\" | \"a\" b | c ; b ::= \"bb\" | \"b\"; c ::= \"c\" c | \"cc\";");
        List<String> edges = edgeValues(GrammarArbitraries.sentences(g));
        assertTrue(edges.contains("ab"), edges::toString); // the shortest sentence
        assertTrue(edges.contains("xyz"), edges::toString);
        assertTrue(edges.contains("cc"), edges::toString);
        for (String e : edges) {
            assertTrue(earleyAccepts(g, e.getBytes(StandardCharsets.UTF_8)), e);
        }
        List<String> json = edgeValues(GrammarArbitraries.sentences(Grammar.JSON));
        assertTrue(json.contains("0"), json::toString);
        assertTrue(json.contains("[]") && json.contains("{}") && json.contains("\"\"") && json.contains("true")
                && json.contains("null") && json.contains("false"), json::toString);
    }

    @Example
    void theEmptySentenceIsAnEdgeCaseWhenAccepted() {
        List<String> edges = edgeValues(GrammarArbitraries.sentences("start ::= [\"a\"] ;"));
        assertTrue(edges.contains(""), edges::toString);
    }

    @Example
    void theLengthAndDepthBoundsAreKept() {
        for (String s : GrammarArbitraries.sentences(Grammar.JSON).ofMaxLength(40).sampleStream().limit(300).toList()) {
            assertTrue(s.getBytes(StandardCharsets.UTF_8).length <= 40, s);
        }
        CompiledGrammar nested = Grammar.compile("t.kbnf", "start ::= \"(\" start \")\" | \"x\";");
        List<String> deep = GrammarArbitraries.sentences(nested).ofMaxDepth(5).ofMaxLength(1000)
                .sampleStream().limit(300).toList();
        assertTrue(deep.stream().allMatch(s -> s.length() <= 9), deep::toString);
        assertTrue(deep.contains("((((x))))"), "the depth bound is reached");
    }

    @Example
    void theStringAndByteFormsAgree() {
        CompiledGrammar g = Grammar.compile("t.kbnf", "start ::= #\"[a-zé日😀]{1,6}\";");
        List<String> strings = GrammarArbitraries.sentences(g).sampleStream().limit(100).toList();
        List<byte[]> bytes = GrammarArbitraries.sentenceBytes(g).sampleStream().limit(300).toList();
        assertTrue(strings.stream().anyMatch(x -> x.contains("😀")), strings::toString);
        assertTrue(bytes.stream().anyMatch(b -> b.length > 4 && (b[0] & 0xFF) > 0x7F));
        for (String x : strings) {
            assertTrue(earleyAccepts(g, x.getBytes(StandardCharsets.UTF_8)), x);
        }
        assertTrue(io.github.kbnf4j.jqwik.internal.Utf8.isValid("é".getBytes(StandardCharsets.UTF_8)));
        assertFalse(io.github.kbnf4j.jqwik.internal.Utf8.isValid(new byte[] {(byte) 0xC3}));
        assertFalse(io.github.kbnf4j.jqwik.internal.Utf8.isValid(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}));
    }

    @Example
    void badArgumentsAreRefusedClearly() {
        IllegalArgumentException endless = assertThrows(IllegalArgumentException.class,
                () -> GrammarArbitraries.sentences("start ::= \"a\" start;"));
        assertTrue(endless.getMessage().contains("no finite sentence"), endless.getMessage());
        assertThrows(IllegalArgumentException.class, () -> GrammarArbitraries.sentences(Grammar.JSON).ofMaxDepth(0));
        assertThrows(IllegalArgumentException.class, () -> GrammarArbitraries.sentences(Grammar.JSON).ofMaxLength(-1));
        GrammarException bad = assertThrows(GrammarException.class, () -> GrammarArbitraries.sentences("start ::= valeu;"));
        assertTrue(bad.getMessage().contains("valeu"), bad.getMessage());
        GrammarCoverage other = GrammarCoverage.of(GrammarArbitraries.grammar("start ::= \"a\";"));
        assertThrows(IllegalArgumentException.class, () -> GrammarArbitraries.sentences(Grammar.JSON).withCoverage(other));
    }

    @Example
    void nearMissLabelsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new NearMiss(new byte[] {1}, new byte[0],
                NearMiss.Verdict.REJECTED, 1));
        assertThrows(IllegalArgumentException.class, () -> new NearMiss(new byte[] {1}, new byte[0],
                NearMiss.Verdict.SENTENCE, 0));
        NearMiss m = new NearMiss(new byte[] {'a'}, new byte[] {'b'}, NearMiss.Verdict.INCOMPLETE, 1);
        assertEquals(m, new NearMiss(new byte[] {'a'}, new byte[] {'b'}, NearMiss.Verdict.INCOMPLETE, 1));
        assertEquals("INCOMPLETE: \"a\" (from \"b\")", m.toString());
    }

    // ---- shrinking

    /**
     * The length of the shortest sentence whose derivation uses a production of rule
     * {@code target}: min length of the start through the target (a fixpoint over the productions).
     */
    static long shortestThrough(CompiledGrammar g, String target) {
        SentenceGenerator gen = new SentenceGenerator(g);
        int nts = g.nonterminalCount();
        long inf = Long.MAX_VALUE / 4;
        long[] via = new long[nts];
        java.util.Arrays.fill(via, inf);
        for (int n = 0; n < nts; n++) {
            String name = g.nonterminalName(n); // rules the compiler splits are named target#1, target#2, ...
            if ((name.equals(target) || name.startsWith(target + "#")) && !gen.isEndless(n)) {
                via[n] = gen.minLength(n);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int p = 0; p < g.productionCount(); p++) {
                long base = gen.productionMinLength(p);
                if (gen.productionMinHeight(p) == SentenceGenerator.ENDLESS) {
                    continue;
                }
                for (int d = g.dottedRule(p, 0); g.symbolAfterDot(d) != CompiledGrammar.END; d++) {
                    int sym = g.symbolAfterDot(d);
                    if (sym >= 0 && via[sym] < inf) {
                        long len = base - gen.minLength(sym) + via[sym];
                        int lhs = g.productionLhs(p);
                        if (len < via[lhs]) {
                            via[lhs] = len;
                            changed = true;
                        }
                    }
                }
            }
        }
        return via[g.startNonterminal()];
    }

    /** Greedy shrinking with jqwik's own shrink candidates, as its shrinker does, to a local minimum. */
    private static <T> T shrink(Arbitrary<T> arbitrary, Predicate<T> failing, long seed) {
        Shrinkable<T> current = arbitrary.generator(1000).stream(new Random(seed))
                .filter(s -> failing.test(s.value())).limit(1).findFirst().orElseThrow();
        for (int step = 0; step < 10_000; step++) {
            Shrinkable<T> from = current;
            Shrinkable<T> smaller = from.shrink().filter(s -> failing.test(s.value()))
                    .filter(s -> s.compareTo(from) < 0).findFirst().orElse(null);
            if (smaller == null) {
                break;
            }
            current = smaller;
        }
        return current.value();
    }

    @Example
    void aFailureShrinksToNoMoreThanTheShortestSentenceContainingTheRule() {
        record Case(String grammar, String rule, String marker) {
        }
        // The marker is a byte only sentences through the rule have (or, for member's ':', that a
        // string can hold too, which only makes the shortest failing sentence shorter).
        String shallowIsNotShort = "start ::= \"(\" \"zzzzzzzzzzzz\" \")\" | \"<\" deep \">\" ;"
                + " deep ::= deeper \"w\" ; deeper ::= \"y\" | \"x\" deeper ;";
        List<Case> cases = List.of(new Case(Grammar.JSON, "array", "["), new Case(Grammar.JSON, "object", "{"),
                new Case(Grammar.JSON, "member", ":"), new Case(shallowIsNotShort, "deep", "<"));
        for (Case c : cases) {
            CompiledGrammar g = GrammarArbitraries.grammar(c.grammar());
            long bound = shortestThrough(g, c.rule());
            assertTrue(bound < Long.MAX_VALUE / 4, () -> "no rule " + c.rule());
            for (long seed = 1; seed <= 3; seed++) {
                String shrunk = shrink(GrammarArbitraries.sentences(g), s -> s.contains(c.marker()) && s.length() > 0, seed);
                assertTrue(shrunk.getBytes(StandardCharsets.UTF_8).length <= bound,
                        () -> c.rule() + ": shrunk to \"" + shrunk + "\", longer than " + bound);
            }
        }
    }
}
