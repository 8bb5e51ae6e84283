package io.github.kbnf4j.testdata;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The oracle itself, on hand-checked cases of every construct. */
class AstReferenceMatcherTest {

    private static boolean matches(String grammar, String input) {
        return AstReferenceMatcher.parse("t.kbnf", grammar).matches(input);
    }

    @ParameterizedTest(name = "{0} on \"{1}\" is {2}")
    @CsvSource(delimiterString = " => ", quoteCharacter = '`', value = {
        "start ::= start \"a\" | \"b\" ; => b => true",
        "start ::= start \"a\" | \"b\" ; => baa => true",
        "start ::= start \"a\" | \"b\" ; => ab => false",
        "start ::= s ; s ::= s s | \"a\" | \"\" ; => `` => true",
        "start ::= s ; s ::= s s | \"a\" | \"\" ; => aaa => true",
        "start ::= \"a\" ; start ::= \"b\" ; => b => true",
        "start ::= except!(\"ab\") ; => bba => true",
        "start ::= except!(\"ab\") ; => xaby => false",
        "start ::= except!(\"ab\") ; => `` => false",
        "start ::= except!(x, 2) ; x ::= \"a\" | #\"[bc]+\" ; => dd => true",
        "start ::= except!(x, 2) ; x ::= \"a\" | #\"[bc]+\" ; => ddd => false",
        "start ::= except!(x, 2) ; x ::= \"a\" | #\"[bc]+\" ; => da => false",
        "start ::= #e\"a+\" \"a\" ; => aa => true",
        "start ::= #e\"a+\" \"a\" ; => aaa => false",
        "start ::= #ex\"ab\" ; => ba => true",
        "start ::= #ex\"ab\" ; => aab => false",
        "start ::= #ex\"ab\" ; => `` => false",
        "start ::= #substrs\"héllo\" \"!\" ; => él! => true",
        "start ::= #substrs\"héllo\" \"!\" ; => ! => true",
        "start ::= #substrs\"héllo\" \"!\" ; => hl! => false",
        "start ::= (\"a\" [\"b\"]*)* \"c\" ; => abbac => true",
        "start ::= \"a\"{2,3} ; => a => false",
        "start ::= \"a\"{2,3} ; => aaa => true",
        "start ::= \"a\"{2,3} ; => aaaa => false",
        "start ::= (\"\" | \"a\"){2,} \"b\" ; => aaaab => true",
        "start ::= \"a\"{10000} | \"b\" ; => b => true",
        "start ::= #\".\" ; => é => true",
        "start ::= #\".\" ; => `\r` => true",
        "start ::= #\"\\u{e9}\\d\" ; => é3 => true",
        "start ::= #\"[a&&b]\" ; => & => true",
        "start ::= #\"[[a]\" ; => [ => true",
        "start ::= \"日\" ; => 日 => true",
    })
    void construct(String grammar, String input, boolean expected) {
        assertEquals(expected, matches(grammar, input));
    }

    @Test
    void dotExcludesOnlyLineFeed() {
        AstReferenceMatcher m = AstReferenceMatcher.parse("t.kbnf", "start ::= #\".\" ;");
        assertFalse(m.matches("\n"));
        assertTrue(m.matches("\u2028"));
        assertTrue(m.matches("\u0085"));
        assertTrue(m.matches("😀"));
        assertFalse(m.matches(new byte[] {(byte) 0xC3}));
    }

    @Test
    void invalidUtf8IsNeverMatchedByRegexes() {
        AstReferenceMatcher m = AstReferenceMatcher.parse("t.kbnf", "start ::= #ex\"a\" ;");
        assertFalse(m.matches(new byte[] {(byte) 0x80}));
        assertTrue(m.matches(new byte[] {(byte) 0xC3, (byte) 0xA9}));
    }

    @Test
    void recursiveExceptArgumentIsRefused() {
        AstReferenceMatcher m = AstReferenceMatcher.parse("t.kbnf", "start ::= except!(start) ;");
        assertThrows(IllegalArgumentException.class, () -> m.matches("a"));
    }

    @Test
    void undefinedRuleIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> AstReferenceMatcher.parse("t.kbnf", "start ::= x ;"));
    }
}
