package io.github.kbnf4j.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile grammars end in a {@link GrammarException} with a useful message: never a stack
 * overflow, an out-of-memory error or a hang. The timeouts are generous hang guards, not speed
 * assertions (speed is measured in the bench module).
 */
class BadInputTest {

    private static GrammarException reject(String text) {
        return assertThrows(GrammarException.class, () -> Grammar.compile("bad.kbnf", text));
    }

    @Test
    @Timeout(10)
    void tenThousandNestedParentheses() {
        String text = "start ::= " + "(".repeat(10_000) + "\"a\"" + ")".repeat(10_000) + ";";
        GrammarException e = reject(text);
        assertEquals("bad.kbnf:1:267: brackets nested deeper than 256 (limit GrammarOptions.maxNestingDepth,"
                + " CLI --max-nesting-depth)", e.getMessage());
    }

    @Test
    @Timeout(10)
    void nestingWithinTheLimitCompiles() {
        String text = "start ::= " + "(".repeat(200) + "\"a\"" + ")".repeat(200) + ";";
        assertEquals(1, Grammar.compile("ok.kbnf", text).terminalCount());
    }

    @Test
    @Timeout(10)
    void longPostfixChain() {
        GrammarException e = reject("start ::= \"a\"" + "?".repeat(100_000) + ";");
        assertTrue(e.getMessage().contains("expression nested deeper than 256"), e.getMessage());
    }

    @Test
    @Timeout(10)
    void deeplyNestedRegexGroups() {
        GrammarException e = reject("start ::= #\"" + "(".repeat(10_000) + "a" + ")".repeat(10_000) + "\";");
        assertTrue(e.getMessage().contains("regex groups nested deeper than 256"), e.getMessage());
    }

    @Test
    @Timeout(10)
    void oneMegabyteOfRandomBytes() {
        byte[] bytes = new byte[1 << 20];
        new Random(42).nextBytes(bytes);
        GrammarException e = assertThrows(GrammarException.class,
                () -> Grammar.compile("random.kbnf", bytes, GrammarOptions.DEFAULT));
        assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
    }

    @Test
    @Timeout(20)
    void oneMegabyteOfRandomPrintableText() {
        Random random = new Random(7);
        byte[] bytes = new byte[1 << 20];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (random.nextInt(10) == 0 ? '\n' : 32 + random.nextInt(95));
        }
        GrammarException e = assertThrows(GrammarException.class,
                () -> Grammar.compile("random.kbnf", bytes, GrammarOptions.DEFAULT));
        assertTrue(e.errors().size() <= 101, "errors are capped");
    }

    @Test
    @Timeout(10)
    void exponentialRegex() {
        GrammarException e = reject("start ::= #\"(a|b)*a(a|b){40}\";");
        assertEquals("bad.kbnf:1:11: #\"(a|b)*a(a|b){40}\" needs more than 20000 automaton states"
                + " (limit GrammarOptions.maxDfaStates, CLI --max-dfa-states)", e.getMessage());
    }

    @Test
    @Timeout(10)
    void hugeCountedRepetition() {
        // A repetition of a rule that is not regular is written out: maxRepetition bounds it.
        GrammarException e = reject("start ::= x{0,100000}; x ::= \"(\" start \")\" | \"a\";");
        assertEquals("bad.kbnf:1:12: repetition bound 100000 exceeds the maximum allowed (10000, from"
                + " GrammarOptions.maxRepetition, CLI --max-repetition): a repetition of a rule that is not regular"
                + " (recursive, or too large to be one automaton) is written out as that many copies", e.getMessage());
        // One of a terminal is built in the automaton, in chunks when it is larger than maxDfaStates;
        // past both limits, the message names both.
        GrammarException both = reject("start ::= \"a\"{0,2000000000};");
        assertEquals("bad.kbnf:1:14: repetition bound 2000000000 exceeds the maximum allowed (10000, from"
                + " GrammarOptions.maxRepetition, CLI --max-repetition): its automaton needs more than 20000 states"
                + " (GrammarOptions.maxDfaStates, CLI --max-dfa-states) and written out it needs more copies than"
                + " that; raise either limit", both.getMessage());
        GrammarException big = reject("start ::= \"a\"{99999999999};");
        assertTrue(big.getMessage().contains("number 99999999999 is too large"), big.getMessage());
    }

    @Test
    @Timeout(30)
    void nestedCountedRepetitionsStayLinear() {
        // llama.cpp's regression grammar shape: six nested {0,99} around a star.
        String text = "start ::= ((((((#\"[^x]*\"){0,99}){0,99}){0,99}){0,99}){0,99}){0,99} \"x\";";
        assertTrue(Grammar.compile("nested.kbnf", text).productionCount() < 10_000);
        assertTrue(Grammar.compile("star.kbnf", "start ::= ( [\"x\"]* )* \"y\";").productionCount() < 20);
    }

    @Test
    void invalidUtf8InALiteralIsPlaced() {
        byte[] text = "start ::= \"a\u00ff\";".getBytes(StandardCharsets.ISO_8859_1);
        GrammarException e = assertThrows(GrammarException.class,
                () -> Grammar.compile("latin1.kbnf", text, GrammarOptions.DEFAULT));
        assertEquals("latin1.kbnf:1:13: grammar text is not valid UTF-8 (byte 0xFF at offset 12)", e.getMessage());
    }

    @Test
    void allErrorsAreReportedTogetherInOrder() {
        GrammarException e = reject("start ::= valeu \"\\q\";\nvalue ::= #\"(?=x)\" | \"a\"{3,2};\n");
        assertEquals(String.join("\n",
                "bad.kbnf:1:11: undefined rule 'valeu' (did you mean 'value'?)",
                "bad.kbnf:1:18: invalid escape '\\q' (valid: \\n \\t \\r \\b \\f \\v \\0 \\\\ \\' \\\" \\xHH \\uHHHH \\u{H...})",
                "bad.kbnf:2:13: invalid regex: lookahead ('(?=') is not supported",
                "bad.kbnf:2:25: repetition {3,2}: the minimum 3 is greater than the maximum 2"), e.getMessage());
        assertEquals(4, e.errors().size());
    }

    @Test
    void limitsAreConfigurable() {
        GrammarOptions tight = GrammarOptions.DEFAULT.withMaxRepetition(3).withMaxDfaStates(10).withMaxNestingDepth(2);
        assertThrows(GrammarException.class, () -> Grammar.compile("t.kbnf", "start ::= \"a\"{20};", tight));
        assertThrows(GrammarException.class, () -> Grammar.compile("t.kbnf", "start ::= x{4}; x ::= \"(\" start \")\";",
                tight));
        assertThrows(GrammarException.class, () -> Grammar.compile("t.kbnf", "start ::= ((( \"a\" )));", tight));
        assertThrows(GrammarException.class, () -> Grammar.compile("t.kbnf", "start ::= #\"[ab]{20}\";", tight));
        Duration.ofSeconds(1); // keep the import honest for readers: no timing assertions here
    }
}
