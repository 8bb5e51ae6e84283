package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.kbnf4j.grammar.CompiledGrammar;
import io.github.kbnf4j.grammar.Grammar;
import io.github.kbnf4j.grammar.GrammarOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link FrontierBuilder} on hand-picked grammars, every viable prefix up to a few bytes over a
 * small alphabet: prefixes with equal frontiers have equal futures (checked a few bytes deep), a
 * frontier read twice or after a pop and re-push is the same, and prefixes that do differ in what
 * may follow are told apart often enough that the frontier is no constant. Deterministic and exhaustive
 * where {@link FrontierProperties} samples random grammars.
 */
class FrontierBuilderTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '~', value = {
        // nesting with several nonterminals completing at once, a Leo chain (right recursion)
        "parens   ~ start ::= e ; e ::= t | t \"+\" e ; t ::= \"a\" | \"(\" e \")\" ;                  ~ a+()     ~ 6",
        // left recursion and a regex terminal that may end inside a token
        "list     ~ start ::= l ; l ::= l \",\" i | i ; i ::= #\"[ab]+\" | \"[\" l \"]\" ;             ~ ab,[]    ~ 6",
        // ambiguity: two derivations of the same bytes, completions at several origins
        "ambig    ~ start ::= s ; s ::= s s | \"x\" | \"x\" \"y\" | \"(\" s \")\" ;                    ~ xy()     ~ 6",
        // a sentence that may go on, and acceptance that differs with equal items
        "accept   ~ start ::= #\"[ab]\" start | \"a\" ;                                              ~ ab       ~ 7",
    })
    void equalFrontiersHaveEqualFuturesOnEveryShortPrefix(String name, String grammar, String alphabet, int maxLength) {
        check(Grammar.compile(name + ".kbnf", grammar), alphabet.getBytes(StandardCharsets.UTF_8), maxLength);
    }

    @Test
    void jsonPrefixes() {
        CompiledGrammar json = Grammar.builtin(Grammar.JSON, GrammarOptions.DEFAULT);
        check(json, "[{\"a:1,}]".getBytes(StandardCharsets.UTF_8), 5);
    }

    private static void check(CompiledGrammar g, byte[] alphabet, int maxLength) {
        Map<Frontier, byte[]> seen = new HashMap<>();
        List<byte[]> prefixes = new ArrayList<>();
        prefixes.add(new byte[0]);
        int collisions = 0;
        Frontier f = new Frontier();
        Frontier again = new Frontier();
        for (int at = 0; at < prefixes.size(); at++) {
            byte[] prefix = prefixes.get(at);
            Recognizer r = new Recognizer(g);
            assertTrue(r.pushAll(prefix));
            r.frontier(f);
            assertWellFormed(f, r, "'" + str(prefix) + "'");
            r.frontier(again);
            assertEquals(f, again, "read twice");
            if (prefix.length > 0) { // pop the last byte and push it again: the same frontier
                r.pop(1);
                r.push(prefix[prefix.length - 1]);
                r.frontier(again);
                assertEquals(f, again, "after a pop and a re-push of '" + str(prefix) + "'");
            }
            byte[] other = seen.putIfAbsent(f.freeze(), prefix);
            if (other != null) {
                collisions++;
                Recognizer a = new Recognizer(g);
                a.pushAll(other);
                FrontierProperties.assertSameFuture(a, r, alphabet, 2,
                        "prefixes '" + str(other) + "' and '" + str(prefix) + "' with frontier " + f);
            }
            if (prefix.length < maxLength) {
                for (byte b : alphabet) {
                    if (r.allows(b & 0xFF)) {
                        byte[] longer = Arrays.copyOf(prefix, prefix.length + 1);
                        longer[prefix.length] = b;
                        prefixes.add(longer);
                    }
                }
            }
        }
        assertTrue(seen.size() >= 3, seen.size() + " distinct frontiers");
        assertTrue(collisions > 0, "no two prefixes had equal frontiers: nothing checked");
        // two prefixes whose futures differ have different frontiers
        Recognizer first = new Recognizer(g);
        first.frontier(f);
        Frontier empty = f.freeze();
        for (byte[] p : prefixes) {
            Recognizer r = new Recognizer(g);
            r.pushAll(p);
            if (!Arrays.equals(r.nextBytes(), first.nextBytes()) || r.isAccepting() != first.isAccepting()) {
                r.frontier(f);
                assertNotEquals(empty, f, "'" + str(p) + "' and the empty prefix");
            }
        }
    }

    /**
     * Reads {@code f} by its documented layout ({@link FrontierBuilder}) and checks it against
     * {@code r}: the acceptance flag, the scan items (as many as the last set holds, in states the
     * recognizer reads the next byte in), every count matching what follows it to the last int,
     * entries sorted as documented, ranks numbering the positions involved from 0 without gaps, and
     * a hash equal to that of the same ints added one by one.
     */
    static void assertWellFormed(Frontier f, Recognizer r, String what) {
        int[] d = Arrays.copyOf(f.data, f.length());
        java.util.Set<Integer> ranks = new java.util.TreeSet<>();
        int i = 0;
        assertEquals(r.isAccepting() ? 1 : 0, d[i++], "acceptance flag: " + what);
        int rankOfZero = d[i++];
        if (rankOfZero >= 0) {
            ranks.add(rankOfZero);
        }
        int scanCount = d[i++];
        assertEquals(r.scanItemCount(), scanCount, "scan items: " + what);
        int[] states = new int[Math.max(1, r.scanItemCount())];
        java.util.Set<Integer> live = new java.util.HashSet<>();
        for (int k = 0, n = r.terminalStates(states); k < n; k++) {
            live.add(states[k]);
        }
        for (int k = 0; k < scanCount; k++, i += 3) {
            assertTrue(live.contains(d[i + 1]), "the state of scan item " + k + ": " + what);
            assertTrue(d[i + 2] >= 0, "the origin rank of scan item " + k + ": " + what);
            ranks.add(d[i + 2]);
            if (k > 0) {
                assertTrue(Arrays.compare(d, i - 3, i, d, i, i + 3) < 0, "scan items sorted: " + what);
            }
        }
        int nodeCount = d[i++];
        int previousNode = -1;
        for (int k = 0; k < nodeCount; k++) {
            int node = i;
            assertTrue(d[i + 1] >= 0, "a node's origin rank: " + what);
            ranks.add(d[i + 1]);
            if (k > 0) { // by (origin rank, nonterminal)
                int c = d[previousNode + 1] != d[node + 1] ? Integer.compare(d[previousNode + 1], d[node + 1])
                        : Integer.compare(d[previousNode], d[node]);
                assertTrue(c < 0, "nodes sorted: " + what);
            }
            previousNode = node;
            int kind = d[i + 2];
            i += 3;
            if (kind == -1) {
                assertTrue(d[i + 1] >= 0, "a Leo top's origin rank: " + what);
                ranks.add(d[i + 1]);
                assertTrue(d[i + 2] == 0 || d[i + 2] == 1, "a Leo flag: " + what);
                i += 3;
            } else {
                assertTrue(kind >= 0, "a node kind: " + what);
                for (int item = 0; item < kind; item++, i += 2) {
                    ranks.add(d[i + 1]);
                    if (item > 0) {
                        assertTrue(Arrays.compare(d, i - 2, i, d, i, i + 2) < 0, "a node's items sorted: " + what);
                    }
                }
            }
        }
        assertEquals(d.length, i, "every count matches what follows: " + what);
        int expectedRank = 0;
        for (int rank : ranks) {
            assertEquals(expectedRank++, rank, "ranks " + ranks + " number the positions without gaps: " + what);
        }
        Frontier same = new Frontier();
        for (int x : d) {
            same.add(x);
        }
        same.seal();
        assertEquals(same.hashCode(), f.hashCode(), "the hash of the content: " + what);
    }

    /** The number of nodes and waiting items a frontier holds, read by its documented layout. */
    static int entries(Frontier f) {
        int[] d = Arrays.copyOf(f.data, f.length());
        int i = 3 + 3 * d[2];
        int nodes = d[i++];
        int total = nodes;
        for (int k = 0; k < nodes; k++) {
            int kind = d[i + 2];
            i += 3;
            if (kind == -1) {
                i += 3;
            } else {
                total += kind;
                i += 2 * kind;
            }
        }
        return total;
    }

    /**
     * {@link Recognizer#frontier(Frontier, int)} with a bound: as many entries (nodes and waiting
     * items) as the frontier has are enough, and it is then the unbounded frontier; a bound below
     * its number of nodes is refused. Every prefix of a few grammars.
     */
    @Test
    void aBoundOfExactlyTheFrontiersEntriesIsEnough() {
        String[][] cases = {
            {"start ::= e ; e ::= t | t \"+\" e ; t ::= \"a\" | \"(\" e \")\" ;", "a+()"},
            {"start ::= s ; s ::= s s | \"x\" | \"x\" \"y\" | \"(\" s \")\" ;", "xy()"},
            {"start ::= #\"[ab]\" start | \"a\" ;", "ab"},
        };
        for (String[] c : cases) {
            CompiledGrammar g = Grammar.compile("bound.kbnf", c[0]);
            byte[] alphabet = c[1].getBytes(StandardCharsets.UTF_8);
            List<byte[]> prefixes = new ArrayList<>();
            prefixes.add(new byte[0]);
            int refused = 0;
            for (int at = 0; at < prefixes.size(); at++) {
                byte[] prefix = prefixes.get(at);
                Recognizer r = new Recognizer(g);
                assertTrue(r.pushAll(prefix));
                Frontier full = new Frontier();
                assertTrue(r.frontier(full, Integer.MAX_VALUE));
                int n = entries(full);
                Frontier bounded = new Frontier();
                assertTrue(r.frontier(bounded, n), "a bound of " + n + " entries for '" + str(prefix) + "'");
                assertEquals(full, bounded);
                int nodes = full.data[3 + 3 * full.data[2]];
                if (nodes > 0) { // fewer entries than the frontier has nodes
                    assertFalse(r.frontier(bounded, nodes - 1), "a bound of " + (nodes - 1) + " for '" + str(prefix) + "'");
                    assertFalse(r.frontier(bounded, 0), "a bound of 0 for '" + str(prefix) + "'");
                    refused++;
                }
                if (prefix.length < 5) {
                    for (byte b : alphabet) {
                        if (r.allows(b & 0xFF)) {
                            byte[] longer = Arrays.copyOf(prefix, prefix.length + 1);
                            longer[prefix.length] = b;
                            prefixes.add(longer);
                        }
                    }
                }
            }
            assertTrue(refused > 0, c[0]);
        }
    }

    /**
     * Past the builder's first scratch sizes (32 origin positions, 32 scan items), on one
     * recognizer that built a small frontier first: deep nesting involves a position per level,
     * an ambiguous sum has two scan items per origin; the frontiers are well formed and equal to
     * those of a fresh recognizer.
     */
    @Test
    void frontiersLargerThanTheFirstScratchArrays() {
        CompiledGrammar parens = Grammar.compile("parens.kbnf",
                "start ::= e ; e ::= t | t \"+\" e ; t ::= \"a\" | \"(\" e \")\" ;");
        CompiledGrammar sums = Grammar.compile("sums.kbnf", "start ::= e ; e ::= e \"+\" e | e \"*\" e | \"x\" ;");
        String deep = "a+(".repeat(60) + "a";
        String sum = "x+".repeat(40) + "x";
        for (Object[] c : new Object[][] {{parens, deep}, {sums, sum}}) {
            CompiledGrammar g = (CompiledGrammar) c[0];
            byte[] input = ((String) c[1]).getBytes(StandardCharsets.UTF_8);
            Recognizer r = new Recognizer(g);
            Frontier f = new Frontier();
            r.frontier(f); // small scratch arrays first
            for (int i = 0; i < input.length; i++) {
                assertTrue(r.push(input[i]));
                r.frontier(f);
                assertWellFormed(f, r, "after " + (i + 1) + " bytes of " + c[1]);
                Recognizer fresh = new Recognizer(g);
                assertTrue(fresh.push(input, 0, i + 1) == i + 1);
                Frontier g2 = new Frontier();
                fresh.frontier(g2);
                assertEquals(g2, f, "after " + (i + 1) + " bytes of " + c[1]);
            }
            if (g == parens) {
                assertTrue(f.data[1] > 32, "the rank of position 0 (positions involved, less one): " + f.data[1]);
            } else {
                assertTrue(r.scanItemCount() > 32, r.scanItemCount() + " scan items");
            }
        }
    }

    private static String str(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
