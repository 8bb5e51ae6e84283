package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.fail;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.testdata.RandomGrammars;
import io.github.kbnf4j.testdata.ReferenceRecognizer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Exhaustive differential check on small inputs: for random grammars, every string up to a small
 * length over the grammar's alphabet is walked depth-first with {@link Recognizer#push(int)} and
 * {@link Recognizer#pop(int)}, and at every node the verdict (viable, accepting) and the next-byte
 * set equal those of {@link ReferenceRecognizer}.
 */
class EnumerationDifferentialProperties {
    private static final int STRING_BUDGET = 600;
    private static final int MAX_LENGTH = 6;

    @Provide
    Arbitrary<String> grammars() {
        return RandomGrammars.grammars();
    }

    @Property(tries = 300)
    void everyShortStringAgreesWithTheReference(@ForAll("grammars") String text) {
        CompiledGrammar g;
        try {
            g = Grammar.compile("random.kbnf", text);
        } catch (GrammarException e) {
            Statistics.label("compiles").collect(false);
            Statistics.label("compiles").coverage(c -> c.check(true).percentage(p -> p >= 50.0));
            return;
        }
        // Most random grammars compile: a compiler regression must fail here, not pass on nothing.
        Statistics.label("compiles").collect(true);
        Statistics.label("compiles").coverage(c -> c.check(true).percentage(p -> p >= 50.0));
        byte[] alphabet = RandomGrammars.alphabet(text, 4);
        int maxLength = maxLength(alphabet.length);
        List<String> problems = new ArrayList<>();
        Recognizer fast = new Recognizer(g, DifferentialOptions.RECOGNIZER);
        ReferenceRecognizer.State ref = new ReferenceRecognizer(g).newState();
        walk(new byte[0], alphabet, maxLength, fast, ref, problems);
        if (!problems.isEmpty()) {
            fail("grammar:\n" + text + "\ncompiled:\n" + g + "\nalphabet " + HexFormat.ofDelimiter(" ").formatHex(alphabet)
                    + "\n" + String.join("\n", problems.subList(0, Math.min(10, problems.size()))));
        }
    }

    static void walk(byte[] prefix, byte[] alphabet, int maxLength, Recognizer fast, ReferenceRecognizer.State ref,
            List<String> problems) {
        String at = "at '" + new String(prefix, java.nio.charset.StandardCharsets.ISO_8859_1) + "': ";
        if (fast.isAccepting() != ref.accepting()) {
            problems.add(at + "accepting fast=" + fast.isAccepting() + " ref=" + ref.accepting());
        }
        BitSet expected = ref.nextBytes();
        BitSet actual = BitSet.valueOf(fast.nextBytes());
        if (!expected.equals(actual)) {
            problems.add(at + "next bytes fast=" + actual + " ref=" + expected);
        }
        if (fast.canContinue() != !expected.isEmpty()) {
            problems.add(at + "canContinue fast=" + fast.canContinue());
        }
        if (prefix.length >= maxLength || !problems.isEmpty()) {
            return;
        }
        for (byte b : alphabet) {
            int before = fast.length();
            boolean ok = fast.push(b);
            ref.push(b);
            if (ok != ref.viable()) {
                problems.add(at + "push " + (b & 0xFF) + " fast=" + ok + " ref=" + ref.viable());
            }
            if (ok) {
                byte[] longer = java.util.Arrays.copyOf(prefix, prefix.length + 1);
                longer[prefix.length] = b;
                walk(longer, alphabet, maxLength, fast, ref, problems);
                fast.pop(1);
            } else if (fast.length() != before) {
                problems.add(at + "rejected push changed the length");
            }
            ref.pop();
        }
    }

    static int maxLength(int alphabetSize) {
        return RandomGrammars.enumerationLength(alphabetSize, STRING_BUDGET, MAX_LENGTH);
    }
}
