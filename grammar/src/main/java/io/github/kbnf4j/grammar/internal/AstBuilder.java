package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.internal.KbnfParser.AlternationContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.AtLeastCountPostfixContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.ConcatenationContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.ExactCountPostfixContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.ExceptPrimaryContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.GroupPrimaryContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.LiteralPrimaryContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.OptionPrimaryContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.OptionalPostfixContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.PlusPostfixContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.PostfixContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.PostfixedContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.RangeCountPostfixContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.ReferencePrimaryContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.RegexPrimaryContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.RepeatPrimaryContext;
import io.github.kbnf4j.grammar.internal.KbnfParser.StarPostfixContext;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Except;
import io.github.kbnf4j.grammar.internal.ast.Expr.Literal;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.Expr.Regex;
import io.github.kbnf4j.grammar.internal.ast.Expr.RegexKind;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.Span;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Turns a KBNF parse tree into {@link Expr} records. Escapes in literals are decoded here, and
 * bad ones reported at their exact column; counted repetitions whose numbers do not fit in an
 * int are reported too (their bounds are checked later, against the options).
 */
final class AstBuilder extends KbnfBaseVisitor<Expr> {
    private final String source;
    private final Diagnostics diagnostics;
    private final int maxDepth;
    /** Brackets and postfix operators around the expression being built: later passes recurse this deep. */
    private int depth;
    private boolean depthReported;

    AstBuilder(String source, Diagnostics diagnostics, int maxDepth) {
        this.source = source;
        this.diagnostics = diagnostics;
        this.maxDepth = maxDepth;
    }

    private Expr nested(ParserRuleContext inner, int levels, Token at) {
        depth += levels;
        try {
            if (depth > maxDepth) {
                if (!depthReported) {
                    depthReported = true;
                    diagnostics.error(span(at), "expression nested deeper than " + maxDepth
                            + " (brackets and postfix operators; limit GrammarOptions.maxNestingDepth, CLI --max-nesting-depth)");
                }
                return new Literal("", span(at));
            }
            return visit(inner);
        } finally {
            depth -= levels;
        }
    }

    Span span(Token token) {
        return new Span(source, token.getLine(), token.getCharPositionInLine() + 1);
    }

    private Span span(ParserRuleContext ctx) {
        return span(ctx.getStart());
    }

    @Override
    public Expr visitAlternation(AlternationContext ctx) {
        List<ConcatenationContext> parts = ctx.concatenation();
        if (parts.size() == 1) {
            return visit(parts.get(0));
        }
        List<Expr> alternatives = new ArrayList<>(parts.size());
        for (ConcatenationContext part : parts) {
            alternatives.add(visit(part));
        }
        return new Alt(alternatives, span(ctx));
    }

    @Override
    public Expr visitConcatenation(ConcatenationContext ctx) {
        List<PostfixedContext> parts = ctx.postfixed();
        if (parts.size() == 1) {
            return visit(parts.get(0));
        }
        List<Expr> items = new ArrayList<>(parts.size());
        for (PostfixedContext part : parts) {
            items.add(visit(part));
        }
        return new Seq(items, span(ctx));
    }

    @Override
    public Expr visitPostfixed(PostfixedContext ctx) {
        int before = depth;
        Expr expr = nested(ctx.primary(), ctx.postfix().size(), ctx.getStart());
        if (before + ctx.postfix().size() > maxDepth) {
            return expr; // reported; wrapping the placeholder would rebuild the deep tree
        }
        for (PostfixContext postfix : ctx.postfix()) {
            Span at = span(postfix);
            if (postfix instanceof OptionalPostfixContext) {
                expr = new Repeat(expr, 0, 1, at);
            } else if (postfix instanceof StarPostfixContext) {
                expr = new Repeat(expr, 0, Repeat.UNBOUNDED, at);
            } else if (postfix instanceof PlusPostfixContext) {
                expr = new Repeat(expr, 1, Repeat.UNBOUNDED, at);
            } else if (postfix instanceof ExactCountPostfixContext exact) {
                int m = count(exact.INT());
                expr = new Repeat(expr, m, m, at);
            } else if (postfix instanceof AtLeastCountPostfixContext atLeast) {
                expr = new Repeat(expr, count(atLeast.INT()), Repeat.UNBOUNDED, at);
            } else if (postfix instanceof RangeCountPostfixContext range) {
                expr = new Repeat(expr, count(range.INT(0)), count(range.INT(1)), at);
            } else if (!diagnostics.hasErrors()) {
                // ANTLR's error recovery leaves a bare PostfixContext only after a syntax error it
                // has reported (e.g. '{"' where a count should be): nothing to build then
                throw new AssertionError("unknown postfix " + postfix.getClass());
            }
        }
        return expr;
    }

    private int count(TerminalNode number) {
        String digits = number.getText();
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            diagnostics.error(span(number.getSymbol()), "number " + digits + " is too large");
            return 0;
        }
    }

    @Override
    public Expr visitGroupPrimary(GroupPrimaryContext ctx) {
        return nested(ctx.alternation(), 1, ctx.getStart());
    }

    @Override
    public Expr visitOptionPrimary(OptionPrimaryContext ctx) {
        return new Repeat(nested(ctx.alternation(), 1, ctx.getStart()), 0, 1, span(ctx));
    }

    @Override
    public Expr visitRepeatPrimary(RepeatPrimaryContext ctx) {
        return new Repeat(nested(ctx.alternation(), 1, ctx.getStart()), 0, Repeat.UNBOUNDED, span(ctx));
    }

    @Override
    public Expr visitLiteralPrimary(LiteralPrimaryContext ctx) {
        Token token = ctx.STRING().getSymbol();
        String raw = token.getText();
        Span at = span(token);
        return new Literal(Escapes.decodeLiteral(raw.substring(1, raw.length() - 1), at.shift(1), diagnostics), at);
    }

    @Override
    public Expr visitRegexPrimary(RegexPrimaryContext ctx) {
        Token token = ctx.REGEX().getSymbol();
        String raw = token.getText();
        int quote = 1;
        while (raw.charAt(quote) != '"' && raw.charAt(quote) != '\'') {
            quote++;
        }
        RegexKind kind = switch (raw.substring(0, quote)) {
            case "#" -> RegexKind.REGEX;
            case "#e" -> RegexKind.FIRST_MATCH;
            case "#ex" -> RegexKind.EXCLUDING;
            case "#substrs" -> RegexKind.SUBSTRINGS;
            default -> throw new AssertionError("lexer let through " + raw);
        };
        Span at = span(token);
        Span textSpan = at.shift(quote + 1);
        String body = raw.substring(quote + 1, raw.length() - 1);
        if (kind == RegexKind.SUBSTRINGS) {
            return new Regex(kind, Escapes.decodeLiteral(body, textSpan, diagnostics), List.of(), at, textSpan);
        }
        char quoteChar = raw.charAt(quote);
        StringBuilder pattern = new StringBuilder(body.length());
        List<Integer> shifts = new ArrayList<>();
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '\\' && i + 1 < body.length()) {
                char next = body.charAt(i + 1);
                if (next == quoteChar) {
                    shifts.add(pattern.length());
                    pattern.append(next);
                } else {
                    pattern.append(c).append(next);
                }
                i++;
            } else {
                pattern.append(c);
            }
        }
        Regex regex = new Regex(kind, pattern.toString(), shifts, at, textSpan);
        warnDoubledBackslashes(regex);
        return regex;
    }

    /** Letters that, after a backslash, make a regex escape in common dialects (kbnf's Rust regex, ECMA-262, PCRE). */
    private static final String ESCAPE_LETTERS = "dDwWsSbBnrtfvaexupPcAzZkhHR";

    /**
     * Whether the letter at {@code i} would start an escape once a backslash came before it. The
     * escapes that take an argument count only with it, so that JSON's {@code \\u[0-9a-f]{4}}
     * (a backslash, then {@code u}) is not taken for kbnf's {@code \\u00e9}.
     */
    private static boolean readsAsEscape(String text, int i) {
        char letter = text.charAt(i);
        if (ESCAPE_LETTERS.indexOf(letter) < 0) {
            return false;
        }
        return switch (letter) {
            case 'u' -> hexDigits(text, i + 1, 4) || (i + 1 < text.length() && text.charAt(i + 1) == '{');
            case 'x' -> hexDigits(text, i + 1, 2);
            case 'c' -> i + 1 < text.length() && Character.isLetter(text.charAt(i + 1));
            case 'p', 'P' -> i + 1 < text.length() && (text.charAt(i + 1) == '{' || Character.isLetter(text.charAt(i + 1)));
            default -> true;
        };
    }

    private static boolean hexDigits(String text, int from, int count) {
        if (from + count > text.length()) {
            return false;
        }
        for (int k = from; k < from + count; k++) {
            if (Character.digit(text.charAt(k), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Warns where a regex's text has {@code \\} before an escape letter, as in {@code #"[1-9]\\d*"}.
     * kbnf unescapes a regex literal as a string before compiling it, so there {@code \d} is the
     * digit class; kbnf4j gives the text to the regex parser as written, so here it is a
     * backslash followed by {@code d}. Both readings are legal, so this is only a warning.
     */
    private void warnDoubledBackslashes(Regex regex) {
        String text = regex.text();
        for (int i = 0; i + 1 < text.length(); i++) {
            if (text.charAt(i) != '\\') {
                continue;
            }
            if (text.charAt(i + 1) == '\\' && i + 2 < text.length() && readsAsEscape(text, i + 2)) {
                char letter = text.charAt(i + 2);
                diagnostics.warning(regex.spanOfIndex(i), "regex contains '\\\\" + letter + "', which kbnf4j reads"
                        + " as a backslash followed by '" + letter + "' (kbnf unescapes a regex literal as a string"
                        + " first and reads the escape '\\" + letter + "'); for kbnf4j write '\\" + letter
                        + "' for that escape, or keep '\\\\" + letter + "' if a literal backslash is meant");
            }
            i++; // an escape pair: its second character never starts another
        }
    }

    @Override
    public Expr visitExceptPrimary(ExceptPrimaryContext ctx) {
        Expr inner = nested(ctx.alternation(), 1, ctx.getStart());
        int max = ctx.INT() == null ? Except.NO_LIMIT : count(ctx.INT());
        return new Except(inner, max, span(ctx));
    }

    @Override
    public Expr visitReferencePrimary(ReferencePrimaryContext ctx) {
        return new Ref(ctx.NAME().getText(), span(ctx));
    }
}
