package io.github.kbnf4j.grammar.internal.automata;

import dk.brics.automaton.Automaton;

/**
 * Regex terminals: pattern text to a byte NFA or a minimal byte DFA over UTF-8.
 *
 * <p>Syntax (the README's "The grammar language"): literals, escapes {@code \n \t \r \f \v \0 \a \e
 * \cX \xHH} <code>&#92;uHHHH &#92;u{H..}</code> and {@code \}+ASCII punctuation, {@code .} (any
 * scalar value but {@code \n}), classes with ranges, negation, {@code [\b]} (backspace) and a
 * literal {@code [}, {@code \d \D \w \W \s \S} (ASCII, like java.util.regex), groups
 * {@code ( ) (?: ) (?<name> )}, {@code |}, quantifiers {@code ? * + {m} {m,} {m,n}} with optional
 * lazy {@code ?}. Lookaround, backreferences, {@code \b}, anchors, inline flags, possessive
 * quantifiers, {@code \p{..}}, POSIX and nested classes are rejected with a
 * {@link RegexSyntaxException}.
 *
 * <p>Limits: a repetition count above {@code maxRepetition} is a syntax error; a pattern whose
 * automaton would exceed {@code 4 * maxStates} NFA states (estimated before anything is built) or
 * whose DFA would exceed {@code maxStates} states throws {@link TooManyStatesException}.
 *
 * <p>Stateless, thread-safe.
 */
public final class Regexes {
    private Regexes() {
    }

    /**
     * Parses the regex, builds it as a dk.brics.automaton {@code Automaton} through brics's API and
     * converts that to a byte NFA.
     *
     * @throws RegexSyntaxException if the pattern does not parse or uses an unsupported construct
     * @throws TooManyStatesException if the NFA would exceed {@code 4 * maxStates} states
     */
    public static ByteNfa parse(String pattern, int maxRepetition, int maxStates) {
        RegexNode node = RegexParser.parse(pattern, maxRepetition);
        long maxNfa = (long) Determinizer.NFA_STATES_PER_STATE * maxStates;
        if (node.estimate() > maxNfa) {
            throw new TooManyStatesException(maxStates);
        }
        Automaton a = BricsBridge.build(node);
        return BricsBridge.toByteNfa(a, (int) Math.min(Integer.MAX_VALUE, maxNfa), maxStates);
    }

    /**
     * {@link #parse} then {@link Constructions#determinize}.
     *
     * @throws RegexSyntaxException if the pattern does not parse or uses an unsupported construct
     * @throws TooManyStatesException if a state or work limit is exceeded
     */
    public static ByteDfa compile(String pattern, int maxRepetition, int maxStates) {
        return Constructions.determinize(parse(pattern, maxRepetition, maxStates), maxStates);
    }
}
