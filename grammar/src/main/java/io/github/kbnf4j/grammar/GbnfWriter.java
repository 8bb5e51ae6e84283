package io.github.kbnf4j.grammar;

import io.github.kbnf4j.grammar.internal.writer.GbnfEmitter;
import java.util.Objects;

/**
 * Writes a {@link CompiledGrammar} as GBNF, the grammar language of llama.cpp (its
 * {@code grammars/README.md}), for inference that still runs there. The GBNF grammar accepts
 * exactly the same byte strings as the compiled grammar, whatever it was written in (KBNF with
 * regexes, {@code #e}, {@code #ex}, {@code #substrs}, {@code except!}, or GBNF).
 *
 * <pre>{@code
 * String gbnf = GbnfWriter.write(Grammar.builtin("json", GrammarOptions.DEFAULT));
 * }</pre>
 *
 * <h2>What it writes</h2>
 * <ul>
 *   <li>A {@code root} rule for the start nonterminal ({@code root ::= start}, with an empty
 *       alternative {@code ""} when the empty string is a sentence); a start nonterminal already
 *       called {@code root} that does not accept the empty string is {@code root} itself.
 *   <li>One rule per nonterminal reachable from the start, in the simplified form the compiled
 *       grammar has (nullable symbols eliminated, so alternatives are spelled out). Names are
 *       made GBNF names ({@code [a-zA-Z0-9-]+}): any other character becomes {@code -}
 *       ({@code value#2} becomes {@code value-2}), and clashes get {@code -2}, {@code -3}, ...
 *   <li>Terminals from their byte automata: one rule per DFA state, named {@code t3},
 *       {@code t3-s1}, {@code t3-s2}, ... (or after the nonterminal whose only production the
 *       terminal is, e.g. {@code string}, {@code string-s1}), with one alternative per target
 *       state: the class of code points leading there, then the target's rule; an accepting state
 *       has the alternative {@code ""}. Whole UTF-8 characters are grouped into code point
 *       ranges, so multi-byte characters become {@code [...]} classes (the shorter of
 *       {@code [...]} and {@code [^...]}, {@code .} for every character) with
 *       <code>&#92;uHHHH</code> and {@code \UHHHHHHHH} escapes; the text is ASCII. States with one way in and
 *       one way out are written in place, so a literal terminal becomes a {@code "..."} literal
 *       wherever it is used, and so does any terminal that is a fixed sequence of classes.
 * </ul>
 *
 * <h2>Left recursion</h2>
 * llama.cpp refuses left-recursive grammars, and compiled grammars have them (the expansion of
 * {@code x*} is {@code N ::= N x | x}, and rules written left-recursively stay so). Left recursion
 * is removed by a selective left-corner transform: only nonterminals in a cycle of the left-corner
 * relation are rewritten, {@code N ::= N x | y} becoming {@code N ::= y N-tail},
 * {@code N-tail ::= x N-tail | ""}; indirect left recursion gives rules named like
 * {@code a-after-b} ("the rest of an {@code a} after a {@code b}"). The output never has left
 * recursion, direct or through rules that can be empty.
 *
 * <h2>Size</h2>
 * One rule per reachable nonterminal, plus one per reachable terminal DFA state (fewer where
 * states are written in place), plus the left-corner rules: as many productions as the compiled
 * grammar for immediate left recursion, quadratic in the size of an indirectly left-recursive
 * group of rules in the worst case (bounded at four million symbols). Time is linear in the
 * output plus {@code 256 ×} the DFA states.
 *
 * <p>Thread-safe: stateless.
 */
public final class GbnfWriter {
    private GbnfWriter() {
    }

    /**
     * The GBNF text of {@code grammar}, one rule per line (long rules one alternative per line),
     * with a comment line before each terminal's rules showing how it was written.
     *
     * @throws IllegalArgumentException if a terminal accepts bytes that are not valid UTF-8 (GBNF
     *     matches code points; the message names the terminal), or removing left recursion would
     *     exceed the size bound (the message names the rules)
     */
    public static String write(CompiledGrammar grammar) {
        Objects.requireNonNull(grammar, "grammar");
        return GbnfEmitter.write(grammar);
    }
}
