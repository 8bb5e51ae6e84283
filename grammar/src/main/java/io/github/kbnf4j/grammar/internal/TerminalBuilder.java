package io.github.kbnf4j.grammar.internal;

import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Except;
import io.github.kbnf4j.grammar.internal.ast.Expr.Literal;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.Expr.Regex;
import io.github.kbnf4j.grammar.internal.ast.Expr.RegexKind;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.automata.ByteDfa;
import io.github.kbnf4j.grammar.internal.automata.ByteNfa;
import io.github.kbnf4j.grammar.internal.automata.Constructions;
import io.github.kbnf4j.grammar.internal.automata.RegexSyntaxException;
import io.github.kbnf4j.grammar.internal.automata.Regexes;
import io.github.kbnf4j.grammar.internal.automata.TooManyStatesException;
import io.github.kbnf4j.grammar.internal.hir.Flatten;
import io.github.kbnf4j.grammar.internal.hir.GroupByName.GroupedRule;
import io.github.kbnf4j.grammar.internal.hir.Hir;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the byte DFA of every terminal: literals, the four {@code #} regex forms and
 * {@code except!}. Errors (an invalid regex, with the column inside it; an automaton over the
 * state limit; a terminal that matches nothing) are recorded, and a placeholder terminal is
 * returned so that checking can go on.
 */
final class TerminalBuilder implements Flatten.TerminalFactory {
    private static final String STATE_LIMIT = "GrammarOptions.maxDfaStates, CLI --max-dfa-states";

    private final Map<String, GroupedRule> rules;
    private final GrammarOptions options;
    private final Diagnostics diagnostics;

    /** False after validation errors: an except! argument may then be recursive, and is not built. */
    private final boolean buildExcept;

    /**
     * The symbols of the literals met so far, by text, in {@link #literalsOf}: a grammar repeats
     * its literals (a schema's grammar has a {@code "{"} or {@code "null"} per value), and each
     * would otherwise build its automaton and description again only to find it is there.
     */
    private final Map<String, Integer> literalSymbols = new HashMap<>();
    private Hir literalsOf;

    TerminalBuilder(Map<String, GroupedRule> rules, GrammarOptions options, Diagnostics diagnostics,
            boolean buildExcept) {
        this.rules = rules;
        this.options = options;
        this.diagnostics = diagnostics;
        this.buildExcept = buildExcept;
    }

    @Override
    public int symbol(Expr e, Hir hir) {
        if (e instanceof Literal lit) {
            if (hir != literalsOf) {
                literalSymbols.clear();
                literalsOf = hir;
            }
            Integer known = literalSymbols.get(lit.text());
            if (known != null) {
                return known;
            }
            byte[] bytes = lit.utf8();
            int symbol = hir.terminalSymbol(ByteDfa.literal(bytes), bytes, Hir.quote(lit.text()));
            literalSymbols.put(lit.text(), symbol);
            return symbol;
        }
        if (e instanceof Expr.Automaton a) {
            if (a.dfa().isEmptyLanguage()) {
                diagnostics.error(e.span(), a.description() + " matches no string");
                return placeholder(hir);
            }
            return hir.terminalSymbol(a.dfa(), null, a.description());
        }
        if (e instanceof Except && !buildExcept) {
            return placeholder(hir);
        }
        String description = describe(e);
        try {
            ByteDfa dfa = e instanceof Regex regex ? regex(regex) : except((Except) e);
            if (dfa == null) {
                return placeholder(hir);
            }
            if (dfa.isEmptyLanguage()) {
                diagnostics.error(e.span(), (e instanceof Except
                        ? "except! argument matches the empty string, so every string contains it: " : "")
                        + description + " matches no string");
                return placeholder(hir);
            }
            return hir.terminalSymbol(dfa, null, description);
        } catch (TooManyStatesException ex) {
            diagnostics.error(e.span(), shorten(description) + " needs more than " + ex.limit()
                    + " automaton states (limit " + STATE_LIMIT + ")");
            return placeholder(hir);
        }
    }

    private ByteDfa regex(Regex regex) {
        if (regex.kind() == RegexKind.SUBSTRINGS) {
            return Constructions.substrings(regex.text().getBytes(StandardCharsets.UTF_8));
        }
        ByteDfa dfa = compileRegex(regex);
        if (dfa == null) {
            return null;
        }
        return switch (regex.kind()) {
            case REGEX -> dfa;
            case FIRST_MATCH -> Constructions.firstMatch(dfa);
            case EXCLUDING -> Constructions.excluding(dfa, options.maxDfaStates());
            case SUBSTRINGS -> throw new AssertionError();
        };
    }

    private ByteDfa compileRegex(Regex regex) {
        ByteNfa nfa = parseRegex(regex);
        return nfa == null ? null : Constructions.determinize(nfa, options.maxDfaStates());
    }

    private ByteNfa parseRegex(Regex regex) {
        int tooDeep = deepestGroupIndex(regex.text(), options.maxNestingDepth());
        if (tooDeep >= 0) {
            diagnostics.error(regex.spanOfIndex(tooDeep), "regex groups nested deeper than "
                    + options.maxNestingDepth() + " (limit GrammarOptions.maxNestingDepth, CLI --max-nesting-depth)");
            return null;
        }
        try {
            return Regexes.parse(regex.text(), options.maxRepetition(), options.maxDfaStates());
        } catch (RegexSyntaxException ex) {
            diagnostics.error(regex.spanOfIndex(ex.index()), "invalid regex: " + ex.description());
            return null;
        }
    }

    /** The index of the first '(' nested deeper than {@code max}, or -1. Escapes and classes are skipped. */
    static int deepestGroupIndex(String pattern, int max) {
        int depth = 0;
        boolean inClass = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                if (++depth > max) {
                    return i;
                }
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
            }
        }
        return -1;
    }

    private ByteDfa except(Except ex) {
        ByteNfa inner = nfa(ex.inner());
        if (inner == null) {
            return null;
        }
        ByteDfa x = Constructions.determinize(inner, options.maxDfaStates());
        ByteDfa excluded = Constructions.excluding(x, options.maxDfaStates());
        return ex.maxChars() == Except.NO_LIMIT ? excluded
                : Constructions.atMostChars(excluded, ex.maxChars(), options.maxDfaStates());
    }

    /**
     * The automaton of an {@code except!} argument, inlining rule references (the validator has
     * made sure they are not recursive). Returns null after recording an error.
     */
    private ByteNfa nfa(Expr e) {
        if (e instanceof Literal lit) {
            return ByteNfa.literal(lit.utf8());
        } else if (e instanceof Regex regex) {
            if (regex.kind() == RegexKind.REGEX) {
                return parseRegex(regex);
            }
            ByteDfa dfa = regex(regex);
            return dfa == null ? null : ByteNfa.of(dfa);
        } else if (e instanceof Expr.Automaton a) {
            return ByteNfa.of(a.dfa());
        } else if (e instanceof Ref ref) {
            List<ByteNfa> alts = new ArrayList<>();
            for (Expr body : rules.get(ref.name()).definitions()) {
                ByteNfa part = nfa(body);
                if (part == null) {
                    return null;
                }
                alts.add(part);
            }
            return alts.size() == 1 ? alts.get(0) : ByteNfa.union(alts);
        } else if (e instanceof Seq || e instanceof Alt) {
            List<Expr> parts = e instanceof Seq seq ? seq.items() : ((Alt) e).alternatives();
            List<ByteNfa> nfas = new ArrayList<>(parts.size());
            for (Expr part : parts) {
                ByteNfa n = nfa(part);
                if (n == null) {
                    return null;
                }
                nfas.add(n);
            }
            return e instanceof Seq ? ByteNfa.concat(nfas) : ByteNfa.union(nfas);
        } else if (e instanceof Repeat rep) {
            ByteNfa inner = nfa(rep.inner());
            return inner == null ? null : ByteNfa.repeat(inner, rep.min(), rep.max(), options.maxDfaStates());
        }
        throw new AssertionError("validator let a nested except! through: " + e);
    }

    private static int placeholder(Hir hir) {
        return hir.terminalSymbol(ByteDfa.literal(new byte[0]), new byte[0], "\"\"");
    }

    /** How a terminal is shown in messages and listings. */
    private static String describe(Expr e) {
        if (e instanceof Regex regex) {
            // The pattern as written: only the quote needs its escape back.
            return regex.kind() == RegexKind.SUBSTRINGS ? regex.kind().prefix() + Hir.quote(regex.text())
                    : regex.kind().prefix() + '"' + regex.text().replace("\"", "\\\"") + '"';
        }
        if (e instanceof Except ex) {
            return "except!(...)" + (ex.maxChars() == Except.NO_LIMIT ? "" : " with at most " + ex.maxChars()
                    + " characters");
        }
        return e.toString();
    }

    private static String shorten(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
