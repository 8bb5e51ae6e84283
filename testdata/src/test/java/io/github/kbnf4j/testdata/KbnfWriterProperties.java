package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarException;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.KbnfReader;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Automaton;
import io.github.kbnf4j.grammar.internal.ast.Expr.Regex;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.writer.KbnfWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * {@link KbnfWriter} keeps the language: for random grammars, the written text means what the
 * tree means ({@link AstReferenceMatcher} on both), and with every regex of the tree replaced by
 * an automaton terminal of the same language, the written text compiles to a grammar that
 * {@link ReferenceRecognizer} finds equal to the original tree on every short string.
 */
class KbnfWriterProperties {
    private static final int STRING_BUDGET = 600;
    private static final int MAX_ALPHABET = 5;
    private static final int MAX_LENGTH = 5;
    /**
     * Time one try may spend checking inputs. The oracle ({@link AstReferenceMatcher}) is polynomial
     * of high degree, and a few ambiguous recursive grammars among the random ones took from seconds
     * to over a minute, which made this class's time swing between runs. Inputs come shortest first,
     * so a try cut short has still checked the short strings; the cut tries are counted, and a
     * coverage check requires that almost all tries checked every input.
     */
    private static final long TRY_BUDGET_NANOS = 2_000_000_000L;

    @Provide
    Arbitrary<String> grammars() {
        return RandomGrammars.grammars();
    }

    @Property(tries = 150)
    void writtenTextMeansTheSame(@ForAll("grammars") String text) {
        GrammarAst ast = read(text);
        String written = KbnfWriter.write(ast);
        AstReferenceMatcher original = new AstReferenceMatcher(ast, "start");
        AstReferenceMatcher rewritten = AstReferenceMatcher.parse("written.kbnf", written, "start");
        List<String> problems = new ArrayList<>();
        long deadline = System.nanoTime() + TRY_BUDGET_NANOS;
        boolean cut = false;
        for (byte[] input : inputs(text)) {
            if (System.nanoTime() > deadline) {
                cut = true;
                break;
            }
            if (original.matches(input) != rewritten.matches(input)) {
                problems.add(describe(input) + ": tree says " + original.matches(input));
            }
        }
        countCut(cut);
        assertEquals(compiles(text), compiles(written), () -> text + "\nwritten:\n" + written);
        report(problems, text, written);
    }

    @Property(tries = 150)
    void automataWrittenAsRulesKeepTheLanguage(@ForAll("grammars") String text) {
        GrammarAst ast = read(text);
        GrammarAst withAutomata = new GrammarAst(ast.source(), ast.rules().stream()
                .map(r -> new Rule(r.name(), automata(r.body()), r.span())).toList());
        String written = KbnfWriter.write(withAutomata);
        AstReferenceMatcher oracle = new AstReferenceMatcher(ast, "start");
        AstReferenceMatcher automatonOracle = new AstReferenceMatcher(withAutomata, "start");
        CompiledGrammar g;
        try {
            g = Grammar.compile("written.kbnf", written);
        } catch (GrammarException e) {
            assertEquals(false, compiles(text), () -> text + "\nwritten:\n" + written + "\n" + e.getMessage());
            Statistics.label("compiles").collect(false);
            Statistics.label("compiles").coverage(c -> c.check(true).percentage(p -> p >= 50.0));
            return;
        }
        Statistics.label("compiles").collect(true);
        Statistics.label("compiles").coverage(c -> c.check(true).percentage(p -> p >= 50.0));
        ReferenceRecognizer recognizer = new ReferenceRecognizer(g);
        List<String> problems = new ArrayList<>();
        long deadline = System.nanoTime() + TRY_BUDGET_NANOS;
        boolean cut = false;
        for (byte[] input : inputs(text)) {
            if (System.nanoTime() > deadline) {
                cut = true;
                break;
            }
            boolean expected = oracle.matches(input);
            if (automatonOracle.matches(input) != expected) {
                problems.add(describe(input) + ": the tree with automata says " + !expected);
            }
            if (recognizer.accepts(input) != expected) {
                problems.add(describe(input) + ": tree says " + expected + ", written and compiled says " + !expected);
            }
        }
        countCut(cut);
        report(problems, text, written);
    }

    /**
     * {@code e} with every regex terminal outside {@code except!} replaced by an automaton of the
     * same language (inside, a cyclic automaton could not be written: its rules would be recursive).
     */
    private static Expr automata(Expr e) {
        if (e instanceof Regex r) {
            return new Automaton(dfa(r), r.kind().prefix() + "\"" + r.text() + "\" as an automaton", r.span());
        } else if (e instanceof Seq s) {
            return new Seq(s.items().stream().map(KbnfWriterProperties::automata).toList(), s.span());
        } else if (e instanceof Alt a) {
            return new Alt(a.alternatives().stream().map(KbnfWriterProperties::automata).toList(), a.span());
        } else if (e instanceof Repeat rep) {
            return new Repeat(automata(rep.inner()), rep.min(), rep.max(), rep.span());
        }
        return e; // literals, references, except!
    }

    private static ByteDfa dfa(Regex r) {
        int max = GrammarOptions.DEFAULT.maxDfaStates();
        return switch (r.kind()) {
            case REGEX -> Regexes.compile(r.text(), 100, max);
            case FIRST_MATCH -> Constructions.firstMatch(Regexes.compile(r.text(), 100, max));
            case EXCLUDING -> Constructions.excluding(Regexes.compile(r.text(), 100, max), max);
            case SUBSTRINGS -> Constructions.substrings(r.text().getBytes(StandardCharsets.UTF_8));
        };
    }

    private static GrammarAst read(String text) {
        Diagnostics diagnostics = new Diagnostics();
        GrammarAst ast = KbnfReader.read("random.kbnf", text, GrammarOptions.DEFAULT, diagnostics);
        diagnostics.throwIfErrors();
        return ast;
    }

    private static boolean compiles(String text) {
        try {
            Grammar.compile("t.kbnf", text);
            return true;
        } catch (GrammarException e) {
            return false;
        }
    }

    /** Every string over the grammar's alphabet up to the length the budget allows. */
    private static List<byte[]> inputs(String text) {
        byte[] alphabet = RandomGrammars.alphabet(text, MAX_ALPHABET);
        int maxLength = RandomGrammars.enumerationLength(alphabet.length, STRING_BUDGET, MAX_LENGTH);
        List<byte[]> out = new ArrayList<>();
        out.add(new byte[0]);
        for (int from = 0; from < out.size(); from++) {
            byte[] prefix = out.get(from);
            if (prefix.length < maxLength) {
                for (byte b : alphabet) {
                    byte[] longer = java.util.Arrays.copyOf(prefix, prefix.length + 1);
                    longer[prefix.length] = b;
                    out.add(longer);
                }
            }
        }
        return out;
    }

    /** Counts tries cut short by {@link #TRY_BUDGET_NANOS}; at least 90 % must check every input. */
    private static void countCut(boolean cut) {
        Statistics.label("inputs checked").collect(cut ? "cut short by the time budget" : "all");
        Statistics.label("inputs checked").coverage(c -> c.check("all").percentage(p -> p >= 90.0));
    }

    private static void report(List<String> problems, String text, String written) {
        if (!problems.isEmpty()) {
            fail("grammar:\n" + text + "\nwritten:\n" + written + "\n"
                    + String.join("\n", problems.subList(0, Math.min(10, problems.size())))
                    + (problems.size() > 10 ? "\n... " + (problems.size() - 10) + " more" : ""));
        }
    }

    private static String describe(byte[] input) {
        return "input \"" + new String(input, StandardCharsets.UTF_8).replace("\n", "\\n") + "\" ["
                + HexFormat.ofDelimiter(" ").formatHex(input) + "]";
    }
}
