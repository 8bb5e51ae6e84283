package io.github.kbnf4j.testdata;

import io.github.kbnf4j.grammar.GrammarOptions;
import io.github.kbnf4j.grammar.internal.Diagnostics;
import io.github.kbnf4j.grammar.internal.KbnfReader;
import io.github.kbnf4j.grammar.internal.ast.Expr;
import io.github.kbnf4j.grammar.internal.ast.Expr.Alt;
import io.github.kbnf4j.grammar.internal.ast.Expr.Automaton;
import io.github.kbnf4j.grammar.internal.ast.Expr.Except;
import io.github.kbnf4j.grammar.internal.ast.Expr.Literal;
import io.github.kbnf4j.grammar.internal.ast.Expr.Ref;
import io.github.kbnf4j.grammar.internal.ast.Expr.Regex;
import io.github.kbnf4j.grammar.internal.ast.Expr.Repeat;
import io.github.kbnf4j.grammar.internal.ast.Expr.Seq;
import io.github.kbnf4j.grammar.internal.ast.GrammarAst;
import io.github.kbnf4j.grammar.internal.ast.Rule;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Decides whether a byte string is a sentence of a grammar by evaluating its syntax tree
 * directly: the slowest and most literal reading of the KBNF semantics (the README's "The grammar language"), used as
 * the oracle that the whole compiler (validation, HIR passes, regex to byte DFA) is tested
 * against.
 *
 * <h2>What "obviously right" means here</h2>
 * No grammar transformation happens. For an input {@code w} of length {@code n}, the matcher
 * computes, for every rule {@code R} and start position {@code i}, the set of end positions
 * {@code j} such that {@code R} derives {@code w[i..j)}. It starts from "nothing derives
 * anything" and applies the rules' definitions again and again until no set grows: the least
 * fixpoint. Since every operator is monotone and the sets are finite, this terminates, and left
 * recursion ({@code a ::= a "x" | "y";}), nullable cycles ({@code s ::= s s | "";}) and unit cycles
 * need no special case. A rule with several definitions is the union of them. The expressions:
 * <ul>
 *   <li>{@code Literal}: exactly its UTF-8 bytes (the empty literal derives the empty string).
 *   <li>{@code #"R"}: the span is valid UTF-8 and {@link Pattern} matches the decoded text in
 *       full. The pattern is R translated to Java's dialect: {@code .} (outside classes) becomes
 *       {@code [^\n]} (ours is any scalar value but LF; Java's also excludes CR, U+0085, U+2028,
 *       U+2029), <code>&#92;u{H..}</code> becomes <code>&#92;x{H..}</code>, {@code \v} becomes U+000B,
 *       and {@code [} {@code &} inside a class are escaped (Java would read nested classes and
 *       intersections). {@code \d \w \s} mean the same in both.
 *   <li>{@code #e"R"}: the span matches R and no proper prefix of it (empty included, on
 *       character boundaries) does.
 *   <li>{@code #ex"R"}: the span is non-empty valid UTF-8 and none of its substrings (empty
 *       included, on character boundaries) matches R.
 *   <li>{@code #substrs"S"}: the span is valid UTF-8 and occurs in S (empty included).
 *   <li>An automaton terminal (built by a program, not read from text): its byte DFA accepts
 *       the span.
 *   <li>{@code except!(X, n)}: the span is non-empty valid UTF-8, has at most n code points when
 *       n is given, and no substring of it (empty included) is derived by X. X is evaluated by a
 *       second matcher on the same input, run to its own fixpoint first (X may not depend on
 *       the except! around it: the compiler rejects such grammars, and this class throws).
 *   <li>Repetition {@code x{m,M}}: the union over {@code k = m..M} of k-fold concatenations.
 *       Counts above {@code m + n + 1} add nothing: such a chain has at least one step that
 *       consumes no byte, and dropping it leaves a chain of at least {@code m} steps with the
 *       same ends. So unbounded and huge bounds stop there.
 * </ul>
 *
 * <p>Complexity: exponential in nothing, but polynomial of high degree: each fixpoint round is
 * {@code O(rules · n · expression size · n²)} and there are {@code O(rules · n²)} rounds; regex
 * terminals are checked on every span, and {@code #ex} and {@code except!} on every sub-span.
 * That bound needs the one memo of the evaluator: the ends of each sequence, alternation and
 * repetition from each start, kept until a rule table changes (without it, nested repetitions
 * cost another power of {@code n} per level of nesting). Meant for inputs of up to about 8 bytes
 * and grammars of a few rules; the example grammars with short inputs also work.
 *
 * <p>Thread-safe: immutable after construction; each {@link #matches(byte[])} call has its own
 * state.
 */
public final class AstReferenceMatcher {
    /** How deeply {@code except!} arguments may nest before the grammar is deemed recursive. */
    private static final int MAX_EXCEPT_DEPTH = 16;

    private final String startRule;
    private final Map<String, List<Expr>> definitions;
    private final Map<Regex, Pattern> patterns = new IdentityHashMap<>();

    /**
     * A matcher for the sentences of rule {@code startRule} of {@code ast}.
     *
     * @throws IllegalArgumentException if {@code startRule} or a referenced rule is not defined,
     *     or a regex cannot be translated to a Java pattern
     */
    public AstReferenceMatcher(GrammarAst ast, String startRule) {
        Objects.requireNonNull(ast, "ast");
        this.startRule = Objects.requireNonNull(startRule, "startRule");
        Map<String, List<Expr>> defs = new LinkedHashMap<>();
        for (Rule r : ast.rules()) {
            defs.computeIfAbsent(r.name(), k -> new ArrayList<>()).add(r.body());
        }
        defs.replaceAll((k, v) -> List.copyOf(v));
        this.definitions = defs;
        if (!defs.containsKey(startRule)) {
            throw new IllegalArgumentException("start rule '" + startRule + "' is not defined");
        }
        for (List<Expr> bodies : defs.values()) {
            for (Expr body : bodies) {
                prepare(body);
            }
        }
    }

    /**
     * Parses KBNF {@code text} and returns a matcher for rule {@code startRule}. Only the syntax is
     * checked, not the semantic rules of the compiler.
     *
     * @throws IllegalArgumentException on syntax errors (the message lists them) or as the constructor
     */
    public static AstReferenceMatcher parse(String source, String text, String startRule) {
        Diagnostics diagnostics = new Diagnostics();
        GrammarAst ast = KbnfReader.read(source, text, GrammarOptions.DEFAULT, diagnostics);
        if (ast == null) {
            try {
                diagnostics.throwIfErrors();
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            throw new IllegalArgumentException("grammar could not be read");
        }
        return new AstReferenceMatcher(ast, startRule);
    }

    /** Parses {@code text} and returns a matcher for rule {@code start}. */
    public static AstReferenceMatcher parse(String source, String text) {
        return parse(source, text, GrammarOptions.DEFAULT_START);
    }

    /** Whether {@code input} is a sentence of the start rule. */
    public boolean matches(byte[] input) {
        Objects.requireNonNull(input, "input");
        Evaluator e = new Evaluator(input, new Ref(startRule, null), 0);
        return e.ends(e.root, 0).get(input.length);
    }

    /** Whether {@code input}, encoded as UTF-8, is a sentence of the start rule. */
    public boolean matches(String input) {
        return matches(input.getBytes(StandardCharsets.UTF_8));
    }

    private void prepare(Expr e) {
        if (e instanceof Regex r) {
            if (r.kind() != Expr.RegexKind.SUBSTRINGS) {
                String java = toJavaRegex(r.text());
                try {
                    patterns.put(r, Pattern.compile(java));
                } catch (PatternSyntaxException ex) {
                    throw new IllegalArgumentException("regex " + r.text() + " (as Java: " + java
                            + ") is not valid: " + ex.getDescription(), ex);
                }
            }
        } else if (e instanceof Ref ref) {
            if (!definitions.containsKey(ref.name())) {
                throw new IllegalArgumentException("rule '" + ref.name() + "' is not defined");
            }
        } else if (e instanceof Seq s) {
            s.items().forEach(this::prepare);
        } else if (e instanceof Alt a) {
            a.alternatives().forEach(this::prepare);
        } else if (e instanceof Repeat rep) {
            prepare(rep.inner());
        } else if (e instanceof Except ex) {
            prepare(ex.inner());
        }
    }

    /**
     * Translates a KBNF regex (the common subset of Rust and ECMAScript syntax) to a Java pattern
     * with the same language; see the class comment for the differences handled. Syntax this
     * class does not know is copied as is.
     */
    static String toJavaRegex(String regex) {
        StringBuilder out = new StringBuilder(regex.length() + 16);
        boolean inClass = false;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\' && i + 1 < regex.length()) {
                char next = regex.charAt(i + 1);
                if (next == 'u' && i + 2 < regex.length() && regex.charAt(i + 2) == '{') {
                    out.append("\\x{");
                    i += 2;
                } else if (next == 'v') {
                    out.append("\\x{B}");
                    i++;
                } else {
                    out.append(c).append(next);
                    i++;
                }
            } else if (inClass) {
                if (c == ']') {
                    inClass = false;
                    out.append(c);
                } else if (c == '[' || c == '&') {
                    out.append('\\').append(c);
                } else {
                    out.append(c);
                }
            } else if (c == '[') {
                inClass = true;
                out.append(c);
                if (i + 1 < regex.length() && regex.charAt(i + 1) == '^') {
                    out.append('^');
                    i++;
                }
            } else if (c == '.') {
                out.append("[^\\n]");
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The text of {@code bytes[from..to)} if it is valid UTF-8, else null. */
    static String decode(byte[] bytes, int from, int to) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, from, to - from))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** Whether {@code text} (valid UTF-16) matches {@code pattern} in full. */
    private static boolean fullMatch(Pattern pattern, String text) {
        return pattern.matcher(text).matches();
    }

    /** The substrings of {@code s} on code point boundaries, the empty ones included. */
    private static List<String> substrings(String s) {
        List<Integer> bounds = new ArrayList<>();
        for (int k = 0; k < s.length(); k += Character.charCount(s.codePointAt(k))) {
            bounds.add(k);
        }
        bounds.add(s.length());
        List<String> subs = new ArrayList<>();
        for (int a = 0; a < bounds.size(); a++) {
            for (int b = a; b < bounds.size(); b++) {
                subs.add(s.substring(bounds.get(a), bounds.get(b)));
            }
        }
        return subs;
    }

    /** One evaluation of one root expression over one input: the fixpoint tables. */
    private final class Evaluator {
        final byte[] in;
        final int n;
        final Expr root;
        final int depth;
        /** rule -> start position -> end positions; only rules reachable from the root. */
        final Map<String, BitSet[]> table = new LinkedHashMap<>();
        /** terminal-like expressions (regexes, automata, except!) -> start position -> end positions. */
        final Map<Expr, BitSet[]> terminalCache = new IdentityHashMap<>();
        /** except! -> evaluator of its argument over the same input, run to its fixpoint. */
        final Map<Except, Evaluator> argumentEvaluators = new IdentityHashMap<>();
        /**
         * Sequences, alternations and repetitions -> start position -> end positions, valid while
         * no rule table changes: {@link #fixpoint} clears it whenever one grows. Without it a
         * repetition evaluated its inner expression afresh from every end of every count, so
         * nested repetitions cost a power of the input length per level of nesting (a random
         * grammar with five nested braces took seconds on a 5-byte input). With it each
         * expression is evaluated once per start position between two changes of the tables,
         * and the answers are the same: they are functions of the tables.
         */
        final Map<Expr, BitSet[]> memo = new IdentityHashMap<>();

        Evaluator(byte[] in, Expr root, int depth) {
            if (depth > MAX_EXCEPT_DEPTH) {
                throw new IllegalArgumentException("except! arguments nest deeper than " + MAX_EXCEPT_DEPTH
                        + ": the grammar has a recursive except! argument");
            }
            this.in = in;
            this.n = in.length;
            this.root = root;
            this.depth = depth;
            Set<String> reachable = new LinkedHashSet<>();
            collectRules(root, reachable);
            for (String r : reachable) {
                BitSet[] ends = new BitSet[n + 1];
                for (int i = 0; i <= n; i++) {
                    ends[i] = new BitSet(n + 1);
                }
                table.put(r, ends);
            }
            fixpoint();
        }

        /** Rules reachable from {@code e}, not looking into except! arguments (they have their own evaluator). */
        private void collectRules(Expr e, Set<String> into) {
            if (e instanceof Ref ref) {
                if (into.add(ref.name())) {
                    for (Expr body : definitions.get(ref.name())) {
                        collectRules(body, into);
                    }
                }
            } else if (e instanceof Seq s) {
                s.items().forEach(x -> collectRules(x, into));
            } else if (e instanceof Alt a) {
                a.alternatives().forEach(x -> collectRules(x, into));
            } else if (e instanceof Repeat rep) {
                collectRules(rep.inner(), into);
            }
        }

        private void fixpoint() {
            boolean changed = true;
            while (changed) {
                changed = false;
                for (Map.Entry<String, BitSet[]> entry : table.entrySet()) {
                    for (int i = 0; i <= n; i++) {
                        BitSet now = entry.getValue()[i];
                        for (Expr body : definitions.get(entry.getKey())) {
                            int before = now.cardinality();
                            now.or(ends(body, i));
                            if (now.cardinality() != before) {
                                changed = true;
                                memo.clear();
                            }
                        }
                    }
                }
            }
        }

        /** The end positions of {@code e} from {@code i}, given the current rule tables (a new set). */
        BitSet ends(Expr e, int i) {
            if (e instanceof Seq || e instanceof Alt || e instanceof Repeat) {
                BitSet[] perStart = memo.computeIfAbsent(e, k -> new BitSet[n + 1]);
                if (perStart[i] == null) {
                    perStart[i] = evaluate(e, i);
                }
                return (BitSet) perStart[i].clone();
            }
            return evaluate(e, i);
        }

        private BitSet evaluate(Expr e, int i) {
            if (e instanceof Literal l) {
                BitSet r = new BitSet();
                byte[] b = l.utf8();
                if (i + b.length <= n && Arrays.equals(in, i, i + b.length, b, 0, b.length)) {
                    r.set(i + b.length);
                }
                return r;
            } else if (e instanceof Ref ref) {
                return (BitSet) table.get(ref.name())[i].clone();
            } else if (e instanceof Seq s) {
                BitSet current = single(i);
                for (Expr item : s.items()) {
                    current = step(item, current);
                }
                return current;
            } else if (e instanceof Alt a) {
                BitSet r = new BitSet();
                for (Expr alt : a.alternatives()) {
                    r.or(ends(alt, i));
                }
                return r;
            } else if (e instanceof Repeat rep) {
                return repeat(rep, i);
            } else if (e instanceof Regex || e instanceof Except || e instanceof Automaton) {
                return cached(e, i);
            }
            throw new AssertionError("unknown expression " + e);
        }

        private BitSet single(int i) {
            BitSet r = new BitSet();
            r.set(i);
            return r;
        }

        /** The ends of {@code e} from every position in {@code from}. */
        private BitSet step(Expr e, BitSet from) {
            BitSet r = new BitSet();
            for (int j = from.nextSetBit(0); j >= 0; j = from.nextSetBit(j + 1)) {
                r.or(ends(e, j));
            }
            return r;
        }

        private BitSet repeat(Repeat rep, int i) {
            long cap = (long) rep.min() + n + 1;
            long max = rep.unbounded() ? cap : Math.min(rep.max(), cap);
            BitSet result = new BitSet();
            BitSet exactlyK = single(i);
            for (long k = 0; k <= max; k++) {
                if (k >= rep.min()) {
                    result.or(exactlyK);
                }
                if (k == max || exactlyK.isEmpty()) {
                    break;
                }
                exactlyK = step(rep.inner(), exactlyK);
            }
            return result;
        }

        private BitSet cached(Expr e, int i) {
            BitSet[] perStart = terminalCache.computeIfAbsent(e, k -> new BitSet[n + 1]);
            if (perStart[i] == null) {
                if (e instanceof Regex r) {
                    perStart[i] = regexEnds(r, i);
                } else if (e instanceof Automaton a) {
                    perStart[i] = automatonEnds(a, i);
                } else {
                    perStart[i] = exceptEnds((Except) e, i);
                }
            }
            return (BitSet) perStart[i].clone();
        }

        private BitSet regexEnds(Regex r, int i) {
            BitSet result = new BitSet();
            Pattern p = patterns.get(r);
            for (int j = i; j <= n; j++) {
                String span = decode(in, i, j);
                if (span == null) {
                    continue;
                }
                boolean member = switch (r.kind()) {
                    case REGEX -> fullMatch(p, span);
                    case FIRST_MATCH -> fullMatch(p, span) && noProperPrefixMatches(p, span);
                    case EXCLUDING -> !span.isEmpty()
                            && substrings(span).stream().noneMatch(sub -> fullMatch(p, sub));
                    case SUBSTRINGS -> r.text().contains(span);
                };
                if (member) {
                    result.set(j);
                }
            }
            return result;
        }

        /** The ends j of the spans [i, j) that the automaton accepts: one run of its DFA from i. */
        private BitSet automatonEnds(Automaton a, int i) {
            BitSet result = new BitSet();
            int state = 0;
            for (int j = i; state >= 0; j++) {
                if (a.dfa().isAccepting(state)) {
                    result.set(j);
                }
                state = j < n ? a.dfa().next(state, in[j] & 0xFF) : -1;
            }
            return result;
        }

        private boolean noProperPrefixMatches(Pattern p, String span) {
            for (int k = 0; k < span.length(); k += Character.charCount(span.codePointAt(k))) {
                if (fullMatch(p, span.substring(0, k))) {
                    return false;
                }
            }
            return true;
        }

        private BitSet exceptEnds(Except ex, int i) {
            Evaluator argument = argumentEvaluators.computeIfAbsent(ex, k -> new Evaluator(in, k.inner(), depth + 1));
            BitSet result = new BitSet();
            for (int j = i + 1; j <= n; j++) {
                String span = decode(in, i, j);
                if (span == null) {
                    continue;
                }
                if (ex.maxChars() != Except.NO_LIMIT && span.codePointCount(0, span.length()) > ex.maxChars()) {
                    continue;
                }
                if (!containsSentence(argument, ex.inner(), i, j)) {
                    result.set(j);
                }
            }
            return result;
        }

        /** Whether some sub-span [a, b) of [i, j) on character boundaries is derived by {@code x}. */
        private boolean containsSentence(Evaluator argument, Expr x, int i, int j) {
            for (int a = i; a <= j; a++) {
                if (a < j && (in[a] & 0xC0) == 0x80) {
                    continue; // not a character boundary
                }
                BitSet ends = argument.ends(x, a);
                for (int b = a; b <= j; b++) {
                    if ((b == j || (in[b] & 0xC0) != 0x80) && ends.get(b)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }
}
