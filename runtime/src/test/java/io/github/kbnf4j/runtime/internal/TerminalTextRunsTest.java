package io.github.kbnf4j.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link TerminalTextRuns}: how far a walk may read any plain bytes
 * (any characters) from a state without meeting a dead byte or an accepting state, the bound by
 * which {@link SubtreeTokens} takes a subtree whole. Each case is a one-terminal grammar whose
 * states are reached by reading a prefix, with the runs its definition gives by hand.
 */
class TerminalTextRunsTest {
    /** A JSON-like string of any characters but the quote and the backslash. */
    private static final String ANY = "[^\\\"\\\\\\\\]";

    @Test
    void aStringOfAtMostFiveCharactersHasFiveLeftAfterItsQuote() {
        CompiledGrammar g = terminal("\\\"" + ANY + "{0,5}\\\"");
        TerminalTextRuns runs = runs(g);
        for (int read = 0; read <= 5; read++) {
            int q = after(g, "\"" + "x".repeat(read));
            assertEquals(5 - read, runs.plainRun(q), read + " read");
            assertEquals(5 - read, runs.textRun(q), read + " read");
        }
        // a non-ASCII character counts as one: after "é" four are left, whichever bytes follow
        int q = after(g, "\"é");
        assertEquals(4, runs.plainRun(q));
        assertEquals(4, runs.textRun(q));
    }

    @Test
    void aStringThatLoopsHasAnUnboundedRun() {
        CompiledGrammar g = terminal("\\\"" + ANY + "*\\\"");
        TerminalTextRuns runs = runs(g);
        int q = after(g, "\"ab");
        assertEquals(TerminalTextRuns.UNBOUNDED, runs.plainRun(q));
        assertEquals(TerminalTextRuns.UNBOUNDED, runs.textRun(q));
        assertEquals(TerminalTextRuns.UNBOUNDED, runs.plainRun(after(g, "\"")), "the first state of the loop is met again");
    }

    @Test
    void aChainOfTwoStatesThatAlternateIsUnbounded() {
        // an even number of characters: two states, each leading to the other on every character
        CompiledGrammar g = terminal("\\\"(" + ANY + ANY + ")*\\\"");
        TerminalTextRuns runs = runs(g);
        assertEquals(TerminalTextRuns.UNBOUNDED, runs.plainRun(after(g, "\"")));
        assertEquals(TerminalTextRuns.UNBOUNDED, runs.plainRun(after(g, "\"a")));
    }

    @Test
    void theRunStopsBeforeAnAcceptingState() {
        // three characters and the terminal ends: from its start two are read through states that do not accept
        CompiledGrammar g = terminal(ANY + "{3}");
        TerminalTextRuns runs = runs(g);
        int start = g.terminalStartState(0);
        assertEquals(2, runs.plainRun(start));
        assertEquals(1, runs.plainRun(after(g, "a")));
        assertEquals(0, runs.plainRun(after(g, "ab")));
    }

    @Test
    void aMinimumLengthDoesNotCutTheRun() {
        // the closing quote is dead before two characters, but the plain bytes go on either way
        CompiledGrammar g = terminal("\\\"" + ANY + "{2,4}\\\"");
        TerminalTextRuns runs = runs(g);
        assertEquals(4, runs.plainRun(after(g, "\"")));
        assertEquals(2, runs.plainRun(after(g, "\"ab")));
    }

    @Test
    void plainBytesThatPartWaysHaveNoRun() {
        CompiledGrammar g = terminal("\\\"[a-z]{0,5}\\\"");
        TerminalTextRuns runs = runs(g);
        assertEquals(0, runs.plainRun(after(g, "\"")), "a digit is dead where a letter is not");
        assertEquals(0, runs.textRun(after(g, "\"")));
    }

    @Test
    void aCharacterThatIsRefusedStopsTheTextRunOnly() {
        // every plain byte goes on, but "é" is refused: plain subtrees may be taken, text ones may not
        CompiledGrammar g = terminal("\\\"[^\\\"\\\\\\\\é]{0,3}\\\"");
        TerminalTextRuns runs = runs(g);
        int q = after(g, "\"");
        assertEquals(3, runs.plainRun(q));
        assertEquals(0, runs.textRun(q));
    }

    @Test
    void aCharacterThatLeadsElsewhereStopsTheTextRunOnly() {
        // "é" leads out of the loop (only letters may follow it), every other character stays in it
        CompiledGrammar g = terminal("\\\"[^\\\"\\\\\\\\é]*(é[a-z]*)?\\\"");
        TerminalTextRuns runs = runs(g);
        int q = after(g, "\"");
        assertEquals(TerminalTextRuns.UNBOUNDED, runs.plainRun(q));
        assertEquals(0, runs.textRun(q));
    }

    /** The runs of terminal 0 of {@code g}. */
    private static TerminalTextRuns runs(CompiledGrammar g) {
        return new TerminalTextRuns(g, g.terminalDfa(0));
    }

    /** A grammar of one terminal, the regex {@code regex} (KBNF-escaped). */
    private static CompiledGrammar terminal(String regex) {
        return Grammar.compile("runs.kbnf", "start ::= #\"" + regex + "\" ;\n");
    }

    /** The DFA state after reading {@code text} from the start state of terminal 0. */
    private static int after(CompiledGrammar g, String text) {
        int q = g.terminalStartState(0);
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            q = g.dfaNext(q, b & 0xFF);
            if (q < 0) {
                throw new AssertionError("the grammar refuses " + text);
            }
        }
        return q;
    }
}
