package io.github.kbnf4j.grammar.internal.writer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.KbnfReader;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.automata.JsonStringEncoding;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Automaton;
import io.github.kbnf4j.grammar.internal.ast.Expr.Except;
import io.github.kbnf4j.grammar.internal.ast.Expr.Literal;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.Expr.Regex;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link KbnfWriter}: the text it writes reads back to the same tree (spans aside), compiles,
 * and its automaton rules have the automaton's language. The recognizer-level comparison of
 * whole grammars is in the testdata module ({@code KbnfWriterProperties}).
 */
class KbnfWriterTest {
    private static final Span AT = new Span("t", 1, 1);

    private static GrammarAst read(String text) {
        Diagnostics diagnostics = new Diagnostics();
        GrammarAst ast = KbnfReader.read("t.kbnf", text, GrammarOptions.DEFAULT, diagnostics);
        diagnostics.throwIfErrors();
        return ast;
    }

    @Test
    void writesEveryConstruct() {
        String text = """
                start ::= a b* | "x"{2,5} c+ | [d] ;
                a = #"[a-z]+" #e"x+" #ex'ab' #substrs"héllo" ;
                b ::= except!("ab" | "c") except!(a, 3) {"y"} ("p" | "q") ("r" "s")? ;
                c ::= "a\\tb\\u{1F600}\\"\\\\" "" ("z"{3}){2,} ;
                d ::= start ;
                d ::= "d" ;
                """;
        String written = KbnfWriter.write(read(text));
        assertEquals("""
                start ::= a b* | "x"{2,5} c+ | d? ;
                a ::= #"[a-z]+" #e"x+" #ex"ab" #substrs"héllo" ;
                b ::= except!("ab" | "c") except!(a, 3) "y"* ("p" | "q") ("r" "s")? ;
                c ::= "a\\tb😀\\"\\\\" "" "z"{3}{2,} ;
                d ::= start ;
                d ::= "d" ;
                """, written);
        assertEquals(written, KbnfWriter.write(read(written)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "start ::= \"a\" (\"b\" | \"c\" \"d\")* [\"e\" | \"f\"] ;",
        "start ::= ((\"a\" | \"b\") \"c\")+ ((\"d\")) {\"e\" \"f\"} ;",
        "start ::= \"\\u{0}\\x01\\x7F\\u{85}\\u{A0}\\u{200B}\\u{2028}\\u{E000}\\u{FFFF}\\u{10FFFF}e\\u{301}\\r\\n\\b\\f\\v\" ;",
        "start ::= #\"[\\\"']+\\\\\" #e'a\\'b' #substrs\"a\\\"b\\n\" ;",
        "start ::= except!(x (\"a\" | \"b\"), 7) ; x ::= \"é\"* ;",
        "start ::= a | b ; a ::= \"a\" a? ; b = a* b? | \"\" ;",
    })
    void readsBackToTheSameTree(String text) {
        GrammarAst ast = read(text);
        String written = KbnfWriter.write(ast);
        assertEquals(strip(ast), strip(read(written)), written);
    }

    @Test
    void quotesInRegexesKeepTheirLanguage() {
        // The reader turns \" into a bare quote, which the regex parser reads as the same character.
        for (String pattern : List.of("\"", "\\\"", "a\\\\\"b", "[\"]", "[^\\\\\"]*", "a\nb", "\\\nb")) {
            String written = KbnfWriter.write(new GrammarAst("t", List.of(new Rule("start",
                    new Regex(Expr.RegexKind.REGEX, pattern, List.of(), AT, AT), AT))));
            Regex back = (Regex) read(written).rules().get(0).body();
            String expected = pattern.replace("\\\n", "\n");
            assertEquals(Regexes.compile(expected, 10, 100), Regexes.compile(back.text(), 10, 100), written);
        }
        assertThrows(IllegalArgumentException.class, () -> KbnfWriter.write(new GrammarAst("t", List.of(new Rule("start",
                new Regex(Expr.RegexKind.REGEX, "a\\", List.of(), AT, AT), AT)))));
    }

    @Test
    void automatonBecomesRulesAfterTheTreesOwn() {
        ByteDfa ident = Regexes.compile("[a-z_][a-z0-9_]*", 10, 100);
        GrammarAst ast = new GrammarAst("t", List.of(
                new Rule("start", new Seq(List.of(automaton(ident, "identifier"), new Literal("=", AT),
                        automaton(ident, "identifier again")), AT), AT),
                new Rule("start-dfa", new Literal("taken", AT), AT)));
        String written = KbnfWriter.write(ast);
        assertEquals("""
                start ::= start-dfa-2 "=" start-dfa-2 ;
                start-dfa ::= "taken" ;

                (* identifier *)
                start-dfa-2 ::= #"[_a-z]" start-dfa-2-s1 ;
                start-dfa-2-s1 ::= #"[0-9_a-z]" start-dfa-2-s1 | "" ;
                """, written);
        Grammar.compile("written.kbnf", written);
    }

    @Test
    void chainsAreWrittenInPlace() {
        ByteDfa word = ByteDfa.literal("ab\"é".getBytes(StandardCharsets.UTF_8));
        ByteDfa digits = Regexes.compile("x[0-9]{2}y", 10, 100);
        ByteDfa optional = Regexes.compile("(ab)?", 10, 100);
        GrammarAst ast = new GrammarAst("t", List.of(new Rule("start", new Seq(List.of(
                new Repeat(automaton(word, "word"), 0, 1, AT), automaton(digits, "digits"),
                automaton(ByteDfa.literal(new byte[0]), "nothing"), automaton(optional, "optional")), AT), AT)));
        assertEquals("""
                start ::= "ab\\"é"? #"x[0-9][0-9]y" "" start-dfa ;

                (* optional *)
                start-dfa ::= "ab" | "" ;
                """, KbnfWriter.write(ast));
    }

    @Test
    void commentsStayComments() {
        ByteDfa a = Regexes.compile("a+", 10, 100);
        String written = KbnfWriter.write(new GrammarAst("t", List.of(
                new Rule("start", automaton(a, "ends with *) and\nhas (* a newline"), AT))));
        assertTrue(written.contains("(* ends with * ) and\\nhas (* a newline *)\n"), written);
        Grammar.compile("written.kbnf", written);
    }

    /**
     * An acyclic automaton's rules are not recursive, so the compiler folds them back into one
     * terminal: its DFA must be the automaton's (minus "", which the start rule's nullability holds).
     */
    @Test
    void acyclicAutomataCompileBackToTheSameDfa() {
        List<ByteDfa> dfas = List.of(
                JsonStringEncoding.quotedLiteral("a😀\"\n"),
                JsonStringEncoding.quotedLiteral(""),
                Regexes.compile("[a-c]{1,3}(x|yé|z😀)?|\\u{10FFFF}|[^a]", 10, 1000),
                Regexes.compile("(ab)?", 10, 100),
                Constructions.charCountBetween(Constructions.validUtf8(), 1, 2, 1000));
        for (ByteDfa dfa : dfas) {
            String written = KbnfWriter.write(new GrammarAst("t", List.of(new Rule("start", automaton(dfa, "d"), AT))));
            CompiledGrammar g = Grammar.compile("written.kbnf", written);
            assertEquals(dfa.acceptsEmpty(), g.acceptsEmpty(), written);
            assertEquals(dfa.withoutEmpty(), onlyTerminal(g), written);
        }
    }

    @Test
    void cyclicAutomataCompile() {
        for (ByteDfa dfa : List.of(JsonStringEncoding.quoted(Constructions.validUtf8(), 1000),
                Constructions.validUtf8(), Regexes.compile("(a|é|😀|[\\u{80}-\\u{10FFFF}])*b", 10, 1000))) {
            String written = KbnfWriter.write(new GrammarAst("t", List.of(new Rule("start", automaton(dfa, "d"), AT))));
            Grammar.compile("written.kbnf", written);
        }
    }

    @Test
    void exceptArgumentsTakeOnlyAcyclicAutomata() {
        ByteDfa finite = Regexes.compile("a[bc]", 10, 100);
        String written = KbnfWriter.write(new GrammarAst("t", List.of(new Rule("start",
                new Except(automaton(finite, "ab or ac"), 4, AT), AT))));
        assertFalse(written.contains("start-dfa"), written); // written in place
        Grammar.compile("written.kbnf", written);
        ByteDfa branching = Regexes.compile("a(b|c)d|e", 10, 100);
        written = KbnfWriter.write(new GrammarAst("t", List.of(new Rule("start",
                new Except(automaton(branching, "branching"), 4, AT), AT))));
        assertTrue(written.contains("start-dfa"), written);
        Grammar.compile("written.kbnf", written);
        ByteDfa loop = Regexes.compile("a+b", 10, 100);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KbnfWriter.write(
                new GrammarAst("t", List.of(new Rule("start", new Except(automaton(loop, "loop"), Except.NO_LIMIT, AT), AT)))));
        assertTrue(e.getMessage().contains("'loop'"), e.getMessage());
    }

    @Test
    void whatCannotBeWritten() {
        assertThrows(IllegalArgumentException.class, () -> KbnfWriter.write(new GrammarAst("t", List.of(
                new Rule("bad name", new Literal("a", AT), AT)))));
        assertThrows(IllegalArgumentException.class, () -> KbnfWriter.write(new GrammarAst("t", List.of(
                new Rule("start", new Ref("x.y", AT), AT)))));
        assertThrows(IllegalArgumentException.class, () -> KbnfWriter.write(new GrammarAst("t", List.of(
                new Rule("start", new Alt(List.of(), AT), AT)))));
        assertThrows(IllegalArgumentException.class, () -> KbnfWriter.write(new GrammarAst("t", List.of(
                new Rule("start", new Repeat(new Literal("a", AT), 3, 2, AT), AT)))));
        int[] table = new int[2 * 256];
        Arrays.fill(table, -1);
        table[0xFF] = 1;
        ByteDfa notUtf8 = Constructions.fromTable(2, table, new boolean[] {false, true});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KbnfWriter.write(
                new GrammarAst("t", List.of(new Rule("start", automaton(notUtf8, "raw bytes"), AT)))));
        assertTrue(e.getMessage().startsWith("terminal 'raw bytes' matches bytes that are not valid UTF-8"), e.getMessage());
    }

    @Test
    void emptyLanguageIsWrittenAsARegexThatMatchesNothing() {
        String written = KbnfWriter.write(new GrammarAst("t", List.of(new Rule("start",
                new Alt(List.of(new Literal("a", AT), automaton(ByteDfa.emptyLanguage(), "nothing")), AT), AT))));
        assertEquals("start ::= \"a\" | #\"[^\\s\\S]\" ;\n", written);
    }

    private static Automaton automaton(ByteDfa dfa, String description) {
        return new Automaton(dfa, description, AT);
    }

    /** The DFA of a grammar whose start rule is exactly one terminal. */
    private static ByteDfa onlyTerminal(CompiledGrammar g) {
        int p = g.firstProduction(g.startNonterminal());
        assertEquals(p + 1, g.firstProduction(g.startNonterminal() + 1), "one production");
        assertEquals(1, g.productionLength(p), "of one symbol");
        int symbol = g.symbolAfterDot(g.dottedRule(p, 0));
        assertTrue(CompiledGrammar.isTerminal(symbol), "a terminal");
        int start = g.terminalStartState(CompiledGrammar.terminalOf(symbol));
        Int2IntOpenHashMap local = new Int2IntOpenHashMap();
        IntArrayList states = new IntArrayList();
        local.put(start, 0);
        states.add(start);
        List<int[]> rows = new ArrayList<>();
        for (int i = 0; i < states.size(); i++) {
            int[] row = new int[256];
            for (int b = 0; b < 256; b++) {
                int t = g.dfaNext(states.getInt(i), b);
                if (t < 0) {
                    row[b] = -1;
                    continue;
                }
                if (!local.containsKey(t)) {
                    local.put(t, states.size());
                    states.add(t);
                }
                row[b] = local.get(t);
            }
            rows.add(row);
        }
        int n = states.size();
        int[] table = new int[n * 256];
        boolean[] accept = new boolean[n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(rows.get(i), 0, table, i * 256, 256);
            accept[i] = g.dfaAccepting(states.getInt(i));
        }
        return Constructions.fromTable(n, table, accept);
    }

    /** The rules as (name, body) with every span, and the regex column shifts, left out. */
    private static List<List<Object>> strip(GrammarAst ast) {
        List<List<Object>> out = new ArrayList<>();
        for (Rule r : ast.rules()) {
            out.add(List.of(r.name(), strip(r.body())));
        }
        return out;
    }

    private static Object strip(Expr e) {
        if (e instanceof Literal l) {
            return List.of("literal", l.text());
        } else if (e instanceof Regex r) {
            return List.of(r.kind(), r.text());
        } else if (e instanceof Ref ref) {
            return List.of("ref", ref.name());
        } else if (e instanceof Seq s) {
            return List.of("seq", s.items().stream().map(KbnfWriterTest::strip).toList());
        } else if (e instanceof Alt a) {
            return List.of("alt", a.alternatives().stream().map(KbnfWriterTest::strip).toList());
        } else if (e instanceof Repeat r) {
            return List.of("repeat", strip(r.inner()), r.min(), r.max());
        } else if (e instanceof Except x) {
            return List.of("except", strip(x.inner()), x.maxChars());
        }
        return List.of("automaton", ((Automaton) e).dfa());
    }
}
