package io.github.kbnf4j.jsonschema.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.kbnf4j.grammar.internal.automata.BooleanOperations;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link Languages#complementOfTrie} (an object's other keys) against the general construction it
 * replaces: the complement, among valid UTF-8 strings, of the union of the strings' literal
 * automata. Strings over a few characters of each UTF-8 length, so that they share prefixes,
 * lead bytes and continuation bytes, one is often a prefix of another, and the empty string occurs.
 */
class OtherThanProperties {
    private static final int MAX = 100_000;

    @Provide
    Arbitrary<List<String>> keySets() {
        Arbitrary<String> key = Arbitraries.of("a", "b", "é", "è", "中", "丁", "😀", "😁", "\u007f", "\u0080")
                .list().ofMaxSize(4).map(cs -> String.join("", cs));
        return key.list().ofMaxSize(8);
    }

    @Property(tries = 300)
    void equalsTheComplementOfTheLiterals(@ForAll("keySets") List<String> keys) {
        ByteDfa union = ByteDfa.emptyLanguage();
        for (String k : keys) {
            union = BooleanOperations.union(union, ByteDfa.literal(k.getBytes(StandardCharsets.UTF_8)), MAX);
        }
        assertEquals(BooleanOperations.complement(union, MAX), Languages.complementOfTrie(keys, MAX));
    }

    @Test
    void aTrieOverTheStateLimitIsRefused() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            keys.add("key" + i);
        }
        assertThrows(TooManyStatesException.class, () -> Languages.complementOfTrie(keys, 100));
        assertEquals(Languages.complementOfTrie(keys, MAX), Languages.complementOfTrie(keys, 400));
    }
}
