package io.github.kbnf4j.runtime.internal;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a Hugging Face {@code tokenizer.json} into a {@link TokenTable}: each id's exact bytes,
 * the special ids, the end-of-sequence ids.
 *
 * <h2>Which bytes a token stands for</h2>
 * The bytes are what the file's {@code decoder} makes of the token on its own (Hugging Face's
 * {@code decode} of that one id, before the text is repaired into valid UTF-8):
 * <ul>
 * <li><b>Byte-level</b> (decoder {@code ByteLevel}; GPT-2, Llama-3, Qwen): every character of a
 * token is one byte through GPT-2's table ({@link ByteLevelAlphabet}). A model token with a
 * character outside the table is an error. An added token with such a character stands for its
 * own UTF-8, as in Hugging Face's decoder.</li>
 * <li><b>SentencePiece-style</b> (a {@code Sequence} of {@code Replace "▁" → " "},
 * {@code ByteFallback}, {@code Fuse}, {@code Strip}, or a {@code Metaspace} decoder; Llama-2,
 * Mistral, Gemma, T5): a token is its UTF-8 after the replacements ({@code ▁} becomes a space);
 * with byte fallback (the decoder's {@code ByteFallback} step or the model's
 * {@code byte_fallback: true}) a token {@code <0xNN>} is the single byte {@code NN}. Steps that
 * act on the whole text rather than on each token ({@code Strip} after {@code Fuse}, the
 * {@code Metaspace} removal of the first leading space) do not change a token's bytes.</li>
 * </ul>
 * The model must be {@code BPE} or {@code Unigram}; {@code WordPiece}, {@code WordLevel}, a
 * missing or unknown decoder, regex replacements and anything else not listed is reported as
 * not understood (an {@link IOException} naming the file and the field).
 *
 * <h2>Ids</h2>
 * The number of ids is the largest id of the model vocabulary and of {@code added_tokens}, plus
 * one; ids in a gap have no bytes. An added token replaces the model token with the same id (as
 * in Hugging Face). A special added token ({@code "special": true}) is special: no bytes. A
 * non-special added token is ordinary text, decoded as above. Two different model tokens with
 * one id, or two different added tokens with one id, are an error; a token string listed twice
 * with two ids gives two ids with the same bytes.
 *
 * <h2>End of sequence</h2>
 * The union of: the {@code eos_token} of a {@code tokenizer_config.json} (a string or an object
 * with {@code content}; looked up among added and model tokens; ignored if absent from the file),
 * the {@code eos_token_id} (a number or a list) of a {@code generation_config.json}, and every
 * special added token named in {@link EosNames}. End-of-sequence ids are implicitly special. It
 * may come out empty; the caller then has to say which ids end a sequence.
 *
 * <p>Complexity: one streaming pass over the file (merges are skipped), then linear in the
 * vocabulary. Thread-safety: stateless.
 */
public final class TokenizerJsonLoader {
    private static final JsonFactory JSON = JsonFactory.builder()
            // 100k+ distinct field names (the vocabulary): interning them would only cost time
            .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES)
            .build();
    private static final char METASPACE = '\u2581';

    private TokenizerJsonLoader() {
    }

    /**
     * Loads {@code file}, with {@code tokenizer_config.json} and {@code generation_config.json}
     * from the same folder when they exist.
     */
    public static TokenTable load(Path file) throws IOException {
        Path config = siblingIfExists(file, "tokenizer_config.json");
        Path generation = siblingIfExists(file, "generation_config.json");
        try (InputStream json = Files.newInputStream(file);
                InputStream cfg = config == null ? null : Files.newInputStream(config);
                InputStream gen = generation == null ? null : Files.newInputStream(generation)) {
            return load(file.toString(), json,
                    config == null ? null : config.toString(), cfg,
                    generation == null ? null : generation.toString(), gen);
        }
    }

    private static Path siblingIfExists(Path file, String name) {
        Path sibling = file.toAbsolutePath().resolveSibling(name);
        return Files.isRegularFile(sibling) ? sibling : null;
    }

    /**
     * Loads from streams (not closed here).
     *
     * @param source names the tokenizer.json in messages
     * @param configSource names the tokenizer_config.json in messages (null if {@code config} is)
     * @param config a tokenizer_config.json, or null
     * @param generationSource names the generation_config.json in messages
     * @param generation a generation_config.json, or null
     * @throws IOException if a file is not valid JSON or is not understood (the message says what)
     */
    public static TokenTable load(String source, InputStream json, String configSource, InputStream config,
            String generationSource, InputStream generation) throws IOException {
        Parsed p = parse(source, json);
        Scheme scheme = Scheme.of(source, p.decoder, p.modelType, p.modelByteFallback);
        TokenTableBuilder b = new TokenTableBuilder(Math.max(p.vocabCount, p.maxId + 1));
        b.ensureSize(p.maxId + 1);
        Decoder dec = new Decoder(source, scheme);

        // id -> index of the model token that set it, +1 (0 = unset): for duplicate-id messages
        int[] setBy = new int[p.maxId + 1];
        for (int i = 0; i < p.vocabCount; i++) {
            int id = p.vocabIds[i];
            String token = p.vocabKeys[i];
            if (setBy[id] != 0) {
                String other = p.vocabKeys[setBy[id] - 1];
                if (other.equals(token)) {
                    continue;
                }
                throw new IOException(source + ": model.vocab gives id " + id + " to two tokens: '" + other
                        + "' and '" + token + "'");
            }
            setBy[id] = i + 1;
            int len = dec.decode(token, false);
            if (len < 0) {
                throw new IOException(source + ": model token " + id + " '" + token + "' has the character U+"
                        + String.format("%04X", (int) token.charAt(-len - 1))
                        + ", which is outside GPT-2's byte-level alphabet (the decoder is ByteLevel)");
            }
            b.set(id, dec.out, 0, len);
        }

        Map<String, Integer> addedIds = new HashMap<>();
        Map<Integer, String> addedById = new HashMap<>();
        for (Added a : p.added) {
            String previous = addedById.putIfAbsent(a.id, a.content);
            if (previous != null) {
                if (previous.equals(a.content)) {
                    continue;
                }
                throw new IOException(source + ": added_tokens gives id " + a.id + " to two tokens: '" + previous
                        + "' and '" + a.content + "'");
            }
            addedIds.putIfAbsent(a.content, a.id);
            if (a.special) {
                b.clearBytes(a.id);
                b.markSpecial(a.id);
                if (EosNames.contains(a.content)) {
                    b.addEos(a.id);
                }
            } else {
                int len = dec.decode(a.content, true);
                b.set(a.id, dec.out, 0, len);
            }
        }

        if (config != null) {
            String eos = readEosToken(configSource, config);
            if (eos != null) {
                int id = lookUp(eos, addedIds, p);
                if (id >= 0) {
                    b.addEos(id);
                }
            }
        }
        if (generation != null) {
            for (int id : readEosTokenIds(generationSource, generation)) {
                if (id < 0 || id >= b.size()) {
                    throw new IOException(generationSource + ": eos_token_id " + id + " is not an id of " + source
                            + " (0.." + (b.size() - 1) + ")");
                }
                b.addEos(id);
            }
        }
        return b.build();
    }

    private static int lookUp(String token, Map<String, Integer> addedIds, Parsed p) {
        Integer id = addedIds.get(token);
        if (id != null) {
            return id;
        }
        for (int i = 0; i < p.vocabCount; i++) {
            if (p.vocabKeys[i].equals(token)) {
                return p.vocabIds[i];
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ parsing

    private static final class Added {
        final int id;
        final String content;
        final boolean special;

        Added(int id, String content, boolean special) {
            this.id = id;
            this.content = content;
            this.special = special;
        }
    }

    /** What the streaming pass keeps of the file. */
    private static final class Parsed {
        Object decoder;
        String modelType;
        boolean modelByteFallback;
        boolean sawModel;
        boolean sawVocab;
        String[] vocabKeys = new String[1024];
        int[] vocabIds = new int[1024];
        int vocabCount;
        int maxId = -1;
        final List<Added> added = new ArrayList<>();

        void addVocab(String key, int id) {
            if (vocabCount == vocabKeys.length) {
                vocabKeys = Arrays.copyOf(vocabKeys, vocabCount * 2);
                vocabIds = Arrays.copyOf(vocabIds, vocabCount * 2);
            }
            vocabKeys[vocabCount] = key;
            vocabIds[vocabCount] = id;
            vocabCount++;
            maxId = Math.max(maxId, id);
        }
    }

    /** A file whose bytes are not text in the encoding Jackson detected from its first bytes. */
    private static IOException notText(String source, CharConversionException e) {
        return new IOException(source + ": not valid JSON: not text in the encoding its first bytes suggest ("
                + e.getMessage() + ")", e);
    }

    private static Parsed parse(String source, InputStream json) throws IOException {
        Parsed out = new Parsed();
        try (JsonParser p = JSON.createParser(json)) {
            p.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException(source + ": not a tokenizer.json: the top level is not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                switch (field) {
                    case "added_tokens":
                        readAdded(source, p, t, out);
                        break;
                    case "decoder":
                        out.decoder = JsonValues.read(p);
                        break;
                    case "model":
                        readModel(source, p, t, out);
                        break;
                    default:
                        p.skipChildren();
                        break;
                }
            }
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new IOException(source + (at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr())
                    + ": not valid JSON: " + e.getOriginalMessage(), e);
        } catch (CharConversionException e) {
            // Jackson read the first bytes as UTF-16 or UTF-32 and then met a character that is not
            // one; its message does not name the file
            throw notText(source, e);
        }
        if (!out.sawModel) {
            throw new IOException(source + ": not a tokenizer.json: it has no 'model'");
        }
        if (!out.sawVocab) {
            throw new IOException(source + ": not understood: 'model' has no 'vocab'");
        }
        if (out.maxId + 1 > TokenTableBuilder.MAX_IDS) {
            throw new IOException(source + ": token id " + out.maxId + " is beyond the largest supported id "
                    + (TokenTableBuilder.MAX_IDS - 1));
        }
        return out;
    }

    private static void readAdded(String source, JsonParser p, JsonToken t, Parsed out) throws IOException {
        if (t == JsonToken.VALUE_NULL) {
            return;
        }
        if (t != JsonToken.START_ARRAY) {
            throw new IOException(source + ": not understood: 'added_tokens' is not an array");
        }
        while (p.nextToken() != JsonToken.END_ARRAY) {
            Object n = JsonValues.read(p);
            Object id = JsonValues.get(n, "id");
            String content = JsonValues.string(n, "content");
            if (!JsonValues.isInt(id) || ((Number) id).intValue() < 0 || content == null) {
                throw new IOException(source + ": not understood: an added token without a valid 'id' and 'content': "
                        + JsonValues.show(n));
            }
            Added a = new Added(((Number) id).intValue(), content, Boolean.TRUE.equals(JsonValues.get(n, "special")));
            out.added.add(a);
            out.maxId = Math.max(out.maxId, a.id);
        }
    }

    private static void readModel(String source, JsonParser p, JsonToken t, Parsed out) throws IOException {
        if (t != JsonToken.START_OBJECT) {
            throw new IOException(source + ": not understood: 'model' is not an object");
        }
        out.sawModel = true;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken v = p.nextToken();
            switch (field) {
                case "type":
                    out.modelType = v == JsonToken.VALUE_STRING ? p.getText() : null;
                    break;
                case "byte_fallback":
                    out.modelByteFallback = v == JsonToken.VALUE_TRUE;
                    break;
                case "vocab":
                    readVocab(source, p, v, out);
                    break;
                default:
                    p.skipChildren(); // merges: the bulk of the file, not needed
                    break;
            }
        }
    }

    private static void readVocab(String source, JsonParser p, JsonToken v, Parsed out) throws IOException {
        out.sawVocab = true;
        if (v == JsonToken.START_OBJECT) { // BPE, WordPiece, WordLevel: token -> id
            if (out.modelType == null) {
                out.modelType = "(vocab object)";
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                if (p.nextToken() != JsonToken.VALUE_NUMBER_INT) {
                    throw new IOException(source + ": not understood: model.vocab['" + key + "'] is not an integer id");
                }
                int id = p.getIntValue();
                if (id < 0 || id >= TokenTableBuilder.MAX_IDS) {
                    throw new IOException(source + ": model.vocab['" + key + "'] has id " + id
                            + ", outside 0.." + (TokenTableBuilder.MAX_IDS - 1));
                }
                out.addVocab(key, id);
            }
        } else if (v == JsonToken.START_ARRAY) { // Unigram: [piece, score] at index id
            if (out.modelType == null) {
                out.modelType = "(vocab array)";
            }
            int id = 0;
            while (p.nextToken() == JsonToken.START_ARRAY) {
                if (p.nextToken() != JsonToken.VALUE_STRING) {
                    throw new IOException(source + ": not understood: model.vocab[" + id + "] is not [piece, score]");
                }
                out.addVocab(p.getText(), id++);
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    p.skipChildren();
                }
                if (id >= TokenTableBuilder.MAX_IDS) {
                    throw new IOException(source + ": model.vocab has more than " + TokenTableBuilder.MAX_IDS + " tokens");
                }
            }
            if (p.currentToken() != JsonToken.END_ARRAY) {
                throw new IOException(source + ": not understood: model.vocab[" + id + "] is not [piece, score]");
            }
        } else {
            throw new IOException(source + ": not understood: model.vocab is neither an object nor an array");
        }
    }

    /** The {@code eos_token} of a tokenizer_config.json: a string, or an object's {@code content}; null if none. */
    static String readEosToken(String source, InputStream config) throws IOException {
        try (JsonParser p = JSON.createParser(config)) {
            p.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException(source + ": not a tokenizer_config.json: the top level is not a JSON object");
            }
            String eos = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                if (field.equals("eos_token")) {
                    if (t == JsonToken.VALUE_STRING) {
                        eos = p.getText();
                    } else if (t == JsonToken.START_OBJECT) {
                        eos = JsonValues.string(JsonValues.read(p), "content");
                    } else {
                        p.skipChildren();
                    }
                } else {
                    p.skipChildren();
                }
            }
            return eos;
        } catch (JsonProcessingException e) {
            throw new IOException(source + ": not valid JSON: " + e.getOriginalMessage(), e);
        } catch (CharConversionException e) {
            throw notText(source, e);
        }
    }

    /** The {@code eos_token_id} of a generation_config.json (a number or a list of numbers). */
    static int[] readEosTokenIds(String source, InputStream generation) throws IOException {
        try (JsonParser p = JSON.createParser(generation)) {
            p.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
            p.nextToken();
            Object ids = JsonValues.get(JsonValues.read(p), "eos_token_id");
            if (ids == null) {
                return new int[0];
            }
            List<?> list = ids instanceof List ? (List<?>) ids : List.of(ids);
            int[] out = new int[list.size()];
            for (int i = 0; i < out.length; i++) {
                Object n = list.get(i);
                if (!JsonValues.isInt(n)) {
                    throw new IOException(source + ": not understood: eos_token_id holds " + JsonValues.show(n)
                            + ", not a token id");
                }
                out[i] = ((Number) n).intValue();
            }
            return out;
        } catch (JsonProcessingException e) {
            throw new IOException(source + ": not valid JSON: " + e.getOriginalMessage(), e);
        } catch (CharConversionException e) {
            throw notText(source, e);
        }
    }

    // ------------------------------------------------------------------ decoding

    /** How the decoder turns one token string into bytes. */
    static final class Scheme {
        final boolean byteLevel;
        final boolean byteFallback;
        /** Per-token literal replacements, in order: {@code from[i]} becomes {@code to[i]}. */
        final String[] from;
        final String[] to;

        private Scheme(boolean byteLevel, boolean byteFallback, List<String[]> replacements) {
            this.byteLevel = byteLevel;
            this.byteFallback = byteFallback;
            this.from = new String[replacements.size()];
            this.to = new String[replacements.size()];
            for (int i = 0; i < from.length; i++) {
                from[i] = replacements.get(i)[0];
                to[i] = replacements.get(i)[1];
            }
        }

        static Scheme of(String source, Object decoder, String modelType, boolean modelByteFallback)
                throws IOException {
            if (modelType == null || !(modelType.equals("BPE") || modelType.equals("Unigram")
                    || modelType.equals("(vocab object)") || modelType.equals("(vocab array)"))) {
                throw new IOException(source + ": not understood: model type '" + modelType
                        + "' is not supported (supported: BPE and Unigram; WordPiece and WordLevel tokens"
                        + " do not stand for fixed bytes)");
            }
            if (decoder == null) {
                throw new IOException(source + ": not understood: it has no 'decoder', so it does not say how tokens"
                        + " map to bytes (expected ByteLevel, Metaspace, or a Sequence of Replace/ByteFallback/Fuse/Strip)");
            }
            List<Object> steps = new ArrayList<>();
            if ("Sequence".equals(JsonValues.string(decoder, "type"))) {
                Object list = JsonValues.get(decoder, "decoders");
                if (!(list instanceof List)) {
                    throw new IOException(source + ": not understood: decoder Sequence without 'decoders'");
                }
                steps.addAll((List<?>) list);
            } else {
                steps.add(decoder);
            }
            boolean byteLevel = false;
            boolean byteFallback = false;
            boolean fused = false;
            boolean textual = false;
            List<String[]> replacements = new ArrayList<>();
            for (Object step : steps) {
                String type = JsonValues.string(step, "type");
                if (type == null) {
                    throw new IOException(source + ": not understood: a decoder without 'type': " + JsonValues.show(step));
                }
                switch (type) {
                    case "ByteLevel":
                        byteLevel = true;
                        break;
                    case "ByteFallback":
                        byteFallback = true;
                        textual = true;
                        break;
                    case "Fuse":
                        fused = true;
                        break;
                    case "Strip":
                        if (!fused) {
                            throw new IOException(source + ": not understood: decoder Strip before Fuse would strip"
                                    + " every token");
                        }
                        break; // after Fuse it trims the whole text, not a token
                    case "Replace": {
                        String from = JsonValues.string(JsonValues.get(step, "pattern"), "String");
                        String to = JsonValues.string(step, "content");
                        if (from == null || to == null || from.isEmpty()) {
                            throw new IOException(source + ": not understood: decoder Replace "
                                    + JsonValues.show(JsonValues.get(step, "pattern"))
                                    + " (only a literal String pattern is supported)");
                        }
                        if (fused && from.length() > 1) {
                            throw new IOException(source + ": not understood: decoder Replace of '" + from
                                    + "' after Fuse may span tokens");
                        }
                        replacements.add(new String[] {from, to});
                        textual = true;
                        break;
                    }
                    case "Metaspace": {
                        String replacement = JsonValues.string(step, "replacement");
                        if (replacement == null) {
                            replacement = String.valueOf(METASPACE);
                        }
                        replacements.add(new String[] {replacement, " "});
                        textual = true;
                        break;
                    }
                    default:
                        throw new IOException(source + ": not understood: decoder '" + type
                                + "' is not supported (supported: ByteLevel, Metaspace, Replace, ByteFallback, Fuse,"
                                + " Strip)");
                }
            }
            if (byteLevel && textual) {
                throw new IOException(source + ": not understood: the decoder mixes ByteLevel with "
                        + "SentencePiece-style steps");
            }
            if (byteLevel) {
                return new Scheme(true, false, List.of());
            }
            return new Scheme(false, byteFallback || modelByteFallback, replacements);
        }
    }

    /** Decodes token strings into a reused buffer. Not thread-safe. */
    static final class Decoder {
        private final String source;
        private final Scheme scheme;
        byte[] out = new byte[256];

        Decoder(String source, Scheme scheme) {
            this.source = source;
            this.scheme = scheme;
        }

        /**
         * Decodes {@code token} into {@link #out}; returns the byte count, or {@code -(i + 1)} if
         * the byte-level character at index {@code i} is outside the table and {@code added} is false.
         */
        int decode(String token, boolean added) throws IOException {
            if (scheme.byteLevel) {
                int n = token.length();
                ensure(n);
                for (int i = 0; i < n; i++) {
                    int b = ByteLevelAlphabet.byteOf(token.charAt(i));
                    if (b < 0) {
                        if (!added) {
                            return -(i + 1);
                        }
                        return utf8(token); // Hugging Face's ByteLevel decoder keeps such a token's text
                    }
                    out[i] = (byte) b;
                }
                return n;
            }
            if (scheme.byteFallback && token.length() == 6 && token.startsWith("<0x") && token.charAt(5) == '>') {
                int hi = Character.digit(token.charAt(3), 16);
                int lo = Character.digit(token.charAt(4), 16);
                if (hi >= 0 && lo >= 0) {
                    out[0] = (byte) (hi << 4 | lo);
                    return 1;
                }
            }
            String s = token;
            for (int i = 0; i < scheme.from.length; i++) {
                s = s.replace(scheme.from[i], scheme.to[i]);
            }
            return utf8(s);
        }

        private int utf8(String s) throws IOException {
            int n = s.length();
            ensure(n * 3);
            int k = 0;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c < 0x80) {
                    out[k++] = (byte) c;
                } else if (c < 0x800) {
                    out[k++] = (byte) (0xC0 | c >>> 6);
                    out[k++] = (byte) (0x80 | c & 0x3F);
                } else if (Character.isSurrogate(c)) {
                    char d = i + 1 < n ? s.charAt(i + 1) : 0;
                    if (!Character.isHighSurrogate(c) || !Character.isLowSurrogate(d)) {
                        throw new IOException(source + ": not understood: token '" + s + "' holds a lone surrogate");
                    }
                    int cp = Character.toCodePoint(c, d);
                    i++;
                    out[k++] = (byte) (0xF0 | cp >>> 18);
                    out[k++] = (byte) (0x80 | cp >>> 12 & 0x3F);
                    out[k++] = (byte) (0x80 | cp >>> 6 & 0x3F);
                    out[k++] = (byte) (0x80 | cp & 0x3F);
                } else {
                    out[k++] = (byte) (0xE0 | c >>> 12);
                    out[k++] = (byte) (0x80 | c >>> 6 & 0x3F);
                    out[k++] = (byte) (0x80 | c & 0x3F);
                }
            }
            return k;
        }

        private void ensure(int n) {
            if (n > out.length) {
                out = new byte[Math.max(n, out.length * 2)];
            }
        }
    }
}
