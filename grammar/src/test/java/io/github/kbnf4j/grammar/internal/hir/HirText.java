package io.github.kbnf4j.grammar.internal.hir;

import io.github.kbnf4j.grammar.internal.automata.BooleanOperations;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.ast.Span;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A small text form of a {@link Hir}, for unit tests of single passes: build the HIR a pass
 * starts from, and print what it made.
 *
 * <p>{@code "S ::= x A | ε; A ::= y* A B | z?; B ::="}: rules separated by {@code ;},
 * alternatives by {@code |}; a word starting with an upper-case letter is a nonterminal, any
 * other word a literal terminal with those bytes; a word ending in {@code ?} is the terminal
 * matching its bytes or the empty string, one ending in {@code *} any number of repeats of its
 * bytes (both not literals); {@code ε} is the empty alternative. A body that is one word with
 * bounds, {@code A ::= B{0,5}} or {@code A ::= x{2,}} (unbounded), makes {@code A} a pending
 * {@link Hir.Repetition} of that symbol, as {@link Flatten} leaves them. The first rule is the start
 * symbol; nonterminals are numbered in the order of their rules, then of their first use.
 */
final class HirText {
    private HirText() {
    }

    /** A body that is a repetition: the item, the minimum, the maximum (empty: unbounded). */
    private static final Pattern REPETITION = Pattern.compile("(\\S+)\\{(\\d+),(\\d*)\\}");

    static Hir parse(String text) {
        Hir hir = new Hir();
        Map<String, Integer> ids = new HashMap<>();
        String[] rules = text.split(";");
        List<String[]> parsed = new ArrayList<>();
        for (String rule : rules) {
            if (rule.isBlank()) {
                continue;
            }
            String[] sides = rule.split("::=", -1);
            if (sides.length != 2) {
                throw new IllegalArgumentException("not a rule: " + rule);
            }
            String name = sides[0].trim();
            ids.put(name, hir.addNonterminal(name, span()));
            parsed.add(new String[] {name, sides[1]});
        }
        for (String[] rule : parsed) {
            List<int[]> alts = new ArrayList<>();
            Matcher repetition = REPETITION.matcher(rule[1].trim());
            if (repetition.matches()) {
                int max = repetition.group(3).isEmpty() ? -1 : Integer.parseInt(repetition.group(3));
                hir.setRepetition(ids.get(rule[0]), new Hir.Repetition(symbol(hir, ids, repetition.group(1)),
                        Integer.parseInt(repetition.group(2)), max));
            } else if (!rule[1].isBlank()) {
                for (String alt : rule[1].split("\\|", -1)) {
                    List<Integer> symbols = new ArrayList<>();
                    for (String word : alt.trim().split("\\s+")) {
                        if (word.isEmpty() || word.equals("ε")) {
                            continue;
                        }
                        symbols.add(symbol(hir, ids, word));
                    }
                    alts.add(symbols.stream().mapToInt(Integer::intValue).toArray());
                }
            }
            hir.setAlternatives(ids.get(rule[0]), alts);
        }
        hir.setStart(0);
        return hir;
    }

    private static int symbol(Hir hir, Map<String, Integer> ids, String word) {
        if (Character.isUpperCase(word.charAt(0))) {
            return ids.computeIfAbsent(word, w -> hir.addNonterminal(w, span()));
        }
        char last = word.charAt(word.length() - 1);
        if (last == '?' || last == '*') {
            ByteDfa body = ByteDfa.literal(bytes(word.substring(0, word.length() - 1)));
            ByteDfa dfa = last == '?'
                    ? BooleanOperations.union(body, ByteDfa.literal(new byte[0]), 1000)
                    : Constructions.repeat(body, 0, -1, 1000);
            return hir.terminalSymbol(dfa, null, word);
        }
        return hir.terminalSymbol(ByteDfa.literal(bytes(word)), bytes(word), word);
    }

    private static byte[] bytes(String word) {
        return word.getBytes(StandardCharsets.UTF_8);
    }

    private static Span span() {
        return new Span("t.kbnf", 1, 1);
    }

    /**
     * The strings over {@code alphabet} of at most {@code maxLength} bytes that {@code hir}
     * accepts (by {@link HirMatcher}), one per line.
     */
    static String language(Hir hir, String alphabet, int maxLength) {
        StringJoiner out = new StringJoiner("\n");
        for (byte[] input : HirMatcher.allStrings(bytes(alphabet), maxLength)) {
            if (HirMatcher.matches(hir, input)) {
                out.add(new String(input, StandardCharsets.UTF_8));
            }
        }
        return out.toString();
    }

    /** The HIR in the same form (terminals by their descriptions), the start symbol marked with {@code *}. */
    static String show(Hir hir) {
        return show(hir, false);
    }

    /**
     * The same, with each rule's alternatives sorted by their text: for passes whose order of
     * alternatives is incidental (it changes neither the language nor what the recognizer does).
     */
    static String showSorted(Hir hir) {
        return show(hir, true);
    }

    /**
     * The same, with each pending repetition after its rule's name in {@link #parse}'s form
     * ({@code A ::= B{0,5}}): for the passes that change repetitions. {@link #show} leaves them
     * out, so that the tests of the other passes read as their rules.
     */
    static String showWithRepetitions(Hir hir) {
        return show(hir, false, true);
    }

    private static String show(Hir hir, boolean sorted) {
        return show(hir, sorted, false);
    }

    private static String show(Hir hir, boolean sorted, boolean repetitions) {
        StringJoiner rules = new StringJoiner("; ");
        for (int n = 0; n < hir.nonterminalCount(); n++) {
            List<String> alts = new ArrayList<>();
            for (int[] alt : hir.alternatives(n)) {
                StringJoiner symbols = new StringJoiner(" ");
                for (int s : alt) {
                    symbols.add(name(hir, s));
                }
                alts.add(alt.length == 0 ? "ε" : symbols.toString());
            }
            if (sorted) {
                Collections.sort(alts);
            }
            Hir.Repetition r = hir.repetition(n);
            if (repetitions && r != null) {
                alts.add(0, name(hir, r.symbol()) + "{" + r.min() + "," + (r.max() < 0 ? "" : r.max()) + "}");
            }
            String body = String.join(" | ", alts);
            rules.add((n == hir.start() ? "*" : "") + hir.name(n) + " ::=" + (body.isEmpty() ? "" : " " + body));
        }
        return rules.toString();
    }

    private static String name(Hir hir, int symbol) {
        return Hir.isTerminal(symbol) ? hir.terminal(Hir.terminalOf(symbol)).description() : hir.name(symbol);
    }
}
