package io.github.kbnf4j.grammar.internal.hir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.kbnf4j.grammar.Dialect;
import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.GrammarCompiler;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The HIR that {@link Flatten} makes, by its language ({@link PassesTest} compares every later
 * pass with it, so it cannot see a flattening mistake) and by the rules it makes.
 */
class FlattenTest {

    private static Hir flatten(String grammar) {
        Map<String, Hir> stages = new LinkedHashMap<>();
        GrammarCompiler.simplify("t.kbnf", grammar.getBytes(StandardCharsets.UTF_8), Dialect.KBNF, GrammarOptions.DEFAULT,
                new Diagnostics(), stages::put);
        return stages.get("flatten");
    }

    @Test
    void aRepetitionOfExactlyOnceIsItsItem() {
        Hir hir = flatten("start ::= \"a\"{1,1} (\"b\" | x){1} \"c\"{1,2}; x ::= \"d\";");
        assertEquals("abc\nadc\nabcc\nadcc", HirText.language(hir, "abcdq", 4));
        // start, x, the alternation of the group; the group's {1} makes no rule, "c"{1,2} one
        assertEquals(4, hir.nonterminalCount(), () -> HirText.show(hir));
        int repetitions = 0;
        for (int n = 0; n < hir.nonterminalCount(); n++) {
            repetitions += hir.repetition(n) == null ? 0 : 1;
        }
        assertEquals(1, repetitions, () -> HirText.show(hir));
    }

    @Test
    void optionalsAndRepeatsKeepTheirCounts() {
        Hir hir = flatten("start ::= \"a\"? \"b\"+ \"c\";");
        assertEquals("bc\nabc\nbbc\nabbc\nbbbc", HirText.language(hir, "abcq", 4));
    }
}
