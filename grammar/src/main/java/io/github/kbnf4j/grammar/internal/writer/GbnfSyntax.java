package io.github.kbnf4j.grammar.internal.writer;

/**
 * The lexical side of GBNF as llama.cpp's parser reads it: rule names, escapes in literals and
 * character classes, and a builder for one alternative that merges consecutive single code
 * points into one {@code "..."} literal.
 *
 * <p>Escapes llama.cpp knows: <code>\xHH &#92;uHHHH \UHHHHHHHH</code> (code points, not bytes),
 * {@code \t \r \n \\ \" \[ \]}. Everything outside printable ASCII is written as an escape, so
 * the text is ASCII whatever the encoding of the terminal it is printed on. In a class, {@code -}
 * and {@code ^} have no backslash escape and are written {@code \x2D} and {@code \x5E}.
 */
final class GbnfSyntax {
    /** The Unicode scalar values: every code point but the surrogates. */
    private static final int[] SCALAR_VALUES = {0, 0xD7FF, 0xE000, 0x10FFFF};

    private GbnfSyntax() {
    }

    /**
     * {@code name} as a GBNF rule name ({@code [a-zA-Z0-9-]+}): a valid name as it is; otherwise
     * every run of other characters becomes one {@code -}, and {@code -} at either end is dropped
     * ({@code value#2} is {@code value-2}, {@code #substrs"ab"?} is {@code substrs-ab}); {@code r}
     * if nothing is left.
     */
    static String sanitize(String name) {
        boolean valid = !name.isEmpty();
        for (int i = 0; i < name.length() && valid; i++) {
            valid = isNameChar(name.charAt(i));
        }
        if (valid) {
            return name;
        }
        StringBuilder sb = new StringBuilder(name.length());
        boolean gap = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (isNameChar(c)) {
                if (gap && sb.length() > 0) {
                    sb.append('-');
                }
                gap = false;
                sb.append(c);
            } else {
                gap = true;
            }
        }
        int from = 0;
        int to = sb.length();
        while (from < to && sb.charAt(from) == '-') {
            from++;
        }
        while (to > from && sb.charAt(to - 1) == '-') {
            to--;
        }
        return from == to ? "r" : sb.substring(from, to);
    }

    static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    }

    /** Appends code point {@code cp} as it is written inside {@code "..."}. */
    static void appendLiteralChar(StringBuilder sb, int cp) {
        switch (cp) {
            case '"' -> sb.append("\\\"");
            case '\\' -> sb.append("\\\\");
            default -> appendCommon(sb, cp);
        }
    }

    /** Appends code point {@code cp} as it is written inside {@code [...]}. */
    static void appendClassChar(StringBuilder sb, int cp) {
        switch (cp) {
            case '"' -> sb.append("\\\"");
            case '\\' -> sb.append("\\\\");
            case '[' -> sb.append("\\[");
            case ']' -> sb.append("\\]");
            case '-' -> sb.append("\\x2D");
            case '^' -> sb.append("\\x5E");
            default -> appendCommon(sb, cp);
        }
    }

    private static void appendCommon(StringBuilder sb, int cp) {
        if (cp == '\n') {
            sb.append("\\n");
        } else if (cp == '\r') {
            sb.append("\\r");
        } else if (cp == '\t') {
            sb.append("\\t");
        } else if (cp >= 0x20 && cp < 0x7F) {
            sb.append((char) cp);
        } else if (cp < 0x80) {
            sb.append(String.format("\\x%02X", cp));
        } else if (cp <= 0xFFFF) {
            sb.append(String.format("\\u%04X", cp));
        } else {
            sb.append(String.format("\\U%08X", cp));
        }
    }

    /**
     * A character class matching exactly the code points of {@code ranges} (sorted, disjoint,
     * non-adjacent {@code lo, hi} pairs of scalar values, more than one code point): {@code .}
     * for all scalar values, else the shorter of {@code [...]} and {@code [^...]} (the complement
     * taken among scalar values, so it never lists surrogates).
     */
    static String characterClass(int[] ranges) {
        int[] complement = complement(ranges);
        if (complement.length == 0) {
            return ".";
        }
        String positive = classText("[", ranges);
        String negative = classText("[^", complement);
        return negative.length() < positive.length() ? negative : positive;
    }

    private static String classText(String open, int[] ranges) {
        StringBuilder sb = new StringBuilder(open);
        for (int i = 0; i < ranges.length; i += 2) {
            int lo = ranges[i];
            int hi = ranges[i + 1];
            appendClassChar(sb, lo);
            if (hi > lo + 1) {
                sb.append('-');
            }
            if (hi > lo) {
                appendClassChar(sb, hi);
            }
        }
        return sb.append(']').toString();
    }

    /** The scalar values not in {@code ranges}. */
    static int[] complement(int[] ranges) {
        it.unimi.dsi.fastutil.ints.IntArrayList out = new it.unimi.dsi.fastutil.ints.IntArrayList();
        for (int u = 0; u < SCALAR_VALUES.length; u += 2) {
            int next = SCALAR_VALUES[u];
            int end = SCALAR_VALUES[u + 1];
            for (int i = 0; i < ranges.length && next <= end; i += 2) {
                int lo = Math.max(ranges[i], next);
                int hi = Math.min(ranges[i + 1], end);
                if (lo > hi) {
                    continue;
                }
                if (lo > next) {
                    out.add(next);
                    out.add(lo - 1);
                }
                next = hi + 1;
            }
            if (next <= end) {
                out.add(next);
                out.add(end);
            }
        }
        return out.toIntArray();
    }

    /**
     * One alternative being written: symbols separated by spaces, consecutive single code points
     * merged into one literal; nothing at all is written {@code ""}.
     */
    static final class Sequence {
        private final StringBuilder out = new StringBuilder();
        private final StringBuilder literal = new StringBuilder();

        /** Appends a match of exactly the code points of {@code ranges}. */
        Sequence codePoints(int[] ranges) {
            if (ranges.length == 2 && ranges[0] == ranges[1]) {
                appendLiteralChar(literal, ranges[0]);
            } else {
                word(characterClass(ranges));
            }
            return this;
        }

        /** Appends a reference to rule {@code name}. */
        Sequence rule(String name) {
            return word(name);
        }

        private Sequence word(String w) {
            flush();
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(w);
            return this;
        }

        private void flush() {
            if (literal.length() > 0) {
                if (out.length() > 0) {
                    out.append(' ');
                }
                out.append('"').append(literal).append('"');
                literal.setLength(0);
            }
        }

        @Override
        public String toString() {
            flush();
            return out.length() == 0 ? "\"\"" : out.toString();
        }
    }
}
