package io.github.kbnf4j.jsonschema.internal;

/**
 * The meaning side of a JSON number language: it follows a number text piece by piece while
 * {@link JsonNumberAutomaton} checks the syntax (RFC 8259 §6,
 * {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}) and calls one method per byte.
 *
 * <p>Each method returns the state after the piece, or null when no continuation of the text can
 * be accepted (a dead state: pruning early keeps the explored automaton small). States must be
 * immutable values with {@code equals}/{@code hashCode}, and only finitely many may be reachable:
 * they become the states of a DFA.
 *
 * @param <S> the reader's state
 */
interface JsonNumberReader<S> {

    /** The state before the first byte. */
    S start();

    /** The leading {@code -}. */
    S minus(S state);

    /** A digit of the integer part (the first one may be the lone {@code 0}). */
    S integerDigit(S state, int digit);

    /** The decimal point; the integer part is complete. */
    S point(S state);

    /** A digit after the decimal point. */
    S fractionDigit(S state, int digit);

    /** {@code e} or {@code E}; the mantissa (integer part and fraction) is complete. */
    S exponentMarker(S state);

    /** The exponent's explicit sign. */
    S exponentSign(S state, boolean negative);

    /** A digit of the exponent. */
    S exponentDigit(S state, int digit);

    /**
     * Whether a text that ends in this state is in the language. Called only where the syntax allows
     * the text to end: after a digit of the integer part, of the fraction or of the exponent.
     */
    boolean accepts(S state);
}
