package io.github.kbnf4j.grammar.internal.automata;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Slow reference helpers shared by the tests. */
final class TestSupport {
    private TestSupport() {
    }

    /** The number of distinct columns of {@code d}'s transition table, byte by byte (slow). */
    static int distinctColumns(ByteDfa d) {
        java.util.Set<List<Integer>> columns = new java.util.HashSet<>();
        for (int b = 0; b < 256; b++) {
            List<Integer> column = new ArrayList<>();
            for (int s = 0; s < d.stateCount(); s++) {
                column.add(d.next(s, b));
            }
            columns.add(column);
        }
        return columns.size();
    }

    /**
     * Our regex syntax to java.util.regex with the same language: Java's '.' also excludes CR,
     * NEL, LS and PS, its backslash-v is a class and its backslash-0 needs octal digits, and it
     * spells our backslash-u-brace escape as backslash-x-brace.
     */
    static String toJava(String ours) {
        StringBuilder sb = new StringBuilder();
        boolean inClass = false;
        for (int i = 0; i < ours.length(); i++) {
            char c = ours.charAt(i);
            if (c == '\\') {
                char d = ours.charAt(i + 1);
                if (d == 'u' && i + 2 < ours.length() && ours.charAt(i + 2) == '{') {
                    sb.append("\\x{");
                    i += 2;
                } else if (d == 'v') {
                    sb.append("\\x0B");
                    i++;
                } else if (d == '0') {
                    sb.append("\\x00");
                    i++;
                } else {
                    sb.append(c).append(d);
                    i++;
                }
            } else if (inClass) {
                if (c == ']') {
                    inClass = false;
                }
                sb.append(c);
            } else if (c == '[') {
                inClass = true;
                sb.append(c);
                // A leading ']' or '^]' cannot occur (we reject [] and [^]).
                if (i + 1 < ours.length() && ours.charAt(i + 1) == '^') {
                    sb.append('^');
                    i++;
                }
            } else if (ours.startsWith("(?P<", i)) {
                sb.append("(?<");
                i += 3;
            } else if (c == '.') {
                sb.append("[^\\n]");
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** 0 .. n - 1 in a random order (Fisher-Yates). */
    static int[] randomPermutation(int n, Random rnd) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int x = a[i];
            a[i] = a[j];
            a[j] = x;
        }
        return a;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Strict decode, or null if the bytes are not valid UTF-8. */
    static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    /** All strings of length ≤ maxLen over the alphabet (each element is one string piece). */
    static List<String> allStrings(String[] alphabet, int maxLen) {
        List<String> out = new ArrayList<>();
        out.add("");
        int from = 0;
        for (int len = 1; len <= maxLen; len++) {
            int to = out.size();
            for (int i = from; i < to; i++) {
                for (String a : alphabet) {
                    out.add(out.get(i) + a);
                }
            }
            from = to;
        }
        return out;
    }

    /**
     * A random walk on the DFA from state 0, stopping at an accepting state with probability 1/3
     * (or when stuck / too long). Returns bytes that the DFA accepts, or null if the walk failed.
     */
    static byte[] randomAccepted(ByteDfa d, Random rnd, int maxLen) {
        byte[] buf = new byte[maxLen];
        int s = 0;
        for (int len = 0; len <= maxLen; len++) {
            if (d.isAccepting(s) && (rnd.nextInt(3) == 0 || len == maxLen)) {
                return java.util.Arrays.copyOf(buf, len);
            }
            if (len == maxLen) {
                return null;
            }
            int[] options = new int[256];
            int n = 0;
            for (int b = 0; b < 256; b++) {
                if (d.next(s, b) >= 0) {
                    options[n++] = b;
                }
            }
            if (n == 0) {
                return null;
            }
            int b = options[rnd.nextInt(n)];
            buf[len] = (byte) b;
            s = d.next(s, b);
        }
        return null;
    }

    /** Byte substrings of s (all i ≤ j), as byte arrays. */
    static List<byte[]> byteSubstrings(byte[] s) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i <= s.length; i++) {
            for (int j = i; j <= s.length; j++) {
                out.add(java.util.Arrays.copyOfRange(s, i, j));
            }
        }
        return out;
    }
}
