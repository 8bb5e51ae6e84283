package io.github.kbnf4j.earley;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

    private static String str(byte[] b) {
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
