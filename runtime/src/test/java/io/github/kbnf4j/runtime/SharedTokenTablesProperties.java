package io.github.kbnf4j.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.runtime.internal.SharedTokenTables;
import io.github.kbnf4j.testdata.MaskOracle;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Tables shared through the vocabulary ({@link SharedTokenTables}) change no mask: two
 * constraints of different JSON-like grammars (strings of several character classes and length
 * bounds, numbers, keys; so that many states are broad, the kind that is shared) over ONE
 * vocabulary instance, driven on two threads at once, give at every step the same masks as the
 * same grammars over a copy of the vocabulary that shares nothing; with a tiny cache bound
 * (every entry evicted at once) and a large one. Some steps are also checked against the
 * brute-force oracle.
 */
class SharedTokenTablesProperties {
    /** Character classes as written in KBNF text. */
    private static final String[] CLASSES = {"[^\\\"\\\\]", "[a-z]", "[a-zA-Z0-9 _-]", "[^\\\"\\\\x]"};

    @Provide
    Arbitrary<String> grammars() {
        Arbitrary<String> stringTerminal = Combinators.combine(Arbitraries.of(CLASSES), Arbitraries.integers().between(0,
                3), Arbitraries.integers().between(-1, 12)).as((cls, min, max) -> "#\"\\\"" + cls
                        + (max < 0 ? "*" : "{" + min + "," + Math.max(min, max) + "}") + "\\\"\"");
        Arbitrary<String> value = Arbitraries.oneOf(stringTerminal, Arbitraries.of("#\"-?[0-9]+(\\.[0-9]+)?\"",
                "\"true\"", "\"null\""));
        Arbitrary<String> key = Arbitraries.oneOf(stringTerminal, Arbitraries.of("\"\\\"name\\\"\"",
                "\"\\\"id\\\"\" | \"\\\"type\\\"\""));
        // a prefix of literal terminals of random lengths first, so that equal terminals get different state numbers
        Arbitrary<String> prefix = Arbitraries.strings().withChars("<qrs>").ofMinLength(1).ofMaxLength(7)
                .list().ofMinSize(0).ofMaxSize(3).map(ls -> ls.isEmpty() ? "" : "(\"" + String.join("\" | \"", ls)
                        + "\")? ");
        return Combinators.combine(prefix, key, value.list().ofMinSize(1).ofMaxSize(3), Arbitraries.of(
                "#\"[ \\t]*\"", "\"\"", "#\"[ ]?\"")).as((p, k, values, ws) -> "start ::= " + p
                        + "\"{\" ws member (ws \",\" ws member)* ws \"}\" ;\n"
                        + "member ::= key ws \":\" ws value ;\n"
                        + "key ::= " + k + " ;\n"
                        + "value ::= " + String.join(" | ", values) + " | \"[\" ws value ws \"]\" ;\n"
                        + "ws ::= " + ws + " ;\n");
    }

    @Property(tries = 60)
    void sharedTablesChangeNoMask(@ForAll("grammars") String first, @ForAll("grammars") String second,
            @ForAll boolean tinyBound, @ForAll Random random) throws Exception {
        CompiledGrammar a = Grammar.compile("first.kbnf", first);
        CompiledGrammar b = Grammar.compile("second.kbnf", second);
        List<byte[]> tokens = tokens(random);
        int eos = tokens.size();
        tokens.add("<eos>".getBytes(StandardCharsets.UTF_8));
        Vocabulary base = Vocabulary.of("json-like", tokens, new int[] {eos}, null);
        Vocabulary shared = base.withTableCacheBytes(tinyBound ? 1 : 64L << 20);
        Vocabulary alone = base.withTableCacheBytes(0);
        long seedA = random.nextLong();
        long seedB = random.nextLong();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            // each walk runs twice: the second time on fresh constraints, so that the shared tables are now warm
            for (int round = 0; round < 2; round++) {
                Future<?> fa = pool.submit(() -> walk(a, shared, alone, new Random(seedA), tokens, eos));
                Future<?> fb = pool.submit(() -> walk(b, shared, alone, new Random(seedB), tokens, eos));
                fa.get();
                fb.get();
            }
        } finally {
            pool.shutdownNow();
        }
        SharedTokenTables tables = SharedTokenTables.of(shared);
        Statistics.label("shared entries reused").collect(tables.hits() > 0)
                .coverage(c -> c.check(true).percentage(p -> p >= 25)); // mostly the large bound's tries
        Statistics.label("bound").collect(tinyBound ? "tiny" : "large");
    }

    /** Random decode steps of {@code g}: masks over {@code shared} equal those over {@code alone} (and sometimes the oracle). */
    private static Void walk(CompiledGrammar g, Vocabulary shared, Vocabulary alone, Random random, List<byte[]> tokens,
            int eos) {
        Matcher m = Constraint.of(g, shared).newMatcher();
        Matcher reference = Constraint.of(g, alone).newMatcher();
        List<byte[]> textTokens = new ArrayList<>(tokens);
        textTokens.set(eos, null);
        StringBuilder consumed = new StringBuilder();
        for (int step = 0; step < 25; step++) {
            long[] expected = reference.mask();
            long[] actual = m.mask();
            assertArrayEquals(expected, actual, "mask after '" + consumed + "'");
            if (step % 8 == 3) {
                BitSet oracle = MaskOracle.mask(g, consumed.toString().getBytes(StandardCharsets.ISO_8859_1), textTokens,
                        Set.of(eos), false);
                assertEquals(oracle, BitSet.valueOf(actual), "oracle after '" + consumed + "'");
            }
            BitSet allowed = BitSet.valueOf(expected);
            allowed.clear(eos);
            if (allowed.isEmpty()) {
                break;
            }
            int id = allowed.nextSetBit(0);
            for (int skip = random.nextInt(allowed.cardinality()); skip > 0; skip--) {
                id = allowed.nextSetBit(id + 1);
            }
            m.acceptToken(id);
            reference.acceptToken(id);
            consumed.append(new String(tokens.get(id), StandardCharsets.ISO_8859_1));
        }
        return null;
    }

    /** Every printable ASCII byte as a token, and random JSON-ish tokens of 2 to 6 bytes. */
    private static List<byte[]> tokens(Random random) {
        List<byte[]> tokens = new ArrayList<>();
        for (int c = 0x20; c < 0x7F; c++) {
            tokens.add(new byte[] {(byte) c});
        }
        String pieces = "\"{}[]:, \t0123456789-.abcdeimnptyxz_ABZ\\";
        for (int i = 0; i < 200; i++) {
            byte[] t = new byte[2 + random.nextInt(5)];
            for (int k = 0; k < t.length; k++) {
                t[k] = (byte) pieces.charAt(random.nextInt(pieces.length()));
            }
            tokens.add(t);
        }
        return tokens;
    }
}
