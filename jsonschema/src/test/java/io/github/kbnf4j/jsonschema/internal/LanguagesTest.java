package io.github.kbnf4j.jsonschema.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.jsonschema.JsonSchemaException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Languages#quotedLiteral}, the direct path, against {@code quoted(literal(s))}, the general
 * one; and its sharing between compilations under different state limits.
 */
class LanguagesTest {

    private static Languages languages(int maxStates) {
        return new Languages("s.json", maxStates, 10_000, new AutomatonCache(1 << 20));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "name", "a\"b\\c/d", "\n\t\u0000\u001F", "é😀\u07FF\uFFFF", "$ref",
        "0123456789abcdefABCDEF"})
    void sameAsTheGeneralPath(String s) {
        Languages lang = languages(20_000);
        assertEquals(lang.quoted(lang.literal(s), "/p"), lang.quotedLiteral(s, "/p"));
        assertSame(lang.quotedLiteral(s, "/p"), lang.quotedLiteral(s, "/q")); // one instance per compilation
    }

    @ParameterizedTest
    @ValueSource(strings = {"\uD800", "x\uDC00y", "\uDE00\uD83D"})
    void aStringWithALoneSurrogateHasNoSpelling(String s) {
        // Java's encoder writes a lone surrogate as '?', so literal(s) is another string.
        assertEquals(ByteDfa.emptyLanguage(), languages(20_000).quotedLiteral(s, "/p"));
        Languages lang = languages(20_000);
        assertEquals(Constructions.validUtf8(), lang.otherThan(List.of(s), "/p"), "it excludes nothing");
        assertEquals(lang.quoted(null, "/p"), lang.quotedExcept(null, List.of(s), "/p"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abcdef", "😀😀", "\"\""})
    void sameStateLimitAndMessage(String s) {
        int states = languages(20_000).quotedLiteral(s, "").stateCount();
        Languages small = languages(states - 1);
        JsonSchemaException general = assertThrows(JsonSchemaException.class,
                () -> small.quoted(small.literal(s), "/properties"));
        JsonSchemaException direct = assertThrows(JsonSchemaException.class,
                () -> small.quotedLiteral(s, "/properties"));
        assertEquals(general.getMessage(), direct.getMessage());
        assertEquals(states, languages(states).quotedLiteral(s, "").stateCount());
    }

    @ParameterizedTest
    @ValueSource(strings = {"name", "😀😀", "\"\""})
    void compilationsShareASpellingAndEachChecksItsOwnLimit(String s) {
        AutomatonCache shared = new AutomatonCache(1 << 20);
        ByteDfa first = new Languages("a.json", 20_000, 10_000, shared).quotedLiteral(s, "/p");
        assertSame(first, new Languages("b.json", 20_000, 10_000, shared).quotedLiteral(s, "/p"),
                "a second compilation takes the first one's automaton");
        int states = first.stateCount();
        // cached under a larger limit, still refused under one that the automaton exceeds, with the
        // message a compilation that built it would give
        Languages small = new Languages("c.json", states - 1, 10_000, shared);
        JsonSchemaException refused = assertThrows(JsonSchemaException.class, () -> small.quotedLiteral(s, "/q"));
        assertEquals(assertThrows(JsonSchemaException.class, () -> languages(states - 1).quotedLiteral(s, "/q"))
                .getMessage().replace("s.json", "c.json"), refused.getMessage());
        assertSame(first, new Languages("d.json", states, 10_000, shared).quotedLiteral(s, "/p"));
        // a refused construction caches nothing: a larger limit afterwards builds it
        AutomatonCache fresh = new AutomatonCache(1 << 20);
        assertThrows(JsonSchemaException.class,
                () -> new Languages("e.json", states - 1, 10_000, fresh).quotedLiteral(s, "/p"));
        assertEquals(first, new Languages("f.json", states, 10_000, fresh).quotedLiteral(s, "/p"));
    }
}
