package io.github.kbnf4j.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The built-in grammars: names, texts, and the {@code json:K} family. */
class GrammarTest {

    @Test
    void builtinNamesListJsonAndTheFamilyIsBuiltinToo() {
        assertEquals(List.of("json"), Grammar.builtinNames());
        for (String name : List.of("json", "json:0", "json:2", "json:10", "json:64")) {
            assertTrue(Grammar.isBuiltin(name), name);
        }
        for (String name : List.of("json:", "json:65", "json:-1", "json:02", "json:00", "json:x", "json:2 ", "json:+2",
                "json:100", "JSON", "jso", "json:1:2")) {
            assertFalse(Grammar.isBuiltin(name), name);
        }
    }

    @Test
    void jsonWithWhitespaceNamesTheFamilyMember() {
        assertEquals("json:0", Grammar.jsonWithWhitespace(0));
        assertEquals("json:64", Grammar.jsonWithWhitespace(Grammar.MAX_JSON_WHITESPACE));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Grammar.jsonWithWhitespace(65));
        assertTrue(e.getMessage().contains("0..64"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Grammar.jsonWithWhitespace(-1));
    }

    @Test
    void boundedTextDiffersFromJsonOnlyInTheWhitespaceRule() {
        String json = Grammar.builtinText("json");
        String two = Grammar.builtinText("json:2");
        String zero = Grammar.builtinText("json:0");
        assertTrue(json.contains("ws      ::= #\"[ \\t\\n\\r]*\" ;"), json);
        assertTrue(two.contains("ws      ::= #\"[ \\t\\n\\r]{0,2}\" ;"), two);
        assertTrue(zero.contains("ws      ::= \"\" ;"), zero);
        String[] a = json.split("\n");
        String[] b = two.split("\n");
        assertEquals(a.length, b.length);
        int differing = 0;
        for (int i = 0; i < a.length; i++) {
            differing += a[i].equals(b[i]) ? 0 : 1;
        }
        assertEquals(1, differing);
    }

    @Test
    void everyMemberCompiles() {
        CompiledGrammar json = Grammar.builtin("json", GrammarOptions.DEFAULT);
        assertTrue(json.warnings().isEmpty(), json.warnings().toString());
        for (int k = 0; k <= Grammar.MAX_JSON_WHITESPACE; k++) {
            CompiledGrammar g = Grammar.builtin(Grammar.jsonWithWhitespace(k), GrammarOptions.DEFAULT);
            assertTrue(g.warnings().isEmpty(), k + ": " + g.warnings());
            assertFalse(g.acceptsEmpty());
        }
        // With no whitespace, ws vanishes (nullable elimination drops the empty rule).
        String compact = Grammar.builtin("json:0", GrammarOptions.DEFAULT).toString();
        assertFalse(compact.contains("ws"), compact);
    }

    @Test
    void unknownBuiltinsNameTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Grammar.builtinText("yaml"));
        assertEquals("no built-in grammar 'yaml' (built-in: json, json:K for K in 0..64)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Grammar.builtin("json:65", GrammarOptions.DEFAULT));
        assertEquals("no built-in grammar 'json:65': json:K needs K in 0..64, in decimal without leading zeros",
                e.getMessage());
    }
}
