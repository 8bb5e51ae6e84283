package io.github.kbnf4j.earley;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.testdata.AstReferenceMatcher;
import io.github.kbnf4j.testdata.ReferenceRecognizer;
import io.github.kbnf4j.testdata.Sentences;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Grammars made to meet each bound of the regular-rule inlining pass (a part over the automaton
 * limit, twin rules under a tight state budget, a large rule shared by several users, a lattice of
 * rules like the states of an object whose properties come in any order): whatever the pass
 * inlines and whatever it leaves a rule, the compiled grammar accepts what the grammar's text
 * means. Inputs are sentences (generated from the grammar compiled without inlining) and
 * sentences with one byte changed, inserted or deleted; the oracle reads the syntax tree
 * ({@link AstReferenceMatcher}); both the reference recognizer and the real one are checked.
 */
class InlineRegularRulesBoundsProperties {
    /** {@code big} uses a regex whose automaton alone is over the limit: it stays a rule. */
    static final String PART_OVER_LIMIT =
            "start ::= big \".\" | \"(\" start \")\"; big ::= \"q\" #\"[ab]*a[ab]{12}\" (\"!\" | \"?\");";

    /** {@code a} and {@code b} are twins; with maxDfaStates 8 only one fits unless they share. */
    static final String TWINS = "start ::= a \".\" | b \"!\" | \"(\" start \")\"; a ::= \"x\" d; b ::= \"x\" d;"
            + " d ::= #\"[0-9]{3}\";";

    /** {@code s} is large and used by {@code p} and {@code q}: they stay rules, {@code s} is inlined once. */
    static final String SHARED = "start ::= p \".\" | q \",\" | \"(\" start \")\"; p ::= \"p\" s; q ::= \"q\" s;"
            + " s ::= \"<\" #\"[a-z]{0,70}\" \">\";";

    /** Keys a, b, c in any order, each at most once, with a shared value: one rule per set of keys seen. */
    static final String LATTICE = "start ::= \"{\" s \"}\" | \"[\" start \"]\"; v ::= #\"[0-9]{1,70}\";"
            + " s ::= \"\" | \"a\" v sa | \"b\" v sb | \"c\" v sc | \"!\" start;"
            + " sa ::= \"\" | \",b\" v sab | \",c\" v sac; sb ::= \"\" | \",a\" v sab | \",c\" v sbc;"
            + " sc ::= \"\" | \",a\" v sac | \",b\" v sbc;"
            + " sab ::= \"\" | \",c\" v; sac ::= \"\" | \",b\" v; sbc ::= \"\" | \",a\" v;";

    @Property(tries = 60)
    void partOverTheLimit(@ForAll("partOverLimit") byte[] input) {
        check(PART_OVER_LIMIT, GrammarOptions.DEFAULT, input);
    }

    @Property(tries = 60)
    void twinsUnderATightBudget(@ForAll("twins") byte[] input) {
        check(TWINS, GrammarOptions.DEFAULT.withMaxDfaStates(8), input);
    }

    @Property(tries = 60)
    void aLargeSharedRule(@ForAll("shared") byte[] input) {
        check(SHARED, GrammarOptions.DEFAULT, input);
    }

    @Property(tries = 60)
    void aLatticeOfSharedRules(@ForAll("lattice") byte[] input) {
        check(LATTICE, GrammarOptions.DEFAULT, input);
    }

    @Provide
    Arbitrary<byte[]> partOverLimit() {
        return inputs(PART_OVER_LIMIT, GrammarOptions.DEFAULT, "qab!?.()");
    }

    @Provide
    Arbitrary<byte[]> twins() {
        return inputs(TWINS, GrammarOptions.DEFAULT.withMaxDfaStates(8), "x0129.!()");
    }

    @Provide
    Arbitrary<byte[]> shared() {
        return inputs(SHARED, GrammarOptions.DEFAULT, "pq<>az.,()");
    }

    @Provide
    Arbitrary<byte[]> lattice() {
        return inputs(LATTICE, GrammarOptions.DEFAULT, "{}[]abc,09");
    }

    private static final Map<String, CompiledGrammar> COMPILED = new ConcurrentHashMap<>();
    private static final Map<String, AstReferenceMatcher> ORACLES = new ConcurrentHashMap<>();

    private static void check(String text, GrammarOptions options, byte[] input) {
        CompiledGrammar g = COMPILED.computeIfAbsent(options.maxDfaStates() + text,
                k -> Grammar.compile("bounds.kbnf", text, options));
        boolean expected = ORACLES.computeIfAbsent(text, k -> AstReferenceMatcher.parse("bounds.kbnf", text))
                .matches(input);
        String shown = new String(input, UTF_8);
        assertEquals(expected, new ReferenceRecognizer(g).accepts(input), () -> "reference recognizer on " + shown);
        Recognizer r = new Recognizer(g);
        boolean accepted = r.push(input, 0, input.length) == input.length && r.isAccepting();
        assertEquals(expected, accepted, () -> "recognizer on " + shown);
    }

    /** Sentences of the grammar (compiled without inlining), half of them with one byte changed. */
    private static Arbitrary<byte[]> inputs(String text, GrammarOptions options, String alphabet) {
        CompiledGrammar rules = Grammar.compile("bounds.kbnf", text, options.withInlineRegularRules(false));
        Arbitrary<byte[]> sentences = Sentences.of(rules, 12, 120);
        Arbitrary<Character> bytes = Arbitraries.of(alphabet.chars().mapToObj(c -> (char) c).toArray(Character[]::new));
        Arbitrary<Integer> edit = Arbitraries.integers().between(0, 3); // none, change, insert, delete
        return Combinators.combine(sentences, edit, Arbitraries.integers().between(0, 1000), bytes)
                .as((s, kind, at, b) -> edited(s, kind, at, (byte) (char) b));
    }

    private static byte[] edited(byte[] s, int kind, int at, byte b) {
        if (kind == 0 || (s.length == 0 && kind != 2)) {
            return s;
        }
        int i = at % (s.length + (kind == 2 ? 1 : 0));
        switch (kind) {
            case 1 -> {
                byte[] t = s.clone();
                t[i] = b;
                return t;
            }
            case 2 -> {
                byte[] t = new byte[s.length + 1];
                System.arraycopy(s, 0, t, 0, i);
                t[i] = b;
                System.arraycopy(s, i, t, i + 1, s.length - i);
                return t;
            }
            default -> {
                byte[] t = Arrays.copyOf(s, s.length - 1);
                System.arraycopy(s, i + 1, t, i, s.length - i - 1);
                return t;
            }
        }
    }
}
