package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.GbnfParser.GrammarFileContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.Rule_Context;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;

/**
 * Reads GBNF, llama.cpp's grammar language, into the same {@link GrammarAst} as KBNF, collecting
 * every syntax error. The dialect is the one llama.cpp's parser ({@code src/llama-grammar.cpp})
 * accepts, with these decisions:
 *
 * <ul>
 *   <li><b>Rules and lines.</b> {@code name ::= body}, one rule per line: a rule ends at the first
 *       line break that is not inside parentheses and does not directly follow {@code ::=} or
 *       {@code |} (llama.cpp reads the spaces after those two, and everything inside parentheses,
 *       with line breaks allowed). So an alternation may go on after a {@code |} at the end of a
 *       line, and a body may start on the line after {@code ::=}; a line that starts with
 *       {@code |} is an error, as in llama.cpp. Indentation means nothing. Spaces are blanks and
 *       tabs; {@code #} starts a comment to the end of the line. Names are letters, digits,
 *       {@code -} (llama.cpp) and {@code _} (XGrammar); a name may start with a digit. The start
 *       rule is {@code root} unless {@link GrammarOptions#startSymbol()} says otherwise.
 *   <li><b>One definition per name.</b> A second {@code name ::=} is an error: llama.cpp would
 *       silently keep only the last one, XGrammar rejects it.
 *   <li><b>Terminals.</b> {@code "..."} literals and {@code [...]}, {@code [^...]} classes over
 *       Unicode code points, with the escapes of {@link GbnfCharacters}; {@code .} is any Unicode
 *       scalar value, the line feed included, and {@code [^...]} every scalar value not listed
 *       (as in llama.cpp, which matches code points). {@code [^]} is any character (XGrammar);
 *       {@code []} and a range whose start is above its end ({@code [z-a]}) are errors.
 *       Classes and {@code .} become regex terminals whose characters are all written as escapes,
 *       a class of one character a literal.
 *   <li><b>Operators.</b> Juxtaposition, {@code |} (an alternative may be empty:
 *       {@code ws ::= | " "}), {@code ( )} (empty groups too), postfix {@code * + ?} (they may
 *       be stacked, {@code "a"**}, as llama.cpp allows), {@code {m} {m,} {m,n}} with spaces
 *       allowed inside the braces. {@code {,n}} is an error: llama.cpp requires the minimum.
 *       Bounds are limited by {@link GrammarOptions#maxRepetition()} (llama.cpp's limit is 2000,
 *       and it reads a larger maximum as no maximum; here it is an error). Left recursion is
 *       fine: the recognizer is an Earley parser.
 *   <li><b>Token references</b> {@code <[id]>}, {@code <name>}, {@code <|name|>} and their
 *       negations {@code !<...>} are errors at their place: a kbnf4j grammar describes bytes,
 *       independent of any vocabulary.
 *   <li><b>Lookahead assertions.</b> XGrammar lets a rule end with {@code (= ...)}, e.g.
 *       {@code key ::= [a-z]+ (= ":")}. It is parsed and its contents checked (escapes, rule
 *       names), then ignored. XGrammar uses it only as a hint when it precomputes token masks
 *       (a token that runs past the end of the rule is checked against it), and derives such
 *       assertions itself wherever the grammar already implies them: it states what always
 *       follows the rule, it does not add a restriction. In a grammar where the assertion holds,
 *       ignoring it leaves the language unchanged; honouring a false one would need a lookahead,
 *       which a context-free grammar cannot express, and XGrammar itself then answers
 *       differently depending on whether a mask comes from its precomputed cache. A lookahead
 *       anywhere but at the end of a rule is an error.
 * </ul>
 *
 * <p>Errors are reported as {@code source:line:col: message}, all at once. Before parsing, bracket
 * nesting deeper than {@link GrammarOptions#maxNestingDepth()} is rejected, so that the
 * recursive-descent parser never overflows its stack; postfix chains count toward the same limit.
 * A literal or class without its closing quote or bracket runs to the end of the text (llama.cpp
 * lets literals span lines) and is reported once, at its start.
 */
public final class GbnfReader {
    private GbnfReader() {
    }

    /**
     * Parses {@code text}.
     *
     * @return the syntax tree (also after errors inside literals, classes, counts or token
     *     references, so that validation can add its own), or null when there were syntax errors
     *     (they are in {@code diagnostics})
     */
    public static GrammarAst read(String source, String text, GrammarOptions options, Diagnostics diagnostics) {
        CollectingListener listener = new CollectingListener(source, diagnostics);
        GbnfLexer lexer = new GbnfLexer(CharStreams.fromString(text, source));
        lexer.removeErrorListeners();
        lexer.addErrorListener(listener);
        CommonTokenStream all = new CommonTokenStream(lexer);
        List<Token> tokens;
        try {
            all.fill();
            tokens = all.getTokens();
        } catch (StopReading e) {
            if (e.at == null) {
                return null;
            }
            // An unterminated literal or class ate the rest of the text: read what came before it,
            // ending at its place, so that the errors there are reported too.
            tokens = new ArrayList<>(all.getTokens());
            CommonToken end = new CommonToken(Token.EOF, "<EOF>");
            end.setLine(e.at.line());
            end.setCharPositionInLine(e.at.column() - 1);
            tokens.add(end);
            listener.truncatedAt = end;
        }
        List<Token> significant = dropLineBreaksInsideRules(tokens);
        significant = joinLinesStartingWithBar(source, significant, listener, diagnostics);
        if (!checkNesting(source, significant, options.maxNestingDepth(), diagnostics)) {
            return null;
        }
        GbnfParser parser = new GbnfParser(new CommonTokenStream(new ListTokenSource(significant)));
        parser.removeErrorListeners();
        parser.addErrorListener(listener);
        GrammarFileContext file;
        try {
            file = parser.grammarFile();
        } catch (StopReading e) {
            return null;
        }
        if (listener.syntaxErrors > 0 || diagnostics.isFull()) {
            return null;
        }
        GbnfAstBuilder builder = new GbnfAstBuilder(source, diagnostics, options.maxNestingDepth());
        List<Rule> rules = new ArrayList<>();
        Map<String, Rule> first = new HashMap<>();
        for (Rule_Context ctx : file.rule_()) {
            Rule rule = builder.rule(ctx);
            Rule earlier = first.putIfAbsent(rule.name(), rule);
            if (earlier != null) {
                diagnostics.error(rule.span(), "rule '" + rule.name() + "' is already defined at line "
                        + earlier.span().line() + " (GBNF allows one definition per rule: llama.cpp would keep "
                        + "only the last one; join them with '|')");
            }
            rules.add(rule);
        }
        for (Ref ref : builder.lookaheadReferences()) {
            if (!first.containsKey(ref.name())) {
                diagnostics.error(ref.span(), "undefined rule '" + ref.name() + "' in a lookahead assertion");
            }
        }
        // After an unterminated literal the rules are cut short: validating them would only add noise.
        return listener.truncatedAt != null ? null : new GrammarAst(source, rules);
    }

    /**
     * The tokens the parser sees: line breaks inside parentheses, right after {@code ::=} or
     * {@code |}, at the start, after another line break, or before a lookahead assertion
     * {@code (=} are dropped (XGrammar lets an assertion start on the next line); the others end
     * a rule.
     */
    static List<Token> dropLineBreaksInsideRules(List<Token> tokens) {
        List<Token> out = new ArrayList<>(tokens.size());
        int depth = 0;
        int previous = Token.INVALID_TYPE; // the last token kept that is not a line break
        for (Token t : tokens) {
            int type = t.getType();
            if (type == GbnfLexer.NL) {
                boolean afterNl = !out.isEmpty() && out.get(out.size() - 1).getType() == GbnfLexer.NL;
                if (depth == 0 && !afterNl && previous != Token.INVALID_TYPE && previous != GbnfLexer.DEFINE
                        && previous != GbnfLexer.BAR) {
                    out.add(t);
                }
                continue;
            }
            if (type == GbnfLexer.LOOKAHEAD) {
                while (!out.isEmpty() && out.get(out.size() - 1).getType() == GbnfLexer.NL) {
                    out.remove(out.size() - 1);
                }
            }
            if (type == GbnfLexer.LPAREN || type == GbnfLexer.LOOKAHEAD) {
                depth++;
            } else if (type == GbnfLexer.RPAREN) {
                depth = Math.max(0, depth - 1);
            }
            previous = type;
            out.add(t);
        }
        return out;
    }

    /**
     * Reports each line that starts with {@code |} (llama.cpp ends the rule at the line break
     * before it) and joins it to the line before, so that parsing goes on to find further errors.
     */
    private static List<Token> joinLinesStartingWithBar(String source, List<Token> tokens, CollectingListener listener,
            Diagnostics diagnostics) {
        List<Token> out = new ArrayList<>(tokens.size());
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.getType() == GbnfLexer.NL && i + 1 < tokens.size() && tokens.get(i + 1).getType() == GbnfLexer.BAR) {
                listener.syntaxErrors++;
                diagnostics.error(span(source, tokens.get(i + 1)), "a line cannot start with '|': the rule ended at the"
                        + " line break before; to go on with the alternatives, end the previous line with '|'");
                continue;
            }
            out.add(t);
        }
        return out;
    }

    /** Reports nesting beyond the limit. Returns false if parsing must not go on. */
    private static boolean checkNesting(String source, List<Token> tokens, int maxDepth, Diagnostics diagnostics) {
        int depth = 0;
        for (Token t : tokens) {
            int type = t.getType();
            if (type == GbnfLexer.LPAREN || type == GbnfLexer.LOOKAHEAD) {
                if (++depth > maxDepth) {
                    diagnostics.error(span(source, t), "brackets nested deeper than " + maxDepth
                            + " (limit GrammarOptions.maxNestingDepth, CLI --max-nesting-depth)");
                    return false;
                }
            } else if (type == GbnfLexer.RPAREN) {
                depth = Math.max(0, depth - 1);
            }
        }
        return true;
    }

    private static Span span(String source, Token t) {
        return new Span(source, t.getLine(), t.getCharPositionInLine() + 1);
    }

    /** Stops lexing or parsing: the error cap is reached, or an unterminated literal ate the rest. */
    private static final class StopReading extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** Where the unterminated literal or class starts; null when the error cap was reached. */
        final transient Span at;

        StopReading(Span at) {
            super(null, null, false, false);
            this.at = at;
        }
    }

    private static final class CollectingListener extends BaseErrorListener {
        private static final String LEXER_ERROR = "token recognition error at: ";

        private final String source;
        private final Diagnostics diagnostics;
        /** The end put where an unterminated literal starts: the parser's complaints about it are noise. */
        Token truncatedAt;
        /** Errors of the lexer and the parser (not counting the ones at {@link #truncatedAt}). */
        int syntaxErrors;

        CollectingListener(String source, Diagnostics diagnostics) {
            this.source = source;
            this.diagnostics = diagnostics;
        }

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line,
                int charPositionInLine, String msg, RecognitionException e) {
            Span at = new Span(source, line, charPositionInLine + 1);
            if (truncatedAt != null && offendingSymbol == truncatedAt) {
                return;
            }
            if (msg.startsWith(LEXER_ERROR)) {
                String text = msg.substring(LEXER_ERROR.length());
                char first = text.length() > 1 ? text.charAt(1) : ' ';
                if (first == '"' || first == '[') {
                    // Literals and classes may span lines: without their end, they run to the end of the text.
                    diagnostics.error(at, first == '"' ? "unterminated literal: no closing '\"'"
                            : "unterminated character class: no closing ']' (write '\\]' for a bracket inside)");
                    throw new StopReading(at);
                }
                syntaxErrors++;
                // ANTLR quotes the text it could not match, which may go on past the first character.
                int c = text.length() > 1 ? text.codePointAt(1) : ' ';
                diagnostics.error(at, "unexpected character '" + new String(Character.toChars(c)) + "'" + hint(first));
            } else {
                syntaxErrors++;
                boolean define = offendingSymbol instanceof Token t && t.getType() == GbnfLexer.DEFINE;
                diagnostics.error(at, "syntax error: " + (define
                        ? "unexpected '::=': a rule starts on a new line (and a line that ends with '|' goes on with"
                                + " the rule before)"
                        : readable(msg)));
            }
            if (diagnostics.isFull()) {
                throw new StopReading(null);
            }
        }

        /** ANTLR's message with line breaks called so (it shows them as '\n' and, when expected, NL). */
        private static String readable(String msg) {
            String m = msg.replace("'\\r\\n'", "line break").replace("'\\n'", "line break")
                    .replace("'\\r'", "line break");
            int expecting = m.indexOf("expecting ");
            if (expecting < 0) {
                return m;
            }
            return m.substring(0, expecting) + m.substring(expecting).replaceAll("\\bNL\\b", "line break");
        }

        private static String hint(char c) {
            return switch (c) {
                case ';' -> " (a GBNF rule ends at the end of its line, without ';')";
                case ':', '=' -> " (rules are written name ::= body)";
                case '!' -> " (token references such as !<[id]> are not supported)";
                case '\'' -> " (GBNF literals are written in double quotes)";
                default -> "";
            };
        }
    }
}
