package io.github.kbnf4j.runtime.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads tiktoken rank files ({@code .tiktoken}: one {@code <base64 token bytes> <rank>} per line,
 * the rank being the token id) and the four encodings whose rank files jtokkit ships.
 *
 * <p>Blank lines and a {@code \r} before {@code \n} are accepted; anything else that is not
 * {@code base64 SPACE decimal} is an error naming the line. Ranks need not be contiguous: ids in
 * a gap have no bytes. A rank given twice is an error; two ranks with the same bytes are kept
 * (several ids may share bytes). Special tokens are not in the file: the caller names them with
 * their ids, which must not be ranks of the file; those named in {@link EosNames} become the
 * end-of-sequence ids.
 *
 * <p>Complexity: linear in the file size. Thread-safety: stateless.
 */
public final class TiktokenLoader {
    private static final byte[] BASE64 = new byte[128];

    static {
        java.util.Arrays.fill(BASE64, (byte) -1);
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < alphabet.length(); i++) {
            BASE64[alphabet.charAt(i)] = (byte) i;
        }
    }

    /**
     * An encoding shipped in jtokkit: its canonical name, rank file and special tokens (the same as
     * tiktoken's).
     */
    private static final class Shipped {
        final String name;
        final String resource;
        final Map<String, Integer> specials;

        Shipped(String name, String resource, Map<String, Integer> specials) {
            this.name = name;
            this.resource = resource;
            this.specials = specials;
        }
    }

    private static final List<Shipped> SHIPPED = List.of(
            new Shipped("r50k_base", "r50k_base.tiktoken", specials("<|endoftext|>", 50256)),
            new Shipped("p50k_base", "p50k_base.tiktoken", specials("<|endoftext|>", 50256)),
            new Shipped("p50k_edit", "p50k_base.tiktoken", specials("<|endoftext|>", 50256,
                    "<|fim_prefix|>", 50281, "<|fim_middle|>", 50282, "<|fim_suffix|>", 50283)),
            new Shipped("cl100k_base", "cl100k_base.tiktoken", specials("<|endoftext|>", 100257,
                    "<|fim_prefix|>", 100258, "<|fim_middle|>", 100259, "<|fim_suffix|>", 100260,
                    "<|endofprompt|>", 100276)),
            new Shipped("o200k_base", "o200k_base.tiktoken", specials("<|endoftext|>", 199999,
                    "<|endofprompt|>", 200018)));

    /** The short names accepted besides the canonical ones. */
    public static final List<String> SHORT_NAMES = List.of("r50k", "p50k", "cl100k", "o200k");

    private TiktokenLoader() {
    }

    private static Map<String, Integer> specials(Object... nameIdPairs) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < nameIdPairs.length; i += 2) {
            m.put((String) nameIdPairs[i], (Integer) nameIdPairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    private static Shipped shipped(String spec) {
        String s = spec.trim().toLowerCase(Locale.ROOT);
        for (Shipped e : SHIPPED) {
            if (e.name.equals(s) || e.name.equals(s + "_base")) {
                return e;
            }
        }
        return null;
    }

    /**
     * The canonical jtokkit name for {@code spec} ({@code "cl100k"} and {@code "cl100k_base"} both
     * give {@code "cl100k_base"}; also {@code r50k}, {@code p50k}, {@code p50k_edit}, {@code o200k}),
     * or null if it names none.
     */
    public static String canonicalName(String spec) {
        Shipped e = shipped(spec);
        return e == null ? null : e.name;
    }

    /**
     * The special tokens of a jtokkit encoding, by canonical name or file base name
     * ({@code cl100k_base}); empty if unknown.
     */
    public static Map<String, Integer> shippedSpecials(String name) {
        Shipped e = shipped(name);
        return e == null ? Map.of() : e.specials;
    }

    /**
     * Loads an encoding shipped in jtokkit.
     *
     * @param canonical a name returned by {@link #canonicalName}
     * @throws IllegalArgumentException if it names no shipped encoding
     * @throws UncheckedIOException if jtokkit's rank file cannot be read
     */
    public static TokenTable loadShipped(String canonical) {
        Shipped e = shipped(canonical);
        if (e == null) {
            throw new IllegalArgumentException("not a jtokkit encoding: '" + canonical + "'");
        }
        // jtokkit's jar before packaging; in the packaged runtime jar the shade plugin has copied the
        // rank files into this module and rewritten this path to their relocated package
        String path = "/com/knuddels/jtokkit/" + e.resource;
        try (InputStream in = TiktokenLoader.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("jtokkit's jar does not hold " + path
                        + " (kbnf4j reads the rank files of jtokkit 1.1.0)");
            }
            return load("jtokkit:" + e.name, in.readAllBytes(), e.specials);
        } catch (IOException ex) {
            throw new UncheckedIOException("cannot read jtokkit's " + path, ex);
        }
    }

    /**
     * Parses a rank file.
     *
     * @param source names the file in error messages
     * @param content the whole file
     * @param specials special token name to id (may be empty)
     * @throws IOException if a line is not understood, a rank repeats, or a special id is a rank
     */
    public static TokenTable load(String source, byte[] content, Map<String, Integer> specials) throws IOException {
        TokenTableBuilder b = new TokenTableBuilder(content.length / 12 + 16);
        byte[] scratch = new byte[256];
        int n = content.length;
        int pos = 0;
        int line = 1;
        while (pos < n) {
            int end = pos;
            while (end < n && content[end] != '\n') {
                end++;
            }
            int lineEnd = end;
            if (lineEnd > pos && content[lineEnd - 1] == '\r') {
                lineEnd--;
            }
            int space = pos;
            while (space < lineEnd && content[space] != ' ') {
                space++;
            }
            if (lineEnd > pos) {
                if (space == lineEnd || space == pos) {
                    throw lineError(source, line, "expected '<base64 token bytes> <rank>'");
                }
                int needed = (space - pos) / 4 * 3 + 3;
                if (needed > scratch.length) {
                    scratch = new byte[Math.max(needed, scratch.length * 2)];
                }
                int len = decodeBase64(content, pos, space, scratch);
                if (len <= 0) {
                    throw lineError(source, line, len == 0 ? "empty token" : "invalid base64");
                }
                int rank = parseRank(content, space + 1, lineEnd);
                if (rank < 0) {
                    throw lineError(source, line, "the rank is not a number between 0 and "
                            + (TokenTableBuilder.MAX_IDS - 1));
                }
                if (b.hasBytes(rank)) {
                    throw lineError(source, line, "rank " + rank + " was already given to another token");
                }
                b.set(rank, scratch, 0, len);
            }
            pos = end + 1;
            line++;
        }
        if (specials != null) {
            for (Map.Entry<String, Integer> s : specials.entrySet()) {
                Integer id = s.getValue();
                if (s.getKey() == null || id == null || id < 0 || id >= TokenTableBuilder.MAX_IDS) {
                    throw new IllegalArgumentException("special token " + s.getKey() + " has no valid id: " + id);
                }
                if (b.hasBytes(id)) {
                    throw new IOException(source + ": special token " + s.getKey() + " has id " + id
                            + ", which is the rank of a token of the file");
                }
                b.markSpecial(id);
                if (EosNames.contains(s.getKey())) {
                    b.addEos(id);
                }
            }
        }
        return b.build();
    }

    private static IOException lineError(String source, int line, String what) {
        return new IOException(source + ":" + line + ": not a tiktoken rank line: " + what);
    }

    /** Decodes {@code in[from, to)} into {@code out}; returns the byte count, or -1 if it is not base64. */
    static int decodeBase64(byte[] in, int from, int to, byte[] out) {
        int pad = 0;
        while (to - pad > from && in[to - 1 - pad] == '=' && pad < 2) {
            pad++;
        }
        int chars = to - from - pad;
        if ((chars + pad) % 4 != 0 || chars % 4 == 1) {
            return -1;
        }
        int n = 0;
        int acc = 0;
        int bits = 0;
        for (int i = from; i < from + chars; i++) {
            int c = in[i];
            int v = c >= 0 && c < 128 ? BASE64[c] : -1;
            if (v < 0) {
                return -1;
            }
            acc = (acc << 6) | v;
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                out[n++] = (byte) (acc >>> bits);
            }
        }
        return n;
    }

    private static int parseRank(byte[] in, int from, int to) {
        if (from >= to || to - from > 9) {
            return -1;
        }
        int v = 0;
        for (int i = from; i < to; i++) {
            int d = in[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        return v < TokenTableBuilder.MAX_IDS ? v : -1;
    }
}
