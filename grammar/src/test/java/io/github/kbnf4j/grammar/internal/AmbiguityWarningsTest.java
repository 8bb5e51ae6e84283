package io.github.kbnf4j.grammar.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.Diagnostic;
import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The compile-time warnings for obviously costly ambiguity, and their absence on ordinary grammars. */
class AmbiguityWarningsTest {

    static List<String> warnings(String kbnf) {
        return Grammar.compile("g.kbnf", kbnf).warnings().stream().map(Diagnostic::toString).toList();
    }

    @Test
    void twoAdjacentSelfReferencesAreReportedAtTheirAlternative() {
        List<String> w = warnings("start ::= start start | \"a\";");
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("g.kbnf:1:11: warning: rule 'start' refers to itself twice side by side"), w.get(0));
        assertTrue(w.get(0).contains("maxWorkPerByte"), w.get(0));
    }

    @Test
    void selfReferencesSeparatedOnlyByRulesThatMayBeEmptyCountAsAdjacent() {
        List<String> w = warnings("start ::= s;\ns ::= s ws s | \"a\";\nws ::= \" \"*;");
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("g.kbnf:2:7: warning: rule 's' refers to itself twice"), w.get(0));
    }

    /** Emptiness propagates along a chain of rules whichever order they are written in. */
    @Test
    void rulesThatMayBeEmptyThroughAChainCountInEitherOrder() {
        String chain = "c1 ::= c2 | \"x\";\nc2 ::= (c3 \"y\") | c3;\nc3 ::= [c4];\nc4 ::= \"z\";\n";
        String top = "start ::= s;\ns ::= s c1 s | \"a\";\n";
        List<String> usersFirst = warnings(top + chain);
        assertEquals(1, usersFirst.size(), usersFirst.toString());
        assertTrue(usersFirst.get(0).contains("rule 's' refers to itself twice"), usersFirst.get(0));
        List<String> usedFirst = warnings(chain + top);
        assertEquals(1, usedFirst.size(), usedFirst.toString());
        assertTrue(usedFirst.get(0).contains("rule 's' refers to itself twice"), usedFirst.get(0));
        List<String> notEmpty = warnings(top + chain.replace("[c4]", "c4"));
        assertEquals(List.of(), notEmpty);
    }

    @Test
    void aCycleOfRulesThatDeriveEachOtherAloneIsReportedOnce() {
        List<String> w = warnings("start ::= a;\na ::= b | \"x\";\nb ::= \" \"? a;");
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).startsWith("g.kbnf:2:1: warning: rule 'a' derives itself with nothing else around it"),
                w.get(0));
        assertTrue(w.get(0).contains("'a', 'b'"), w.get(0));
        List<String> self = warnings("start ::= start | \"x\";");
        assertEquals(1, self.size(), self.toString());
        assertTrue(self.get(0).contains("rule 'start' derives itself"), self.get(0));
    }

    @Test
    void ordinaryRecursionIsNotReported() {
        assertEquals(List.of(), warnings("start ::= \"(\" start \")\" start | \"\";"));
        assertEquals(List.of(), warnings("start ::= start \"+\" term | term; term ::= #\"[0-9]+\";"));
        assertEquals(List.of(), warnings("start ::= \"a\" start | \"a\";"));
        assertEquals(List.of(), warnings("start ::= item+; item ::= \"a\" | \"b\";"));
        assertEquals(List.of(), Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT).warnings().stream()
                .map(Diagnostic::toString).toList());
    }

    @Test
    void gbnfGrammarsGetTheSameWarnings() {
        List<String> w = Grammar.compile("g.gbnf", "root ::= root root | \"a\"", Dialect.GBNF, GrammarOptions.DEFAULT)
                .warnings().stream().map(Diagnostic::toString).toList();
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("rule 'root' refers to itself twice"), w.get(0));
    }
}
