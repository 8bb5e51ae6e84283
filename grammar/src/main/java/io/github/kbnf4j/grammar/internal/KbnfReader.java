package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.KbnfParser.GrammarFileContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.Rule_Context;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
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
        if (listener.unterminatedLiteral) {
            // The literal ate the rest of the text: what the parser would say about the end is noise.
            return null;
        }
        List<Token> withSemicolons = insertMissingSemicolons(source, tokens.getTokens(), listener);
        KbnfParser parser = new KbnfParser(new CommonTokenStream(new ListTokenSource(withSemicolons)));
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
     * Finds the rules that lack their final {@code ;} and reports each at the end of that rule
     * (where the {@code ;} belongs), not at the next rule's {@code ::=} where the parser would
     * notice it; the returned tokens have a {@code ;} put there, so that parsing goes on without
     * a second error for the same mistake. A rule starts with {@code name ::=} or {@code name =},
     * which can appear nowhere else, so a rule start not preceded by {@code ;} (or the end of the
     * text not preceded by one) is exactly a missing {@code ;}.
     */
    private static List<Token> insertMissingSemicolons(String source, List<Token> tokens,
            CollectingListener listener) {
        List<Token> out = new ArrayList<>(tokens.size() + 1);
        String rule = null; // the name of the rule being read
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            boolean ruleStart = t.getType() == KbnfLexer.NAME && i + 1 < tokens.size()
                    && (tokens.get(i + 1).getType() == KbnfLexer.DEFINE || tokens.get(i + 1).getType() == KbnfLexer.EQUALS);
            boolean end = t.getType() == Token.EOF;
            int lastType = out.isEmpty() ? KbnfLexer.SEMI : out.get(out.size() - 1).getType();
            // After "::=" the rule has no body at all: the parser says that better.
            if ((ruleStart || end) && rule != null && lastType != KbnfLexer.SEMI && lastType != KbnfLexer.DEFINE
                    && lastType != KbnfLexer.EQUALS) {
                Token last = out.get(out.size() - 1);
                String lastText = last.getText();
                Span at = new Span(source, last.getLine(), last.getCharPositionInLine() + 1)
                        .advance(lastText, 0, lastText.length());
                listener.report(at, "missing ';' at the end of rule '" + rule + "'"
                        + (end ? "" : " (rule '" + t.getText() + "' starts after it)"), true);
                CommonToken semi = new CommonToken(KbnfLexer.SEMI, ";");
                semi.setLine(at.line());
                semi.setCharPositionInLine(at.column() - 1);
                semi.setStartIndex(last.getStopIndex() + 1);
                semi.setStopIndex(last.getStopIndex());
                out.add(semi);
            }
            if (ruleStart) {
                rule = t.getText();
            }
            out.add(t);
        }
        return out;
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

    /** Appended to the first error that suggests a GBNF grammar read as KBNF. */
    static final String GBNF_HINT = "if this is a GBNF grammar (llama.cpp's dialect: one rule per line, no ';',"
            + " '#' comments), read it as GBNF: Dialect.GBNF in Grammar.compile, --dialect gbnf in the CLI,"
            + " or a file name ending in .gbnf";

    /** The start of ANTLR's quoted text of a literal or regex literal that lacks its closing quote. */
    private static final Pattern UNTERMINATED_LITERAL = Pattern.compile("'(#(e|ex|substrs)?)?[\"']");

    private static final class CollectingListener extends BaseErrorListener {
        private final String source;
        private final Diagnostics diagnostics;
        private boolean gbnfHintGiven;
        /** Whether the lexer met a literal without its closing quote. */
        boolean unterminatedLiteral;

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
                boolean literal = UNTERMINATED_LITERAL.matcher(text).lookingAt();
                unterminatedLiteral |= literal;
                message = literal
                        ? "unterminated literal: its closing quote is missing (a literal may run over line breaks, so it runs to the end of the text)"
                        : "unexpected character " + text;
            } else {
                message = "syntax error: " + msg;
            }
            boolean gbnfLike = message.startsWith("unexpected character '#") || message.startsWith("unexpected character '.");
            report(new Span(source, line, charPositionInLine + 1), message, gbnfLike);
        }

        /**
         * Records an error; the first one that suggests the text is GBNF (a rule without its
         * {@code ;}, a {@code #} comment, a {@code .}) gets a hint to read it as GBNF.
         */
        void report(Span at, String message, boolean suggestsGbnf) {
            String m = message;
            if (suggestsGbnf && !gbnfHintGiven) {
                gbnfHintGiven = true;
                m += "; " + GBNF_HINT;
            }
            diagnostics.error(at, m);
            if (diagnostics.isFull()) {
                throw new TooManyErrors();
            }
        }
    }
}
