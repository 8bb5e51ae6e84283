package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.KbnfParser.GrammarFileContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.Rule_Context;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;

/**
 * Reads KBNF text into a {@link GrammarAst}, collecting every syntax error.
 *
 * <p>Before parsing, the token stream is checked for bracket nesting deeper than
 * {@link GrammarOptions#maxNestingDepth()}: ANTLR's parser is recursive descent, and ten
 * thousand nested parentheses would otherwise end in a {@link StackOverflowError}.
 */
public final class KbnfReader {
    private KbnfReader() {
    }

    /**
     * Parses {@code text}.
     *
     * @return the syntax tree, or null when there were syntax errors (they are in {@code diagnostics})
     */
    public static GrammarAst read(String source, String text, GrammarOptions options, Diagnostics diagnostics) {
        CollectingListener listener = new CollectingListener(source, diagnostics);
        KbnfLexer lexer = new KbnfLexer(CharStreams.fromString(text, source));
        lexer.removeErrorListeners();
        lexer.addErrorListener(listener);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        try {
            tokens.fill();
        } catch (TooManyErrors e) {
            return null;
        }
        if (!checkBrackets(source, tokens.getTokens(), options.maxNestingDepth(), diagnostics)) {
            return null;
        }
        KbnfParser parser = new KbnfParser(tokens);
        parser.removeErrorListeners();
        parser.addErrorListener(listener);
        GrammarFileContext file;
        try {
            file = parser.grammarFile();
        } catch (TooManyErrors e) {
            return null;
        }
        if (diagnostics.hasErrors()) {
            return null;
        }
        AstBuilder builder = new AstBuilder(source, diagnostics, options.maxNestingDepth());
        List<Rule> rules = new ArrayList<>();
        for (Rule_Context rule : file.rule_()) {
            Token name = rule.NAME().getSymbol();
            rules.add(new Rule(name.getText(), builder.visit(rule.alternation()), builder.span(name)));
        }
        // Bad escapes leave a complete tree (the escape is dropped): validation can still run.
        return new GrammarAst(source, rules);
    }

    /**
     * Reports an unterminated {@code (*} comment (which the lexer sees as {@code (} and
     * {@code *}) and nesting beyond the limit. Returns false if parsing must not go on.
     */
    private static boolean checkBrackets(String source, List<Token> tokens, int maxDepth, Diagnostics diagnostics) {
        int depth = 0;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            switch (t.getType()) {
                case KbnfLexer.LPAREN, KbnfLexer.LBRACK, KbnfLexer.LBRACE -> {
                    if (t.getType() == KbnfLexer.LPAREN && i + 1 < tokens.size()
                            && tokens.get(i + 1).getType() == KbnfLexer.STAR
                            && tokens.get(i + 1).getStartIndex() == t.getStopIndex() + 1) {
                        diagnostics.error(span(source, t), "unterminated comment: '(*' without '*)'");
                        return false;
                    }
                    depth++;
                    if (depth > maxDepth) {
                        diagnostics.error(span(source, t), "brackets nested deeper than " + maxDepth
                                + " (limit GrammarOptions.maxNestingDepth, CLI --max-nesting-depth)");
                        return false;
                    }
                }
                case KbnfLexer.RPAREN, KbnfLexer.RBRACK, KbnfLexer.RBRACE -> depth = Math.max(0, depth - 1);
                default -> {
                }
            }
        }
        return true;
    }

    private static Span span(String source, Token t) {
        return new Span(source, t.getLine(), t.getCharPositionInLine() + 1);
    }

    /** Stops lexing or parsing once the error cap is reached. */
    private static final class TooManyErrors extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooManyErrors() {
            super(null, null, false, false);
        }
    }

    private static final class CollectingListener extends BaseErrorListener {
        private final String source;
        private final Diagnostics diagnostics;

        CollectingListener(String source, Diagnostics diagnostics) {
            this.source = source;
            this.diagnostics = diagnostics;
        }

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line,
                int charPositionInLine, String msg, RecognitionException e) {
            String message = msg;
            if (msg.startsWith("token recognition error at: ")) {
                String text = msg.substring("token recognition error at: ".length());
                message = text.startsWith("'\"") || text.startsWith("''")
                        ? "unterminated literal (a literal must end on its line)"
                        : "unexpected character " + text;
            } else {
                message = "syntax error: " + msg;
            }
            diagnostics.error(new Span(source, line, charPositionInLine + 1), message);
            if (diagnostics.isFull()) {
                throw new TooManyErrors();
            }
        }
    }
}
