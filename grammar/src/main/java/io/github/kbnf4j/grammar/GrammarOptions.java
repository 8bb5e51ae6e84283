package io.github.kbnf4j.grammar;

import java.util.Objects;

/**
 * Settings for compiling a grammar. Immutable; each {@code with…} method returns a copy.
 *
 * <p>The limits protect the compiler from grammars whose compiled form would be huge: a limit
 * that is hit is reported as a {@link GrammarException} naming the setting, never as an
 * {@link OutOfMemoryError}.
 *
 * @param startSymbol the rule sentences are derived from; null (the default) means the dialect's
 *     start rule ({@link Dialect#defaultStartSymbol()}: {@code start} for KBNF, {@code root} for GBNF)
 * @param maxRepetition the largest bound of a counted repetition {@code {m,n}} that is written out
 *     as copies of a rule (a repetition of a rule that is not regular), and of one inside a regex
 *     (default 10,000); a repetition of a terminal with a larger bound is built in the terminal's
 *     automaton, bounded by {@code maxDfaStates} (in chunks when one automaton would be too
 *     large), and this bounds the number of chunks
 * @param maxDfaStates the most states one terminal's byte automaton may have, during
 *     determinization and after it (default 20,000)
 * @param maxNestingDepth the deepest nesting of brackets allowed, in the grammar and inside
 *     regexes (default 256); it keeps the recursive-descent parsers far from a stack overflow
 * @param inlineRegularRules whether rules that describe a regular language (not recursive, using
 *     only terminals and such rules, such as GBNF's {@code ident ::= [a-z] [a-z0-9]*}) are compiled
 *     into one terminal each (default true). The language is the same either way; inlining makes
 *     recognition and masks much faster. Turn it off to debug a grammar rule by rule.
 */
public record GrammarOptions(String startSymbol, int maxRepetition, int maxDfaStates, int maxNestingDepth,
        boolean inlineRegularRules) {

    /** The name of the default start rule of KBNF. */
    public static final String DEFAULT_START = "start";

    /**
     * The defaults: the dialect's start symbol, repetition bound 10,000, 20,000 DFA states,
     * nesting depth 256, regular rules inlined.
     */
    public static final GrammarOptions DEFAULT = new GrammarOptions(null, 10_000, 20_000, 256, true);

    public GrammarOptions {
        if (startSymbol != null && startSymbol.isEmpty()) {
            throw new IllegalArgumentException("startSymbol must not be empty");
        }
        if (maxRepetition < 1) {
            throw new IllegalArgumentException("maxRepetition must be positive, was " + maxRepetition);
        }
        if (maxDfaStates < 2) {
            throw new IllegalArgumentException("maxDfaStates must be at least 2, was " + maxDfaStates);
        }
        if (maxNestingDepth < 1 || maxNestingDepth > 10_000) {
            throw new IllegalArgumentException("maxNestingDepth must be in 1..10000, was " + maxNestingDepth);
        }
    }

    /** The start rule for a grammar in {@code dialect}: {@link #startSymbol()} or the dialect's default. */
    public String startSymbolFor(Dialect dialect) {
        return startSymbol != null ? startSymbol : dialect.defaultStartSymbol();
    }

    /** A copy with another start symbol (null: the dialect's default). */
    public GrammarOptions withStartSymbol(String name) {
        return new GrammarOptions(name, maxRepetition, maxDfaStates, maxNestingDepth, inlineRegularRules);
    }

    /** A copy with another bound for counted repetitions. */
    public GrammarOptions withMaxRepetition(int limit) {
        return new GrammarOptions(startSymbol, limit, maxDfaStates, maxNestingDepth, inlineRegularRules);
    }

    /** A copy with another bound on the states of one terminal's automaton. */
    public GrammarOptions withMaxDfaStates(int limit) {
        return new GrammarOptions(startSymbol, maxRepetition, limit, maxNestingDepth, inlineRegularRules);
    }

    /** A copy with another bound on bracket nesting. */
    public GrammarOptions withMaxNestingDepth(int limit) {
        return new GrammarOptions(startSymbol, maxRepetition, maxDfaStates, limit, inlineRegularRules);
    }

    /** A copy that does or does not compile regular rules into terminals. */
    public GrammarOptions withInlineRegularRules(boolean inline) {
        return new GrammarOptions(startSymbol, maxRepetition, maxDfaStates, maxNestingDepth, inline);
    }
}
