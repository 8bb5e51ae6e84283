package io.github.kbnf4j.runtime;

import io.github.kbnf4j.runtime.internal.PackedTokens;
import io.github.kbnf4j.runtime.internal.TiktokenLoader;
import io.github.kbnf4j.runtime.internal.TokenTable;
import io.github.kbnf4j.runtime.internal.TokenTableBuilder;
import io.github.kbnf4j.runtime.internal.TokenizerJsonLoader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A language model's vocabulary as the constraint engine sees it: for each token id (each
 * position of the logits and of a mask), the exact bytes the token adds to the text; which ids
 * end a sequence; which ids are special.
 *
 * <h2>Ids</h2>
 * Ids run from 0 to {@link #size()} - 1. An id is <i>text</i> ({@link #hasBytes}) when it has at
 * least one byte and is neither special nor end-of-sequence; only text ids ever appear in a mask,
 * besides the end-of-sequence ids when the grammar is complete. The other ids, which the logits
 * cover but which produce no text (special tokens, ids in a gap of the vocabulary, ids past the
 * tokenizer's last token that the model still has logits for: see {@link #withSize}), are always
 * masked out. Several ids may have the same bytes; they are then allowed or refused together. An
 * empty byte string is treated as no bytes (a token that adds nothing could be chosen forever).
 *
 * <h2>Special and end-of-sequence ids</h2>
 * A special id is never produced as text (Hugging Face's {@code "special": true} added tokens,
 * tiktoken's special tokens). End-of-sequence (EOS) ids are special too, implicitly; a vocabulary
 * may have several (Llama-3: {@code <|end_of_text|>} and {@code <|eot_id|>}). The loaders find
 * them in the files (see each loader); when they find none, {@link #eosIds()} is empty and the
 * caller must name them with {@link #withEos} (the command line's {@code --eos}).
 *
 * <h2>Loaders</h2>
 * {@link #fromTokenizerJson} (Hugging Face: byte-level BPE such as Llama-3 and Qwen,
 * SentencePiece-style BPE or Unigram such as Llama-2, Mistral and Gemma), {@link #fromTiktoken}
 * ({@code .tiktoken} rank files), {@link #jtokkit} (the encodings shipped in jtokkit),
 * {@link #of} (a plain list), and {@link #load} (what the command line's {@code --vocab} accepts).
 * A file that is not understood is an {@link IOException} whose message names the file and what
 * was not understood.
 *
 * <h2>Thread-safety</h2>
 * Immutable: no method hands out an internal array (except {@link #packed()}, a read-only view),
 * so a vocabulary can be shared by any number of threads, constraints and grammars. Equality is
 * identity: the engine's per-vocabulary work (token trie, byte tables) is keyed by the instance,
 * so load a vocabulary once and share it ({@link #jtokkit} returns one shared instance per
 * encoding).
 */
public final class Vocabulary {
    private static final byte[] NO_BYTES = new byte[0];
    private static final Map<String, Vocabulary> SHIPPED = new ConcurrentHashMap<>();

    private final String name;
    /** Raw bytes of every id in id order, including those hidden because the id is special or EOS. */
    private final byte[] data;
    /** {@code size + 1} entries: id's raw bytes are {@code data[offsets[id], offsets[id + 1])}. */
    private final int[] offsets;
    /** Declared special ids, one bit each ({@code (bits[id >>> 6] >>> id) & 1}); EOS ids are kept apart. */
    private final long[] declaredSpecial;
    /** Sorted, distinct. */
    private final int[] eos;
    private final long[] eosBits;
    /** The text view: lengths are -1 for ids that are not text. */
    private final PackedTokens packed;
    /** The bound of the tables shared by the constraints on this instance (0: not shared). */
    private final long tableCacheBytes;

    /**
     * The default of {@link #tableCacheBytes()}: 256 MiB, or an eighth of the JVM's maximum heap
     * when that is less (so a small heap is not filled by tables that are only a cache).
     */
    public static final long DEFAULT_TABLE_CACHE_BYTES = Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 8);

    private Vocabulary(String name, TokenTable t) {
        this(name, t.data(), t.offsets(), t.specialBits(), t.eosIds(), DEFAULT_TABLE_CACHE_BYTES);
    }

    private Vocabulary(String name, byte[] data, int[] offsets, long[] declaredSpecial, int[] eos,
            long tableCacheBytes) {
        this.name = name;
        this.tableCacheBytes = tableCacheBytes;
        this.data = data;
        this.offsets = offsets;
        this.declaredSpecial = declaredSpecial;
        this.eos = eos;
        int size = offsets.length - 1;
        this.eosBits = new long[(size + 63) >>> 6];
        for (int id : eos) {
            eosBits[id >>> 6] |= 1L << id;
        }
        int[] lengths = new int[size];
        for (int id = 0; id < size; id++) {
            int raw = offsets[id + 1] - offsets[id];
            boolean special = ((declaredSpecial[id >>> 6] | eosBits[id >>> 6]) & (1L << id)) != 0;
            lengths[id] = raw > 0 && !special ? raw : -1;
        }
        this.packed = new PackedTokens(data, offsets, lengths);
    }

    // ------------------------------------------------------------------ construction

    /**
     * A vocabulary from a plain list: id {@code i} has the bytes {@code tokens.get(i)}. The inputs
     * are copied.
     *
     * @param name a name for messages (such as a file name)
     * @param tokens the bytes of each id; a null or empty entry is an id without bytes
     * @param eosIds the end-of-sequence ids (may be null or empty; duplicates are dropped)
     * @param specialIds ids that are never text (may be null or empty; their bytes are ignored)
     * @throws IllegalArgumentException if an EOS or special id is outside {@code 0..tokens.size()-1}
     */
    public static Vocabulary of(String name, List<byte[]> tokens, int[] eosIds, int[] specialIds) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(tokens, "tokens");
        int size = tokens.size();
        TokenTableBuilder b = new TokenTableBuilder(size);
        b.ensureSize(size);
        for (int id = 0; id < size; id++) {
            byte[] t = tokens.get(id);
            if (t != null && t.length > 0) {
                b.set(id, t, 0, t.length);
            }
        }
        if (specialIds != null) {
            for (int id : specialIds) {
                checkId(name, size, id, "special id");
                b.markSpecial(id);
            }
        }
        if (eosIds != null) {
            for (int id : eosIds) {
                checkId(name, size, id, "EOS id");
                b.addEos(id);
            }
        }
        return new Vocabulary(name, b.build());
    }

    /**
     * Loads a Hugging Face {@code tokenizer.json}; a {@code tokenizer_config.json} beside it
     * gives its {@code eos_token}, a {@code generation_config.json} beside it its
     * {@code eos_token_id}s.
     *
     * <p>Which scheme is used is read from the file's {@code decoder} and {@code model}:
     * byte-level BPE (decoder {@code ByteLevel}: each character of a token is one byte through
     * GPT-2's byte-to-unicode table), or SentencePiece-style (decoder {@code Replace "▁" → " "},
     * {@code ByteFallback}, {@code Fuse}, {@code Strip}, or {@code Metaspace}; model {@code BPE}
     * or {@code Unigram}: {@code ▁} is a space, {@code <0xNN>} the single byte NN when the decoder
     * or model has byte fallback, other characters their UTF-8). Special added tokens are special;
     * other added tokens are text, decoded the same way. The number of ids is the largest id of
     * the model vocabulary and the added tokens, plus one; ids in a gap have no bytes.
     *
     * <p>EOS ids: the config's {@code eos_token}, the generation config's {@code eos_token_id}s,
     * and every special token with a common end name ({@code </s>}, {@code <eos>},
     * {@code <end_of_turn>}, {@code <|endoftext|>}, {@code <|end_of_text|>}, {@code <|eot_id|>},
     * {@code <|eom_id|>}, {@code <|im_end|>}, {@code <|end|>}). None found: empty.
     *
     * <p>Complexity: one streaming pass over the file (the merges are skipped). Llama-3's 9 MB
     * file loads in about 0.25 s in a fresh JVM and 0.06 s once warm; Gemma-3's 33 MB in 0.5 s
     * and 0.2 s.
     *
     * @param file the tokenizer.json
     * @throws IOException if a file cannot be read, is not JSON, or is not understood (WordPiece or
     *     WordLevel model, missing or unknown decoder, a byte-level token outside GPT-2's table, two
     *     tokens with one id, ...); the message names the file and what was not understood
     */
    public static Vocabulary fromTokenizerJson(Path file) throws IOException {
        return new Vocabulary(file.toString(), TokenizerJsonLoader.load(file));
    }

    /**
     * Loads a Hugging Face {@code tokenizer.json} from a stream, as {@link #fromTokenizerJson(Path)}
     * does from a file. The streams are not closed.
     *
     * @param name the vocabulary's name, also used in messages
     * @param json the tokenizer.json
     * @param configOrNull its tokenizer_config.json (for {@code eos_token}), or null
     * @throws IOException if a stream cannot be read or is not understood
     */
    public static Vocabulary fromTokenizerJson(String name, InputStream json, InputStream configOrNull)
            throws IOException {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(json, "json");
        return new Vocabulary(name, TokenizerJsonLoader.load(name, json,
                name + " (tokenizer_config.json)", configOrNull, null, null));
    }

    /**
     * Loads a tiktoken rank file: one {@code <base64 of the token's bytes> <rank>} per line, the
     * rank being the id. Ranks need not be contiguous (ids in a gap have no bytes).
     *
     * @param file the {@code .tiktoken} file
     * @param specialTokens special token name to id (not in the file; may be null or empty); those
     *     named {@code <|endoftext|>} (or another common end name) become the EOS ids
     * @throws IOException if the file cannot be read, a line is not understood (the message gives
     *     {@code file:line}), a rank repeats, or a special id is a rank of the file
     * @throws IllegalArgumentException if a special token has a null or negative id
     */
    public static Vocabulary fromTiktoken(Path file, Map<String, Integer> specialTokens) throws IOException {
        return new Vocabulary(file.toString(),
                TiktokenLoader.load(file.toString(), Files.readAllBytes(file), specialTokens));
    }

    /**
     * An encoding shipped in jtokkit, with tiktoken's special tokens: {@code r50k} (GPT-2,
     * 50257 ids), {@code p50k} (50281), {@code p50k_edit}, {@code cl100k} (GPT-3.5/4, 100277 ids
     * of which 100256 text), {@code o200k} (GPT-4o, 200019 ids); the {@code _base} names are
     * accepted too. The EOS id is {@code <|endoftext|>}. The same instance is returned on every
     * call.
     *
     * @throws IllegalArgumentException if {@code name} is none of these
     */
    public static Vocabulary jtokkit(String name) {
        String canonical = TiktokenLoader.canonicalName(Objects.requireNonNull(name, "name"));
        if (canonical == null) {
            throw new IllegalArgumentException("unknown jtokkit encoding '" + name
                    + "' (known: r50k, p50k, p50k_edit, cl100k, o200k, or the same with _base)");
        }
        return SHIPPED.computeIfAbsent(canonical, k -> new Vocabulary(k, TiktokenLoader.loadShipped(k)));
    }

    /**
     * What the command line's {@code --vocab} accepts: a jtokkit encoding name ({@link #jtokkit};
     * a name wins over a file of the same name), a path to a {@code tokenizer.json} (or to a
     * folder holding one), or a path to a {@code .tiktoken} file (whose specials are known only
     * when it is named like a jtokkit encoding, such as {@code cl100k_base.tiktoken}; otherwise
     * pass the EOS ids with {@link #withEos}).
     *
     * @throws NoSuchFileException if {@code spec} is neither a known name nor an existing path
     * @throws IOException if the file cannot be read or is not understood
     */
    public static Vocabulary load(String spec) throws IOException {
        Objects.requireNonNull(spec, "spec");
        if (TiktokenLoader.canonicalName(spec) != null) {
            return jtokkit(spec);
        }
        Path path;
        try {
            path = Path.of(spec);
        } catch (InvalidPathException e) {
            throw new IOException(spec + ": neither a built-in vocabulary (r50k, p50k, cl100k, o200k) nor a path", e);
        }
        if (Files.isDirectory(path)) {
            path = path.resolve("tokenizer.json");
        }
        if (!Files.exists(path)) {
            throw new NoSuchFileException(path.toString(), null,
                    "no such file, and not a built-in vocabulary (r50k, p50k, cl100k, o200k)");
        }
        String file = path.getFileName().toString();
        if (file.endsWith(".tiktoken")) {
            String base = file.substring(0, file.length() - ".tiktoken".length());
            return fromTiktoken(path, TiktokenLoader.shippedSpecials(base));
        }
        return fromTokenizerJson(path);
    }

    /**
     * This vocabulary with other EOS ids (replacing the current ones; empty removes them all).
     * EOS ids are special: an id that was text is no longer text while it is an EOS id.
     * Complexity: linear in {@link #size()}; the token bytes are shared, not copied.
     *
     * @throws IllegalArgumentException if an id is outside {@code 0..size()-1}
     */
    public Vocabulary withEos(int... ids) {
        Objects.requireNonNull(ids, "ids");
        int[] sorted = ids.clone();
        for (int id : sorted) {
            checkId(name, size(), id, "EOS id");
        }
        Arrays.sort(sorted);
        int n = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (n == 0 || sorted[n - 1] != sorted[i]) {
                sorted[n++] = sorted[i];
            }
        }
        return new Vocabulary(name, data, offsets, declaredSpecial, Arrays.copyOf(sorted, n), tableCacheBytes);
    }

    /**
     * This vocabulary with {@code size} ids, the new ones without bytes: for a model whose logits
     * are longer than its tokenizer's vocabulary (Qwen3's 151936 logits over 151669 ids), so that
     * masks and logits have the same length. Returns this vocabulary if the size is unchanged.
     *
     * @throws IllegalArgumentException if {@code size} is smaller than {@link #size()} or larger
     *     than 16777216
     */
    public Vocabulary withSize(int size) {
        int old = size();
        if (size < old) {
            throw new IllegalArgumentException("vocabulary '" + name + "' has " + old
                    + " ids; withSize cannot shrink it to " + size);
        }
        if (size > TokenTableBuilder.MAX_IDS) {
            throw new IllegalArgumentException("size " + size + " is beyond the largest supported size "
                    + TokenTableBuilder.MAX_IDS);
        }
        if (size == old) {
            return this;
        }
        int[] grown = Arrays.copyOf(offsets, size + 1);
        Arrays.fill(grown, old + 1, size + 1, offsets[old]);
        return new Vocabulary(name, data, grown, Arrays.copyOf(declaredSpecial, (size + 63) >>> 6), eos,
                tableCacheBytes);
    }

    /**
     * This vocabulary with another bound on its table cache (see {@link #tableCacheBytes()}); the
     * token bytes are shared, not copied. The copy is a new instance, so it starts with an empty
     * cache of its own.
     *
     * @param bytes the bound in bytes, 0 to share nothing between constraints
     * @throws IllegalArgumentException if {@code bytes} is negative
     */
    public Vocabulary withTableCacheBytes(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("tableCacheBytes must not be negative, was " + bytes);
        }
        return new Vocabulary(name, data, offsets, declaredSpecial, eos, bytes);
    }

    // ------------------------------------------------------------------ queries

    /**
     * The bound, in approximate bytes, of the tables that every {@link Constraint} on this
     * vocabulary instance shares whatever its grammar: per terminal automaton (up to renaming its
     * states), which tokens stay inside it and which may leave it mid-token. A server that compiles
     * a grammar per request (a JSON Schema each) then computes the tables of the common terminals
     * (JSON strings, numbers, whitespace) once. Least recently used tables are evicted beyond the
     * bound; 0 shares nothing. Default {@link #DEFAULT_TABLE_CACHE_BYTES} (256 MiB, or an eighth
     * of the maximum heap when that is less).
     */
    public long tableCacheBytes() {
        return tableCacheBytes;
    }

    /** The name given at construction: the file path, or the jtokkit encoding's name ({@code cl100k_base}). */
    public String name() {
        return name;
    }

    /** The number of ids: the length of the logits and of a mask. */
    public int size() {
        return offsets.length - 1;
    }

    /** The number of text ids (those for which {@link #hasBytes} is true). */
    public int textTokenCount() {
        return packed.textCount();
    }

    /**
     * Whether {@code id} is text: it has bytes and is neither special nor EOS.
     *
     * @throws IllegalArgumentException if {@code id} is outside {@code 0..size()-1}
     */
    public boolean hasBytes(int id) {
        checkId(id);
        return packed.hasBytes(id);
    }

    /**
     * A copy of the bytes of {@code id}; an empty array if it is not text (no bytes, special or
     * EOS: tell them apart with {@link #hasBytes}, {@link #isSpecial}, {@link #isEos}).
     *
     * @throws IllegalArgumentException if {@code id} is outside {@code 0..size()-1}
     */
    public byte[] tokenBytes(int id) {
        checkId(id);
        return packed.hasBytes(id) ? packed.copyOf(id) : NO_BYTES;
    }

    /**
     * The number of bytes of {@code id} (at least 1), or -1 if it is not text.
     *
     * @throws IllegalArgumentException if {@code id} is outside {@code 0..size()-1}
     */
    public int tokenLength(int id) {
        checkId(id);
        return packed.length(id);
    }

    /**
     * Whether {@code id} is special (never text): declared special, or an EOS id.
     *
     * @throws IllegalArgumentException if {@code id} is outside {@code 0..size()-1}
     */
    public boolean isSpecial(int id) {
        checkId(id);
        return ((declaredSpecial[id >>> 6] | eosBits[id >>> 6]) & (1L << id)) != 0;
    }

    /**
     * Whether {@code id} ends a sequence.
     *
     * @throws IllegalArgumentException if {@code id} is outside {@code 0..size()-1}
     */
    public boolean isEos(int id) {
        checkId(id);
        return (eosBits[id >>> 6] & (1L << id)) != 0;
    }

    /** The EOS ids, sorted (a copy; empty if none are known). */
    public int[] eosIds() {
        return eos.clone();
    }

    /** The special ids, EOS ids included, sorted (a new array). */
    public int[] specialIds() {
        int size = size();
        int count = 0;
        for (int w = 0; w < eosBits.length; w++) {
            count += Long.bitCount(declaredSpecial[w] | eosBits[w]);
        }
        int[] ids = new int[count];
        int n = 0;
        for (int id = 0; id < size; id++) {
            if (((declaredSpecial[id >>> 6] | eosBits[id >>> 6]) & (1L << id)) != 0) {
                ids[n++] = id;
            }
        }
        return ids;
    }

    /**
     * Internal: for the engine. The text tokens as one packed, read-only view without copies
     * (flat byte array, offset and length per id, {@code -1} for ids that are not text); the same
     * instance on every call. Not a stable API for applications.
     */
    public PackedTokens packed() {
        return packed;
    }

    @Override
    public String toString() {
        int[] specials = specialIds();
        return "Vocabulary[" + name + ": " + size() + " ids, " + textTokenCount() + " text, " + specials.length
                + " special, eos " + Arrays.toString(eos) + "]";
    }

    private void checkId(int id) {
        if (id < 0 || id >= offsets.length - 1) {
            throw outOfRange(name, offsets.length - 1, id, "token id");
        }
    }

    private static void checkId(String name, int size, int id, String what) {
        if (id < 0 || id >= size) {
            throw outOfRange(name, size, id, what);
        }
    }

    private static IllegalArgumentException outOfRange(String name, int size, int id, String what) {
        return new IllegalArgumentException(what + " " + id + " is out of range: vocabulary '" + name + "' has "
                + size + " ids" + (size > 0 ? " (0.." + (size - 1) + ")" : ""));
    }
}
