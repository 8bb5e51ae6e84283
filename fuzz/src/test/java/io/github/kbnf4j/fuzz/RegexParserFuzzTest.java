package io.github.kbnf4j.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.kbnf4j.grammar.internal.automata.RegexSyntaxException;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import java.nio.charset.StandardCharsets;

/**
 * Any text as the regex of a {@code #"..."} terminal, parsed and determinized: an automaton, or
 * {@link RegexSyntaxException} or {@link TooManyStatesException}; nothing else. (Through a grammar
 * the same exceptions become a {@code GrammarException} at the terminal's position.)
 */
class RegexParserFuzzTest {
    @FuzzTest(maxDuration = "5m")
    void compilesOrThrowsSyntaxOrLimitException(byte[] pattern) {
        String text = new String(pattern, StandardCharsets.UTF_8);
        try {
            Regexes.compile(text, Expected.SMALL_LIMITS.maxRepetition(), Expected.SMALL_LIMITS.maxDfaStates());
        } catch (RegexSyntaxException e) {
            if (e.index() < 0 || e.index() > text.length()) {
                throw new AssertionError("index " + e.index() + " outside the pattern of " + text.length()
                        + " chars: " + e.getMessage(), e);
            }
        } catch (TooManyStatesException e) {
            // the documented refusal of a pattern too large for the limits
        }
    }
}
