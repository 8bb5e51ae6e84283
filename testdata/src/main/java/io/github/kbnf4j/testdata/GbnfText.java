package io.github.kbnf4j.testdata;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A deliberately small, independent reading of GBNF text as llama.cpp's parser reads it
 * ({@code llama-grammar.cpp}), for checking what {@link io.github.kbnf4j.grammar.GbnfWriter}
 * writes: rules {@code name ::= alt | alt} (a {@code |} at the end of a line continues the rule),
 * {@code #} comments, and the elements the writer uses: rule names {@code [a-zA-Z0-9-]+},
 * literals {@code "..."} and classes {@code [...]}, {@code [^...]} with llama.cpp's escapes
 * (<code>\xHH &#92;uHHHH \UHHHHHHHH \t \r \n \\ \" \[ \]</code>), and {@code .}. Anything else
 * (groups, repetition operators) is rejected: the writer does not use them.
 *
 * <p>Checks, each returning a message or empty: {@link #problems()} (a rule defined twice, an
 * undefined rule, no {@code root}, a surrogate code point, non-ASCII text) and
 * {@link #leftRecursion()} (left recursion, direct or through rules that can derive the empty
 * string, which llama.cpp refuses; this check is stricter than llama.cpp's, which only knows
 * rules with a literally empty alternative as empty). {@link #toKbnf()} translates the grammar to
 * KBNF with the meaning llama.cpp gives it (classes over code points, matched as UTF-8), so that a
 * test can compare languages with the recognizer without the GBNF reader.
 *
 * <p>Immutable after parsing; thread-safe.
 */
public final class GbnfText {
    /** One element of an alternative. */
    public sealed interface Element permits Literal, CharClass, Any, Ref {
    }

    /** {@code "..."}: these code points in order (none: {@code ""}). */
    public record Literal(int[] codePoints) implements Element {
    }

    /** {@code [...]} ({@code negated}: {@code [^...]}): ranges as {@code lo, hi} pairs. */
    public record CharClass(boolean negated, int[] ranges) implements Element {
    }

    /** {@code .}: any code point. */
    public record Any() implements Element {
    }

    /** A rule reference. */
    public record Ref(String name) implements Element {
    }

    private final String text;
    private final Map<String, List<List<Element>>> rules = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private int pos;

    private GbnfText(String text) {
        this.text = text;
    }

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException on a syntax error (with the offset and the rest of the line)
     */
    public static GbnfText parse(String text) {
        GbnfText g = new GbnfText(text);
        g.parseAll();
        return g;
    }

    /** The rules in the order of the text: name -> alternatives -> elements. */
    public Map<String, List<List<Element>>> rules() {
        return rules;
    }

    /** What llama.cpp (or the writer's contract) would object to, besides left recursion; empty if nothing. */
    public List<String> problems() {
        List<String> out = new ArrayList<>(problems);
        if (!rules.containsKey("root")) {
            out.add("no root rule");
        }
        for (Map.Entry<String, List<List<Element>>> r : rules.entrySet()) {
            for (List<Element> alt : r.getValue()) {
                for (Element e : alt) {
                    if (e instanceof Ref ref && !rules.containsKey(ref.name())) {
                        out.add("rule " + r.getKey() + " refers to undefined rule " + ref.name());
                    }
                    int[] cps = e instanceof Literal l ? l.codePoints() : e instanceof CharClass c ? c.ranges() : new int[0];
                    for (int i = 0; i < cps.length; i++) {
                        boolean surrogate = e instanceof Literal ? isSurrogate(cps[i])
                                : i % 2 == 0 && cps[i] <= 0xDFFF && cps[i + 1] >= 0xD800;
                        if (surrogate) {
                            out.add("rule " + r.getKey() + " has a surrogate code point");
                        }
                    }
                }
            }
        }
        if (!text.chars().allMatch(c -> c < 0x80)) {
            out.add("text is not ASCII");
        }
        return out;
    }

    private static boolean isSurrogate(int cp) {
        return cp >= 0xD800 && cp <= 0xDFFF;
    }

    /**
     * A left-recursive cycle ({@code a -> b -> a}: each rule can begin with the next, after
     * rules that can derive the empty string), or empty if there is none.
     */
    public Optional<String> leftRecursion() {
        List<String> names = new ArrayList<>(rules.keySet());
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            index.put(names.get(i), i);
        }
        boolean[] nullable = new boolean[names.size()];
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int i = 0; i < names.size(); i++) {
                if (!nullable[i] && rules.get(names.get(i)).stream().anyMatch(alt -> allNullable(alt, index, nullable))) {
                    nullable[i] = changed = true;
                }
            }
        }
        List<List<Integer>> edges = new ArrayList<>();
        for (String name : names) {
            List<Integer> out = new ArrayList<>();
            for (List<Element> alt : rules.get(name)) {
                for (Element e : alt) {
                    if (e instanceof Ref ref && index.containsKey(ref.name())) {
                        out.add(index.get(ref.name()));
                    }
                    if (!nullable(e, index, nullable)) {
                        break;
                    }
                }
            }
            edges.add(out);
        }
        // Depth-first search with an explicit stack: 0 unvisited, 1 on the path, 2 done.
        int[] state = new int[names.size()];
        int[] parent = new int[names.size()];
        for (int root = 0; root < names.size(); root++) {
            if (state[root] != 0) {
                continue;
            }
            int[] edge = new int[names.size()];
            List<Integer> stack = new ArrayList<>();
            stack.add(root);
            state[root] = 1;
            parent[root] = -1;
            while (!stack.isEmpty()) {
                int v = stack.get(stack.size() - 1);
                if (edge[v] < edges.get(v).size()) {
                    int w = edges.get(v).get(edge[v]++);
                    if (state[w] == 1) {
                        StringBuilder cycle = new StringBuilder(names.get(w));
                        List<String> path = new ArrayList<>();
                        for (int x = v; x != w; x = parent[x]) {
                            path.add(0, names.get(x));
                        }
                        for (String p : path) {
                            cycle.append(" -> ").append(p);
                        }
                        return Optional.of(cycle.append(" -> ").append(names.get(w)).toString());
                    }
                    if (state[w] == 0) {
                        state[w] = 1;
                        parent[w] = v;
                        stack.add(w);
                    }
                } else {
                    state[v] = 2;
                    stack.remove(stack.size() - 1);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean allNullable(List<Element> alt, Map<String, Integer> index, boolean[] nullable) {
        return alt.stream().allMatch(e -> nullable(e, index, nullable));
    }

    private static boolean nullable(Element e, Map<String, Integer> index, boolean[] nullable) {
        if (e instanceof Literal l) {
            return l.codePoints().length == 0;
        }
        if (e instanceof Ref r) {
            Integer i = index.get(r.name());
            return i != null && nullable[i];
        }
        return false;
    }

    /**
     * The grammar in KBNF, with the meaning llama.cpp gives it: rule {@code x} becomes
     * {@code g_x} (start rule {@code g_root}), literals and classes are written with
     * <code>&#92;u{H}</code> escapes, {@code .} is every code point.
     */
    public String toKbnf() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, List<List<Element>>> r : rules.entrySet()) {
            sb.append("g_").append(r.getKey()).append(" ::= ");
            for (int a = 0; a < r.getValue().size(); a++) {
                if (a > 0) {
                    sb.append(" | ");
                }
                List<Element> alt = r.getValue().get(a);
                if (alt.isEmpty()) {
                    sb.append("\"\"");
                }
                for (int i = 0; i < alt.size(); i++) {
                    sb.append(i > 0 ? " " : "");
                    Element e = alt.get(i);
                    if (e instanceof Ref ref) {
                        sb.append("g_").append(ref.name());
                    } else if (e instanceof Literal l) {
                        sb.append('"');
                        for (int cp : l.codePoints()) {
                            sb.append("\\u{").append(Integer.toHexString(cp)).append('}');
                        }
                        sb.append('"');
                    } else if (e instanceof Any) {
                        sb.append("#\"[\\u{0}-\\u{10FFFF}]\"");
                    } else {
                        CharClass c = (CharClass) e;
                        sb.append(c.negated() ? "#\"[^" : "#\"[");
                        for (int k = 0; k < c.ranges().length; k += 2) {
                            sb.append("\\u{").append(Integer.toHexString(c.ranges()[k])).append("}-\\u{")
                                    .append(Integer.toHexString(c.ranges()[k + 1])).append('}');
                        }
                        sb.append("]\"");
                    }
                }
            }
            sb.append(" ;\n");
        }
        return sb.toString();
    }

    // ---- parsing, after llama.cpp's parse_rule / parse_alternates / parse_sequence

    private void parseAll() {
        skipSpace(true);
        while (pos < text.length()) {
            int nameStart = pos;
            String name = name();
            skipSpace(false);
            expect("::=");
            skipSpace(true);
            List<List<Element>> alts = new ArrayList<>();
            alts.add(sequence());
            while (pos < text.length() && text.charAt(pos) == '|') {
                pos++;
                skipSpace(true);
                alts.add(sequence());
            }
            if (pos < text.length() && peek() != '\n' && peek() != '\r') {
                throw error("expecting newline or end");
            }
            if (rules.put(name, alts) != null) {
                problems.add("rule " + name + " defined twice (llama.cpp keeps the last definition), at " + nameStart);
            }
            skipSpace(true);
        }
    }

    private List<Element> sequence() {
        List<Element> out = new ArrayList<>();
        while (pos < text.length()) {
            char c = peek();
            if (c == '"') {
                pos++;
                List<Integer> cps = new ArrayList<>();
                while (peek() != '"') {
                    cps.add(character());
                }
                pos++;
                out.add(new Literal(cps.stream().mapToInt(Integer::intValue).toArray()));
            } else if (c == '[') {
                pos++;
                boolean negated = peek() == '^';
                if (negated) {
                    pos++;
                }
                List<Integer> ranges = new ArrayList<>();
                while (peek() != ']') {
                    int lo = character();
                    int hi = lo;
                    if (peek() == '-' && pos + 1 < text.length() && text.charAt(pos + 1) != ']') {
                        pos++;
                        hi = character();
                    }
                    ranges.add(lo);
                    ranges.add(hi);
                }
                pos++;
                out.add(new CharClass(negated, normalize(ranges)));
            } else if (c == '.') {
                pos++;
                out.add(new Any());
            } else if (isNameChar(c)) {
                out.add(new Ref(name()));
            } else {
                break;
            }
            skipSpace(false);
        }
        // A literal "" adds no element, as in llama.cpp.
        out.removeIf(e -> e instanceof Literal l && l.codePoints().length == 0);
        return out;
    }

    /** The ranges as pairs; a class the writer wrote must have them in order and disjoint. */
    private int[] normalize(List<Integer> ranges) {
        int[] r = ranges.stream().mapToInt(Integer::intValue).toArray();
        for (int i = 0; i + 3 < r.length; i += 2) {
            if (r[i + 1] >= r[i + 2]) {
                problems.add("class ranges out of order or overlapping before offset " + pos);
            }
        }
        for (int i = 0; i < r.length; i += 2) {
            if (r[i] > r[i + 1]) {
                problems.add("empty class range before offset " + pos);
            }
        }
        return r;
    }

    private int character() {
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        char c = text.charAt(pos);
        if (c != '\\') {
            int cp = text.codePointAt(pos);
            pos += Character.charCount(cp);
            return cp;
        }
        if (pos + 1 >= text.length()) {
            throw error("unexpected end of input");
        }
        char e = text.charAt(pos + 1);
        pos += 2;
        switch (e) {
            case 'x':
                return hex(2);
            case 'u':
                return hex(4);
            case 'U':
                return hex(8);
            case 't':
                return '\t';
            case 'r':
                return '\r';
            case 'n':
                return '\n';
            case '\\':
            case '"':
            case '[':
            case ']':
                return e;
            default:
                pos -= 2;
                throw error("unknown escape");
        }
    }

    private int hex(int digits) {
        if (pos + digits > text.length()) {
            throw error("expecting " + digits + " hex chars");
        }
        try {
            int v = Integer.parseUnsignedInt(text.substring(pos, pos + digits), 16);
            pos += digits;
            return v;
        } catch (NumberFormatException e) {
            throw error("expecting " + digits + " hex chars");
        }
    }

    private String name() {
        int start = pos;
        while (pos < text.length() && isNameChar(text.charAt(pos))) {
            pos++;
        }
        if (pos == start) {
            throw error("expecting name");
        }
        return text.substring(start, pos);
    }

    private static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    }

    private void skipSpace(boolean newlines) {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '#') {
                while (pos < text.length() && text.charAt(pos) != '\n' && text.charAt(pos) != '\r') {
                    pos++;
                }
            } else if (c == ' ' || c == '\t' || (newlines && (c == '\n' || c == '\r'))) {
                pos++;
            } else {
                break;
            }
        }
    }

    private void expect(String s) {
        if (!text.startsWith(s, pos)) {
            throw error("expecting " + s);
        }
        pos += s.length();
    }

    private char peek() {
        if (pos >= text.length()) {
            throw error("unexpected end of input");
        }
        return text.charAt(pos);
    }

    private IllegalArgumentException error(String message) {
        int end = text.indexOf('\n', pos);
        return new IllegalArgumentException("GBNF offset " + pos + ": " + message + " at '"
                + text.substring(pos, end < 0 ? text.length() : end) + "'");
    }

    @Override
    public String toString() {
        return text;
    }
}
