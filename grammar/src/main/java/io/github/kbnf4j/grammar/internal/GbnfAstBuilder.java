package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.internal.GbnfCharacters.CharClass;
import io.github.kbnf4j.grammar.internal.GbnfParser.AlternationContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.AnyPrimaryContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.AtLeastCountPostfixContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.ClassPrimaryContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.ExactCountPostfixContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.GroupPrimaryContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.LiteralPrimaryContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.LookaheadPrimaryContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.NoMinimumPostfixContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.OptionalPostfixContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.PlusPostfixContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.PostfixContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.PostfixedContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.RangeCountPostfixContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.ReferencePrimaryContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.Rule_Context;
import io.github.kbnf4j.grammar.internal.GbnfParser.SequenceContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.StarPostfixContext;
import io.github.kbnf4j.grammar.internal.GbnfParser.TokenPrimaryContext;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Literal;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.Expr.Regex;
import io.github.kbnf4j.grammar.internal.ast.Expr.RegexKind;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import io.github.kbnf4j.grammar.internal.ast.Span;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Turns a GBNF parse tree into {@link Expr} records (see {@link GbnfReader} for the dialect).
 * Literals and classes are decoded here and their bad escapes reported at their exact place;
 * so are counts that are not numbers or do not fit in an int, {@code {,n}}, token references and
 * misplaced lookahead assertions. Their bounds are checked later, against the options, by the
 * validator. Not thread-safe; one instance per grammar.
 */
final class GbnfAstBuilder extends GbnfBaseVisitor<Expr> {
    private final String source;
    private final Diagnostics diagnostics;
    private final int maxDepth;
    /** Brackets and postfix operators around the expression being built: later passes recurse this deep. */
    private int depth;
    private boolean depthReported;
    /** The rule references inside lookahead assertions (ignored, but their names must exist). */
    private final List<Ref> lookaheadReferences = new ArrayList<>();
    /** Above zero while the contents of a lookahead assertion are built. */
    private int inLookahead;

    GbnfAstBuilder(String source, Diagnostics diagnostics, int maxDepth) {
        this.source = source;
        this.diagnostics = diagnostics;
        this.maxDepth = maxDepth;
    }

    Span span(Token token) {
        return new Span(source, token.getLine(), token.getCharPositionInLine() + 1);
    }

    private Span span(ParserRuleContext ctx) {
        return span(ctx.getStart());
    }

    /** The references made inside lookahead assertions so far. */
    List<Ref> lookaheadReferences() {
        return lookaheadReferences;
    }

    /**
     * One rule. A lookahead assertion {@code (= ...)} that ends its body is parsed (its
     * contents are checked like any expression) and then left out: see {@link GbnfReader}.
     */
    Rule rule(Rule_Context ctx) {
        Token name = ctx.NAME().getSymbol();
        AlternationContext body = ctx.alternation();
        List<SequenceContext> sequences = body.sequence();
        SequenceContext last = sequences.get(sequences.size() - 1);
        List<PostfixedContext> items = last.postfixed();
        PostfixedContext tail = items.isEmpty() ? null : items.get(items.size() - 1);
        LookaheadPrimaryContext lookahead = tail != null && tail.postfix().isEmpty()
                && tail.primary() instanceof LookaheadPrimaryContext l ? l : null;
        Expr expr;
        if (lookahead == null) {
            expr = visit(body);
        } else {
            inLookahead++;
            nested(lookahead.alternation(), 1, lookahead.getStart());
            inLookahead--;
            List<Expr> alternatives = new ArrayList<>(sequences.size());
            for (int i = 0; i < sequences.size() - 1; i++) {
                alternatives.add(visit(sequences.get(i)));
            }
            alternatives.add(sequence(items.subList(0, items.size() - 1), last));
            expr = alternatives.size() == 1 ? alternatives.get(0) : new Alt(alternatives, span(body));
        }
        return new Rule(name.getText(), expr, span(name));
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

    @Override
    public Expr visitAlternation(AlternationContext ctx) {
        List<SequenceContext> parts = ctx.sequence();
        if (parts.size() == 1) {
            return visit(parts.get(0));
        }
        List<Expr> alternatives = new ArrayList<>(parts.size());
        for (SequenceContext part : parts) {
            alternatives.add(visit(part));
        }
        return new Alt(alternatives, span(ctx));
    }

    @Override
    public Expr visitSequence(SequenceContext ctx) {
        return sequence(ctx.postfixed(), ctx);
    }

    private Expr sequence(List<PostfixedContext> parts, SequenceContext ctx) {
        if (parts.isEmpty()) {
            // An empty alternative, as in 'ws ::= | " "': the empty string.
            return new Literal("", span(ctx));
        }
        if (parts.size() == 1) {
            return visit(parts.get(0));
        }
        List<Expr> items = new ArrayList<>(parts.size());
        for (PostfixedContext part : parts) {
            items.add(visit(part));
        }
        return new Seq(items, span(parts.get(0)));
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
                int m = count(exact.NAME());
                expr = new Repeat(expr, m, m, at);
            } else if (postfix instanceof AtLeastCountPostfixContext atLeast) {
                expr = new Repeat(expr, count(atLeast.NAME()), Repeat.UNBOUNDED, at);
            } else if (postfix instanceof RangeCountPostfixContext range) {
                expr = new Repeat(expr, count(range.NAME(0)), count(range.NAME(1)), at);
            } else if (postfix instanceof NoMinimumPostfixContext) {
                diagnostics.error(at, "repetition '" + postfix.getText() + "' has no minimum: write {0,"
                        + (postfix.getText().length() > 3 ? postfix.getText().substring(2) : "}")
                        + " (llama.cpp requires the minimum)");
            } else if (!diagnostics.hasErrors()) {
                // ANTLR's error recovery leaves a bare PostfixContext only after a syntax error it
                // has reported (e.g. '{"' where a count should be): nothing to build then
                throw new AssertionError("unknown postfix " + postfix.getClass());
            }
        }
        return expr;
    }

    /** The number in a counted repetition (lexed as a name, since GBNF names may be all digits). */
    private int count(TerminalNode number) {
        String digits = number.getText();
        Span at = span(number.getSymbol());
        for (int i = 0; i < digits.length(); i++) {
            if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
                diagnostics.error(at, "expected a number in a repetition {m,n}, found '" + digits + "'");
                return 0;
            }
        }
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            diagnostics.error(at, "number " + digits + " is too large");
            return 0;
        }
    }

    @Override
    public Expr visitGroupPrimary(GroupPrimaryContext ctx) {
        return nested(ctx.alternation(), 1, ctx.getStart());
    }

    @Override
    public Expr visitLiteralPrimary(LiteralPrimaryContext ctx) {
        Token token = ctx.STRING().getSymbol();
        Span at = span(token);
        return new Literal(GbnfCharacters.literal(token.getText(), at, diagnostics), at);
    }

    @Override
    public Expr visitClassPrimary(ClassPrimaryContext ctx) {
        Token token = ctx.CLASS().getSymbol();
        Span at = span(token);
        CharClass c = GbnfCharacters.charClass(token.getText(), at, diagnostics);
        if (c == null) {
            return new Literal("", at); // reported
        }
        int single = c.single();
        if (single >= 0) {
            return new Literal(new String(Character.toChars(single)), at);
        }
        return new Regex(RegexKind.REGEX, c.pattern(), List.of(), at, at.shift(1));
    }

    @Override
    public Expr visitAnyPrimary(AnyPrimaryContext ctx) {
        Span at = span(ctx);
        return new Regex(RegexKind.REGEX, GbnfCharacters.ANY_PATTERN, List.of(), at, at);
    }

    @Override
    public Expr visitTokenPrimary(TokenPrimaryContext ctx) {
        Token token = ctx.TOKEN().getSymbol();
        diagnostics.error(span(token), "token references (<[...]>, <|...|>, !<...>) are not supported: kbnf4j "
                + "grammars are over bytes, not over the tokens of one vocabulary; write the token's text as a "
                + "literal instead (found '" + token.getText() + "')");
        return new Literal("", span(token));
    }

    @Override
    public Expr visitReferencePrimary(ReferencePrimaryContext ctx) {
        Ref ref = new Ref(ctx.NAME().getText(), span(ctx));
        if (inLookahead > 0) {
            lookaheadReferences.add(ref);
        }
        return ref;
    }

    @Override
    public Expr visitLookaheadPrimary(LookaheadPrimaryContext ctx) {
        diagnostics.error(span(ctx), "a lookahead assertion '(= ...)' may only end a rule, after its body "
                + "(XGrammar syntax: name ::= body (= lookahead))");
        inLookahead++;
        nested(ctx.alternation(), 1, ctx.getStart());
        inLookahead--;
        return new Literal("", span(ctx));
    }
}
