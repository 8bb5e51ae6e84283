package io.github.kbnf4j.grammar.internal.ast;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * A grammar expression as written: the right-hand side of a rule, or a part of it. Immutable.
 * Grouping parentheses leave no node of their own; {@code [x]}, {@code {x}}, {@code x?},
 * {@code x*}, {@code x+} and {@code x{m,n}} all become {@link Repeat}.
 */
public sealed interface Expr {

    /** Where the expression starts in the source. */
    Span span();

    /** A literal terminal: exactly the UTF-8 bytes of {@code text} (escapes already decoded). */
    record Literal(String text, Span span) implements Expr {
        public Literal {
            Objects.requireNonNull(text, "text");
        }

        /** The bytes this literal matches. */
        public byte[] utf8() {
            return text.getBytes(StandardCharsets.UTF_8);
        }
    }

    /**
     * A regex-based terminal: {@code #"R"}, {@code #e"R"}, {@code #ex"R"} or {@code #substrs"S"}.
     *
     * @param kind which of the four forms
     * @param text for the regex forms, the pattern as the regex parser sees it (the written text
     *     with {@code \"} or {@code \'} turned into the bare quote); for {@code #substrs}, the
     *     decoded text (JavaScript escapes as in literals)
     * @param quoteColumnShifts for the regex forms, the pattern indices at which a source escape
     *     of the quote was shortened to one character, ascending (used to map an index in the
     *     pattern back to a source column)
     * @param textSpan where the first character of the text between the quotes is
     */
    record Regex(RegexKind kind, String text, List<Integer> quoteColumnShifts, Span span, Span textSpan)
            implements Expr {
        public Regex {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(text, "text");
            quoteColumnShifts = List.copyOf(quoteColumnShifts);
        }

        /**
         * The source place of the character at {@code index} of {@link #text()}, following line
         * breaks inside the regex; a supplementary character counts as one column, as ANTLR
         * counts them.
         */
        public Span spanOfIndex(int index) {
            int end = Math.min(Math.max(index, 0), text.length());
            // Each quote escape shortened to one character before index, on index's line, is one
            // column more in the source (the text may run over line breaks).
            int lineStart = end == 0 ? 0 : text.lastIndexOf('\n', end - 1) + 1;
            int shift = 0;
            for (int at : quoteColumnShifts) {
                if (at < end && at >= lineStart) {
                    shift++;
                }
            }
            return textSpan.advance(text, 0, end).shift(shift);
        }
    }

    /**
     * A terminal given directly as a byte automaton, for grammars built by a program (the JSON
     * Schema compiler) rather than read from text: its language is exactly {@code dfa}'s.
     * {@code description} is how the terminal is shown in messages and listings. {@code regex},
     * when not null, is a KBNF regex ({@code #"..."}) of the same language, which the program
     * compiled into {@code dfa} (through a cache: compiling it anew for every grammar was a cost
     * per grammar), and which a KBNF listing shows instead of the automaton's rules.
     */
    record Automaton(io.github.kbnf4j.grammar.internal.automata.ByteDfa dfa, String description, String regex,
            Span span) implements Expr {
        public Automaton {
            Objects.requireNonNull(dfa, "dfa");
            Objects.requireNonNull(description, "description");
        }

        /** An automaton without a regex of its language. */
        public Automaton(io.github.kbnf4j.grammar.internal.automata.ByteDfa dfa, String description, Span span) {
            this(dfa, description, null, span);
        }
    }

    /** The four regex-based terminal forms. */
    enum RegexKind {
        /** {@code #"R"}: the language of R. */
        REGEX("#"),
        /** {@code #e"R"}: strings of R that end at R's first match (no proper prefix in R). */
        FIRST_MATCH("#e"),
        /** {@code #ex"R"}: non-empty strings containing no match of R. */
        EXCLUDING("#ex"),
        /** {@code #substrs"S"}: every substring of S, the empty one included. */
        SUBSTRINGS("#substrs");

        private final String prefix;

        RegexKind(String prefix) {
            this.prefix = prefix;
        }

        /** How the form starts in the source, e.g. {@code #ex}. */
        public String prefix() {
            return prefix;
        }
    }

    /** A reference to the rule {@code name}. */
    record Ref(String name, Span span) implements Expr {
        public Ref {
            Objects.requireNonNull(name, "name");
        }
    }

    /** Concatenation of two or more expressions. */
    record Seq(List<Expr> items, Span span) implements Expr {
        public Seq {
            items = List.copyOf(items);
        }
    }

    /** Alternation of two or more expressions. */
    record Alt(List<Expr> alternatives, Span span) implements Expr {
        public Alt {
            alternatives = List.copyOf(alternatives);
        }
    }

    /**
     * {@code inner} repeated between {@code min} and {@code max} times; {@code max == UNBOUNDED}
     * for no upper bound. {@code [x]} and {@code x?} are (0,1), {@code {x}} and {@code x*} are
     * (0,∞), {@code x+} is (1,∞).
     */
    record Repeat(Expr inner, int min, int max, Span span) implements Expr {
        /** The {@link #max()} of a repetition without an upper bound. */
        public static final int UNBOUNDED = -1;

        public Repeat {
            Objects.requireNonNull(inner, "inner");
        }

        /** Whether there is no upper bound. */
        public boolean unbounded() {
            return max == UNBOUNDED;
        }
    }

    /**
     * {@code except!(inner)} or {@code except!(inner, maxChars)}: non-empty strings containing no
     * occurrence of {@code inner}, with at most {@code maxChars} code points when
     * {@code maxChars != NO_LIMIT}.
     */
    record Except(Expr inner, int maxChars, Span span) implements Expr {
        /** The {@link #maxChars()} of an {@code except!} without a length bound. */
        public static final int NO_LIMIT = -1;

        public Except {
            Objects.requireNonNull(inner, "inner");
        }
    }
}
